import { FirebaseError } from 'firebase/app';

/** The user closed Google's window: nothing went wrong, so nothing to show. */
const CANCELLED = new Set(['auth/popup-closed-by-user', 'auth/cancelled-popup-request']);

/** The provider's own message (docs/product.md §2.8), or null when the user simply cancelled. */
export function authErrorMessage(error: unknown): string | null {
  if (error instanceof FirebaseError && CANCELLED.has(error.code)) return null;
  if (error instanceof Error && error.message) return error.message;
  return 'Signing in failed. Please try again.';
}
