import { PASSWORD_MIN_LENGTH } from '@sprocket/contract';
import { FirebaseError } from '@firebase/app';
import { ApiError } from '../../../lib/api-client.js';

/** The texts of docs/product.md §2.8: what went wrong and what to do, never a Firebase code. */
export const authMessages = {
  // One text for a wrong password and an unknown address, so nobody learns which accounts exist.
  credentials: "That email and password don't match. Try again or reset your password.",
  invalidEmail: 'Enter a valid email address, like name@example.com.',
  missingPassword: 'Enter your password.',
  weakPassword: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
  emailInUse:
    "We couldn't create an account with this email. If you already have one, log in or reset your password.",
  tooManyAttempts: 'Too many attempts. Wait a few minutes and try again, or reset your password.',
  network: "We couldn't reach the sign-in service. Check your connection and try again.",
  disabled: 'This account has been turned off. Write to us through "Get in touch" for help.',
  popupClosed: 'The Google window was closed before you signed in. Try again when you are ready.',
  popupBlocked:
    'Your browser blocked the Google window. Allow pop-ups for this site and try again.',
  fallback: 'Signing in failed. Please try again.',
} as const;

const MESSAGES: Record<string, string> = {
  'auth/wrong-password': authMessages.credentials,
  'auth/user-not-found': authMessages.credentials,
  'auth/invalid-credential': authMessages.credentials,
  'auth/invalid-login-credentials': authMessages.credentials,
  'auth/invalid-email': authMessages.invalidEmail,
  'auth/missing-email': authMessages.invalidEmail,
  'auth/missing-password': authMessages.missingPassword,
  'auth/weak-password': authMessages.weakPassword,
  'auth/email-already-in-use': authMessages.emailInUse,
  'auth/too-many-requests': authMessages.tooManyAttempts,
  'auth/network-request-failed': authMessages.network,
  'auth/user-disabled': authMessages.disabled,
  'auth/popup-closed-by-user': authMessages.popupClosed,
  'auth/popup-blocked': authMessages.popupBlocked,
};

/** Firebase's code, read structurally: the SDK's FirebaseError or anything shaped like it. */
export function authErrorCode(error: unknown): string | null {
  if (error instanceof FirebaseError) return error.code;
  return typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    typeof error.code === 'string' &&
    error.code.startsWith('auth/')
    ? error.code
    : null;
}

/** A rule of the shop's own that the form checks before Firebase is asked; its message is shown. */
export class FormRuleError extends Error {
  override name = 'FormRuleError';
}

/**
 * What to show when signing in or up fails (docs/product.md §2.8), or null when there is nothing
 * to say: a second Google window replaced the first.
 */
export function authErrorMessage(error: unknown): string | null {
  const code = authErrorCode(error);
  if (code === 'auth/cancelled-popup-request') return null;
  if (code !== null) return MESSAGES[code] ?? authMessages.fallback;
  // The shop's own answer when it cannot issue its token is already written for customers.
  if (error instanceof ApiError || error instanceof FormRuleError) return error.message;
  return authMessages.fallback;
}
