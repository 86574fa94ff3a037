import { screen, within } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client.js';
import {
  authSession,
  firebaseAuthMock,
  firebaseError,
  knownAccounts,
} from '../../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import { RequireAuth } from './require-auth.js';
import { LoginForm } from './login-form.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

function Where() {
  return <p>Now at {useLocation().pathname}</p>;
}

const routes = [
  { path: '/', element: <Where /> },
  { path: '/login', element: <LoginForm /> },
  {
    path: '/purchase/:id',
    element: (
      <RequireAuth>
        <Where />
      </RequireAuth>
    ),
  },
];

let calls: FetchCall[];
beforeEach(() => {
  authSession.signOut();
  knownAccounts.clear();
  knownAccounts.set('customer@sprocket.test', 'sprocket-customer-pass');
  calls = stubFetch(() => ({ body: { token: 'api-access-token' } }));
});

async function logIn(user: ReturnType<typeof renderRoutes>['user'], password: string) {
  await user.type(screen.getByLabelText('Email'), 'customer@sprocket.test');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('exchanges the Firebase ID token for the accessToken, then returns to the remembered page', async () => {
    const { user, router } = renderRoutes(routes, { path: '/purchase/velotrack-cx12-chain' });
    expect(await screen.findByText('Please Login')).toBeInTheDocument();

    await logIn(user, 'sprocket-customer-pass');

    expect(await screen.findByText('Now at /purchase/velotrack-cx12-chain')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/user/customer%40sprocket.test',
        method: 'PUT',
        headers: expect.objectContaining({ authorization: 'Bearer firebase-id-token' }),
      }),
    ]);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('api-access-token');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes home when there is no page to return to', async () => {
    const { user } = renderRoutes(routes, { path: '/login' });
    await logIn(user, 'sprocket-customer-pass');
    expect(await screen.findByText('Now at /')).toBeInTheDocument();
  });

  it('says in plain words, in red under the form, that the email and password do not match', async () => {
    const { user } = renderRoutes(routes, { path: '/login' });
    await logIn(user, 'wrong-password');

    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent(
      "That email and password don't match. Try again or reset your password.",
    );
    expect(message).not.toHaveTextContent(/Firebase|auth\//);
    expect(message).toHaveStyle({ color: 'rgb(192, 57, 43)' });
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('says the same for an address nobody has signed up with', async () => {
    firebaseAuthMock.signInWithEmailAndPassword.mockRejectedValueOnce(
      firebaseError('auth/user-not-found'),
    );
    const { user } = renderRoutes(routes, { path: '/login' });
    await logIn(user, 'sprocket-customer-pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That email and password don't match. Try again or reset your password.",
    );
  });

  it('undoes the sign-in when the shop cannot issue its token', async () => {
    stubFetch(() => ({
      status: 503,
      body: { error: { code: 'unavailable', message: 'The shop is down' } },
    }));
    const { user } = renderRoutes(routes, { path: '/login' });
    await logIn(user, 'sprocket-customer-pass');

    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is down');
    expect(firebaseAuthMock.signOut).toHaveBeenCalled();
    expect(screen.getByText('Please Login')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });
});

describe('Forgot password?', () => {
  const sentMessage = (email: string) =>
    `If an account exists for ${email}, we've sent a link to reset its password.`;

  beforeEach(() => {
    firebaseAuthMock.sendPasswordResetEmail.mockClear();
    firebaseAuthMock.signInWithEmailAndPassword.mockClear();
  });

  async function openDialog(user: ReturnType<typeof renderRoutes>['user'], typed: string) {
    if (typed) await user.type(screen.getByLabelText('Email'), typed);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    return within(await screen.findByRole('dialog', { name: 'Reset your password' }));
  }

  it('sends the reset link to the address typed in the form, and says so', async () => {
    const { user } = renderRoutes(routes, { path: '/login' });
    const dialog = await openDialog(user, 'customer@sprocket.test');
    expect(dialog.getByLabelText('Email')).toHaveValue('customer@sprocket.test');

    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(await dialog.findByRole('status')).toHaveTextContent(
      sentMessage('customer@sprocket.test'),
    );
    expect(firebaseAuthMock.sendPasswordResetEmail).toHaveBeenCalledWith(
      expect.anything(),
      'customer@sprocket.test',
    );
    // The dialog's submit does not reach the login form around it.
    expect(firebaseAuthMock.signInWithEmailAndPassword).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says the same when no account has that address', async () => {
    const { user } = renderRoutes(routes, { path: '/login' });
    const dialog = await openDialog(user, '');
    await user.type(dialog.getByLabelText('Email'), 'nobody@sprocket.test');
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(await dialog.findByRole('status')).toHaveTextContent(
      sentMessage('nobody@sprocket.test'),
    );
    await expect(
      firebaseAuthMock.sendPasswordResetEmail.mock.results[0]?.value,
    ).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it('asks for a valid address when the one given is malformed', async () => {
    const { user } = renderRoutes(routes, { path: '/login' });
    const dialog = await openDialog(user, 'not-an-address');
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(
      await dialog.findByText('Enter a valid email address, like name@example.com.'),
    ).toBeInTheDocument();
    expect(dialog.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says so when the sign-in service cannot be reached', async () => {
    firebaseAuthMock.sendPasswordResetEmail.mockRejectedValueOnce(
      firebaseError('auth/network-request-failed'),
    );
    const { user } = renderRoutes(routes, { path: '/login' });
    const dialog = await openDialog(user, 'customer@sprocket.test');
    await user.click(dialog.getByRole('button', { name: 'Send reset link' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent(
      "We couldn't reach the sign-in service. Check your connection and try again.",
    );
    expect(dialog.getByRole('status')).toBeEmptyDOMElement();
    expect(dialog.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});
