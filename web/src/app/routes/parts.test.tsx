import { screen, waitFor, within } from '@testing-library/react';
import type * as FirebaseAuth from '@firebase/auth';
import { TOTAL_COUNT_HEADER } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import PartsRoute from './parts.js';
import { cataloguePageQueryOptions } from '../../features/parts/api/get-parts.js';
import { buildCataloguePart } from '../../testing/data.js';
import { hydrateRoutes, stubFetch } from '../../testing/render.js';

vi.mock('@firebase/auth', async (importOriginal) => ({
  ...(await importOriginal<typeof FirebaseAuth>()),
  ...(await import('../../testing/fake-firebase-auth.js')).firebaseAuthMock,
}));

const chain = buildCataloguePart(1, { productName: 'Chain', order: 2, quantity: 30 });
const cassette = buildCataloguePart(2, { productName: 'Cassette', order: 1, quantity: 12 });

beforeEach(() => {
  localStorage.clear();
  stubFetch(({ url }) =>
    url.includes('/parts/facets')
      ? { body: { total: 2, categories: { drivetrain: 2 }, inStock: 2, specs: {} } }
      : { body: [chain, cassette], headers: { [TOTAL_COUNT_HEADER]: '2' } },
  );
});

describe('All Parts, used before its scripts have run (docs/decisions/086)', () => {
  it('keeps a quantity typed beside Add to cart, which Buy Now then carries (decision 085)', async () => {
    const { page, user } = await hydrateRoutes([{ path: '/parts', element: <PartsRoute /> }], {
      path: '/parts',
      prepare: (queryClient) => queryClient.prefetchQuery(cataloguePageQueryOptions({})),
      before: async (html, user) => {
        const field = within(html).getByRole('spinbutton', { name: 'Quantity of Chain' });
        await user.clear(field);
        await user.type(field, '5');
      },
    });

    const field = within(page).getByRole('spinbutton', { name: 'Quantity of Chain' });
    expect(field).toHaveValue(5);
    await waitFor(() =>
      expect(within(page).getByRole('link', { name: 'Buy Now: Chain' })).toHaveAttribute(
        'href',
        '/purchase/part-1?quantity=5',
      ),
    );
    // The other card's Buy Now is its own.
    expect(within(page).getByRole('link', { name: 'Buy Now: Cassette' })).toHaveAttribute(
      'href',
      '/purchase/part-2',
    );
    // Back to the minimum order: nothing to carry.
    await user.clear(field);
    await user.type(field, '2');
    expect(within(page).getByRole('link', { name: 'Buy Now: Chain' })).toHaveAttribute(
      'href',
      '/purchase/part-1',
    );
    expect(screen.queryByText('Enter a whole number')).not.toBeInTheDocument();
  });
});
