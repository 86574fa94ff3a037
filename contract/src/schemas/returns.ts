/**
 * The bodies of returns (issue 37 item 2, docs/decisions/098): the customer's form, the admin's
 * answers, the list's filter and the shop's return window. The order's own limits (units left,
 * the window) are the contract's return-rules.ts, checked by the API against the stored order.
 */
import * as yup from 'yup';
import {
  MAX_RETURN_WINDOW_DAYS,
  NOTE_MAX,
  RETURN_ANSWER_MAX,
  returnMessages,
} from '../orders/return-rules.js';
import {
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
} from '../orders/return-steps.js';
import { requiredTextField, optionalTextField } from './fields.js';

const returnLineSchema = yup.object({
  line: yup
    .number()
    .typeError('Line must be a number')
    .integer('Line must be a whole number')
    .min(0, 'This order has no such line')
    .required('Say which line'),
  quantity: yup
    .number()
    .typeError('Quantity must be a number')
    .integer('Quantity must be a whole number')
    .min(1, 'Return at least 1')
    .required('Say how many'),
  reason: yup
    .mixed<ReturnReason>()
    .oneOf(RETURN_REASONS, returnMessages.chooseReason)
    .required(returnMessages.chooseReason),
  note: optionalTextField('Note', NOTE_MAX),
});

const LINE_FIELDS = ['line', 'quantity', 'reason', 'note'] as const;

/**
 * A line as sent, with only its own fields and only plain values in them: yup's casting of an
 * object trips over a key such as "toString" and over an object where it expects text or a
 * number, so anything else is left out (and then refused as missing) before it is cast.
 */
function plainLine(line: unknown): unknown {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return line;
  const fields = line as Record<string, unknown>;
  return Object.fromEntries(
    LINE_FIELDS.filter((field) => Object.hasOwn(fields, field)).map((field) => {
      const value = fields[field];
      return [field, typeof value === 'object' ? null : value];
    }),
  );
}

/** POST /ordered/{id}/returns: the lines going back, each with its units, reason and note. */
export const askReturnSchema = yup.object({
  lines: yup
    .array()
    .transform((lines: unknown) => (Array.isArray(lines) ? lines.map(plainLine) : lines))
    .of(returnLineSchema.required())
    .typeError('Send the lines to return')
    .min(1, returnMessages.chooseLine)
    .max(100, 'At most 100 lines')
    .required(returnMessages.chooseLine),
});
export type AskReturnInput = yup.InferType<typeof askReturnSchema>;

/** POST /admin/returns/{id}/approve: how the customer sends the parts back. */
export const approveReturnSchema = yup.object({
  instructions: requiredTextField('Instructions', RETURN_ANSWER_MAX),
});
export type ApproveReturnInput = yup.InferType<typeof approveReturnSchema>;

/** POST /admin/returns/{id}/refuse: why not, in words the customer reads. */
export const refuseReturnSchema = yup.object({
  reason: requiredTextField('Reason', RETURN_ANSWER_MAX),
});
export type RefuseReturnInput = yup.InferType<typeof refuseReturnSchema>;

/** GET /admin/returns?status=: every return, or those at one step. */
export const returnsQuerySchema = yup.object({
  status: yup
    .string<ReturnStatus>()
    .trim()
    .max(20, 'Not a step of a return')
    .oneOf([...RETURN_STATUSES], 'Not a step of a return')
    .optional(),
});

/** PUT /admin/return-settings: how many days after delivery a return may be asked. */
export const returnSettingsSchema = yup.object({
  windowDays: yup
    .number()
    .typeError('Return window must be a number of days')
    .integer('Return window must be a whole number of days')
    .min(0, 'Return window must be 0 days or more')
    .max(MAX_RETURN_WINDOW_DAYS, `Return window must be at most ${MAX_RETURN_WINDOW_DAYS} days`)
    .required('Return window is required'),
});
export type ReturnSettingsInput = yup.InferType<typeof returnSettingsSchema>;
