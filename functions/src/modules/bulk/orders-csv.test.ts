/**
 * GET /admin/orders.csv: every order line for the owner's accounting with the order's amounts,
 * selected as All Orders selects them (status, days, customer, search), and no cell a formula.
 */
import { apiPaths, ORDERS_CSV_COLUMNS, type InsertResult } from '@sprocket/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [admin, customer] = await Promise.all([api.admin(), api.customer()]);
});
afterAll(async () => {
  await api?.close();
});

async function exportOrders(range: Record<string, string> = {}, token?: string | null) {
  const bearer = token === undefined ? admin.token : token;
  const response = await fetch(`${api.url}/api${apiPaths.ordersCsv(range)}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const rowsOf = (text: string) => {
  const [header, ...rows] = parse(text, { bom: true }) as string[][];
  expect(header).toEqual([...ORDERS_CSV_COLUMNS]);
  return rows.map((row) => Object.fromEntries(header!.map((column, at) => [column, row[at]])));
};

/** A two-line order of last winter, written as the checkout stores one. */
async function storeOldOrder(
  id: string,
  createdAt: string,
  fields: Record<string, string | number> = {},
) {
  await api.store.set('orders', id, {
    partId: 'old-chain',
    partName: 'Old chain and 1 more',
    img: '/parts/chain.svg',
    price: 4200,
    orderQuantity: 3,
    totalPrice: 4200,
    lines: [
      {
        partId: 'old-chain',
        partName: 'Old chain',
        img: '/parts/chain.svg',
        price: 1500,
        quantity: 2,
        lineTotal: 3000,
      },
      {
        partId: 'old-tape',
        partName: 'Bar tape, cork',
        img: '/parts/tape.svg',
        price: 1200,
        quantity: 1,
        lineTotal: 1200,
      },
    ],
    timeline: [{ status: 'unpaid', at: createdAt, actor: 'customer' }],
    email: 'winter@sprocket.test',
    userName: 'Winter Rider',
    address: '1 Frost Lane',
    number: '+1 555 0199',
    paid: true,
    status: 'delivered',
    createdAt,
    ...fields,
  });
}

describe('GET /admin/orders.csv', () => {
  it('writes one row per order line with its status and amounts as decimals', async () => {
    const partId = await api.addPart({ productName: 'Brake pads', price: 1999, quantity: 20 });
    const placed = await api.request<InsertResult>('POST', '/ordered', {
      token: customer.token,
      json: {
        partId,
        partName: 'x',
        userName: 'Casey Customer',
        address: '1 Chainring Road',
        number: '+1 555 0100',
        orderQuantity: 3,
      },
    });
    expect(placed.status).toBe(201);
    await storeOldOrder('winter-order', '2026-01-15T10:00:00.000Z');

    const answer = await exportOrders();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toMatch(/filename="sprocket-orders-/);
    const rows = rowsOf(answer.text);
    // Oldest first.
    expect(rows).toEqual([
      {
        orderId: 'winter-order',
        createdAt: '2026-01-15T10:00:00.000Z',
        status: 'delivered',
        email: 'winter@sprocket.test',
        partId: 'old-chain',
        partName: 'Old chain',
        quantity: '2',
        unitPrice: '15.00',
        lineTotal: '30.00',
        subtotal: '42.00',
        discount: '0.00',
        shipping: '0.00',
        tax: '0.00',
        orderTotal: '42.00',
        currency: 'USD',
      },
      expect.objectContaining({
        orderId: 'winter-order',
        partName: 'Bar tape, cork',
        quantity: '1',
        unitPrice: '12.00',
        lineTotal: '12.00',
        orderTotal: '42.00',
      }),
      {
        orderId: placed.body.insertedId,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        status: 'unpaid',
        email: customer.email,
        partId,
        partName: 'Brake pads',
        quantity: '3',
        unitPrice: '19.99',
        lineTotal: '59.97',
        subtotal: '59.97',
        discount: '0.00',
        shipping: '0.00',
        tax: '0.00',
        orderTotal: '59.97',
        currency: 'USD',
      },
    ]);
  });

  it('takes the orders created from `from` to `to`, a day counting whole', async () => {
    await storeOldOrder('range-before', '2025-12-31T23:59:59.999Z');
    await storeOldOrder('range-first', '2026-02-01T00:00:00.000Z');
    await storeOldOrder('range-last', '2026-02-28T23:59:59.000Z');
    await storeOldOrder('range-after', '2026-03-01T00:00:00.000Z');
    const ids = async (range: { from?: string; to?: string }) => {
      const answer = await exportOrders(range);
      expect(answer.status).toBe(200);
      return [...new Set(rowsOf(answer.text).map((row) => row.orderId))];
    };
    expect(await ids({ from: '2026-02-01', to: '2026-02-28' })).toEqual([
      'range-first',
      'range-last',
    ]);
    expect(await ids({ from: '2026-02-01T00:00:01Z', to: '2026-03-01' })).toEqual([
      'range-last',
      'range-after',
    ]);
    expect(await ids({ to: '2025-12-31' })).toEqual(['range-before']);
    // The last day there is ends the range too (its next day, "+010000-…", sorts before all).
    expect(await ids({ from: '2025-01-01', to: '9999-12-31' })).toEqual(
      await ids({ from: '2025-01-01' }),
    );
    expect(await ids({ from: '2025-01-01', to: '9999-12-31' })).toContain('range-after');
  });

  it.each([
    [{ from: '2026-02-30' }],
    [{ from: 'yesterday' }],
    [{ to: '2026-13-01' }],
    [{ to: '1700000000' }],
    [{ from: '2026-03-02', to: '2026-03-01' }],
    [{ from: '0000-12-31' }],
    [{ to: '0000-01-01T00:00:00Z' }],
  ])('answers 422 to %j', async (range) => {
    const answer = await exportOrders(range);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.text)).toMatchObject({ error: { code: 'validation_failed' } });
  });

  it('writes the order’s subtotal, discount, shipping, tax and total on each of its lines', async () => {
    await storeOldOrder('amounts-order', '2024-05-02T09:00:00.000Z', {
      subtotal: 4200,
      discount: 420,
      shipping: 595,
      tax: 756,
      total: 5131,
      totalPrice: 5131,
    });
    const rows = rowsOf((await exportOrders({ from: '2024-05-02', to: '2024-05-02' })).text);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        subtotal: '42.00',
        discount: '4.20',
        shipping: '5.95',
        tax: '7.56',
        orderTotal: '51.31',
      });
    }
  });

  it('exports the selection of All Orders: status, customer, search and days', async () => {
    await storeOldOrder('pick-paid', '2024-06-01T08:00:00.000Z', {
      status: 'paid',
      email: 'picked@sprocket.test',
    });
    await storeOldOrder('pick-delivered', '2024-06-02T08:00:00.000Z', {
      email: 'picked@sprocket.test',
    });
    await storeOldOrder('pick-other', '2024-06-02T09:00:00.000Z', {
      status: 'paid',
      email: 'other@sprocket.test',
    });
    const ids = async (selection: Record<string, string>) => {
      const answer = await exportOrders({ from: '2024-06-01', to: '2024-06-30', ...selection });
      expect(answer.status).toBe(200);
      return [...new Set(rowsOf(answer.text).map((row) => row.orderId))];
    };
    expect(await ids({})).toEqual(['pick-paid', 'pick-delivered', 'pick-other']);
    expect(await ids({ status: 'paid' })).toEqual(['pick-paid', 'pick-other']);
    expect(await ids({ email: 'PICKED@sprocket.test' })).toEqual(['pick-paid', 'pick-delivered']);
    expect(await ids({ email: 'picked@sprocket.test', status: 'paid' })).toEqual(['pick-paid']);
    expect(await ids({ q: 'other@' })).toEqual(['pick-other']);
    expect(await ids({ to: '2024-06-01' })).toEqual(['pick-paid']);
    expect((await exportOrders({ status: 'lost' })).status).toBe(422);
    expect((await exportOrders({ email: 'not-an-email' })).status).toBe(422);
  });

  it('writes a cell a spreadsheet would run as a formula as text, with a leading apostrophe', async () => {
    const starts = [
      '=HYPERLINK("http://x.test","Refund")',
      '+1+2',
      '-2+3',
      '@SUM(A1:A9)',
      '\tTab',
      '\rReturn',
    ];
    for (const [at, partName] of starts.entries()) {
      const line = { partId: 'p', partName, img: '/parts/p.svg', price: 4200, quantity: 1 };
      await api.store.set('orders', `formula-${at}`, {
        ...line,
        orderQuantity: 1,
        totalPrice: 4200,
        lines: [{ ...line, lineTotal: 4200 }],
        email: `=cmd|'/c calc'!A${at}@sprocket.test`,
        userName: '=Mallory',
        address: '1 Road',
        number: '5550100',
        paid: true,
        status: 'paid',
        createdAt: `2023-03-0${at + 1}T10:00:00.000Z`,
      });
    }
    const rows = rowsOf((await exportOrders({ from: '2023-03-01', to: '2023-03-31' })).text);
    expect(rows.map((row) => row.partName)).toEqual(starts.map((name) => `'${name}`));
    for (const row of rows) {
      expect(row.email).toMatch(/^'=cmd/);
      // Amounts stay numbers a spreadsheet adds up.
      expect(row.orderTotal).toBe('42.00');
    }
  });

  it('is for admins only', async () => {
    expect((await exportOrders({}, null)).status).toBe(401);
    expect((await exportOrders({}, customer.token)).status).toBe(403);
  });
});
