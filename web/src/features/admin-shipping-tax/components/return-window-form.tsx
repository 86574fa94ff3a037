import Stack from '@mui/material/Stack';
import { returnSettingsSchema, type ReturnSettings } from '@sprocket/contract';
import { Form } from 'formik';
import { SchemaFormik } from '../../../components/form/schema-formik.js';
import { FormTextField } from '../../../components/form/form-text-field.js';
import { SubmitButton } from '../../../components/form/submit-button.js';
import { useToastOnSuccess } from '../../../lib/use-toast-on-success.js';
import { useSetReturnSettings } from '../api/return-settings.js';

/**
 * The return window (decision 098): how many days after an order is marked delivered its
 * customer may ask to return parts. Orders already delivered count from their own delivery.
 */
export function ReturnWindowForm({ settings }: { settings: ReturnSettings }) {
  const save = useSetReturnSettings();
  const toastOnSuccess = useToastOnSuccess();
  return (
    <SchemaFormik<ReturnSettings>
      schema={returnSettingsSchema}
      initialValues={settings}
      enableReinitialize
      onSubmit={async (values) => {
        const { windowDays } = returnSettingsSchema.cast(values);
        await toastOnSuccess(
          () => save.mutateAsync({ windowDays }),
          `Returns are open ${windowDays} days after delivery`,
        );
      }}
    >
      {({ isValid, isSubmitting, dirty }) => (
        <Form aria-label="Return window" noValidate>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <FormTextField
              name="windowDays"
              label="Return window in days"
              type="number"
              inputMode="numeric"
              required
              helperText="0 turns returns off"
              sx={{ maxWidth: { sm: 240 } }}
            />
            <SubmitButton disabled={!isValid || !dirty} loading={isSubmitting}>
              Save
            </SubmitButton>
          </Stack>
        </Form>
      )}
    </SchemaFormik>
  );
}
