import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import { contactSchema, type ContactInput } from '@sprocket/contract';
import { Form, Formik } from 'formik';
import { useSnackbar } from 'notistack';
import { SendIcon } from '../../../components/icons/send.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { useSendContactMessage } from '../api/send-contact-message.js';

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
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField name="name" label="Name" autoComplete="name" required />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <FormTextField
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                required
              />
            </Grid>
            <Grid size={12}>
              <FormTextField name="subject" label="Subject (optional)" />
            </Grid>
            <Grid size={12}>
              <FormTextField name="message" label="Message" multiline minRows={4} required />
            </Grid>
            <Grid size={12}>
              <Button
                type="submit"
                variant="contained"
                color="secondary"
                size="large"
                endIcon={<SendIcon />}
                loading={isSubmitting}
              >
                Send message
              </Button>
            </Grid>
          </Grid>
        </Form>
      )}
    </Formik>
  );
}
