/**
 * The contact form's inbox: a visitor's message is stored for the admins' Messages screen and
 * mailed to the shop in one transaction; admins mark messages handled.
 */
import type { ContactInput, ContactMessage, MailValues } from '@sprocket/contract';
import { notFound } from '../errors.js';
import { isSafeId } from '../../store/ids.js';
import type { DocData, Store } from '../../store/port.js';
import { mailMessage, queueMail } from '../mail/mail.service.js';
import { savedMailTemplates } from '../mail/saved-templates.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';

export const CONTACT_MESSAGES = 'contactMessages';

type ContactMessageDoc = Omit<ContactMessage, '_id'> & DocData;

const toMessage = (id: string, data: ContactMessageDoc): ContactMessage => ({ _id: id, ...data });

/** Each placeholder's value in the shop's note of a contact message. */
export const contactNoteValues = (
  message: Pick<ContactInput, 'name' | 'email' | 'subject' | 'message'>,
): MailValues => ({
  senderName: message.name,
  senderEmail: message.email,
  contactSubject: message.subject || '(no subject)',
  contactMessage: message.message,
});

/**
 * Stores the message and mails it to the shop in the owner's words, with Reply-To the visitor;
 * answers its id.
 */
export async function receiveContactMessage(
  store: Store,
  input: ContactInput,
  shopEmail: string,
  now: Date,
): Promise<string> {
  const id = store.newId();
  await store.runTransaction(async (tx) => {
    const templates = await savedMailTemplates(tx);
    const doc: ContactMessageDoc = {
      name: input.name,
      email: input.email,
      subject: input.subject,
      message: input.message,
      createdAt: now.toISOString(),
      handled: false,
    };
    tx.set(CONTACT_MESSAGES, id, doc);
    queueMail(
      tx,
      `${id}-shop_contact_message`,
      { to: shopEmail, replyTo: input.email, kind: 'shop_contact_message', about: id, now },
      mailMessage('shop_contact_message', templates, contactNoteValues(input)),
    );
  });
  return id;
}

/** The most messages the Messages screen lists. */
const INBOX_SIZE = 500;

/** Newest first. */
export async function listContactMessages(store: Store): Promise<ContactMessage[]> {
  const docs = await store.query<ContactMessageDoc>(CONTACT_MESSAGES, {
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
    limit: INBOX_SIZE,
  });
  return docs.map(({ id, data }) => toMessage(id, data));
}

/** Marks a message handled (or not handled again), noting when and by whom, in the audit log too. */
export async function setHandled(
  store: Store,
  id: string,
  handled: boolean,
  act: AdminAct,
): Promise<ContactMessage> {
  if (!isSafeId(id)) throw notFound('Message');
  return store.runTransaction(async (tx) => {
    const doc = await tx.get<ContactMessageDoc>(CONTACT_MESSAGES, id);
    if (!doc) throw notFound('Message');
    const data: ContactMessageDoc = {
      ...doc.data,
      handled,
      handledAt: act.at.toISOString(),
      handledBy: act.email,
    };
    tx.set(CONTACT_MESSAGES, id, data);
    recordAudit(tx, act, {
      kind: handled ? 'message.handled' : 'message.reopened',
      targetId: id,
      before: { handled: doc.data.handled },
      after: { handled },
    });
    return toMessage(id, data);
  });
}
