/**
 * A mail's template as the owner saves it (PUT /admin/mail-templates/{kind}) and the dashboard's
 * form checks it (docs/decisions/107). The API runs `mailTemplateInputSchema` in validate() and
 * then the placeholder rule itself, to answer an unknown one with a 400; the form runs
 * `mailTemplateSchema(kind)`, which adds that rule to each field.
 */
import * as yup from 'yup';
import {
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  mailTemplateProblem,
  type MailTemplateText,
  type TemplatedMailKind,
} from '../mail/mail-templates.js';
import { atMost } from './text-limits.js';

const subject = () =>
  yup
    .string()
    .trim()
    .required('Subject is required')
    .max(MAIL_SUBJECT_MAX, atMost('Subject', MAIL_SUBJECT_MAX));
const body = () =>
  yup.string().required('Body is required').max(MAIL_BODY_MAX, atMost('Body', MAIL_BODY_MAX));

export const mailTemplateInputSchema: yup.ObjectSchema<MailTemplateText> = yup.object({
  subject: subject(),
  body: body(),
});

/** The placeholders' rule as a field's test: the problem's words, or none. */
const placeholdersOf = (kind: TemplatedMailKind, field: keyof MailTemplateText) =>
  function test(this: yup.TestContext, value: string | undefined) {
    const problem = mailTemplateProblem(kind, field, value ?? '');
    return problem === null || this.createError({ message: problem });
  };

export const mailTemplateSchema = (kind: TemplatedMailKind): yup.ObjectSchema<MailTemplateText> =>
  yup.object({
    subject: subject().test('placeholders', '', placeholdersOf(kind, 'subject')),
    body: body().test('placeholders', '', placeholdersOf(kind, 'body')),
  });
