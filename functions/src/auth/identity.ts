/**
 * The identity provider port: verifies Firebase ID tokens and sets the `admin` custom claim.
 * Production and the Auth emulator both go through firebase-admin (it talks to the emulator when
 * FIREBASE_AUTH_EMULATOR_HOST is set), so tests exercise the same code.
 */
import type { Auth } from 'firebase-admin/auth';

export interface VerifiedIdentity {
  uid: string;
  /** Lower-cased; absent for accounts without an email (phone, anonymous). */
  email?: string;
  name?: string;
  /** Whether the provider vouches for the email (Google, or a followed verification link). */
  emailVerified: boolean;
  /** The `admin` custom claim as the ID token carries it. */
  admin: boolean;
}

/** An account as the identity provider knows it now. */
export interface AccountState {
  disabled: boolean;
  emailVerified: boolean;
  /** Lower-cased. */
  email?: string;
  /** Tokens issued before this time (ms) were revoked (Firebase's tokensValidAfterTime). */
  validSince?: number;
}

export interface Identity {
  /**
   * The token's identity, or null when the token is malformed, expired, forged, revoked, or its
   * account is disabled or deleted (the revocation check asks the Auth service every time).
   */
  verifyIdToken(idToken: string): Promise<VerifiedIdentity | null>;
  /** Sets or removes the `admin` custom claim, keeping other claims; an unknown uid is not an error. */
  setAdminClaim(uid: string, admin: boolean): Promise<void>;
  /** The account now, or null once it has been deleted. */
  account(uid: string): Promise<AccountState | null>;
}

/** The identity service failed (not the caller's token); the API answers 503. */
export class IdentityUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentityUnavailableError';
  }
}

const REJECTED_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
]);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function firebaseIdentity(auth: Auth): Identity {
  return {
    async verifyIdToken(idToken) {
      try {
        const decoded = await auth.verifyIdToken(idToken, true);
        return {
          uid: decoded.uid,
          email: decoded.email?.toLowerCase(),
          name: typeof decoded.name === 'string' ? decoded.name : undefined,
          emailVerified: decoded.email_verified === true,
          admin: decoded.admin === true,
        };
      } catch (error) {
        if (REJECTED_TOKEN_CODES.has(errorCode(error) ?? '')) return null;
        throw new IdentityUnavailableError('Could not verify the ID token', { cause: error });
      }
    },
    async account(uid) {
      try {
        const user = await auth.getUser(uid);
        const validAfter = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : NaN;
        return {
          disabled: user.disabled,
          emailVerified: user.emailVerified,
          email: user.email?.toLowerCase(),
          ...(Number.isFinite(validAfter) ? { validSince: validAfter } : {}),
        };
      } catch (error) {
        if (errorCode(error) === 'auth/user-not-found') return null;
        throw new IdentityUnavailableError('Could not read the account', { cause: error });
      }
    },
    async setAdminClaim(uid, admin) {
      try {
        const user = await auth.getUser(uid);
        const { admin: _previous, ...otherClaims } = user.customClaims ?? {};
        await auth.setCustomUserClaims(uid, admin ? { ...otherClaims, admin: true } : otherClaims);
      } catch (error) {
        // A user promoted in the store may have no Auth account (deleted, or imported data).
        if (errorCode(error) === 'auth/user-not-found') return;
        throw new IdentityUnavailableError('Could not set the admin claim', { cause: error });
      }
    },
  };
}

/**
 * An identity built by its first use: firebase-admin's Auth client takes about 150 ms to load,
 * which an instance started for a page need not wait for (bench/cold-start.bench.ts). A failed
 * load is tried again on the next call.
 */
export function identityOnFirstUse(load: () => Promise<Identity>): Identity {
  let loading: Promise<Identity> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw new IdentityUnavailableError('The identity service did not load', { cause: error });
    }));
  return {
    verifyIdToken: async (idToken) => (await loaded()).verifyIdToken(idToken),
    setAdminClaim: async (uid, admin) => (await loaded()).setAdminClaim(uid, admin),
    account: async (uid) => (await loaded()).account(uid),
  };
}
