/**
 * The storage contract (docs/architecture.md §5): one suite that every adapter runs. Each test works in
 * collections of its own, so adapters need no cleanup between tests.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoreNotFoundError, StoreUnavailableError, type DocData, type Store } from './port.js';

/** What an adapter's contended transactions may do differently; every case runs on every adapter. */
export interface ContractOptions {
  /**
   * How many of 100 concurrent transactions on one document must commit: all by default. Firestore
   * turns away what waits too long for a document this contended as unavailable (the API's 503):
   * on a slow machine that can be every one of them, so there it is 0, and a transaction after the
   * burst must commit.
   */
  contendedCommits?: number;
}

const fresh = (name: string) => `${name}_${randomBytes(4).toString('hex')}`;

interface Bike extends DocData {
  name: string;
  size: number;
  inStock: boolean;
  tag: string | null;
}

const BIKES: Record<string, Bike> = {
  a: { name: 'chain', size: 3, inStock: true, tag: 'drive' },
  b: { name: 'tyre', size: 1, inStock: false, tag: null },
  c: { name: 'saddle', size: 2, inStock: true, tag: 'seat' },
  d: { name: 'pedal', size: 2, inStock: false, tag: 'drive' },
  e: { name: 'cable', size: 5, inStock: true, tag: 'brake' },
};

export function describeStoreContract(
  adapter: string,
  open: () => Promise<Store>,
  options: ContractOptions = {},
) {
  describe(`storage contract — ${adapter}`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });

    async function seededBikes(): Promise<string> {
      const collection = fresh('bikes');
      for (const [id, bike] of Object.entries(BIKES)) await store.set(collection, id, bike);
      return collection;
    }
    const ids = (docs: { id: string }[]) => docs.map((doc) => doc.id);

    describe('documents', () => {
      it('sets, gets and deletes a document', async () => {
        const collection = fresh('docs');
        expect(await store.get(collection, 'x')).toBeNull();
        await store.set(collection, 'x', { name: 'chain', nested: { links: 126 }, list: [1, 2] });
        expect(await store.get(collection, 'x')).toEqual({
          id: 'x',
          data: { name: 'chain', nested: { links: 126 }, list: [1, 2] },
        });
        await store.delete(collection, 'x');
        expect(await store.get(collection, 'x')).toBeNull();
      });

      it('set replaces the whole document', async () => {
        const collection = fresh('docs');
        await store.set(collection, 'x', { name: 'chain', quantity: 5 });
        await store.set(collection, 'x', { name: 'tyre' });
        expect((await store.get(collection, 'x'))?.data).toEqual({ name: 'tyre' });
      });

      it('drops undefined fields instead of storing them', async () => {
        const collection = fresh('docs');
        await store.set(collection, 'x', { name: 'chain', note: undefined });
        expect((await store.get(collection, 'x'))?.data).toEqual({ name: 'chain' });
      });

      it('merges an update into the existing fields', async () => {
        const collection = fresh('docs');
        await store.set(collection, 'x', { name: 'chain', quantity: 5 });
        await store.update(collection, 'x', { quantity: 4, paid: true });
        expect((await store.get(collection, 'x'))?.data).toEqual({
          name: 'chain',
          quantity: 4,
          paid: true,
        });
      });

      it('refuses to update a document that does not exist', async () => {
        await expect(
          store.update(fresh('docs'), 'missing', { quantity: 1 }),
        ).rejects.toBeInstanceOf(StoreNotFoundError);
      });

      it('makes new ids that are distinct', () => {
        const made = new Set(Array.from({ length: 200 }, () => store.newId()));
        expect(made.size).toBe(200);
      });
    });

    describe('queries', () => {
      it('returns every document of a collection, and none of another', async () => {
        const collection = await seededBikes();
        expect(ids(await store.query(collection)).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
        expect(await store.query(fresh('empty'))).toEqual([]);
      });

      it('filters with equality and inequality', async () => {
        const collection = await seededBikes();
        const q = (op: '==' | '!=' | '<' | '<=' | '>' | '>=', value: number) =>
          store
            .query(collection, { where: [{ field: 'size', op, value }] })
            .then((d) => ids(d).sort());
        expect(await q('==', 2)).toEqual(['c', 'd']);
        expect(await q('!=', 2)).toEqual(['a', 'b', 'e']);
        expect(await q('<', 2)).toEqual(['b']);
        expect(await q('<=', 2)).toEqual(['b', 'c', 'd']);
        expect(await q('>', 2)).toEqual(['a', 'e']);
        expect(await q('>=', 3)).toEqual(['a', 'e']);
      });

      it('filters on strings, booleans and several fields at once', async () => {
        const collection = await seededBikes();
        const inStock = await store.query(collection, {
          where: [{ field: 'inStock', op: '==', value: true }],
        });
        expect(ids(inStock).sort()).toEqual(['a', 'c', 'e']);
        const drive = await store.query(collection, {
          where: [
            { field: 'tag', op: '==', value: 'drive' },
            { field: 'inStock', op: '==', value: false },
          ],
        });
        expect(ids(drive)).toEqual(['d']);
        const named = await store.query(collection, {
          where: [{ field: 'name', op: '==', value: 'tyre' }],
        });
        expect(named).toEqual([{ id: 'b', data: BIKES.b }]);
      });

      it('orders ascending and descending, by several fields, and limits', async () => {
        const collection = await seededBikes();
        expect(ids(await store.query(collection, { orderBy: [{ field: 'name' }] }))).toEqual([
          'e',
          'a',
          'd',
          'c',
          'b',
        ]);
        expect(
          ids(
            await store.query(collection, {
              orderBy: [{ field: 'size', direction: 'desc' }],
              limit: 2,
            }),
          ),
        ).toEqual(['e', 'a']);
        expect(
          ids(
            await store.query(collection, {
              orderBy: [{ field: 'size' }, { field: 'name', direction: 'desc' }],
            }),
          ),
        ).toEqual(['b', 'c', 'd', 'a', 'e']);
        expect(await store.query(collection, { orderBy: [{ field: 'size' }], limit: 0 })).toEqual(
          [],
        );
      });

      it('combines a filter with an order on the same field and a limit', async () => {
        const collection = await seededBikes();
        const docs = await store.query(collection, {
          where: [{ field: 'size', op: '>=', value: 2 }],
          orderBy: [{ field: 'size', direction: 'desc' }],
          limit: 3,
        });
        expect(docs.map((d) => d.data.size)).toEqual([5, 3, 2]);
      });
    });

    describe('increments', () => {
      it('creates a missing document from its fixed fields, counting from 0', async () => {
        const collection = fresh('counts');
        await store.increment(collection, 'x', { views: 1, units: 3 }, { partId: 'p', shard: 2 });
        expect((await store.get(collection, 'x'))?.data).toEqual({
          partId: 'p',
          shard: 2,
          views: 1,
          units: 3,
        });
      });

      it('adds to the fields of an existing document and keeps its other fields', async () => {
        const collection = fresh('counts');
        await store.set(collection, 'x', { partId: 'p', views: 5, label: 'chain' });
        await store.increment(collection, 'x', { views: 2, units: -1 }, { partId: 'p' });
        await store.increment(collection, 'x', { views: 3 }, { partId: 'p' });
        expect((await store.get(collection, 'x'))?.data).toEqual({
          partId: 'p',
          views: 10,
          label: 'chain',
          units: -1,
        });
      });

      it('concurrency: 200 concurrent increments of one document all count, with no retry', async () => {
        const collection = fresh('counts');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 200 }, (_, i) =>
            store.increment(collection, 'c', { views: 1, even: i % 2 === 0 ? 1 : 0 }, { id: 'c' }),
          ),
        );
        expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
        expect((await store.get(collection, 'c'))?.data).toEqual({
          id: 'c',
          views: 200,
          even: 100,
        });
      });

      it('counts beside a transaction that reads the same document, losing neither', async () => {
        const collection = fresh('counts');
        await store.set(collection, 'c', { views: 0, reads: 0 });
        await Promise.all([
          ...Array.from({ length: 20 }, () => store.increment(collection, 'c', { views: 1 }, {})),
          store.runTransaction(async (tx) => {
            const doc = await tx.get<{ reads: number }>(collection, 'c');
            tx.update(collection, 'c', { reads: (doc?.data.reads ?? 0) + 1 });
          }),
        ]);
        expect((await store.get(collection, 'c'))?.data).toEqual({ views: 20, reads: 1 });
      });
    });

    describe('transactions', () => {
      it('commits every write of a transaction together and returns its result', async () => {
        const collection = fresh('tx');
        await store.set(collection, 'part', { quantity: 10 });
        const result = await store.runTransaction(async (tx) => {
          const part = await tx.get<{ quantity: number }>(collection, 'part');
          tx.update(collection, 'part', { quantity: (part?.data.quantity ?? 0) - 3 });
          tx.set(collection, 'order', { quantity: 3 });
          return 'placed';
        });
        expect(result).toBe('placed');
        expect((await store.get(collection, 'part'))?.data).toEqual({ quantity: 7 });
        expect((await store.get(collection, 'order'))?.data).toEqual({ quantity: 3 });
      });

      it('writes nothing when the transaction function throws', async () => {
        const collection = fresh('tx');
        await store.set(collection, 'part', { quantity: 10 });
        await expect(
          store.runTransaction(async (tx) => {
            await tx.get(collection, 'part');
            tx.update(collection, 'part', { quantity: 0 });
            tx.set(collection, 'order', { quantity: 10 });
            tx.delete(collection, 'part');
            throw new Error('out of stock');
          }),
        ).rejects.toThrow('out of stock');
        expect((await store.get(collection, 'part'))?.data).toEqual({ quantity: 10 });
        expect(await store.get(collection, 'order')).toBeNull();
      });

      it('reads queries inside a transaction and deletes', async () => {
        const collection = await seededBikes();
        const removed = await store.runTransaction(async (tx) => {
          const drive = await tx.query(collection, {
            where: [{ field: 'tag', op: '==', value: 'drive' }],
          });
          for (const doc of drive) tx.delete(collection, doc.id);
          return drive.length;
        });
        expect(removed).toBe(2);
        expect(ids(await store.query(collection)).sort()).toEqual(['b', 'c', 'e']);
      });

      it('fails a transaction that updates a document which does not exist, writing nothing', async () => {
        const collection = fresh('tx');
        await expect(
          store.runTransaction(async (tx) => {
            await tx.get(collection, 'missing');
            tx.set(collection, 'order', { quantity: 1 });
            tx.update(collection, 'missing', { quantity: 1 });
          }),
        ).rejects.toBeInstanceOf(StoreNotFoundError);
        expect(await store.get(collection, 'order')).toBeNull();
      });

      it('concurrency: 100 concurrent transactions decrementing one counter lose no update (it falls by exactly the number that committed; one that cannot commit fails as unavailable, a 503)', async () => {
        const collection = fresh('counter');
        await store.set(collection, 'c', { value: 1000 });
        const outcomes = await Promise.allSettled(
          Array.from({ length: 100 }, () =>
            store.runTransaction(async (tx) => {
              const counter = await tx.get<{ value: number }>(collection, 'c');
              tx.update(collection, 'c', { value: (counter?.data.value ?? 0) - 1 });
            }),
          ),
        );
        const committed = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
        // Firestore gives up on a document this contended (its lock times out); SQLite queues.
        expect(committed).toBeGreaterThanOrEqual(options.contendedCommits ?? 100);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected') {
            expect(outcome.reason).toBeInstanceOf(StoreUnavailableError);
          }
        }
        expect((await store.get(collection, 'c'))?.data).toEqual({ value: 1000 - committed });
        // The document is not left locked: the next transaction on it commits.
        await store.runTransaction(async (tx) => {
          const counter = await tx.get<{ value: number }>(collection, 'c');
          tx.update(collection, 'c', { value: (counter?.data.value ?? 0) - 1 });
        });
        expect((await store.get(collection, 'c'))?.data).toEqual({ value: 999 - committed });
      });
    });
  });
}
