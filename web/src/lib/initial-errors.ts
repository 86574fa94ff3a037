import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import { ValidationError, type AnySchema } from 'yup';

/**
 * A form's errors before anyone typed, checked at once with its schema, as Formik's
 * `initialErrors`: `validateOnMount` alone checks only after the first render, asynchronously, so
 * the submit button of a form opened empty showed as enabled until that check came back.
 */
export function initialErrorsOf<Values extends FormikValues>(
  schema: AnySchema,
  values: Values,
): FormikErrors<Values> {
  try {
    void validateYupSchema(values, schema, true);
    return {};
  } catch (error) {
    if (error instanceof ValidationError) return yupToFormErrors<Values>(error);
    throw error;
  }
}
