/**
 * The shop's outgoing mail, in the Firebase Trigger Email extension's format (docs/decisions/019):
 * a document `{ to, replyTo?, message: { subject, text, html } }` in the `mail` collection, written
 * in the same transaction as the change it reports. In production the extension sends it; locally
 * admins read it on the Mailbox screen.
 */
import type { BrandSettings, Mail, MailKind } from '@sprocket/contract';
import type { DocData, Store, Transaction } from '../../store/port.js';

export const MAIL = 'mail';

export type MailDoc = Omit<Mail, '_id'> & DocData;

/** What a mail says, before it is addressed. */
export interface MailContent {
  subject: string;
  /** Paragraphs of plain text; the HTML part is built from the same paragraphs. */
  paragraphs: string[];
  /** Rows of a small table ("2 × Chain", "$51.98"), shown after the paragraphs. */
  rows?: [string, string][];
  /** Shown after the rows. */
  closing?: string[];
  /** One link, after the paragraphs: "label: url" in the text, an anchor in the HTML. */
  link?: { label: string; url: string };
}

/** The shop as its mails to customers name it: the brand's name and contact details. */
export type MailShop = Pick<BrandSettings, 'name' | 'email' | 'phone' | 'address'>;

/** A customer mail's signature (docs/decisions/104): the shop's name, then how to reach it. */
export function shopSignature(shop: MailShop): string {
  const reach = [shop.email, shop.phone].filter((part) => part !== '').join(' · ');
  return [shop.name, reach, shop.address].filter((part) => part !== '').join('\n');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value in a mail's HTML came from someone's typing: none of it is markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const paragraph = (text: string) => `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;

function render(content: MailContent): Mail['message'] {
  const { subject, paragraphs, rows = [], closing = [], link } = content;
  const width = Math.max(0, ...rows.map(([label]) => label.length));
  const text = [
    ...paragraphs,
    ...(link ? [`${link.label}: ${link.url}`] : []),
    ...(rows.length > 0
      ? [rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n')]
      : []),
    ...closing,
  ].join('\n\n');
  const table =
    rows.length > 0
      ? `<table cellpadding="4">${rows
          .map(
            ([label, value]) =>
              `<tr><td>${escapeHtml(label)}</td><td align="right">${escapeHtml(value)}</td></tr>`,
          )
          .join('')}</table>`
      : '';
  const anchor = link
    ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = [...paragraphs.map(paragraph), anchor, table, ...closing.map(paragraph)].join('');
  return { subject, text, html };
}

/**
 * Writes one mail within the caller's transaction. The id is the caller's: one per order and
 * event (or per contact message), so a repeated change cannot mail twice.
 */
export function queueMail(
  tx: Transaction,
  id: string,
  mail: { to: string; replyTo?: string; kind: MailKind; about: string; now: Date },
  content: MailContent,
): void {
  const doc: MailDoc = {
    to: mail.to,
    message: render(content),
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
