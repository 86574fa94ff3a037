/**
 * A stand-in for Firebase Auth at the edge of the app: the session as onAuthStateChanged reports
 * it, and firebase/auth's password sign-in, sign-up, updateProfile, signOut, email verification and password reset
 * (sendEmailVerification, reload). Components, guards and lib/auth run for real on top of it.
 *
 *   vi.mock('@firebase/auth', async (original) => ({
 *     ...(await original()),
 *     ...(await import('../testing/fake-firebase-auth.js')).firebaseAuthMock,
 *   }));
 */
import type { User } from '@firebase/auth';
import { beforeAll, vi } from 'vitest';

// lib/auth imports Firebase Auth (this fake, where a test mocks it) when a screen first asks who
// is signed in; importing it before the tests keeps that out of each test's time.
beforeAll(async () => {
  const { loadFirebaseAuth } = await import('../lib/auth.js');
  await loadFirebaseAuth();
});

type SigninCheck =
  | { status: 'loading'; data: undefined }
  | {
      status: 'success';
      data: { signedIn: boolean; hasRequiredClaims: boolean; user: User | null };
    };

let current: SigninCheck = { status: 'loading', data: undefined };
const listeners = new Set<() => void>();
const publish = (next: SigninCheck) => {
  current = next;
  listeners.forEach((listener) => listener());
};

export const fakeAuth = { currentUser: null as User | null };

export function fakeUser(fields: Partial<User> = {}): User {
  return {
    uid: 'uid-1',
    email: 'customer@sprocket.test',
    displayName: 'Casey Customer',
    photoURL: null,
    emailVerified: true,
    getIdToken: vi.fn(async () => 'firebase-id-token'),
    ...fields,
  } as unknown as User; // only the fields the app reads
}

export const authSession = {
  loading: () => publish({ status: 'loading', data: undefined }),
  signIn: (user: User = fakeUser()) => {
    fakeAuth.currentUser = user;
    publish({ status: 'success', data: { signedIn: true, hasRequiredClaims: true, user } });
  },
  signOut: () => {
    fakeAuth.currentUser = null;
    publish({ status: 'success', data: { signedIn: false, hasRequiredClaims: false, user: null } });
  },
};

/** Accounts the fake identity service knows: email → password. */
export const knownAccounts = new Map<string, string>();

/** Addresses whose verification link has been opened; `reload` then reports them verified. */
export const verifiedEmails = new Set<string>();

export const firebaseError = (code: string) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code, name: 'FirebaseError' });

export const firebaseAuthMock = {
  getAuth: vi.fn(() => fakeAuth),
  /** Like Firebase, tells the listener the session now (once it is known) and on every change. */
  onAuthStateChanged: vi.fn((_auth: unknown, next: (user: User | null) => void) => {
    const tell = () => {
      if (current.status === 'success') next(current.data.user);
    };
    listeners.add(tell);
    tell();
    return () => listeners.delete(tell);
  }),
  signOut: vi.fn(async () => authSession.signOut()),
  createUserWithEmailAndPassword: vi.fn(async (_auth: unknown, email: string, password: string) => {
    if (knownAccounts.has(email)) throw firebaseError('auth/email-already-in-use');
    knownAccounts.set(email, password);
    const user = fakeUser({ email, displayName: null, emailVerified: false });
    authSession.signIn(user);
    return { user };
  }),
  updateProfile: vi.fn(async (user: User, fields: { displayName?: string | null }) => {
    Object.assign(user, fields);
  }),
  sendEmailVerification: vi.fn(async (_user: User) => {}),
  /** Like Firebase, refuses a malformed address and says whether the account exists. */
  sendPasswordResetEmail: vi.fn(async (_auth: unknown, email: string) => {
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw firebaseError('auth/invalid-email');
    if (!knownAccounts.has(email)) throw firebaseError('auth/user-not-found');
  }),
  /** Like Firebase, updates the user in place and tells the session's listeners. */
  reload: vi.fn(async (user: User) => {
    const opened = user.email !== null && verifiedEmails.has(user.email);
    Object.assign(user, { emailVerified: user.emailVerified || opened });
    authSession.signIn(user);
  }),
  signInWithEmailAndPassword: vi.fn(async (_auth: unknown, email: string, password: string) => {
    if (knownAccounts.get(email) !== password) throw firebaseError('auth/invalid-credential');
    const user = fakeUser({ email });
    authSession.signIn(user);
    return { user };
  }),
};
