/**
 * The audit log (issue 27 item 4): every admin action, who made it, when, on what, and the
 * values before and after, written in the same store transaction as the change
 * (docs/decisions/071). Read through GET /admin/audit; nobody writes it but the API itself.
 */
import * as yup from 'yup';
import { EMAIL_MAX } from '../schemas/text-limits.js';
import { dayRangeInOrder, queryDayField } from './admin-lists.js';
import { pagingFields, searchTextField } from './catalogue-query-schema.js';

/** What an admin did, one word each, in the words the Audit log screen shows. */
export const auditKindLabel = {
  'part.added': 'Product added',
  'part.removed': 'Product removed',
  'part.price': 'Price changed',
  'part.edited': 'Product edited',
  'part.stock': 'Stock changed',
  'parts.imported': 'Catalogue imported',
  'part.image': 'Product image uploaded',
  'order.deliver': 'Order to processing',
  'order.ship': 'Order shipped',
  'order.markDelivered': 'Order delivered',
  'order.cancel': 'Order cancelled',
  'order.deleted': 'Order deleted',
  'order.refund': 'Order refunded',
  'order.returnAsked': 'Return asked for',
  'order.returnApproved': 'Return approved',
  'order.returnRefused': 'Return refused',
  'order.returnReceived': 'Return received',
  'admin.granted': 'Admin rights given',
  'admin.revoked': 'Admin rights taken',
  'review.removed': 'Review removed',
  'message.handled': 'Message marked handled',
  'message.reopened': 'Message marked not handled',
  'discount.created': 'Discount code added',
  'discount.deleted': 'Discount code removed',
  'shipping.changed': 'Shipping changed',
  'tax.changed': 'Tax changed',
  'tracking.changed': 'Tracking addresses changed',
  'returns.changed': 'Return window changed',
  'sales.rebuilt': 'Sales figures rebuilt',
  'page.added': 'Page added',
  'page.edited': 'Page edited',
  'page.removed': 'Page removed',
  'brand.changed': 'Brand changed',
  'brand.logo': 'Logo uploaded',
  'template.saved': 'Mail template saved',
  'template.reset': 'Mail template reset to default',
  'category.added': 'Category added',
  'category.changed': 'Category changed',
  'category.reordered': 'Categories reordered',
  'category.removed': 'Category removed',
} as const;
export type AuditKind = keyof typeof auditKindLabel;
export const AUDIT_KINDS = Object.keys(auditKindLabel) as AuditKind[];

/** What an entry keeps of a value: a JSON value as the store holds it. */
export type AuditValue =
  string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

/** One admin action (GET /admin/audit). */
export interface AuditEntry {
  _id: string;
  /** When, as an ISO 8601 time. */
  at: string;
  /** Who: the admin's account and address at the time. */
  byUid: string;
  byEmail: string;
  kind: AuditKind;
  /** What it was done to: a part's or order's id, an email, a code ("shop" for settings). */
  targetId: string;
  /**
   * The same in words (issue 36 item 6): the part's name, the order's number and customer, the
   * email or code, the settings' name (audit-lines.ts); the Audit log links it by `targetId`.
   */
  targetName: string;
  /** The fields it changed as they were, and as they became (null: the thing did not exist). */
  before: { [field: string]: AuditValue } | null;
  after: { [field: string]: AuditValue } | null;
}

/**
 * GET /admin/audit?q=&by=&kind=&from=&to=&page=&pageSize=: newest first, days inclusive (UTC);
 * `q` words found in the admin's email, the target's id or name, the kind's words or the labels
 * of the fields it changed.
 */
export const auditQuerySchema = dayRangeInOrder(
  yup.object({
    by: yup
      .string()
      .trim()
      .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
      .email('Email is not valid')
      .optional(),
    q: searchTextField(),
    kind: yup
      .string()
      .trim()
      .max(Math.max(...AUDIT_KINDS.map((kind) => kind.length)), 'Not a kind of action')
      .oneOf(AUDIT_KINDS, 'Not a kind of action')
      .optional(),
    from: queryDayField('From'),
    to: queryDayField('To'),
    ...pagingFields,
  }),
);
export type AuditQuery = yup.InferType<typeof auditQuerySchema>;
