import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { deadline } from '../../../../scripts/test-deadlines.js';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../contract.js';
import { StoreNotFoundError, StoreUnavailableError, type Query } from '../port.js';
import { docsIndexes } from './declared-indexes.js';
import { openSqliteStore, selectStatement } from './sqlite-store.js';

const dir = mkdtempSync(join(tmpdir(), 'sprocket-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStoreContract('SQLite', async () => openSqliteStore(join(dir, 'contract.sqlite')));

function runWorker(file: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'decrement-worker.fixture.ts'),
        file,
        String(count),
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`)),
    );
  });
}

describe('storage contract — SQLite across processes', () => {
  it('concurrency: two processes running 50 decrementing transactions each leave the counter at start − 100', async () => {
    const file = join(dir, 'shared.sqlite');
    const store = openSqliteStore(file);
    await store.set('counters', 'c', { value: 500 });
    await Promise.all([runWorker(file, 50), runWorker(file, 50)]);
    expect((await store.get('counters', 'c'))?.data).toEqual({ value: 400 });
    await store.close();
  });
});

/** Measures the longest the event loop went without running a 5 ms timer, until stopped. */
function watchEventLoop(): () => number {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
}

describe('SQLite adapter — storage faults', () => {
  it('waits on timers for a write lock another connection holds, then reports itself unavailable having written nothing', async () => {
    const file = join(dir, 'locked.sqlite');
    const store = openSqliteStore(file);
    await store.set('parts', 'p', { quantity: 5 });
    const holder = new Database(file);
    holder.exec('BEGIN IMMEDIATE');
    try {
      const stopWatching = watchEventLoop();
      const started = performance.now();
      const refusals = await Promise.allSettled([
        store.runTransaction(async (tx) => {
          const part = await tx.get<{ quantity: number }>('parts', 'p');
          tx.update('parts', 'p', { quantity: (part?.data.quantity ?? 0) - 1 });
        }),
        store.set('orders', 'o', { quantity: 1 }),
        store.update('parts', 'p', { quantity: 0 }),
        store.delete('parts', 'p'),
      ]);
      const waitedMs = performance.now() - started;
      const longestStallMs = stopWatching();
      expect(await store.get('parts', 'p')).toEqual({ id: 'p', data: { quantity: 5 } });
      // A wait inside SQLite would stall the loop for nearly the whole wait. A busy machine stalls
      // it by itself too (811 ms of a 2 s wait at load 15 on two cores), so the bound is a share
      // of this run's own wait, not a fixed time.
      expect(longestStallMs).toBeLessThan(waitedMs * 0.6);

      for (const refusal of refusals) {
        expect(refusal.status).toBe('rejected');
        expect((refusal as PromiseRejectedResult).reason).toBeInstanceOf(StoreUnavailableError);
      }
      // Bounded: the writes queued behind the first give up with it, not one wait after another.
      expect(waitedMs).toBeGreaterThan(1000);
      expect(waitedMs).toBeLessThan(deadline(4000));
      expect(await store.get('orders', 'o')).toBeNull();
    } finally {
      holder.exec('ROLLBACK');
      holder.close();
      await store.close();
    }
  });

  it('takes the write lock as soon as the other connection lets it go', async () => {
    const file = join(dir, 'released.sqlite');
    const store = openSqliteStore(file);
    const holder = new Database(file);
    holder.exec('BEGIN IMMEDIATE');
    setTimeout(() => holder.exec('COMMIT'), 300);
    try {
      await store.set('parts', 'p', { quantity: 5 });
      expect(await store.get('parts', 'p')).toEqual({ id: 'p', data: { quantity: 5 } });
    } finally {
      holder.close();
      await store.close();
    }
  });

  it('reports a full disk as unavailable and rolls the transaction back', async () => {
    const store = openSqliteStore(join(dir, 'full.sqlite'));
    // A full disk refuses what needs new pages; a document this large needs several.
    const large = 'x'.repeat(64_000);
    await store.set('parts', 'p', { quantity: 5 });
    await store.simulateFullDisk(true);
    try {
      await expect(
        store.runTransaction(async (tx) => {
          // Fits in its page, so it is written, and must be rolled back when the next one fails.
          tx.update('parts', 'p', { quantity: 4 });
          tx.set('orders', 'o', { quantity: 1, img: large });
        }),
      ).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.set('orders', 'o', { img: large })).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      expect((await store.get('parts', 'p'))?.data.quantity).toBe(5);
      expect(await store.get('orders', 'o')).toBeNull();

      await store.simulateFullDisk(false);
      await store.set('orders', 'o', { img: large });
      expect(await store.get('orders', 'o')).not.toBeNull();
    } finally {
      await store.close();
    }
  });
});

describe('group commit — the writes of one turn of the event loop share one COMMIT', () => {
  it('lets a later write of the group read an earlier one, while reads outside see only committed writes', async () => {
    const store = openSqliteStore(join(dir, 'group.sqlite'));
    try {
      const first = store.set('notes', 'n', { text: 'first' });
      const second = store.runTransaction(async (tx) => ({
        inside: (await tx.get<{ text: string }>('notes', 'n'))?.data.text ?? null,
        outside: (await store.get<{ text: string }>('notes', 'n'))?.data.text ?? null,
      }));
      await first;
      // The first write was applied before the second read it, and committed only with it.
      expect(await second).toEqual({ inside: 'first', outside: null });
      expect((await store.get<{ text: string }>('notes', 'n'))?.data.text).toBe('first');
    } finally {
      await store.close();
    }
  });

  it('fails a write of the group alone, with none of its writes, and commits the others', async () => {
    const store = openSqliteStore(join(dir, 'group-failure.sqlite'));
    try {
      const before = store.set('notes', 'before', { text: 'kept' });
      const failing = store.runTransaction(async (tx) => {
        tx.set('notes', 'half', { text: 'never committed' });
        tx.update('notes', 'missing', { text: 'no such document' });
      });
      const after = store.set('notes', 'after', { text: 'kept' });
      await expect(failing).rejects.toBeInstanceOf(StoreNotFoundError);
      await Promise.all([before, after]);
      expect((await store.query('notes')).map((doc) => doc.id)).toEqual(['after', 'before']);
    } finally {
      await store.close();
    }
  });

  it('on a full disk fails only the write that needed room, and commits the rest of its group', async () => {
    const store = openSqliteStore(join(dir, 'group-full.sqlite'));
    try {
      await store.set('parts', 'p', { quantity: 5 });
      await store.simulateFullDisk(true);
      const before = store.update('parts', 'p', { quantity: 4 });
      const large = store.set('orders', 'o', { img: 'x'.repeat(64_000) });
      const after = store.set('notes', 'n', { text: 'fits in its page' });
      await expect(large).rejects.toBeInstanceOf(StoreUnavailableError);
      await Promise.all([before, after]);
      expect((await store.get('parts', 'p'))?.data.quantity).toBe(4);
      expect(await store.get('orders', 'o')).toBeNull();
      expect(await store.get('notes', 'n')).not.toBeNull();
    } finally {
      await store.simulateFullDisk(false);
      await store.close();
    }
  });

  it('commits the writes asked for before it closes, and refuses the ones after', async () => {
    const file = join(dir, 'group-close.sqlite');
    const store = openSqliteStore(file);
    const before = store.set('notes', 'before', { text: 'kept' });
    // Asked for before the close has run, so it joins the open group.
    const closing = store.close();
    const meanwhile = store.set('notes', 'meanwhile', { text: 'kept' });
    await Promise.all([before, closing, meanwhile]);
    await expect(store.set('notes', 'after', { text: 'too late' })).rejects.toThrow(/not open/);
    const reopened = openSqliteStore(file);
    expect((await reopened.query('notes')).map((doc) => doc.id)).toEqual(['before', 'meanwhile']);
    await reopened.close();
  });

  it('keeps every update of 200 concurrent transactions on one counter', async () => {
    const store = openSqliteStore(join(dir, 'group-counter.sqlite'));
    try {
      await store.set('counters', 'c', { value: 0 });
      const increments = Array.from({ length: 200 }, () =>
        store.runTransaction(async (tx) => {
          const value = (await tx.get<{ value: number }>('counters', 'c'))!.data.value;
          tx.set('counters', 'c', { value: value + 1 });
          return value + 1;
        }),
      );
      // Each saw the one before it: every value from 1 to 200 was answered once.
      expect((await Promise.all(increments)).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 200 }, (_, n) => n + 1),
      );
      expect((await store.get<{ value: number }>('counters', 'c'))?.data.value).toBe(200);
    } finally {
      await store.close();
    }
  });
});

describe('checkpoints — in a worker thread, not in the COMMIT of a request', () => {
  it('copies the log into the database off the event loop, and every write stays', async () => {
    const file = join(dir, 'checkpointed.sqlite');
    const store = openSqliteStore(file);
    const page = 'x'.repeat(3000);
    const commits = 200;
    for (let n = 0; n < commits; n += 1) await store.set('mail', `m-${n}`, { page });
    // About 800 pages of log, under the store connection's own threshold (1,000): only the
    // worker copies them into the database, once the writes pause, and the next write then
    // starts the log over (SQLite writes a new checkpoint sequence into its header). Asked after
    // each short pause, not after one fixed wait: a busy machine may take longer.
    const walSequence = () => {
      const fd = openSync(`${file}-wal`, 'r');
      try {
        const header = Buffer.alloc(16);
        readSync(fd, header, 0, 16, 0);
        return header.readUInt32BE(12);
      } finally {
        closeSync(fd);
      }
    };
    const before = walSequence();
    let pauses = 0;
    // At most 20 more writes: far from the threshold at which the store's own connection would
    // start the log over.
    while (walSequence() === before && pauses < 20) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await store.set('mail', `after-pause-${pauses}`, { page });
      pauses += 1;
    }
    expect(walSequence()).not.toBe(before);
    await store.close();
    const reopened = openSqliteStore(file);
    expect(await reopened.query('mail')).toHaveLength(commits + pauses);
    await reopened.close();
  });
});

describe('indexes — the ones firestore.indexes.json declares', () => {
  const planOf = (file: string, collection: string, query: Query): string => {
    const { sql, params } = selectStatement(collection, query);
    const db = new Database(file, { readonly: true });
    try {
      const rows = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
      return rows.map((row) => row.detail).join('\n');
    } finally {
      db.close();
    }
  };

  it("finds a customer's orders and the sweep's due orders through indexes once orders come into a seeded store", async () => {
    const file = join(dir, 'indexed.sqlite');
    // A seeded store: measured when it opens, before there is any order.
    const seeding = openSqliteStore(file);
    for (let n = 0; n < 1000; n += 1)
      await seeding.set('parts', `part-${n}`, { productName: `Part ${n}` });
    await seeding.close();
    const store = openSqliteStore(file);
    // Enough writes for the store to measure its data for the planner again while it runs.
    for (let n = 0; n < 600; n += 1) {
      await store.set('orders', `order-${n}`, {
        email: `rider-${n % 60}@sprocket.test`,
        status: n % 3 === 0 ? 'unpaid' : 'paid',
        createdAt: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
        expiresAt: new Date(Date.UTC(2026, 10, 1, 0, n + 30)).toISOString(),
      });
    }
    const ofCustomer = planOf(file, 'orders', {
      where: [{ field: 'email', op: '==', value: 'rider-7@sprocket.test' }],
      orderBy: [{ field: 'createdAt' }],
    });
    expect(ofCustomer).toContain('USING INDEX docs_by_orders_email_createdAt');
    const due = planOf(file, 'orders', {
      where: [
        { field: 'status', op: '==', value: 'unpaid' },
        { field: 'expiresAt', op: '<=', value: '2026-11-01T05:00:00.000Z' },
      ],
      orderBy: [{ field: 'expiresAt' }],
      limit: 500,
    });
    expect(due).toContain('USING INDEX docs_by_orders_status_expiresAt');
    await store.close();
  });

  it('drops an index of an earlier shape when it opens, and keeps the declared ones', async () => {
    const file = join(dir, 'reindexed.sqlite');
    const old = new Database(file);
    old.exec(
      'CREATE TABLE docs (collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID',
    );
    old.exec(
      "CREATE INDEX docs_orders_email_createdAt ON docs (collection, json_extract(data, '$.email'), json_extract(data, '$.createdAt'))",
    );
    old.close();
    await openSqliteStore(file).close();
    const db = new Database(file, { readonly: true });
    const names = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
      .all()
      .map((row) => (row as { name: string }).name);
    db.close();
    expect(names).not.toContain('docs_orders_email_createdAt');
    expect(names).toContain('docs_by_orders_email_createdAt');
  });

  it('moves the documents of a file made with the earlier WITHOUT ROWID table into the rowid table, and opens it again as it is', async () => {
    const file = join(dir, 'relaid.sqlite');
    const old = new Database(file);
    old.exec(
      'CREATE TABLE docs (collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (collection, id)) WITHOUT ROWID',
    );
    const insert = old.prepare('INSERT INTO docs VALUES (?, ?, ?)');
    insert.run('parts', 'chain', JSON.stringify({ name: 'Chain', quantity: 12 }));
    insert.run('orders', 'o-1', JSON.stringify({ email: 'a@b.test', status: 'unpaid' }));
    old.close();

    const store = openSqliteStore(file);
    expect(await store.get('parts', 'chain')).toEqual({
      id: 'chain',
      data: { name: 'Chain', quantity: 12 },
    });
    await store.set('parts', 'chain', { name: 'Chain', quantity: 11 });
    await store.set('parts', 'tyre', { name: 'Tyre', quantity: 3 });
    await store.close();
    const again = openSqliteStore(file);
    expect(
      (await again.query<{ quantity: number }>('parts')).map((doc) => [doc.id, doc.data.quantity]),
    ).toEqual([
      ['chain', 11],
      ['tyre', 3],
    ]);
    expect(await again.get('orders', 'o-1')).not.toBeNull();
    await again.close();

    const db = new Database(file, { readonly: true });
    const table = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'docs'").get() as {
      sql: string;
    };
    const key = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'docs_key'").get() as {
      sql: string;
    };
    db.close();
    expect(table.sql).not.toMatch(/WITHOUT ROWID/i);
    expect(key.sql).toMatch(/CREATE UNIQUE INDEX docs_key ON docs \(collection, id\)/);
  });

  it('declares each index of the list once, over its collection only, on the fields in their order', () => {
    expect(
      docsIndexes([
        {
          collectionGroup: 'reviews',
          queryScope: 'COLLECTION',
          fields: [
            { fieldPath: 'partId', order: 'ASCENDING' },
            { fieldPath: 'createdAt', order: 'DESCENDING' },
          ],
        },
        { collectionGroup: 'reviews', queryScope: 'COLLECTION_GROUP', fields: [] },
      ]),
    ).toEqual([
      {
        name: 'docs_by_reviews_partId_createdAt',
        sql: "CREATE INDEX IF NOT EXISTS docs_by_reviews_partId_createdAt ON docs (json_extract(data, '$.partId'), json_extract(data, '$.createdAt')) WHERE collection = 'reviews'",
      },
    ]);
    expect(() =>
      docsIndexes([
        { collectionGroup: 'orders; DROP TABLE docs', queryScope: 'COLLECTION', fields: [] },
      ]),
    ).toThrow(/Unsupported collection name/);
  });
});
