import { screen, waitFor, within } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client.js';
import {
  authSession,
  fakeUser,
  firebaseAuthMock,
  firebaseError,
  verifiedEmails,
} from '../../../testing/fake-firebase-auth.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { useAdminStatus } from '../api/get-admin-status.js';
import { VerifyEmailNotice } from './verify-email-notice.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

const EMAIL = 'robin@example.com';

/** What the dashboard menu asks: whether the signed-in address is an admin. */
function AdminStatus() {
  const status = useAdminStatus(EMAIL);
  return <p>{status.data?.admin ? 'Admin menu' : 'Customer menu'}</p>;
}

let calls: FetchCall[];
/** The server gives admin rights only once it has seen a verified ID token. */
let sawVerifiedToken: boolean;
beforeEach(() => {
  verifiedEmails.clear();
  firebaseAuthMock.sendEmailVerification.mockClear();
  firebaseAuthMock.reload.mockClear();
  sawVerifiedToken = false;
  calls = stubFetch(({ url, method }) => {
    if (method === 'PUT' && url === `/api/user/${encodeURIComponent(EMAIL)}`) {
      sawVerifiedToken = true;
      return { body: { token: 'fresh-access-token' } };
    }
    return { body: { admin: sawVerifiedToken } };
  });
});

function signInUnverified() {
  const user = fakeUser({ email: EMAIL, displayName: 'Robin Rider', emailVerified: false });
  authSession.signIn(user);
  return user;
}

const notice = () => screen.getByRole('region', { name: 'Verify your email' });

describe('VerifyEmailNotice', () => {
  it('shows nothing to a user whose address is verified', () => {
    authSession.signIn(fakeUser({ email: EMAIL, emailVerified: true }));
    renderScreen(<VerifyEmailNotice />);
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
  });

  it('asks an unverified user to open the link, and resends it', async () => {
    const user = signInUnverified();
    const view = renderScreen(<VerifyEmailNotice />);
    expect(notice()).toHaveTextContent('Please verify your email address');
    expect(notice()).toHaveTextContent(`We sent a link to ${EMAIL}.`);
    expect(notice()).toHaveTextContent(
      'You can keep shopping in the meantime; we email you about your orders, and you can review parts, once the address is verified.',
    );

    await view.user.click(
      within(notice()).getByRole('button', { name: 'Resend verification email' }),
    );
    expect(await screen.findByText(`Verification email sent to ${EMAIL}`)).toBeInTheDocument();
    expect(firebaseAuthMock.sendEmailVerification).toHaveBeenCalledWith(user);
  });

  it('says in plain words to wait when too many emails were sent', async () => {
    signInUnverified();
    firebaseAuthMock.sendEmailVerification.mockRejectedValueOnce(
      firebaseError('auth/too-many-requests'),
    );
    const view = renderScreen(<VerifyEmailNotice />);
    await view.user.click(screen.getByRole('button', { name: 'Resend verification email' }));

    expect(await within(notice()).findByRole('status')).toHaveTextContent(
      'We have sent several emails to this address in a short time. Please wait a few minutes, then try again.',
    );
    expect(notice()).not.toHaveTextContent('auth/');
    expect(screen.queryByText(/Verification email sent/)).not.toBeInTheDocument();
  });

  it('says so when the link has not been opened yet, and asks the server nothing', async () => {
    signInUnverified();
    const view = renderScreen(<VerifyEmailNotice />);
    await view.user.click(screen.getByRole('button', { name: "I've verified it" }));

    expect(await within(notice()).findByRole('status')).toHaveTextContent(
      'Your address is not verified yet. Open the link in the email we sent, then try again.',
    );
    expect(firebaseAuthMock.reload).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
  });

  it('once verified, takes fresh tokens so admin rights apply without signing out', async () => {
    const user = signInUnverified();
    const view = renderScreen(
      <>
        <VerifyEmailNotice />
        <AdminStatus />
      </>,
    );
    expect(await screen.findByText('Customer menu')).toBeInTheDocument();

    verifiedEmails.add(EMAIL); // the user opened the link in the email
    await view.user.click(screen.getByRole('button', { name: "I've verified it" }));

    expect(
      await screen.findByText('Thank you, your email address is verified.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Verify your email' })).not.toBeInTheDocument();
    expect(user.getIdToken).toHaveBeenCalledWith(true);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('fresh-access-token');
    expect(calls).toContainEqual(
      expect.objectContaining({
        method: 'PUT',
        url: `/api/user/${encodeURIComponent(EMAIL)}`,
        headers: expect.objectContaining({ authorization: 'Bearer firebase-id-token' }),
      }),
    );
    await waitFor(() => expect(screen.getByText('Admin menu')).toBeInTheDocument());
  });

  it('stays with the reason and a retry when the shop cannot issue the fresh token', async () => {
    signInUnverified();
    stubFetch(() => ({
      status: 503,
      body: { error: { code: 'unavailable', message: 'The shop is busy. Please try again.' } },
    }));
    const view = renderScreen(<VerifyEmailNotice />);
    verifiedEmails.add(EMAIL);
    await view.user.click(screen.getByRole('button', { name: "I've verified it" }));

    expect(await within(notice()).findByRole('status')).toHaveTextContent(
      'The shop is busy. Please try again.',
    );
    expect(within(notice()).getByRole('button', { name: "I've verified it" })).toBeEnabled();
  });
});
