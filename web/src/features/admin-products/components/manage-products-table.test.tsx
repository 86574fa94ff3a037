import { screen, waitFor, within } from '@testing-library/react';
import type { CataloguePart, Part } from '@sprocket/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPart } from '../../../testing/data.js';
import { renderRoutes, stubFetch, type FetchCall } from '../../../testing/render.js';
import { ManageProducts } from './manage-products-table.js';

const catalogued = (part: Part, category: string): CataloguePart => ({
  ...part,
  category,
  averageRating: null,
  reviewCount: 0,
  options: [],
  variants: [],
  specs: {},
  images: [{ url: part.img, alt: part.productName }],
});
const parts = [
  catalogued(buildPart(1, { productName: 'Velotrack CX12 Chain', price: 1590 }), 'drivetrain'),
  catalogued(buildPart(2, { productName: 'Halden Cork Bar Tape', img: '' }), 'cockpit'),
];

let calls: FetchCall[];
beforeEach(() => {
  calls = stubFetch(({ url }) =>
    // Two addresses wait for the chain's back-in-stock mail (decision 100).
    url === '/api/admin/stock-alerts'
      ? { body: [{ partId: parts[0]!._id, waiting: 2 }] }
      : { body: parts, headers: { 'X-Total-Count': '30' } },
  );
});
const lastList = () => calls.filter((call) => call.url.startsWith('/api/admin/parts')).at(-1)?.url;
const setup = (path = '/') => renderRoutes([{ path: '/', element: <ManageProducts /> }], { path });
const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return within(row);
};

// Each case waits for several requests and re-renders, which a busy machine slows down.
describe('ManageProducts', () => {
  it('lists the newest parts first, a page at a time, with category, price and an Edit action', async () => {
    setup();
    expect(await screen.findByText('Velotrack CX12 Chain')).toBeInTheDocument();
    expect(lastList()).toBe('/api/admin/parts?sort=newest&page=1&pageSize=25');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '#',
      'Image',
      'Parts Name',
      'Category',
      'Price',
      'Available Quantity',
      'Action',
    ]);
    const chain = rowOf('Velotrack CX12 Chain');
    expect(chain.getByText('Drivetrain')).toBeInTheDocument();
    expect(chain.getByText('$15.90')).toBeInTheDocument();
    expect(chain.getByRole('button', { name: 'Edit Velotrack CX12 Chain' })).toBeInTheDocument();
    expect(chain.getByRole('button', { name: 'Add Stock' })).toBeInTheDocument();
    expect(await chain.findByText('2 waiting')).toBeInTheDocument();
    expect(rowOf('Halden Cork Bar Tape').queryByText(/waiting/)).toBeNull();
    // A part without an image shows the placeholder, named like the image.
    expect(
      rowOf('Halden Cork Bar Tape').getByRole('img', { name: 'Halden Cork Bar Tape' }),
    ).toHaveAttribute('data-testid', 'part-image-placeholder');
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
  });

  it('filters by category and sorts by a clicked header, in the URL', async () => {
    const { user, router } = setup('/?q=chain');
    await screen.findByText('Velotrack CX12 Chain');
    expect(lastList()).toBe('/api/admin/parts?q=chain&sort=newest&page=1&pageSize=25');

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Brakes' }));
    await waitFor(() =>
      expect(lastList()).toBe(
        '/api/admin/parts?q=chain&category=brakes&sort=newest&page=1&pageSize=25',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Price' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?q=chain&category=brakes&sort=price'),
    );
    expect(lastList()).toBe(
      '/api/admin/parts?q=chain&category=brakes&sort=price&page=1&pageSize=25',
    );
  });

  it('opens the Edit dialog with the chosen part', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Halden Cork Bar Tape' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Halden Cork Bar Tape' });
    expect(within(dialog).getByLabelText(/Product Name/)).toHaveValue('Halden Cork Bar Tape');
  });
});
