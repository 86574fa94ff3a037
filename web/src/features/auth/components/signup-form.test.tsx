import { screen } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client.js';
import {
  authSession,
  fakeAuth,
  firebaseAuthMock,
  knownAccounts,
} from '../../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import { SignupForm } from './signup-form.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

function Where() {
  return <p>Now at {useLocation().pathname}</p>;
}

const routes = [
  { path: '/', element: <Where /> },
  { path: '/signup', element: <SignupForm /> },
];

let calls: FetchCall[];
beforeEach(() => {
  authSession.signOut();
  knownAccounts.clear();
  firebaseAuthMock.sendEmailVerification.mockClear();
  firebaseAuthMock.createUserWithEmailAndPassword.mockClear();
  calls = stubFetch(() => ({ body: { token: 'api-access-token' } }));
});

async function signUp(user: ReturnType<typeof renderRoutes>['user'], email: string) {
  await user.type(screen.getByLabelText('Your Name'), '  Robin Rider ');
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
  // docs/product.md §2.8: the signup submit button is labelled "Login".
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('SignupForm', () => {
  it('creates the account, sets the display name, sends the verification link, stores the accessToken and goes home', async () => {
    const { user } = renderRoutes(routes, { path: '/signup' });
    expect(await screen.findByText('Please Signup')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account?' })).toHaveAttribute(
      'href',
      '/login',
    );

    await signUp(user, 'robin@example.com');

    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(firebaseAuthMock.updateProfile).toHaveBeenCalledWith(fakeAuth.currentUser, {
      displayName: 'Robin Rider',
    });
    expect(fakeAuth.currentUser?.displayName).toBe('Robin Rider');
    expect(firebaseAuthMock.sendEmailVerification).toHaveBeenCalledWith(fakeAuth.currentUser);
    expect(fakeAuth.currentUser?.emailVerified).toBe(false);
    expect(calls).toEqual([
      expect.objectContaining({ url: '/api/user/robin%40example.com', method: 'PUT' }),
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('api-access-token');
  });

  it('words a taken address as small red text that neither confirms nor names the account', async () => {
    knownAccounts.set('robin@example.com', 'another-password');
    const { user } = renderRoutes(routes, { path: '/signup' });
    await signUp(user, 'robin@example.com');

    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(
      "We couldn't create an account with this email. If you already have one, log in or reset your password.",
    );
    expect(message).not.toHaveTextContent(/Firebase|auth\//);
    expect(message).toHaveClass('MuiTypography-caption');
    expect(message).toHaveStyle({ color: 'rgb(192, 57, 43)' });
    expect(calls).toHaveLength(0);
    expect(screen.getByText('Please Signup')).toBeInTheDocument();
  });

  it('shows the password rules before they are broken, ticking them as the customer types', async () => {
    const { user } = renderRoutes(routes, { path: '/signup' });
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription('At least 6 characters (not yet)');

    await user.type(password, 'abcde');
    expect(password).toHaveAccessibleDescription('At least 6 characters (not yet)');
    await user.type(password, 'f');
    expect(password).toHaveAccessibleDescription('At least 6 characters (done)');
  });

  it('refuses a password that breaks a rule without asking Firebase', async () => {
    const { user } = renderRoutes(routes, { path: '/signup' });
    await user.type(await screen.findByLabelText('Your Name'), 'Robin');
    await user.type(screen.getByLabelText('Email address'), 'robin@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a password of at least 6 characters.',
    );
    expect(firebaseAuthMock.createUserWithEmailAndPassword).not.toHaveBeenCalled();
    expect(calls).toHaveLength(0);
  });

  it('still signs the customer in when the verification link cannot be sent', async () => {
    firebaseAuthMock.sendEmailVerification.mockRejectedValueOnce(new Error('quota exceeded'));
    const { user } = renderRoutes(routes, { path: '/signup' });
    await signUp(user, 'robin@example.com');

    expect(await screen.findByText('Now at /')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('api-access-token');
  });
});
