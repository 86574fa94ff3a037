import type { ContactInput } from '@sprocket/contract';
import { useMutation } from '@tanstack/react-query';
import { env } from '../../../config/env.js';

/** Where messages wait when no contact endpoint is configured (local runs, offline). */
export const CONTACT_OUTBOX_KEY = 'sprocket.contactOutbox';

export interface KeptMessage extends ContactInput {
  sentAt: string;
}

function keepLocally(message: ContactInput) {
  const outbox: KeptMessage[] = JSON.parse(localStorage.getItem(CONTACT_OUTBOX_KEY) ?? '[]');
  outbox.push({ ...message, sentAt: new Date().toISOString() });
  localStorage.setItem(CONTACT_OUTBOX_KEY, JSON.stringify(outbox));
  console.info(
    `No contact endpoint is configured (VITE_CONTACT_ENDPOINT); the message is kept in this browser under localStorage "${CONTACT_OUTBOX_KEY}".`,
  );
}

/**
 * Sends the "Get in touch" form: a JSON POST to the configured endpoint (a form-to-email service),
 * or, without one, keeps it in the browser's outbox.
 */
export async function sendContactMessage(message: ContactInput): Promise<void> {
  if (!env.contactEndpoint) {
    keepLocally(message);
    return;
  }
  const response = await fetch(env.contactEndpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(message),
  });
  if (!response.ok) throw new Error(`The contact endpoint answered HTTP ${response.status}`);
}

export const useSendContactMessage = () =>
  useMutation({
    mutationFn: sendContactMessage,
    // Spec §8: a failed send is only logged.
    meta: { errorToast: false },
    onError: (error) => console.error('The contact message was not sent:', error),
  });
