/**
 * Low stock (issue 27 item 3, docs/decisions/070): a part that goes to its threshold mails the
 * admins once, stays listed while low, is cleared by a restock, and mails again when it falls
 * again; a part's own threshold wins over the shop's.
 */
import type { InsertResult, LowStockItem, Mail, SalesReport } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { LOW_STOCK } from './low-stock.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: { ...MANY_ORDERS, SHOP_LOW_STOCK: '3' } });
  [customer, admin] = await Promise.all([api.customer('low-stock'), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

/** Places an order and, unless told, pays it (one customer may hold only part of a stock unpaid). */
const order = async (partId: string, orderQuantity: number, { pay = true } = {}) => {
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: customer.token,
    json: { partId, userName: 'Shopper', address: '1 Road', number: '5550100', orderQuantity },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  if (pay) expect((await api.pay(customer, placed.body.insertedId)).status).toBe(200);
  return placed.body.insertedId;
};

const lowStockMails = async (partId: string) => {
  const mail = await api.request<Mail[]>('GET', '/mail', { token: admin.token });
  return mail.body.filter((one) => one.kind === 'shop_low_stock' && one.about === partId);
};

const listed = async () =>
  (await api.request<SalesReport>('GET', '/admin/sales', { token: admin.token })).body.lowStock;

describe('low stock', () => {
  it('mails the admins once when a part goes low, and again only after a restock', async () => {
    const partId = await api.addPart({ productName: 'Low chain', quantity: 10, order: 1 });
    await order(partId, 5);
    await order(partId, 1);
    expect(await lowStockMails(partId)).toEqual([]);
    expect((await listed()).some((item) => item.partId === partId)).toBe(false);

    // 4 → 3: at the shop's threshold of 3.
    await order(partId, 1);
    const first = await lowStockMails(partId);
    expect(first).toEqual([
      expect.objectContaining({
        to: admin.email,
        message: expect.objectContaining({ subject: 'Low stock: Low chain (3 left)' }),
      }),
    ]);
    // Still low: no more mail, and the Overview lists it with its units now.
    await order(partId, 1);
    expect(await lowStockMails(partId)).toHaveLength(1);
    expect((await listed()).find((item) => item.partId === partId)).toMatchObject({
      name: 'Low chain',
      units: 2,
      threshold: 3,
    });

    // Restocked above the threshold: no longer low.
    const restocked = await api.request('PUT', `/parts/${partId}`, {
      token: admin.token,
      json: { addQuantity: 10 },
    });
    expect(restocked.status).toBe(200);
    expect((await listed()).some((item) => item.partId === partId)).toBe(false);
    expect(await api.store.query(LOW_STOCK)).toEqual([]);

    // A new fall mails again.
    await order(partId, 6);
    expect(await lowStockMails(partId)).toHaveLength(1);
    await order(partId, 3);
    expect(await lowStockMails(partId)).toHaveLength(2);
  });

  it('is cleared when a cancelled order brings the stock back above the threshold', async () => {
    const partId = await api.addPart({ productName: 'Low tyre', quantity: 8, order: 1 });
    await order(partId, 4);
    const held = await order(partId, 2, { pay: false });
    expect(await lowStockMails(partId)).toHaveLength(1);
    expect((await listed()).some((item) => item.partId === partId)).toBe(true);
    const cancelled = await api.request('POST', `/ordered/${held}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.status).toBe(200);
    expect((await listed()).some((item) => item.partId === partId)).toBe(false);
  });

  it('weighs a part against its own threshold when it has one', async () => {
    const partId = await api.addPart({ productName: 'Low brake', quantity: 20, order: 1 });
    const edited = await api.request('PATCH', `/parts/${partId}`, {
      token: admin.token,
      json: { lowStock: 15 },
    });
    expect(edited.status).toBe(200);
    expect((await api.store.get('parts', partId))?.data).toMatchObject({ lowStock: 15 });
    const refused = await api.request('PATCH', `/parts/${partId}`, {
      token: admin.token,
      json: { lowStock: -1 },
    });
    expect(refused.status).toBe(422);
    await order(partId, 4);
    expect(await lowStockMails(partId)).toHaveLength(0);
    await order(partId, 1);
    expect(await lowStockMails(partId)).toHaveLength(1);
    expect((await listed()).find((item) => item.partId === partId)).toMatchObject({
      units: 15,
      threshold: 15,
    });
    // Manage Products' filter reads the same list, admins only.
    const filter = await api.request<LowStockItem[]>('GET', '/admin/low-stock', {
      token: admin.token,
    });
    expect(filter.body).toEqual(await listed());
    expect((await api.request('GET', '/admin/low-stock', { token: customer.token })).status).toBe(
      403,
    );
  });

  it("weighs each variant on its own stock, with the part's threshold, and restocks one by its sku", async () => {
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: {
        productName: 'Low tyre sizes',
        img: '/parts/tyre.svg',
        order: 1,
        description: 'A folding road tyre.',
        category: 'wheels-and-tyres',
        lowStock: 4,
        options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
        variants: [
          { sku: 'LOW-28', options: { Size: '700x28c' }, price: 3999, quantity: 12 },
          { sku: 'LOW-32', options: { Size: '700x32c' }, price: 4299, quantity: 12 },
        ],
      },
    });
    expect(added.status).toBe(201);
    const partId = added.body.insertedId;
    const buy = async (sku: string, quantity: number) => {
      const placed = await api.request<{ insertedId: string }>('POST', '/checkout', {
        token: customer.token,
        json: {
          items: [{ partId, sku, quantity }],
          address: '1 Road',
          number: '5550100',
          country: 'US',
        },
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      expect((await api.pay(customer, placed.body.insertedId)).status).toBe(200);
    };
    await buy('LOW-28', 6);
    await buy('LOW-28', 2);
    // 12 → 4: the 28 mm is low, the 32 mm is not.
    const mails = await lowStockMails(partId);
    expect(mails.map((mail) => mail.message.subject)).toEqual([
      'Low stock: Low tyre sizes (700x28c) (4 left)',
    ]);
    expect((await listed()).filter((item) => item.partId === partId)).toEqual([
      expect.objectContaining({ sku: 'LOW-28', units: 4, threshold: 4 }),
    ]);
    const restocked = await api.request('PUT', `/parts/${partId}`, {
      token: admin.token,
      json: { addQuantity: 5, sku: 'LOW-28' },
    });
    expect(restocked.status).toBe(200);
    expect((await listed()).filter((item) => item.partId === partId)).toEqual([]);
  });
});
