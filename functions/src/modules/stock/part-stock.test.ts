/**
 * A part's stock through the store's ledger, over HTTP, on whichever store the suite runs on
 * (docs/decisions/033): the product page and the catalogue show what Add Product, orders, a
 * cancellation and Add Stock left, and each store keeps it its own way: SQLite in the part's
 * `quantity` field, Firestore in shards, without writing the part's document per order.
 */
import type { CataloguePart, InsertResult, Part } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANY_ORDERS,
  startApi,
  TEST_STORE,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import { STOCK_COLLECTION } from '../../store/port.js';
import type { StockShardDoc } from '../../store/firestore/sharded-stock.js';
import type { PartDoc } from './part-record.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;
let another: TestUser;
beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [admin, customer, another] = await Promise.all([
    api.admin(),
    api.customer('rider'),
    api.customer('another-rider'),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const order = (partId: string, orderQuantity: number, by = customer) =>
  api.request<InsertResult>('POST', '/ordered', {
    token: by.token,
    json: { partId, orderQuantity, address: '1 Chainring Road', number: '5550100' },
  });

async function shown(partId: string): Promise<{ page: number; catalogue: number | undefined }> {
  const page = (await api.request<Part>('GET', `/parts/${partId}`)).body.quantity;
  const all = (await api.request<CataloguePart[]>('GET', '/parts')).body;
  return { page, catalogue: all.find((part) => part._id === partId)?.quantity };
}

async function shardsOf(partId: string) {
  return api.store.query<StockShardDoc>(STOCK_COLLECTION, {
    where: [{ field: 'owner', op: '==', value: `parts/${partId}` }],
  });
}

describe(`stock on ${TEST_STORE}`, () => {
  it('shows what Add Product, orders, a cancellation and Add Stock left, kept the store’s way', async () => {
    const added = await api.request<InsertResult>('POST', '/parts', {
      token: admin.token,
      json: {
        productName: 'Launch edition derailleur',
        img: '/p.svg',
        order: 1,
        quantity: 30,
        price: 12900,
        description: 'Sold out in a minute.',
      },
    });
    expect(added.status).toBe(201);
    const partId = added.body.insertedId;
    expect(await shown(partId)).toEqual({ page: 30, catalogue: 30 });

    const placed = [];
    for (const units of [4, 1, 7]) {
      const response = await order(partId, units);
      expect(response.status).toBe(201);
      placed.push(response.body.insertedId);
    }
    expect(await shown(partId)).toEqual({ page: 18, catalogue: 18 });

    const cancelled = await api.request('DELETE', `/ordered/${placed[2]}`, {
      token: customer.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await shown(partId)).toEqual({ page: 25, catalogue: 25 });

    const restocked = await api.request('PUT', `/parts/${partId}`, {
      token: admin.token,
      json: { addQuantity: 15 },
    });
    expect(restocked.status).toBe(200);
    expect(await shown(partId)).toEqual({ page: 40, catalogue: 40 });

    const tooMany = await order(partId, 41);
    expect(tooMany).toMatchObject({
      status: 409,
      body: { error: { message: 'Only 40 available' } },
    });

    const part = await api.store.get<PartDoc>('parts', partId);
    const shards = await shardsOf(partId);
    if (TEST_STORE === 'sqlite') {
      expect(part?.data.quantity).toBe(40);
      expect(shards).toEqual([]);
    } else {
      // Add Product and Add Stock spread the units; the orders took them from the shards.
      expect(part?.data.quantity).toBe(0);
      expect(shards.length).toBeGreaterThan(1);
      expect(shards.reduce((sum, { data }) => sum + data.units, 0)).toBe(40);
      expect(shards.every(({ data }) => data.units >= 0)).toBe(true);
    }
  });

  it('takes a part’s units stored on its document (a seed, an older part) with the rest', async () => {
    const partId = await api.addPart({ order: 1, quantity: 12 });
    expect((await order(partId, 5)).status).toBe(201);
    expect(await shown(partId)).toEqual({ page: 7, catalogue: 7 });
    // A customer holds at most half of a part unpaid: someone else takes the rest.
    expect((await order(partId, 4, another)).status).toBe(201);
    expect((await order(partId, 2, admin)).status).toBe(201);
    expect((await order(partId, 1, await api.customer('last-unit'))).status).toBe(201);
    expect((await order(partId, 1)).body).toMatchObject({
      error: { message: 'This part is out of stock' },
    });
    expect(await shown(partId)).toEqual({ page: 0, catalogue: 0 });
  });

  it('removes the stock with the part', async () => {
    const partId = await api.addPart({ order: 1, quantity: 9 });
    expect((await order(partId, 2)).status).toBe(201);
    const deleted = await api.request('DELETE', `/parts/${partId}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect(await shardsOf(partId)).toEqual([]);
  });
});
