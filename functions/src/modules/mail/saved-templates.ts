/**
 * Where the owner's words for the mails are kept (docs/decisions/107): one document,
 * `shopSettings/mailTemplates`, each saved kind's subject, body and time. Here, below every module
 * that mails, so each can read it; mail-templates/ lists, saves and resets it.
 */
import {
  TEMPLATED_MAIL_KINDS,
  type MailTemplateText,
  type TemplatedMailKind,
} from '@sprocket/contract';
import type { DocData, Transaction } from '../../store/port.js';

export const SHOP_SETTINGS = 'shopSettings';
export const MAIL_TEMPLATES = 'mailTemplates';

export type SavedTemplate = MailTemplateText & { savedAt: string };
/** Each kind the owner saved; a kind reset to its default is not in it. */
export type SavedTemplates = Partial<Record<TemplatedMailKind, SavedTemplate>>;
type TemplatesDoc = SavedTemplates & DocData;

/**
 * The saved words as they are now; the shop's notes written in a transaction of their own read
 * them in it, before its writes (a low stock, a failed refund, a dispute, a contact message).
 */
export async function savedMailTemplates(
  reader: Pick<Transaction, 'get'>,
): Promise<SavedTemplates> {
  const doc = await reader.get<TemplatesDoc>(SHOP_SETTINGS, MAIL_TEMPLATES);
  // Only the kinds the shop mails today: a field of a kind since removed is left alone.
  return Object.fromEntries(
    TEMPLATED_MAIL_KINDS.flatMap((kind) => (doc?.data[kind] ? [[kind, doc.data[kind]]] : [])),
  );
}
