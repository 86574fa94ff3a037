import { screen } from '@testing-library/react';
import type * as FirebaseAuth from 'firebase/auth';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client.js';
import {
  authSession,
  firebaseAuthMock,
  knownAccounts,
} from '../../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import { RequireAuth } from './require-auth.js';
import { LoginForm } from './login-form.js';

vi.mock(
  'reactfire',
  async () => (await import('../../../testing/fake-firebase-auth.js')).reactfireMock,
);
vi.mock('firebase/auth', async (importOriginal) => ({
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

  it("shows the identity service's message in red under the form", async () => {
    const { user } = renderRoutes(routes, { path: '/login' });
    await logIn(user, 'wrong-password');

    const message = await screen.findByRole('alert');
    expect(message).toHaveTextContent('Firebase: Error (auth/invalid-credential).');
    expect(message).toHaveStyle({ color: 'rgb(192, 57, 43)' });
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
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
