/** Firebase is initialised here and nowhere else (docs/conventions.md §6). */
import { initializeApp, type FirebaseApp } from '@firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from '@firebase/auth';
import { env } from './env.js';

export const firebaseApp: FirebaseApp = initializeApp(env.firebase);

export const firebaseAuth: Auth = getAuth(firebaseApp);

// An explicit setting, not a guess from the build mode: only emulator builds set this URL.
if (env.authEmulatorUrl) {
  connectAuthEmulator(firebaseAuth, env.authEmulatorUrl, { disableWarnings: true });
}
