import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubImageLoading } from '../../../testing/fake-image.js';
import { renderScreen, stubFetch, type FetchCall } from '../../../testing/render.js';
import { AddProductForm } from './add-product-form.js';

const BROKEN_IMAGE = 'https://images.example.com/no-such-seatpost.png';

let calls: FetchCall[];
let answer: { status?: number; body?: unknown };
let imagesRequested: string[];
beforeEach(() => {
  imagesRequested = stubImageLoading([BROKEN_IMAGE]);
  answer = { status: 201, body: { acknowledged: true, insertedId: 'new-part' } };
  calls = stubFetch(() => answer);
});

function setup() {
  const view = renderScreen(<AddProductForm />);
  const field = (label: RegExp) => screen.getByLabelText(label);
  const submit = () => screen.getByRole('button', { name: 'Add Product' });
  const fill = async (label: RegExp, value: string) => {
    await view.user.clear(field(label));
    if (value) {
      await view.user.click(field(label));
      await view.user.paste(value);
    }
  };
  const fillAll = async () => {
    await fill(/Product Name/, 'Halden Carbon Seatpost');
    await view.user.click(screen.getByRole('combobox', { name: /Category/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Cockpit' }));
    await fill(/Image URL/, '/parts/halden-carbon-seatpost.svg');
    await fill(/Min Order/, '2');
    await fill(/^Quantity/, '40');
    await fill(/Price Per Unit/, '12.50');
    await fill(/Description/, 'A 27.2 mm carbon seatpost with a two-bolt clamp.');
  };
  return { ...view, field, submit, fill, fillAll };
}

// Filling seven fields, each validated on every change, takes a few seconds in jsdom.
describe('AddProductForm', () => {
  it('requires every field before Add Product is enabled', async () => {
    const { submit, fill, fillAll, user, field } = setup();
    await waitFor(() => expect(submit()).toBeDisabled());
    await fillAll();
    await waitFor(() => expect(submit()).toBeEnabled());

    await user.clear(field(/Description/));
    await user.tab();
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await fill(/Description/, 'Back again.');
    await user.clear(field(/Min Order/));
    await user.tab();
    expect(await screen.findByText('Min order is required')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('takes the price as a decimal with at most two places', async () => {
    const { fill, fillAll, submit } = setup();
    await fillAll();

    await fill(/Price Per Unit/, '12.505');
    expect(
      await screen.findByText('Price per unit must be a number like 12.50'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await fill(/Price Per Unit/, 'twelve');
    expect(
      await screen.findByText('Price per unit must be a number like 12.50'),
    ).toBeInTheDocument();

    await fill(/Price Per Unit/, '0');
    expect(await screen.findByText('Price must be more than zero')).toBeInTheDocument();

    await fill(/Price Per Unit/, '12.5');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('wants whole numbers for the minimum order and the quantity', async () => {
    const { fill, fillAll, submit } = setup();
    await fillAll();
    await fill(/Min Order/, 'two');
    expect(await screen.findByText('Min order must be a number')).toBeInTheDocument();
    await fill(/Min Order/, '1.5');
    expect(await screen.findByText('Min order must be a whole number')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('refuses numbers written as "1e3" for the minimum order and the quantity', async () => {
    const { fill, fillAll, submit } = setup();
    await fillAll();
    await fill(/^Quantity/, '1e3');
    expect(await screen.findByText('Quantity must be a plain number, like 12')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await fill(/^Quantity/, '40');
    await fill(/Min Order/, '1e1');
    expect(
      await screen.findByText('Min order must be a plain number, like 12'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });

  it('refuses a minimum order above the stock, and takes one equal to it', async () => {
    const { fill, fillAll, submit } = setup();
    await fillAll();
    await fill(/Min Order/, '41');
    expect(await screen.findByText('Min order must be at most the stock (40)')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await fill(/Min Order/, '40');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText(/Min order must be/)).not.toBeInTheDocument();
  });

  it('shows an image address that does not load as an error before submit', async () => {
    const { fill, fillAll, submit } = setup();
    await fillAll();
    await waitFor(() => expect(submit()).toBeEnabled());

    await fill(/Image URL/, BROKEN_IMAGE);
    expect(await screen.findByText('The image could not be loaded')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    expect(imagesRequested).toContain(BROKEN_IMAGE);

    await fill(/Image URL/, '/parts/halden-carbon-seatpost.svg');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText('The image could not be loaded')).not.toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sends the price in cents, confirms, and empties the form', async () => {
    const { fillAll, submit, user, field } = setup();
    await fillAll();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/api/parts',
        method: 'POST',
        body: {
          productName: 'Halden Carbon Seatpost',
          category: 'cockpit',
          img: '/parts/halden-carbon-seatpost.svg',
          // Its one picture, described by its name while its alt text is left empty.
          images: [{ url: '/parts/halden-carbon-seatpost.svg', alt: 'Halden Carbon Seatpost' }],
          order: 2,
          quantity: 40,
          price: 1250,
          description: 'A 27.2 mm carbon seatpost with a two-bolt clamp.',
        },
      }),
    ]);
    await waitFor(() => expect(field(/Product Name/)).toHaveValue(''));
    expect(field(/Price Per Unit/)).toHaveValue('');
  });

  it('keeps what was typed when the server refuses', async () => {
    answer = { status: 403, body: { error: { code: 'forbidden', message: 'Admins only' } } };
    const { fillAll, submit, user, field } = setup();
    await fillAll();
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());

    expect(await screen.findByText('Admins only')).toBeInTheDocument();
    expect(screen.queryByText('Product added successfully!')).not.toBeInTheDocument();
    expect(field(/Product Name/)).toHaveValue('Halden Carbon Seatpost');
  });
});

describe('AddProductForm of a part sold in variants', () => {
  it('adds a part with an option, one variant per value with its sku, price and stock', async () => {
    const { field, fill, submit, user } = setup();
    await fill(/Product Name/, 'Road tyre');
    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Wheels and tyres' }));
    await fill(/Image URL/, '/parts/road-tyre.svg');
    await fill(/Min Order/, '1');
    await fill(/Description/, 'A folding road tyre.');
    await user.click(screen.getByRole('button', { name: 'Add option' }));
    await fill(/^Option name/, 'Size');
    await fill(/^Values, separated by commas/, '700x28c, 700x32c');
    // Price and stock are the variants' now.
    expect(screen.queryByLabelText(/Price Per Unit/)).not.toBeInTheDocument();
    // Each sku comes suggested from the part and the values (issue 36 item 7), and can be typed.
    expect(field(/^SKU of 700x28c/)).toHaveValue('ROAD-TYRE-700X28C');
    expect(field(/^SKU of 700x32c/)).toHaveValue('ROAD-TYRE-700X32C');
    await fill(/^SKU of 700x28c/, 'TYRE-28');
    await fill(/^Price of 700x28c/, '39.99');
    await fill(/^Stock of 700x28c/, '6');
    await fill(/^SKU of 700x32c/, 'TYRE-28');
    await fill(/^Price of 700x32c/, '42.99');
    await fill(/^Stock of 700x32c/, '4');
    expect(
      await screen.findByText('Each sku may appear once: TYRE-28 appears twice'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await fill(/^SKU of 700x32c/, 'TYRE-32');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({
      productName: 'Road tyre',
      options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
      variants: [
        { sku: 'TYRE-28', options: { Size: '700x28c' }, price: 3999, quantity: 6 },
        { sku: 'TYRE-32', options: { Size: '700x32c' }, price: 4299, quantity: 4 },
      ],
    });
  });

  it("shows the chosen category's specifications and sends those of that category", async () => {
    const { fill, fillAll, submit, user } = setup();
    await fillAll();
    // Cockpit's specs; a list of values for each.
    await user.click(screen.getByRole('combobox', { name: 'Bar clamp' }));
    await user.click(await screen.findByRole('option', { name: '31.8 mm' }));
    expect(screen.queryByLabelText(/^Speeds/)).not.toBeInTheDocument();
    // Another category: its own fields.
    await user.click(screen.getByRole('combobox', { name: /Category/ }));
    await user.click(await screen.findByRole('option', { name: 'Drivetrain' }));
    expect(screen.queryByRole('combobox', { name: 'Bar clamp' })).not.toBeInTheDocument();
    await fill(/^Speeds/, '14');
    expect(await screen.findByText('Speeds is a whole number from 1 to 13')).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeDisabled());
    await fill(/^Speeds/, '12');
    await user.click(screen.getByRole('combobox', { name: 'Freehub body' }));
    await user.click(await screen.findByRole('option', { name: 'SRAM XD' }));
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await screen.findByText('Product added successfully!')).toBeInTheDocument();
    // The bar clamp picked under Cockpit is not sent with a drivetrain part.
    expect(calls[0]?.body).toMatchObject({
      category: 'drivetrain',
      specs: { speeds: 12, freehub: 'xd' },
    });
  });

  it('sends the brand, GTIN, MPN, weight and a compare-at price, each checked as typed', async () => {
    const { fill, fillAll, submit, user } = setup();
    await fillAll();
    await fill(/^Brand/, 'Halden');
    await fill(/^GTIN/, '4006381333932');
    expect(
      await screen.findByText(
        "This GTIN's last digit does not match: check the number on the barcode",
      ),
    ).toBeInTheDocument();
    await fill(/^GTIN/, '4006381 333931');
    await fill(/^MPN/, 'HS-272');
    await fill(/^Weight/, '210');
    await fill(/^Compare-at price/, '12.50');
    expect(
      await screen.findByText('The compare-at price must be higher than the price'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await fill(/^Compare-at price/, '15');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await screen.findByText('Product added successfully!');
    expect(calls[0]?.body).toMatchObject({
      price: 1250,
      brand: 'Halden',
      gtin: '4006381333931',
      mpn: 'HS-272',
      weight: 210,
      compareAtPrice: 1500,
    });
  });
});
