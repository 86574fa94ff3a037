/** A guest's order page (its private link) shows "Track parcel" once shipped (issue 37 item 1). */
import { screen } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths.js';
import { buildOrder } from '../../testing/data.js';
import { authSession } from '../../testing/fake-firebase-auth.js';
import { renderRoutes, stubFetch } from '../../testing/render.js';
import OrderLinkRoute from './order-link.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

const ROYAL_MAIL_URL = 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB';

beforeEach(() => {
  sessionStorage.clear();
  authSession.signOut();
  stubFetch((call) => {
    if (call.method === 'GET' && call.url === '/api/ordered/order-1') {
      return {
        body: buildOrder({
          paid: true,
          status: 'shipped',
          transactionId: 'pi_sim_1',
          shipment: {
            carrier: 'Royal Mail',
            trackingNumber: 'AB123456789GB',
            trackingUrl: ROYAL_MAIL_URL,
            shippedAt: '2026-01-02T09:00:00.000Z',
          },
        }),
      };
    }
    throw new Error(`unexpected ${call.method} ${call.url}`);
  });
});

describe('the order page of a private link, shipped', () => {
  it('shows the carrier, the number and Track parcel', async () => {
    renderRoutes([{ path: paths.orderLink.path, element: <OrderLinkRoute /> }], {
      path: '/checkout/order/order-1#token=link-token-1',
    });
    expect(await screen.findByText('Royal Mail · AB123456789GB')).toBeInTheDocument();
    expect(
      screen.getByRole('link', {
        name: 'Track parcel AB123456789GB with Royal Mail (opens in a new tab)',
      }),
    ).toHaveAttribute('href', ROYAL_MAIL_URL);
  });
});
