/** withWriteListener over a real SQLite store: every applied write is reported by collection. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from './sqlite/sqlite-store.js';
import { withWriteListener, type DocWrite } from './write-listener.js';

const dir = mkdtempSync(join(tmpdir(), 'sprocket-write-listener-'));
let raw: SqliteStore;
beforeAll(() => {
  raw = openSqliteStore(join(dir, 'store.sqlite'));
});
afterAll(async () => {
  await raw.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The store, and the collections it has reported, in order. */
function listened() {
  const reported: string[] = [];
  const store = withWriteListener(raw, (collection) => reported.push(collection));
  return { store, reported };
}

it('reports direct writes once each is applied', async () => {
  const { store, reported } = listened();
  await store.set('parts', 'a', { name: 'Chain' });
  await store.update('parts', 'a', { name: 'Chain 11s' });
  await store.delete('reviews', 'none');
  expect(reported).toEqual(['parts', 'parts', 'reviews']);
  expect((await raw.get('parts', 'a'))?.data).toEqual({ name: 'Chain 11s' });
  expect(await store.get('parts', 'a')).toEqual(await raw.get('parts', 'a'));
});

it('reports a transaction after its commit, once per collection it wrote, and reads report nothing', async () => {
  const { store, reported } = listened();
  let reportedBeforeCommit: string[] = [];
  await store.runTransaction(async (tx) => {
    await tx.get('parts', 'a');
    await tx.query('orders');
    tx.set('orders', 'o1', { total: 5 });
    tx.update('parts', 'a', { quantity: 3 });
    tx.set('orders', 'o2', { total: 7 });
    reportedBeforeCommit = [...reported];
  });
  expect(reportedBeforeCommit).toEqual([]);
  expect(reported.sort()).toEqual(['orders', 'parts']);
  await store.query('parts');
  await store.get('orders', 'o1');
  expect(reported).toHaveLength(2);
});

it('reports a failed write all the same (its answer may have been lost), and the error still reaches the caller', async () => {
  const { store, reported } = listened();
  await expect(store.update('parts', 'missing', { name: 'x' })).rejects.toThrow();
  await expect(
    store.runTransaction(async (tx) => {
      tx.set('reviews', 'r1', { rating: 5 });
      throw new Error('refused');
    }),
  ).rejects.toThrow('refused');
  expect(reported).toEqual(['parts', 'reviews']);
  expect(await raw.get('reviews', 'r1')).toBeNull();
});

it('tells which documents each write touched, and the fields an update changed', async () => {
  const reported: [string, readonly DocWrite[]][] = [];
  const store = withWriteListener(raw, (collection, writes) => reported.push([collection, writes]));
  await store.set('parts', 'b', { name: 'Bell', quantity: 4 });
  await store.update('parts', 'b', { quantity: 3 });
  await store.runTransaction(async (tx) => {
    tx.update('parts', 'b', { quantity: 2, price: 900 });
    tx.set('orders', 'o3', { total: 9 });
    tx.delete('parts', 'gone');
  });
  expect(reported).toEqual([
    ['parts', [{ id: 'b' }]],
    ['parts', [{ id: 'b', fields: ['quantity'] }]],
    ['parts', [{ id: 'b', fields: ['quantity', 'price'] }, { id: 'gone' }]],
    ['orders', [{ id: 'o3' }]],
  ]);
});

it('reports an increment once applied, with the fields it wrote', async () => {
  const reported: [string, readonly DocWrite[]][] = [];
  const store = withWriteListener(raw, (collection, writes) => reported.push([collection, writes]));
  await store.increment('views', 'p_1', { count: 1 }, { partId: 'p', shard: 1 });
  expect(reported).toEqual([['views', [{ id: 'p_1', fields: ['partId', 'shard', 'count'] }]]]);
  expect((await raw.get('views', 'p_1'))?.data).toEqual({ partId: 'p', shard: 1, count: 1 });
});
