/**
 * The sharded stock ledger (docs/decisions/033) on two stores: a real SQLite file, and the
 * in-process Firestore emulator behind the write-rate wrapper, which gives it the isolation the
 * emulator lacks (optimistic, by the ids read) and Firestore's limit of about one write a second
 * per document. Orders here are what the shop's order transaction does with stock: read the part,
 * take units or be short, write the order.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessFirestore } from '../../testing/in-process-firestore.js';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port.js';
import {
  STOCK_COLLECTION,
  type StockLedger,
  type Stocked,
  type Store,
  type StoredDoc,
  type StoreReader,
} from '../port.js';
import { openSqliteStore } from '../sqlite/sqlite-store.js';
import { withWriteListener } from '../write-listener.js';
import { withWriteRateLimit } from '../write-rate-limit.js';
import { openFirestoreStore } from './firestore-store.js';
import { shardedStock, spread, type StockShardDoc } from './sharded-stock.js';

const SHARDS = 4;
const PARTS = 'parts';

type PartData = { quantity: number; name: string };

class OutOfStock extends Error {
  constructor(readonly available: number) {
    super(`only ${available} available`);
  }
}

interface Backend {
  name: string;
  /** Opens the store with the ledger `stock` makes, given the store to read hints from. */
  open(
    stock: (hints: StoreReader) => StockLedger,
  ): Promise<{ store: Store; close(): Promise<void> }>;
}

// This file's Firestore is the in-process emulator behind the wrapper; the client library would
// send it to the official one the run names in FIRESTORE_EMULATOR_HOST (its own tests run there).
delete process.env.FIRESTORE_EMULATOR_HOST;

let server: InProcessFirestore | undefined;
let firestoreHost = '';
const apps: App[] = [];
beforeAll(async () => {
  server = new InProcessFirestore();
  const port = await freePort();
  await server.start(port);
  firestoreHost = `127.0.0.1:${port}`;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  server?.stop();
});

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const backends: Backend[] = [
  {
    name: 'a SQLite file',
    async open(stock) {
      const dir = mkdtempSync(join(tmpdir(), 'sprocket-stock-'));
      const store = openSqliteStore(join(dir, 'stock.sqlite'));
      return {
        store: { ...store, stock: stock(store) },
        async close() {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  },
  {
    name: 'the in-process Firestore emulator, isolated and rate-limited by the wrapper',
    async open(stock) {
      const app = initializeApp(
        { projectId: `demo-stock-${apps.length}` },
        `sharded-stock-${apps.length}`,
      );
      apps.push(app);
      const db = getFirestore(app);
      db.settings({ host: firestoreHost, ssl: false });
      const firestore = openFirestoreStore(db);
      const withStock = { ...firestore, stock: stock(firestore) };
      // Real time, a generous burst: the tests are about the stock math, the benchmark about rate.
      const store = withWriteRateLimit(withStock, {
        perSecond: 1,
        burst: 1000,
        now: () => Date.now(),
        sleep: pause,
        attempts: 50,
        backoffMs: () => 1 + Math.random() * 5,
      });
      return { store, close: async () => {} };
    },
  },
];

const stockedOf = (part: StoredDoc<PartData>): Stocked => ({
  collection: PARTS,
  id: part.id,
  quantity: part.data.quantity,
});

/** What the order transaction does with stock; answers the order's id, or throws OutOfStock. */
async function order(store: Store, partId: string, units: number): Promise<string> {
  const id = store.newId();
  await store.runTransaction(async (tx) => {
    const part = await tx.get<PartData>(PARTS, partId);
    if (!part) throw new Error('no part');
    const take = await store.stock.prepareTake(tx, [{ doc: stockedOf(part), units }]);
    const short = take.short[0];
    if (short !== undefined) throw new OutOfStock(short);
    take.apply();
    tx.set('orders', id, { partId, units });
  });
  return id;
}

async function cancel(store: Store, orderId: string): Promise<void> {
  await store.runTransaction(async (tx) => {
    const placed = await tx.get<{ partId: string; units: number }>('orders', orderId);
    if (!placed) throw new Error('no order');
    const part = await tx.get<PartData>(PARTS, placed.data.partId);
    const putBack = await store.stock.prepareReturn(tx, [
      { doc: stockedOf(part!), units: placed.data.units },
    ]);
    tx.delete('orders', orderId);
    putBack();
  });
}

async function setStock(store: Store, partId: string, units: number): Promise<void> {
  await store.runTransaction(async (tx) => {
    const part = await tx.get<PartData>(PARTS, partId);
    (await store.stock.prepareCount(tx, stockedOf(part!))).set(units);
  });
}

async function stockOf(store: Store, partId: string): Promise<number> {
  const part = await store.get<PartData>(PARTS, partId);
  const [units] = await store.stock.count(store, [stockedOf(part!)]);
  return units!;
}

async function shardsOf(store: Store, partId: string): Promise<number[]> {
  const shards = await store.query<StockShardDoc>(STOCK_COLLECTION, {
    where: [{ field: 'owner', op: '==', value: `${PARTS}/${partId}` }],
  });
  const units = new Array<number>(SHARDS).fill(0);
  for (const { data } of shards) units[data.shard] = data.units;
  return units;
}

async function newPart(store: Store, quantity: number): Promise<string> {
  const id = store.newId();
  await store.set(PARTS, id, { quantity, name: `part ${id}` });
  return id;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('spread', () => {
  it('splits units as evenly as whole units go, the first shards taking the remainder', () => {
    expect(spread(10, 4)).toEqual([3, 3, 2, 2]);
    expect(spread(3, 4)).toEqual([1, 1, 1, 0]);
    expect(spread(0, 3)).toEqual([0, 0, 0]);
  });
});

describe.each(backends)('sharded stock on $name', (backend) => {
  let store: Store;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await backend.open((hints) => shardedStock({ shards: SHARDS, hints })));
  });
  afterAll(async () => {
    await close();
  });

  it("spreads a new part's stock at its first order; orders after it write shards, not the part", async () => {
    const partId = await newPart(store, 40);
    const writes: string[][] = [];
    const listened = withWriteListener(store, (collection) => writes.at(-1)?.push(collection));

    writes.push([]);
    await order(listened, partId, 1);
    expect((await store.get<PartData>(PARTS, partId))?.data.quantity).toBe(0);
    expect(sum(await shardsOf(store, partId))).toBe(39);

    for (let i = 0; i < 5; i += 1) {
      writes.push([]);
      await order(listened, partId, 2);
    }
    for (const collections of writes.slice(1)) {
      expect(collections.sort()).toEqual(['orders', STOCK_COLLECTION]);
    }
    expect(await stockOf(store, partId)).toBe(29);
  });

  it('never oversells: 60 concurrent orders of 1 against 30 units place exactly 30', async () => {
    const partId = await newPart(store, 0);
    await setStock(store, partId, 30);
    const results = await Promise.allSettled(
      Array.from({ length: 60 }, () => order(store, partId, 1)),
    );
    const placed = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    expect(placed).toHaveLength(30);
    expect(refused).toHaveLength(30);
    for (const reason of refused) expect(reason).toBeInstanceOf(OutOfStock);
    expect(await shardsOf(store, partId)).toEqual([0, 0, 0, 0]);
    expect(await stockOf(store, partId)).toBe(0);
    expect(
      await store.query('orders', { where: [{ field: 'partId', op: '==', value: partId }] }),
    ).toHaveLength(30);
  });

  it('keeps every shard at zero or above under concurrent orders of different sizes', async () => {
    const partId = await newPart(store, 0);
    await setStock(store, partId, 50);
    const sizes = Array.from({ length: 30 }, (_, i) => 1 + (i % 5));
    const results = await Promise.allSettled(sizes.map((units) => order(store, partId, units)));
    const taken = sum(sizes.filter((_, i) => results[i]!.status === 'fulfilled'));
    const shards = await shardsOf(store, partId);
    expect(shards.every((units) => units >= 0)).toBe(true);
    expect(sum(shards)).toBe(50 - taken);
    for (const [i, result] of results.entries()) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(OutOfStock);
        // Refused only when the whole part had fewer than the order wanted.
        expect((result.reason as OutOfStock).available).toBeLessThan(sizes[i]!);
      }
    }
    expect(taken).toBeGreaterThan(45);
  });

  it('serves a large order from several shards, and refuses one over the sum with the sum', async () => {
    const partId = await newPart(store, 0);
    await setStock(store, partId, 40);
    expect(await shardsOf(store, partId)).toEqual([10, 10, 10, 10]);

    await order(store, partId, 25);
    const after = await shardsOf(store, partId);
    expect(sum(after)).toBe(15);
    expect(after.filter((units) => units < 10).length).toBeGreaterThanOrEqual(3);
    expect(after.every((units) => units >= 0)).toBe(true);

    await expect(order(store, partId, 16)).rejects.toEqual(new OutOfStock(15));
    expect(await stockOf(store, partId)).toBe(15);
    await order(store, partId, 15);
    expect(await shardsOf(store, partId)).toEqual([0, 0, 0, 0]);
  });

  it('takes from the part’s own units only when the shards together fall short, spreading the rest', async () => {
    const partId = await newPart(store, 0);
    await setStock(store, partId, 4);
    // Units stored on the part itself (an older part, a seed) count with the shards.
    await store.update(PARTS, partId, { quantity: 20 });
    expect(await stockOf(store, partId)).toBe(24);
    await order(store, partId, 6);
    expect((await store.get<PartData>(PARTS, partId))?.data.quantity).toBe(0);
    expect(await shardsOf(store, partId)).toEqual([5, 5, 4, 4]);
  });

  it('Add Stock spreads the new total over the shards', async () => {
    const partId = await newPart(store, 7);
    await order(store, partId, 2);
    await setStock(store, partId, (await stockOf(store, partId)) + 100);
    expect(await shardsOf(store, partId)).toEqual([27, 26, 26, 26]);
    expect((await store.get<PartData>(PARTS, partId))?.data.quantity).toBe(0);
    await setStock(store, partId, 2);
    expect(await shardsOf(store, partId)).toEqual([1, 1, 0, 0]);
  });

  it('returns a cancelled order’s units to a shard', async () => {
    const partId = await newPart(store, 0);
    await setStock(store, partId, 12);
    const placed = await order(store, partId, 5);
    expect(await stockOf(store, partId)).toBe(7);
    await cancel(store, placed);
    expect(await stockOf(store, partId)).toBe(12);
    expect(sum(await shardsOf(store, partId))).toBe(12);
  });

  it('counts the part plus its shards, for one part, a few and a whole catalogue', async () => {
    const ids = await Promise.all([3, 0, 9, 14, 1, 6, 22].map((units) => newPart(store, units)));
    await order(store, ids[2]!, 4);
    await setStock(store, ids[3]!, 30);
    const expected = [3, 0, 5, 30, 1, 6, 22];
    const parts = await Promise.all(ids.map((id) => store.get<PartData>(PARTS, id)));
    const docs = parts.map((part) => stockedOf(part!));
    expect(await store.stock.count(store, docs)).toEqual(expected);
    expect(await store.stock.count(store, docs.slice(0, 3))).toEqual(expected.slice(0, 3));
    expect(await store.stock.count(store, [docs[3]!])).toEqual([30]);
  });

  it('removes the shards with the part', async () => {
    const partId = await newPart(store, 0);
    await setStock(store, partId, 8);
    await store.runTransaction(async (tx) => {
      const part = await tx.get<PartData>(PARTS, partId);
      const remove = await store.stock.prepareRemove(tx, stockedOf(part!));
      tx.delete(PARTS, partId);
      remove();
    });
    expect(await shardsOf(store, partId)).toEqual([0, 0, 0, 0]);
    expect(
      await store.query(STOCK_COLLECTION, {
        where: [{ field: 'owner', op: '==', value: `${PARTS}/${partId}` }],
      }),
    ).toEqual([]);
  });
});
