/**
 * The shop's outgoing mail, in the Firebase Trigger Email extension's format (docs/decisions/019):
 * a document `{ to, replyTo?, message: { subject, text, html } }` in the `mail` collection, written
 * in the same transaction as the change it reports. In production the extension sends it; locally
 * admins read it on the Mailbox screen.
 */
import {
  defaultMailTemplate,
  type BrandSettings,
  type Mail,
  type MailKind,
  type MailTemplateText,
  type MailValues,
  type TemplatedMailKind,
} from '@sprocket/contract';
import { renderMailTemplate } from '@sprocket/contract/mail-render';
import type { DocData, Store, Transaction } from '../../store/port.js';

export const MAIL = 'mail';

export type MailDoc = Omit<Mail, '_id'> & DocData;

/**
 * The shop as its mails name it: the brand's name and contact details, and the owner's words for
 * each mail where saved (docs/decisions/104, 107).
 */
export type MailShop = Pick<BrandSettings, 'name' | 'email' | 'phone' | 'address'> & {
  templates: Partial<Record<TemplatedMailKind, MailTemplateText>>;
};

/** A customer mail's signature (docs/decisions/104): the shop's name, then how to reach it. */
export function shopSignature(shop: Omit<MailShop, 'templates'>): string {
  const reach = [shop.email, shop.phone].filter((part) => part !== '').join(' · ');
  return [shop.name, reach, shop.address].filter((part) => part !== '').join('\n');
}

/** The values every customer mail has: the shop's name and signature. */
export const shopValues = (shop: Omit<MailShop, 'templates'>): MailValues => ({
  shopName: shop.name,
  shopSignature: shopSignature(shop),
});

/** A mail in the owner's words for its kind (or the default) with these values. */
export const mailMessage = (
  kind: TemplatedMailKind,
  templates: MailShop['templates'],
  values: MailValues,
): Mail['message'] => renderMailTemplate(templates[kind] ?? defaultMailTemplate(kind), values);

/** A mail to a customer: the owner's words, with the shop's name and signature among the values. */
export const customerMessage = (
  kind: TemplatedMailKind,
  shop: MailShop,
  values: MailValues,
): Mail['message'] => mailMessage(kind, shop.templates, { ...shopValues(shop), ...values });

/**
 * Writes one mail within the caller's transaction, as `mailMessage` made it. The id is the
 * caller's: one per order and event (or per contact message), so a repeated change cannot mail
 * twice.
 */
export function queueMail(
  tx: Transaction,
  id: string,
  mail: { to: string; replyTo?: string; kind: MailKind; about: string; now: Date },
  message: Mail['message'],
): void {
  const doc: MailDoc = {
    to: mail.to,
    message,
    kind: mail.kind,
    about: mail.about,
    createdAt: mail.now.toISOString(),
  };
  if (mail.replyTo !== undefined) doc.replyTo = mail.replyTo;
  tx.set(MAIL, id, doc);
}

/** The most mails the Mailbox lists. */
const MAILBOX_SIZE = 200;

/** The newest mail first, for the admins' Mailbox. */
export async function listMail(store: Store): Promise<Mail[]> {
  const docs = await store.query<MailDoc>(MAIL, {
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: MAILBOX_SIZE,
  });
  return docs.map(({ id, data }) => ({ _id: id, ...data }));
}
