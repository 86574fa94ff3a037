import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.js';
import { firebaseError } from '../../../testing/fake-firebase-auth.js';
import { authErrorMessage } from './auth-error.js';

const CREDENTIALS = "That email and password don't match. Try again or reset your password.";

describe('authErrorMessage', () => {
  it.each(['auth/wrong-password', 'auth/user-not-found', 'auth/invalid-credential'])(
    'words %s like every other credential failure, so nobody learns which accounts exist',
    (code) => expect(authErrorMessage(firebaseError(code))).toBe(CREDENTIALS),
  );

  it.each([
    [
      'auth/too-many-requests',
      'Too many attempts. Wait a few minutes and try again, or reset your password.',
    ],
    [
      'auth/network-request-failed',
      "We couldn't reach the sign-in service. Check your connection and try again.",
    ],
    [
      'auth/user-disabled',
      'This account has been turned off. Write to us through "Get in touch" for help.',
    ],
    [
      'auth/popup-closed-by-user',
      'The Google window was closed before you signed in. Try again when you are ready.',
    ],
    [
      'auth/popup-blocked',
      'Your browser blocked the Google window. Allow pop-ups for this site and try again.',
    ],
    ['auth/invalid-email', 'Enter a valid email address, like name@example.com.'],
    ['auth/missing-password', 'Enter your password.'],
    ['auth/weak-password', 'Choose a password of at least 6 characters.'],
  ])('gives %s its own plain message', (code, message) =>
    expect(authErrorMessage(firebaseError(code))).toBe(message),
  );

  it('never shows a Firebase code, even for one it does not know', () => {
    const message = authErrorMessage(firebaseError('auth/internal-error'));
    expect(message).toBe('Signing in failed. Please try again.');
  });

  it('says nothing when a second Google window replaced the first', () => {
    expect(authErrorMessage(firebaseError('auth/cancelled-popup-request'))).toBeNull();
  });

  it("keeps the shop's own message when it cannot issue its token", () => {
    expect(authErrorMessage(new ApiError(503, 'unavailable', 'The shop is down'))).toBe(
      'The shop is down',
    );
  });
});
