import Grid from '@mui/material/Grid';
import { contactSchema, type ContactInput } from '@sprocket/contract';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { SendIcon } from '../../../components/icons/send.js';
import { FormGridField } from '../../../components/form/form-text-field.js';
import { useSendContactMessage } from '../api/send-contact-message.js';
import { SubmitButton } from '../../../components/form/submit-button.js';

/** Half the form's width from tablets up, the whole on phones. */
const HALF = { xs: 12, sm: 6 };

const initialValues: ContactInput = { name: '', email: '', subject: '', message: '' };

export function ContactForm() {
  const { enqueueSnackbar } = useSnackbar();
  const send = useSendContactMessage();
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={contactSchema}
      onSubmit={async (values, { resetForm }) => {
        try {
          const result = await send.mutateAsync(contactSchema.cast(values));
          // docs/product.md §8.1: an answer without acknowledgement is left silent.
          if (!result.acknowledged) return;
        } catch {
          return; // logged by the mutation (docs/product.md §8.1)
        }
        enqueueSnackbar('Message successfully sent', { variant: 'success' });
        resetForm();
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Get in touch">
          <Grid container spacing={2}>
            <FormGridField cell={HALF} name="name" label="Name" autoComplete="name" required />
            <FormGridField
              cell={HALF}
              name="email"
              label="Email"
              type="email"
              autoComplete="email"
              required
            />
            <FormGridField cell={12} name="subject" label="Subject (optional)" />
            <FormGridField
              cell={12}
              name="message"
              label="Message"
              multiline
              // A fixed height: an autosizing field measures the page as it mounts (a forced
              // layout of the whole home page in one task).
              rows={5}
              required
            />
            <Grid size={12}>
              <SubmitButton endIcon={<SendIcon />} loading={isSubmitting}>
                Send message
              </SubmitButton>
            </Grid>
          </Grid>
        </Form>
      )}
    </Formik>
  );
}
