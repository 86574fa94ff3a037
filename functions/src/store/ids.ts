import { hash } from 'node:crypto';

/** Ids that the store accepts everywhere (Firestore forbids "/" and reserves "." and "__x__"). */
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const RESERVED_ID = /^__.*__$/;

export function isSafeId(id: string): boolean {
  return SAFE_ID.test(id) && !RESERVED_ID.test(id);
}

/**
 * A deterministic document id for a natural key (an email, an email and a product): the same key
 * always maps to the same document, so "one per key" is enforced by the store itself.
 */
export function keyId(...parts: string[]): string {
  // One-shot hash(): a third of createHash's cost, and an order computes several of these ids.
  return hash('sha256', parts.join('\n'), 'hex').slice(0, 40);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
