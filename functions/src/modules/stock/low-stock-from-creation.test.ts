/**
 * Low stock from the start (issue 36 item 7, docs/decisions/091): a part or size added, edited,
 * imported or deleted is weighed at once, so Low stock lists every part and size at or below its
 * threshold from its creation (a size added with 0 units included), and nothing no longer sold.
 */
import type { InsertResult, LowStockItem, Mail } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: { SHOP_LOW_STOCK: '3' } });
  admin = await api.admin();
});
afterAll(async () => {
  await api?.close();
});

const asAdmin = <T = unknown>(method: string, path: string, json?: unknown) =>
  api.request<T>(method, path, { token: admin.token, json });

/** What Low stock lists of one part: each size's sku (or none), units and threshold. */
const listedOf = async (partId: string) =>
  (await asAdmin<LowStockItem[]>('GET', '/admin/low-stock')).body
    .filter((item) => item.partId === partId)
    .map(({ sku, name, units, threshold }) => ({ sku, name, units, threshold }));

const SIZES = [{ name: 'Size', values: ['700x28c', '700x32c'] }];
const tyre = (quantities: [number, number]) => ({
  productName: `Fresh tyre ${Math.random().toString(36).slice(2, 8)}`,
  img: '/parts/tyre.svg',
  order: 1,
  description: 'A folding road tyre.',
  category: 'wheels-and-tyres',
  options: SIZES,
  variants: [
    { sku: 'FRESH-28', options: { Size: '700x28c' }, price: 3999, quantity: quantities[0] },
    { sku: 'FRESH-32', options: { Size: '700x32c' }, price: 4299, quantity: quantities[1] },
  ],
});

/** A part as Add Product sends it; its id. */
const addBell = async (productName: string, quantity: number) => {
  const added = await asAdmin<InsertResult>('POST', '/parts', {
    productName,
    img: '/parts/bell.svg',
    order: 1,
    quantity,
    price: 999,
    description: 'A brass bell.',
  });
  expect(added.status).toBe(201);
  return added.body.insertedId;
};

describe('low stock from the start', () => {
  it('lists a part added at or below its threshold, and mails the admins once', async () => {
    // A part sold as one holds at least its minimum order (1); a size may start at 0 (below).
    const partId = await addBell('Last bell', 1);
    expect(await listedOf(partId)).toEqual([
      { sku: undefined, name: 'Last bell', units: 1, threshold: 3 },
    ]);
    const mail = await asAdmin<Mail[]>('GET', '/mail');
    expect(
      mail.body.filter((one) => one.kind === 'shop_low_stock' && one.about === partId),
    ).toEqual([
      expect.objectContaining({
        to: admin.email,
        message: expect.objectContaining({ subject: 'Low stock: Last bell (1 left)' }),
      }),
    ]);
    // Above the threshold from the start: not listed.
    expect(await listedOf(await addBell('Full bell', 4))).toEqual([]);
  });

  it('lists each size at or below its threshold as added and as edited, and drops one no longer sold', async () => {
    const input = tyre([0, 10]);
    const added = await asAdmin<InsertResult>('POST', '/parts', input);
    expect(added.status).toBe(201);
    const partId = added.body.insertedId;
    const name = (size: string) => `${input.productName} (${size})`;
    expect(await listedOf(partId)).toEqual([
      { sku: 'FRESH-28', name: name('700x28c'), units: 0, threshold: 3 },
    ]);

    // The 32 mm's stock set to the threshold by an edit: both are low.
    const [small, large] = input.variants;
    const edited = await asAdmin('PATCH', `/parts/${partId}`, {
      options: SIZES,
      variants: [small, { ...large, quantity: 3 }],
    });
    expect(edited.status).toBe(200);
    expect(await listedOf(partId)).toEqual([
      { sku: 'FRESH-28', name: name('700x28c'), units: 0, threshold: 3 },
      { sku: 'FRESH-32', name: name('700x32c'), units: 3, threshold: 3 },
    ]);

    // A lower threshold of the part's own: only the empty size stays.
    expect((await asAdmin('PATCH', `/parts/${partId}`, { lowStock: 1 })).status).toBe(200);
    expect(await listedOf(partId)).toEqual([
      { sku: 'FRESH-28', name: name('700x28c'), units: 0, threshold: 1 },
    ]);

    // The empty size no longer sold: off the list; the part deleted: nothing left of it.
    const dropped = await asAdmin('PATCH', `/parts/${partId}`, {
      options: [{ name: 'Size', values: ['700x32c'] }],
      variants: [{ ...large, quantity: 1 }],
    });
    expect(dropped.status).toBe(200);
    expect(await listedOf(partId)).toEqual([
      { sku: 'FRESH-32', name: name('700x32c'), units: 1, threshold: 1 },
    ]);
    expect((await asAdmin('DELETE', `/parts/${partId}`)).status).toBe(200);
    expect(await listedOf(partId)).toEqual([]);
  });

  it('lists a part imported from a CSV at or below its threshold', async () => {
    const productName = `Imported bell ${Math.random().toString(36).slice(2, 8)}`;
    const imported = await api.request<{ added: { id: string | null }[] }>(
      'POST',
      '/admin/parts/import',
      {
        token: admin.token,
        headers: { 'content-type': 'text/csv' },
        raw: `id,productName,img,order,quantity,price,description\n,${productName},/parts/bell.svg,1,2,9.99,A brass bell.\n`,
      },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const partId = imported.body.added[0]?.id ?? '';
    expect(await listedOf(partId)).toEqual([
      { sku: undefined, name: productName, units: 2, threshold: 3 },
    ]);
  });
});
