import { screen, waitFor, within } from '@testing-library/react';
import type { CataloguePart } from '@sprocket/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPart } from '../../../testing/data.js';
import {
  renderScreen,
  stubFetch,
  type FetchCall,
  type StubAnswer,
} from '../../../testing/render.js';
import { EditProductDialog } from './edit-product-dialog.js';

const part: CataloguePart = {
  ...buildPart(1, { productName: 'Velotrack CX12 Chain', price: 1590, order: 2, quantity: 41 }),
  category: 'drivetrain',
  averageRating: 4.5,
  reviewCount: 2,
  options: [],
  variants: [],
  specs: {},
  images: [{ url: '/parts/part-1.svg', alt: 'Velotrack CX12 Chain' }],
};

let calls: FetchCall[];
let answer: StubAnswer;
beforeEach(() => {
  answer = { body: { acknowledged: true, modifiedCount: 1 } };
  calls = stubFetch(() => answer);
});

function setup() {
  const onClose = vi.fn();
  const view = renderScreen(<EditProductDialog part={part} onClose={onClose} />);
  const dialog = () => screen.getByRole('dialog', { name: 'Edit Velotrack CX12 Chain' });
  const field = (label: RegExp) => within(dialog()).getByLabelText(label);
  const save = () => within(dialog()).getByRole('button', { name: 'Save' });
  const fill = async (label: RegExp, value: string) => {
    await view.user.clear(field(label));
    if (value) {
      await view.user.click(field(label));
      await view.user.paste(value);
    }
  };
  return { ...view, onClose, field, save, fill };
}

const patches = () => calls.filter((call) => call.method === 'PATCH');

// Typing into a dialog whose form is validated on every change takes a few seconds in jsdom.
describe('EditProductDialog', () => {
  it("starts from the part's values, the price in the shop currency", () => {
    const { field } = setup();
    expect(field(/Product Name/)).toHaveValue('Velotrack CX12 Chain');
    expect(field(/Price Per Unit/)).toHaveValue('15.90');
    expect(field(/Min Order/)).toHaveValue('2');
    expect(field(/Image URL/)).toHaveValue('/parts/part-1.svg');
    expect(screen.getByRole('combobox', { name: /Category/ })).toHaveTextContent('Drivetrain');
  });

  it("checks every field with Add Product's rules and keeps Save disabled until they pass", async () => {
    const { fill, save } = setup();
    await fill(/Product Name/, '');
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    await waitFor(() => expect(save()).toBeDisabled());
    await fill(/Product Name/, 'Velotrack CX12 Chain');

    await fill(/Min Order/, '1e3');
    expect(
      await screen.findByText('Min order must be a plain number, like 12'),
    ).toBeInTheDocument();
    await fill(/Min Order/, '0');
    expect(await screen.findByText('Min order must be at least 1')).toBeInTheDocument();
    await fill(/Min Order/, '3');

    await fill(/Price Per Unit/, '1e3');
    expect(
      await screen.findByText('Price per unit must be a number like 12.50'),
    ).toBeInTheDocument();
    expect(save()).toBeDisabled();
    expect(patches()).toHaveLength(0);
  });

  it('sends only the fields that changed, in cents, confirms and closes', async () => {
    const { fill, save, user, onClose } = setup();
    await fill(/Price Per Unit/, '17.5');
    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Accessories' }));
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Updated Velotrack CX12 Chain Product')).toBeInTheDocument();
    expect(patches()).toEqual([
      expect.objectContaining({
        url: '/api/parts/part-1',
        body: { price: 1750, category: 'accessories' },
      }),
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('sends nothing when nothing changed (a price retyped the same counts as unchanged)', async () => {
    const { fill, save, user, onClose } = setup();
    await fill(/Price Per Unit/, '15.9');
    await user.click(save());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(patches()).toHaveLength(0);
  });

  it("shows the server's refusal of the minimum order on that field and stays open", async () => {
    answer = {
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Fix the form',
          fields: { order: 'Min order must be at most the stock (41)' },
        },
      },
    };
    const { fill, save, user, onClose, field } = setup();
    await fill(/Min Order/, '50');
    await waitFor(() => expect(save()).toBeEnabled());
    await user.click(save());

    expect(await screen.findByText('Min order must be at most the stock (41)')).toBeInTheDocument();
    expect(field(/Min Order/)).toHaveAttribute('aria-invalid', 'true');
    expect(patches()[0]?.body).toEqual({ order: 50 });
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByText(/Updated .* Product/)).not.toBeInTheDocument();
  });
});

describe('EditProductDialog of a part sold in variants', () => {
  const tyre: CataloguePart = {
    ...part,
    _id: 'tyre',
    productName: 'Road tyre',
    price: 3999,
    order: 1,
    quantity: 10,
    options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
    variants: [
      { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 6 },
      { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 4 },
    ],
  };

  it("changes a variant's price and adds a size with its stock, leaving the kept ones' stock alone", async () => {
    const onClose = vi.fn();
    const { user } = renderScreen(<EditProductDialog part={tyre} onClose={onClose} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Road tyre' }));
    const fill = async (label: RegExp, value: string) => {
      await user.clear(dialog.getByLabelText(label));
      await user.click(dialog.getByLabelText(label));
      await user.paste(value);
    };
    expect(dialog.queryByLabelText(/Price Per Unit/)).not.toBeInTheDocument();
    expect(dialog.queryByLabelText(/^Stock of 700x28c/)).not.toBeInTheDocument();
    await fill(/^Price of 700x28c/, '37.99');
    await fill(/^Values, separated by commas/, '700x28c, 700x32c, 700x35c');
    await fill(/^SKU of 700x35c/, 'TYRE-35');
    await fill(/^Price of 700x35c/, '44.99');
    await fill(/^Stock of 700x35c/, '3');
    const save = dialog.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Updated Road tyre Product')).toBeInTheDocument();
    expect(patches().map((call) => call.body)).toEqual([
      {
        options: [{ name: 'Size', values: ['700x28c', '700x32c', '700x35c'] }],
        variants: [
          { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3799, specs: {} },
          { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, specs: {} },
          { sku: 'TYRE-35', options: { Size: '700x35c' }, price: 4499, quantity: 3, specs: {} },
        ],
      },
    ]);
  });

  it("gives each size the specifications that differ by size, checked by the API's rule", async () => {
    const sized: CataloguePart = {
      ...tyre,
      category: 'wheels-and-tyres',
      specs: { wheelSize: '700c' },
      variants: tyre.variants.map((variant, index) =>
        index === 1 ? { ...variant, specs: { tyreWidth: 32 } } : variant,
      ),
    };
    const { user } = renderScreen(<EditProductDialog part={sized} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Road tyre' }));
    // Ticked already: a size has a width of its own.
    const widths = dialog.getByRole('group', { name: 'Specifications that differ by size' });
    expect(within(widths).getByRole('checkbox', { name: 'Tyre width' })).toBeChecked();
    expect(dialog.getByLabelText(/^Tyre width of 700x32c/)).toHaveValue('32');
    await user.type(dialog.getByLabelText(/^Tyre width of 700x28c/), '9');
    expect(
      await dialog.findByText('Tyre width is a whole number from 18 to 130'),
    ).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/^Tyre width of 700x28c/), '{Backspace}28');
    const save = dialog.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Updated Road tyre Product')).toBeInTheDocument();
    expect(patches().map((call) => call.body)).toEqual([
      {
        options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
        variants: [
          { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, specs: { tyreWidth: 28 } },
          { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, specs: { tyreWidth: 32 } },
        ],
      },
    ]);
  });

  it("shows the part's specifications and sends them when they change", async () => {
    const chain: CataloguePart = { ...part, specs: { speeds: 12, bottomBracket: 'bsa' } };
    const { user } = renderScreen(<EditProductDialog part={chain} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByLabelText(/^Speeds/)).toHaveValue('12');
    expect(dialog.getByRole('combobox', { name: 'Bottom bracket' })).toHaveTextContent(
      'BSA threaded',
    );
    await user.clear(dialog.getByLabelText(/^Speeds/));
    await user.type(dialog.getByLabelText(/^Speeds/), '11');
    await user.click(dialog.getByRole('combobox', { name: 'Bottom bracket' }));
    await user.click(await screen.findByRole('option', { name: 'Not given' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(patches().map((call) => call.body)).toEqual([{ specs: { speeds: 11 } }]),
    );
  });

  it('puts a size on sale and clears a size’s barcode; the brand stays the part’s', async () => {
    const branded: CataloguePart = {
      ...tyre,
      brand: 'Conti',
      variants: [tyre.variants[0]!, { ...tyre.variants[1]!, gtin: '4019238064619' }],
    };
    const { user } = renderScreen(<EditProductDialog part={branded} onClose={vi.fn()} />);
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Road tyre' }));
    // Per size: ticked already, as a size has a barcode of its own.
    expect(dialog.getByRole('checkbox', { name: /Sale prices, barcodes/ })).toBeChecked();
    expect(dialog.queryByLabelText(/^GTIN \(barcode number\)/)).not.toBeInTheDocument();
    expect(dialog.getByLabelText(/^Brand/)).toHaveValue('Conti');
    expect(dialog.getByLabelText(/^GTIN of 700x32c/)).toHaveValue('4019238064619');
    await user.click(dialog.getByLabelText(/^Compare-at price of 700x28c/));
    await user.paste('39.99');
    expect(
      await dialog.findByText('The compare-at price must be higher than the price'),
    ).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Compare-at price of 700x28c/));
    await user.paste('45');
    await user.clear(dialog.getByLabelText(/^GTIN of 700x32c/));
    const save = dialog.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByText('Updated Road tyre Product')).toBeInTheDocument();
    expect(patches().map((call) => call.body)).toEqual([
      {
        options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
        variants: [
          {
            sku: 'TYRE-28',
            options: { Size: '700x28c' },
            price: 3999,
            compareAtPrice: 4500,
            specs: {},
          },
          { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, gtin: null, specs: {} },
        ],
      },
    ]);
  });

  it('clears the brand with null when it is emptied', async () => {
    const { user } = renderScreen(
      <EditProductDialog
        part={{ ...part, brand: 'Velotrack', compareAtPrice: 1990 }}
        onClose={vi.fn()}
      />,
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit Velotrack CX12 Chain' }));
    expect(dialog.getByLabelText(/^Compare-at price/)).toHaveValue('19.90');
    await user.clear(dialog.getByLabelText(/^Brand/));
    const save = dialog.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    await screen.findByText('Updated Velotrack CX12 Chain Product');
    expect(patches().map((call) => call.body)).toEqual([{ brand: null }]);
  });
});
