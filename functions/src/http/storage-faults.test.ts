/**
 * Storage faults over HTTP: a SQLite file whose write lock another connection holds, and a full
 * disk, answer 503 with Retry-After and write nothing; waiting for the lock never stops the
 * server answering other requests.
 */
import type { InsertResult, Part } from '@sprocket/contract';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from '../../../scripts/test-deadlines.js';
import { startApi, type Harness, type TestUser } from '../testing/api-harness.js';

let api: Harness;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

function placeOrder(user: TestUser, partId: string) {
  return api.request<InsertResult>('POST', '/ordered', {
    token: user.token,
    json: {
      partId,
      address: '1 Chainring Road, Gearford',
      number: '+1 555 0100',
      orderQuantity: 2,
    },
  });
}

/**
 * These faults are the SQLite file's: `npm run test:api` runs them, and the Firestore run leaves
 * this file out (its own faults are in store/firestore/firestore-faults.test.ts).
 */
function sqlite() {
  if (!api.sqlite) throw new Error('The storage-fault cases need the SQLite store');
  return api.sqlite;
}
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('a SQLite file whose write lock another connection holds', () => {
  it('answers an order 503 with Retry-After and writes nothing, answers reads meanwhile, and takes the order once the lock is gone', async () => {
    const customer = await api.customer();
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const before = await api.snapshot();

    const holder = new Database(sqlite().file);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const started = performance.now();
      let refusedAfterMs = 0;
      const ordering = placeOrder(customer, partId).then((response) => {
        refusedAfterMs = performance.now() - started;
        return response;
      });
      // The order is waiting for the lock by now; a read sent meanwhile is answered at once.
      await pause(200);
      const read = await api.request<Part>('GET', `/parts/${partId}`);
      const readAfterMs = performance.now() - started;
      const refused = await ordering;

      expect(read.status).toBe(200);
      expect(read.body.quantity).toBe(10);
      // Answered while the order still waits: a read queued behind the lock would come after it.
      expect(readAfterMs).toBeLessThan(refusedAfterMs);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ error: { code: 'unavailable' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refusedAfterMs).toBeLessThan(deadline(5000));
      expect(await api.snapshot()).toEqual(before);
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
    }

    const placed = await placeOrder(customer, partId);
    expect(placed.status).toBe(201);
    expect((await api.request<Part>('GET', `/parts/${partId}`)).body.quantity).toBe(8);
  });
});

describe('a full disk', () => {
  it('answers an order 503 with Retry-After and writes nothing; once there is room the order goes through', async () => {
    const customer = await api.customer();
    // A full disk refuses what needs new pages: the order copies this image path, which needs many.
    const partId = await api.addPart({
      order: 1,
      quantity: 10,
      img: `/parts/${'x'.repeat(64_000)}.svg`,
    });
    const before = await api.snapshot();

    await sqlite().store.simulateFullDisk(true);
    try {
      const refused = await placeOrder(customer, partId);
      expect(refused.status).toBe(503);
      expect(refused.body).toMatchObject({ error: { code: 'unavailable' } });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await api.snapshot()).toEqual(before);
    } finally {
      await sqlite().store.simulateFullDisk(false);
    }

    const placed = await placeOrder(customer, partId);
    expect(placed.status).toBe(201);
  });
});
