import { screen } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../testing/fake-firebase-auth.js';
import { buildBrand } from '../testing/data.js';
import { renderRoutes, stubFetch, type StubAnswer } from '../testing/render.js';
import { routes } from './router.js';
import { deadline } from '../../../scripts/test-deadlines.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

const unreachable: StubAnswer = {
  status: 503,
  body: { error: { code: 'unavailable', message: 'The shop cannot be reached just now' } },
};
/** The list under test fails until `listAnswer` is changed; the rest of the app answers. */
let listAnswer: StubAnswer;
let listUrl: (url: string) => boolean;

beforeEach(() => {
  listAnswer = unreachable;
  stubFetch(({ url }) => {
    if (url === '/api/brand') return { body: buildBrand() };
    if (listUrl(url)) return listAnswer;
    if (url.includes('/admin')) return { body: { admin: false } };
    return { body: [] };
  });
});

// The screen's lazy module loads on first use, which on a busy machine can take several seconds.
const SCREEN_LOADED = { timeout: deadline(15_000) };

describe('a list that cannot be read, then one that is empty', () => {
  it('All Reviews: the error with Retry, then "No reviews yet."', async () => {
    authSession.signOut();
    listUrl = (url) => url === '/api/reviews';
    const { user } = renderRoutes(routes, { path: '/reviews' });
    expect(await screen.findByRole('alert', {}, SCREEN_LOADED)).toHaveTextContent(
      'The shop cannot be reached just now',
    );
    listAnswer = { body: [] };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('My Orders: the error with Retry, then the way to a first order', async () => {
    authSession.signIn();
    listUrl = (url) => url.startsWith('/api/ordered?');
    const { user } = renderRoutes(routes, { path: '/dashboard/myOrder' });
    expect(await screen.findByRole('alert', {}, SCREEN_LOADED)).toHaveTextContent(
      'The shop cannot be reached just now',
    );
    listAnswer = { body: [] };
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('You have no orders yet. Pick a part from All Parts to place one.'),
    ).toBeInTheDocument();
  });
});
