import { Formik, type FormikConfig, type FormikValues } from 'formik';
import type { AnySchema } from 'yup';
import { initialErrorsOf } from '../../lib/initial-errors.js';

/**
 * Formik checked by a contract schema (docs/conventions.md §3.6), with the errors of the values it
 * opens with known at once, so that a submit button starts disabled while the form is not valid.
 */
export function SchemaFormik<Values extends FormikValues>({
  schema,
  initialValues,
  ...config
}: Omit<FormikConfig<Values>, 'validationSchema' | 'initialErrors' | 'validateOnMount'> & {
  schema: AnySchema;
}) {
  return (
    <Formik<Values>
      initialValues={initialValues}
      validationSchema={schema}
      initialErrors={initialErrorsOf(schema, initialValues)}
      validateOnMount
      {...config}
    />
  );
}
