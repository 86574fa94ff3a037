import type * as FirebaseAuth from '@firebase/auth';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY, setAccessToken } from './api-client.js';
import { useSession } from './auth.js';

// Whether the app has imported Firebase Auth, and the session it reports once it has.
const firebase = vi.hoisted(() => ({ imported: false, user: null as { email: string } | null }));
vi.mock('@firebase/auth', async (original) => {
  firebase.imported = true;
  return {
    ...(await original<typeof FirebaseAuth>()),
    getAuth: () => ({ currentUser: firebase.user }),
    connectAuthEmulator: () => undefined,
    onAuthStateChanged: (_auth: unknown, next: (user: unknown) => void) => {
      next(firebase.user);
      return () => undefined;
    },
  };
});

function SessionStatus() {
  return <p>{useSession().status}</p>;
}

describe('the session of a visitor who never signed in on this browser', () => {
  beforeEach(() => localStorage.removeItem(ACCESS_TOKEN_KEY));

  it('is signed out at once, without downloading Firebase Auth, until a sign-in stores a token', async () => {
    const { unmount } = render(<SessionStatus />);
    expect(screen.getByText('signedOut')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(firebase.imported).toBe(false);

    // A sign-in (here, or in another tab) stores the accessToken: now Firebase Auth is asked.
    firebase.user = { email: 'casey@sprocket.test' };
    setAccessToken('token-from-a-sign-in');
    expect(await screen.findByText('signedIn')).toBeInTheDocument();
    expect(firebase.imported).toBe(true);
    unmount();
  });
});
