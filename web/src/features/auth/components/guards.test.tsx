import { screen, waitFor } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { Outlet, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client.js';
import { authSession, fakeUser, firebaseAuthMock } from '../../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import type { ReturnToState } from '../hooks/use-return-to.js';
import { RequireAdmin } from './require-admin.js';
import { RequireAuth } from './require-auth.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

function LoginPage() {
  const state = useLocation().state as ReturnToState | null;
  return <p>Login page, from {state?.from?.pathname ?? 'nowhere'}</p>;
}

const routes = [
  { path: '/', element: <p>Home page</p> },
  { path: '/login', element: <LoginPage /> },
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <p>Dashboard</p>
        <Outlet />
      </RequireAuth>
    ),
  },
  {
    path: '/dashboard/orders',
    element: (
      <RequireAdmin>
        <p>Manage All Orders</p>
      </RequireAdmin>
    ),
  },
];

let calls: FetchCall[];
let adminAnswer: { status?: number; body?: unknown };
beforeEach(() => {
  authSession.loading();
  firebaseAuthMock.signOut.mockClear();
  adminAnswer = { body: { admin: true } };
  calls = stubFetch(() => adminAnswer);
});

describe('RequireAuth', () => {
  it('shows a spinner while the session is being restored', () => {
    renderRoutes(routes, { path: '/dashboard' });
    expect(screen.getByRole('progressbar', { name: 'Checking your sign-in' })).toBeInTheDocument();
    expect(screen.queryByText('Dashboard')).not.toBeInTheDocument();
  });

  it('sends a visitor to /login, remembering the page and replacing it in history', async () => {
    const { router } = renderRoutes(routes, { path: '/dashboard?tab=1' });
    authSession.signOut();

    expect(await screen.findByText('Login page, from /dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
    expect((router.state.location.state as ReturnToState).from).toMatchObject({
      pathname: '/dashboard',
      search: '?tab=1',
    });
  });

  it('shows the page to a signed-in user', async () => {
    authSession.signIn();
    renderRoutes(routes, { path: '/dashboard' });
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
  });
});

describe('RequireAdmin', () => {
  it('asks the server with the bearer token and shows the page to an admin', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'admin-access-token');
    authSession.signIn(fakeUser({ email: 'admin@sprocket.test' }));
    renderRoutes(routes, { path: '/dashboard/orders' });

    expect(await screen.findByText('Manage All Orders')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/admin/admin%40sprocket.test',
        method: 'GET',
        headers: expect.objectContaining({ authorization: 'Bearer admin-access-token' }),
      }),
    ]);
    expect(firebaseAuthMock.signOut).not.toHaveBeenCalled();
  });

  it('signs a non-admin out, removes the token and sends them to /login', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'customer-access-token');
    adminAnswer = { body: { admin: false } };
    authSession.signIn();
    const { router } = renderRoutes(routes, { path: '/dashboard/orders' });

    expect(await screen.findByText('Login page, from /dashboard/orders')).toBeInTheDocument();
    expect(firebaseAuthMock.signOut).toHaveBeenCalledOnce();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('Manage All Orders')).not.toBeInTheDocument();
  });

  it('treats a refused admin check (403) like a non-admin', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'someone-elses-token');
    adminAnswer = { status: 403, body: { error: { code: 'forbidden', message: 'Not allowed' } } };
    authSession.signIn();
    renderRoutes(routes, { path: '/dashboard/orders' });

    await waitFor(() => expect(firebaseAuthMock.signOut).toHaveBeenCalledOnce());
    expect(await screen.findByText('Login page, from /dashboard/orders')).toBeInTheDocument();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it('keeps an admin signed in when the check fails for another reason, and offers a retry', async () => {
    adminAnswer = { status: 503, body: { error: { code: 'unavailable', message: 'Try later' } } };
    authSession.signIn(fakeUser({ email: 'admin@sprocket.test' }));
    const { user } = renderRoutes(routes, { path: '/dashboard/orders' });

    expect(
      await screen.findByText(/Could not check your admin rights: Try later/),
    ).toBeInTheDocument();
    expect(firebaseAuthMock.signOut).not.toHaveBeenCalled();

    adminAnswer = { body: { admin: true } };
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Manage All Orders')).toBeInTheDocument();
  });
});
