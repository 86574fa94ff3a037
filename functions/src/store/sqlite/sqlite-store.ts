import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  StoreNotFoundError,
  withoutUndefined,
  type DocData,
  type Filter,
  type Query,
  type Store,
  type StoredDoc,
  type Transaction,
} from '../port.js';

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SQL_OPS: Record<Filter['op'], string> = {
  '==': '=',
  '!=': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function fieldPath(field: string): string {
  if (!FIELD_NAME.test(field)) throw new Error(`Unsupported field name in query: ${field}`);
  return `json_extract(data, '$.${field}')`;
}

function toSqlValue(value: Filter['value']): string | number | null {
  // json_extract yields 1/0 for JSON booleans.
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** A simple FIFO lock: one transaction at a time on this connection. */
class AsyncLock {
  private tail: Promise<void> = Promise.resolve();

  async run<R>(fn: () => Promise<R>): Promise<R> {
    const previous = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await fn();
    } finally {
      release();
    }
  }
}

/**
 * The SQLite adapter: one table of JSON documents in WAL mode. Transactions take SQLite's write
 * lock up front (BEGIN IMMEDIATE), which makes them serializable across processes sharing the
 * file; within a process an async lock queues them, because one connection holds one transaction.
 */
export function openSqliteStore(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 10000');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS docs (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID`);

  const getStmt = db.prepare<[string, string], { data: string }>(
    'SELECT data FROM docs WHERE collection = ? AND id = ?',
  );
  const setStmt = db.prepare<[string, string, string]>(
    'INSERT INTO docs (collection, id, data) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data',
  );
  const deleteStmt = db.prepare<[string, string]>(
    'DELETE FROM docs WHERE collection = ? AND id = ?',
  );
  const queryCache = new Map<string, Database.Statement<unknown[], { id: string; data: string }>>();
  const lock = new AsyncLock();

  function readOne<T extends DocData>(collection: string, id: string): StoredDoc<T> | null {
    const row = getStmt.get(collection, id);
    return row ? { id, data: JSON.parse(row.data) as T } : null;
  }

  function readMany<T extends DocData>(collection: string, query: Query = {}): StoredDoc<T>[] {
    const clauses = ['collection = ?'];
    const params: (string | number | null)[] = [collection];
    for (const filter of query.where ?? []) {
      if (filter.value === null) {
        clauses.push(`${fieldPath(filter.field)} IS ${filter.op === '!=' ? 'NOT ' : ''}NULL`);
        continue;
      }
      clauses.push(`${fieldPath(filter.field)} ${SQL_OPS[filter.op]} ?`);
      params.push(toSqlValue(filter.value));
    }
    let sql = `SELECT id, data FROM docs WHERE ${clauses.join(' AND ')}`;
    const order = (query.orderBy ?? []).map(
      (o) => `${fieldPath(o.field)} ${o.direction === 'desc' ? 'DESC' : 'ASC'}`,
    );
    order.push('id ASC');
    sql += ` ORDER BY ${order.join(', ')}`;
    if (query.limit !== undefined) {
      sql += ' LIMIT ?';
      params.push(Math.max(0, Math.floor(query.limit)));
    }
    let stmt = queryCache.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      queryCache.set(sql, stmt);
    }
    return stmt.all(...params).map((row) => ({ id: row.id, data: JSON.parse(row.data) as T }));
  }

  function writeSet(collection: string, id: string, data: DocData): void {
    setStmt.run(collection, id, JSON.stringify(withoutUndefined(data)));
  }

  function writeUpdate(collection: string, id: string, patch: DocData): void {
    const current = readOne(collection, id);
    if (!current) throw new StoreNotFoundError(collection, id);
    writeSet(collection, id, { ...current.data, ...patch });
  }

  /** Runs a synchronous write under the connection lock so it never lands inside a transaction. */
  const locked = <R>(fn: () => R): Promise<R> => lock.run(async () => fn());

  return {
    newId: () => randomUUID().replace(/-/g, '').slice(0, 20),
    get: async (collection, id) => readOne(collection, id),
    query: async (collection, query) => readMany(collection, query),
    set: (collection, id, data) => locked(() => writeSet(collection, id, data)),
    update: (collection, id, patch) => locked(() => writeUpdate(collection, id, patch)),
    delete: (collection, id) => locked(() => void deleteStmt.run(collection, id)),
    runTransaction: (fn) =>
      lock.run(async () => {
        type Write = () => void;
        const writes: Write[] = [];
        const tx: Transaction = {
          get: async (collection, id) => readOne(collection, id),
          query: async (collection, query) => readMany(collection, query),
          set: (collection, id, data) => void writes.push(() => writeSet(collection, id, data)),
          update: (collection, id, patch) =>
            void writes.push(() => writeUpdate(collection, id, patch)),
          delete: (collection, id) => void writes.push(() => void deleteStmt.run(collection, id)),
        };
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(tx);
          for (const write of writes) write();
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      }),
    close: async () => {
      await lock.run(async () => db.close());
    },
  };
}
