/**
 * Signing in with Firebase Auth, and the shop's own accessToken (docs/product.md §4.5): after every
 * sign-in the Firebase ID token is exchanged at PUT /user/{email} for the API's accessToken, kept
 * in localStorage; logging out clears both.
 *
 * Firebase Auth is about a third of the app's JavaScript, and no page needs it to show itself, so
 * it stays off the first render (docs/decisions/032): it is imported once something on screen asks
 * who is signed in (after that screen's first render), or when an action needs it. Until it has
 * restored the session, the session is `loading`. A browser that holds no accessToken has no
 * session to restore (a sign-in always stores one, logging out removes it): there the session is
 * `signedOut` at once and Firebase Auth is not loaded at all until a sign-in asks for it
 * (docs/decisions/058).
 */
import type { TokenResult } from '@sprocket/contract';
import { apiPaths } from '@sprocket/contract';
import type * as FirebaseAuth from '@firebase/auth';
import type { Auth, User } from '@firebase/auth';
import { env } from '../config/env.js';
import { useClientStore } from './use-client-store.js';
import {
  api,
  clearAccessToken,
  getAccessToken,
  setAccessToken,
  setAccessTokenRenewer,
  subscribeAccessToken,
} from './api-client.js';

export type { User } from '@firebase/auth';

interface FirebaseAuthSdk {
  auth: Auth;
  sdk: typeof FirebaseAuth;
}

let loadingSdk: Promise<FirebaseAuthSdk> | null = null;
let loadedSdk: FirebaseAuthSdk | null = null;

/** Firebase Auth, initialised (config/firebase.ts), with its functions; imported on first use. */
/** Told when Firebase Auth is first asked for (a session watcher waiting for a sign-in). */
const sdkRequestListeners = new Set<() => void>();

export function loadFirebaseAuth(): Promise<FirebaseAuthSdk> {
  if (loadingSdk) return loadingSdk;
  // One after the other: config/firebase.ts imports firebase/auth too, and the module is one
  // chunk either way (test runners that mock it want it imported once before it is shared).
  loadingSdk = (async () => {
    const sdk = await import('@firebase/auth');
    const { firebaseAuth } = await import('../config/firebase.js');
    loadedSdk = { auth: firebaseAuth, sdk };
    return loadedSdk;
  })();
  sdkRequestListeners.forEach((listener) => listener());
  return loadingSdk;
}

/** Nobody has signed in on this browser since the last logout, and nothing has asked for Firebase. */
const nothingToRestore = () => loadingSdk === null && getAccessToken() === null;

/** Asks the API for an accessToken for this Firebase user and stores it. */
async function exchangeToken(user: User, forceRefresh = false): Promise<string> {
  if (!user.email) throw new Error('This account has no email address; sign in another way.');
  const idToken = await user.getIdToken(forceRefresh);
  const { token } = await api.put<TokenResult>(apiPaths.token(user.email), undefined, {
    bearer: idToken,
  });
  setAccessToken(token);
  return token;
}

/** docs/product.md §8.2: verifying the email address or updating the profile needs a session. */
function currentUserOf(auth: Auth): User {
  if (!auth.currentUser) throw new Error('No user is logged in');
  return auth.currentUser;
}

/** A sign-in only counts once the API token is stored; otherwise the session is undone. */
async function completeSignIn({ auth, sdk }: FirebaseAuthSdk, user: User, forceRefresh = false) {
  try {
    await exchangeToken(user, forceRefresh);
  } catch (error) {
    clearAccessToken();
    await sdk.signOut(auth);
    throw error;
  }
}

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: User };

const LOADING: Session = { status: 'loading', user: null };
const SIGNED_OUT: Session = { status: 'signedOut', user: null };

/**
 * The session as Firebase reports it, watched while something on screen shows it: the first
 * watcher loads Firebase Auth and follows its state; when the last one leaves, watching stops and
 * the session is unknown again.
 */
let session: Session = LOADING;
const sessionListeners = new Set<() => void>();
let stopWatching: (() => void) | null = null;

/** Firebase Auth once it has restored the session from the browser: its currentUser is it. */
let restoredAuth: Auth | null = null;

/**
 * Loads Firebase Auth and waits until it has restored the session, so that a screen rendered
 * afterwards knows it at its first render instead of showing its loading state first (a route
 * loader waits for this, app/prefetch.ts).
 */
export async function restoreSession(): Promise<void> {
  const { auth } = await loadFirebaseAuth();
  await auth.authStateReady();
  restoredAuth = auth;
}

const hasAccessToken = () => getAccessToken() !== null;

function currentSession(): Session {
  if (session === LOADING && nothingToRestore()) return SIGNED_OUT;
  if (session === LOADING && restoredAuth) {
    const user = restoredAuth.currentUser;
    session = user ? { status: 'signedIn', user } : SIGNED_OUT;
  }
  return session;
}

function publishSession(next: Session) {
  session = next;
  sessionListeners.forEach((listener) => listener());
}

function watchSession(): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  const watch = (firebase: FirebaseAuthSdk) => {
    if (stopped) return;
    setAccessTokenRenewer(async () => {
      const user = firebase.auth.currentUser;
      return user ? exchangeToken(user) : null;
    });
    const unsubscribe = firebase.sdk.onAuthStateChanged(firebase.auth, (user) => {
      // A token left behind by a session that ended elsewhere (expired, other tab) is useless.
      if (!user && getAccessToken()) clearAccessToken();
      publishSession(user ? { status: 'signedIn', user } : SIGNED_OUT);
    });
    stop = () => {
      unsubscribe();
      setAccessTokenRenewer(null);
    };
  };
  const startWatching = () => {
    if (loadedSdk) watch(loadedSdk);
    else void loadFirebaseAuth().then(watch);
  };
  if (!nothingToRestore()) startWatching();
  else {
    // Signed out until a sign-in here asks for Firebase Auth, or one in another tab stores a token.
    session = SIGNED_OUT;
    const waitForSignIn = () => {
      if (nothingToRestore()) return;
      stopWaiting();
      startWatching();
    };
    const stopTokenWait = subscribeAccessToken(waitForSignIn);
    sdkRequestListeners.add(waitForSignIn);
    const stopWaiting = () => {
      stopTokenWait();
      sdkRequestListeners.delete(waitForSignIn);
    };
    stop = stopWaiting;
  }
  return () => {
    stopped = true;
    stop?.();
    session = LOADING;
  };
}

function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  stopWatching ??= watchSession();
  return () => {
    sessionListeners.delete(listener);
    if (sessionListeners.size === 0) {
      stopWatching?.();
      stopWatching = null;
    }
  };
}

/** Who is signed in, from Firebase Auth. */
export function useSession(): Session {
  return useClientStore(subscribeSession, currentSession, LOADING);
}

/**
 * Whether the API knows who is signed in: a Firebase session and the accessToken it was exchanged
 * for. Between the two (the moment of signing in) a call would be refused, so what asks the API on
 * its own, without a screen that waits for the sign-in, waits for this.
 */
export function useApiSignedIn(): boolean {
  const session = useSession();
  const hasToken = useClientStore(subscribeAccessToken, hasAccessToken, false);
  return session.status === 'signedIn' && hasToken;
}

/**
 * useApiSignedIn's answer at this moment, for an action to read when it runs: a control that only
 * acts on it (Add to cart) then does not re-render when the session becomes known.
 */
export const isApiSignedIn = (): boolean =>
  currentSession().status === 'signedIn' && hasAccessToken();

/**
 * Google's sign-in window needs apis.google.com, which an offline machine cannot reach. Against
 * the Auth emulator the app therefore asks which Google account to act as, and signs in with an
 * unsigned Google credential, which only the emulator accepts. Production uses the real popup.
 */
export const googleSignInIsEmulated = env.authEmulatorUrl !== null;

export interface EmulatedGoogleAccount {
  email: string;
  name: string;
}

export interface AuthActions {
  signIn(email: string, password: string): Promise<void>;
  /**
   * Creates the account, sets its display name to the entered name and sends the link that
   * verifies the email address (admin rights are only given to a verified address).
   */
  signUp(name: string, email: string, password: string): Promise<void>;
  /** `emulatedAccount` is required exactly when googleSignInIsEmulated. */
  signInWithGoogle(emulatedAccount?: EmulatedGoogleAccount): Promise<void>;
  logOut(): Promise<void>;
  /**
   * Has Firebase mail a password-reset link to `email`. The Auth emulator keeps the link instead
   * (README, "Email links in the local suite").
   */
  sendPasswordReset(email: string): Promise<void>;
  /** Sends the verification link to the signed-in user's email address again. */
  resendVerificationEmail(): Promise<void>;
  /**
   * After the user opened the link: reloads the account from Firebase and, once it is verified,
   * exchanges a fresh ID token for a fresh accessToken, so rights that depend on a verified
   * address apply without signing out. Returns whether the address is verified now.
   */
  refreshEmailVerification(): Promise<boolean>;
}

/** Each action loads Firebase Auth first if nothing has yet. */
const authActions: AuthActions = {
  async signIn(email, password) {
    const firebase = await loadFirebaseAuth();
    const { user } = await firebase.sdk.signInWithEmailAndPassword(firebase.auth, email, password);
    await completeSignIn(firebase, user);
  },
  async signUp(name, email, password) {
    const firebase = await loadFirebaseAuth();
    const { auth, sdk } = firebase;
    const { user } = await sdk.createUserWithEmailAndPassword(auth, email, password);
    await sdk.updateProfile(user, { displayName: name });
    // The account exists whether or not the link goes out; the notice offers to resend it.
    await sdk.sendEmailVerification(user).catch(() => undefined);
    // A fresh ID token carries the new name, which the API copies into orders and reviews.
    await completeSignIn(firebase, user, true);
  },
  async signInWithGoogle(emulatedAccount) {
    const firebase = await loadFirebaseAuth();
    const { auth, sdk } = firebase;
    const { user } = emulatedAccount
      ? await sdk.signInWithCredential(
          auth,
          sdk.GoogleAuthProvider.credential(
            JSON.stringify({
              // A stable subject: the same Google account signs in to the same user.
              sub: `emulated-google:${emulatedAccount.email.trim().toLowerCase()}`,
              email: emulatedAccount.email.trim(),
              email_verified: true,
              name: emulatedAccount.name.trim(),
            }),
          ),
        )
      : await sdk.signInWithPopup(auth, new sdk.GoogleAuthProvider());
    await completeSignIn(firebase, user);
  },
  async logOut() {
    clearAccessToken();
    const { auth, sdk } = await loadFirebaseAuth();
    await sdk.signOut(auth);
  },
  async sendPasswordReset(email) {
    const { auth, sdk } = await loadFirebaseAuth();
    await sdk.sendPasswordResetEmail(auth, email.trim());
  },
  async resendVerificationEmail() {
    const { auth, sdk } = await loadFirebaseAuth();
    await sdk.sendEmailVerification(currentUserOf(auth));
  },
  async refreshEmailVerification() {
    const { auth, sdk } = await loadFirebaseAuth();
    const user = currentUserOf(auth);
    await sdk.reload(user);
    if (!user.emailVerified) return false;
    // The ID token the API saw said "not verified"; only a forced refresh says otherwise.
    await exchangeToken(user, true);
    return true;
  },
};

export function useAuthActions(): AuthActions {
  return authActions;
}
