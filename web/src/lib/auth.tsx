/**
 * Signing in with Firebase Auth through reactfire, and the shop's own accessToken (docs/product.md
 * §4.5): after every sign-in the Firebase ID token is exchanged at PUT /user/{email} for the API's
 * accessToken, kept in localStorage; logging out clears both.
 */
import type { TokenResult } from '@sprocket/contract';
import { apiPaths } from '@sprocket/contract';
import {
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onAuthStateChanged,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
  type Auth,
  type User,
} from 'firebase/auth';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { AuthProvider, FirebaseAppProvider, useAuth, useSigninCheck } from 'reactfire';
import { env } from '../config/env.js';
import { firebaseApp, firebaseAuth } from '../config/firebase.js';
import {
  api,
  clearAccessToken,
  getAccessToken,
  setAccessToken,
  setAccessTokenRenewer,
  subscribeAccessToken,
} from './api-client.js';

export type { User } from 'firebase/auth';

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
async function completeSignIn(auth: Auth, user: User, forceRefresh = false) {
  try {
    await exchangeToken(user, forceRefresh);
  } catch (error) {
    clearAccessToken();
    await signOut(auth);
    throw error;
  }
}

/** Keeps the accessToken in step with the Firebase session for the whole app. */
function AccessTokenSync() {
  const auth = useAuth();
  useEffect(() => {
    setAccessTokenRenewer(async () => {
      const user = auth.currentUser;
      return user ? exchangeToken(user) : null;
    });
    // A token left behind by a session that ended elsewhere (expired, other tab) is useless.
    const unsubscribe = onAuthStateChanged(auth, (user) => {
      if (!user && getAccessToken()) clearAccessToken();
    });
    return () => {
      unsubscribe();
      setAccessTokenRenewer(null);
    };
  }, [auth]);
  return null;
}

export function AuthProviders({ children }: { children: ReactNode }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={firebaseAuth}>
        <AccessTokenSync />
        {children}
      </AuthProvider>
    </FirebaseAppProvider>
  );
}

export type Session =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: User };

/** Who is signed in, from Firebase Auth. */
export function useSession(): Session {
  const { status, data } = useSigninCheck();
  if (status === 'loading') return { status: 'loading', user: null };
  if (status === 'error' || !data.signedIn || !data.user)
    return { status: 'signedOut', user: null };
  return { status: 'signedIn', user: data.user };
}

/**
 * Whether the API knows who is signed in: a Firebase session and the accessToken it was exchanged
 * for. Between the two (the moment of signing in) a call would be refused, so what asks the API on
 * its own, without a screen that waits for the sign-in, waits for this.
 */
export function useApiSignedIn(): boolean {
  const session = useSession();
  const hasToken = useSyncExternalStore(
    subscribeAccessToken,
    () => getAccessToken() !== null,
    () => false,
  );
  return session.status === 'signedIn' && hasToken;
}

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

export function useAuthActions(): AuthActions {
  const auth = useAuth();
  return useMemo(
    () => ({
      async signIn(email, password) {
        const { user } = await signInWithEmailAndPassword(auth, email, password);
        await completeSignIn(auth, user);
      },
      async signUp(name, email, password) {
        const { user } = await createUserWithEmailAndPassword(auth, email, password);
        await updateProfile(user, { displayName: name });
        // The account exists whether or not the link goes out; the notice offers to resend it.
        await sendEmailVerification(user).catch(() => undefined);
        // A fresh ID token carries the new name, which the API copies into orders and reviews.
        await completeSignIn(auth, user, true);
      },
      async signInWithGoogle(emulatedAccount) {
        const { user } = emulatedAccount
          ? await signInWithCredential(
              auth,
              GoogleAuthProvider.credential(
                JSON.stringify({
                  // A stable subject: the same Google account signs in to the same user.
                  sub: `emulated-google:${emulatedAccount.email.trim().toLowerCase()}`,
                  email: emulatedAccount.email.trim(),
                  email_verified: true,
                  name: emulatedAccount.name.trim(),
                }),
              ),
            )
          : await signInWithPopup(auth, new GoogleAuthProvider());
        await completeSignIn(auth, user);
      },
      async logOut() {
        clearAccessToken();
        await signOut(auth);
      },
      async sendPasswordReset(email) {
        await sendPasswordResetEmail(auth, email.trim());
      },
      async resendVerificationEmail() {
        await sendEmailVerification(currentUserOf(auth));
      },
      async refreshEmailVerification() {
        const user = currentUserOf(auth);
        await reload(user);
        if (!user.emailVerified) return false;
        // The ID token the API saw said "not verified"; only a forced refresh says otherwise.
        await exchangeToken(user, true);
        return true;
      },
    }),
    [auth],
  );
}
