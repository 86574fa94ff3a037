import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  StoreNotFoundError,
  StoreUnavailableError,
  withoutUndefined,
  type DocData,
  type Filter,
  type Query,
  type Store,
  type StoredDoc,
  type Transaction,
} from '../port.js';
import { stockInField } from '../stock-in-field.js';
import { checkpointInWorker } from './checkpointer.js';
import { keepDocsTable } from './docs-table.js';
import {
  collectionLiteral,
  declaredIndexes,
  fieldPath,
  keepDeclaredIndexes,
  keepPlannerMeasured,
} from './declared-indexes.js';

/**
 * How long a read or write waits in all for SQLite's locks (another process holding the write
 * lock) before the store reports itself unavailable and the API answers 503.
 */
const LOCK_WAIT_MS = 2000;
/** Pauses between attempts to take a lock: doubling from the first to the longest, jittered. */
const FIRST_PAUSE_MS = 2;
const LONGEST_PAUSE_MS = 100;

/** Another connection holds a lock this one needs: worth trying again in a moment. */
const BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_PROTOCOL']);
/** The file cannot be used as it is (a full disk, an I/O error, a read-only or missing file). */
const FILE_FAULT_CODES = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
]);

/** SQLite's primary result code of an error (`SQLITE_IOERR` for `SQLITE_IOERR_WRITE`), if it is one. */
function sqliteCode(error: unknown): string | undefined {
  if (!(error instanceof Database.SqliteError)) return undefined;
  return /^SQLITE_[A-Z]+/.exec(error.code)?.[0];
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until no lock stands in its way. better-sqlite3 is synchronous, so SQLite's own
 * busy_timeout would wait with the whole event loop stopped; instead the connection's busy_timeout
 * is 0, and a busy attempt is retried here on timers, with growing pauses, until `deadline`.
 * A file fault (a full disk, say), or a lock that outlasts the deadline, is StoreUnavailableError.
 */
async function untilNotBusy<R>(deadline: number, attempt: () => R | Promise<R>): Promise<R> {
  for (let longest = FIRST_PAUSE_MS; ; longest = Math.min(longest * 2, LONGEST_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      const code = sqliteCode(error);
      if (code !== undefined && FILE_FAULT_CODES.has(code)) {
        throw new StoreUnavailableError(`The database file failed (${code})`, { cause: error });
      }
      if (code === undefined || !BUSY_CODES.has(code)) throw error;
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new StoreUnavailableError('The database is locked by another process', {
          cause: error,
        });
      }
      // Jitter keeps processes that collided from retrying in step.
      await pause(Math.min(remaining, longest * (0.5 + Math.random() / 2)));
    }
  }
}

const SQL_OPS: Record<Filter['op'], string> = {
  '==': '=',
  '!=': '!=',
  '<': '<',
  '<=': '<=',
  '>': '>',
  '>=': '>=',
};

function toSqlValue(value: Filter['value']): string | number | null {
  // json_extract yields 1/0 for JSON booleans.
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}

/** The SELECT that answers a store query: its text (cached per shape) and its parameters. */
export function selectStatement(
  collection: string,
  query: Query,
): { sql: string; params: (string | number | null)[] } {
  const clauses = [`collection = ${collectionLiteral(collection)}`];
  const params: (string | number | null)[] = [];
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
  return { sql, params };
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

/** The SQLite adapter, with a switch the API tests use to stand for a full disk. */
export interface SqliteStore extends Store {
  /**
   * While on, the file cannot grow beyond its current size, as on a full disk: a write that needs
   * a new page fails with SQLITE_FULL. Applies to this connection only.
   */
  simulateFullDisk(on: boolean): Promise<void>;
}

/**
 * The SQLite adapter: one table of JSON documents in WAL mode. Every write is a transaction that
 * takes SQLite's write lock up front (BEGIN IMMEDIATE), which makes them serializable across
 * processes sharing the file; within a process an async lock queues them, because one connection
 * holds one transaction. Waits for another process's lock happen on timers (untilNotBusy).
 */
export function openSqliteStore(file: string): SqliteStore {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  // Opening waits for locks the blocking way (better-sqlite3's default 5 s): it happens once, at
  // start, and a store that cannot open has nothing else to serve meanwhile.
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  keepDocsTable(db);
  keepDeclaredIndexes(db, declaredIndexes());
  const wrote = keepPlannerMeasured(db);
  const checkpointer = checkpointInWorker(db, file);
  const unlimitedPages = db.pragma('max_page_count', { simple: true }) as number;
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
  db.pragma('busy_timeout = 0');

  function readOne<T extends DocData>(collection: string, id: string): StoredDoc<T> | null {
    const row = getStmt.get(collection, id);
    return row ? { id, data: JSON.parse(row.data) as T } : null;
  }

  function readMany<T extends DocData>(collection: string, query: Query = {}): StoredDoc<T>[] {
    const { sql, params } = selectStatement(collection, query);
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

  /**
   * One attempt at a write transaction: take the write lock, let `prepare` read (it may await) and
   * hand back its writes, then apply them and commit in one synchronous step, so that no request
   * reading on this connection meanwhile sees a write that is not committed. On any failure (a
   * busy COMMIT included) it rolls back, so a retry starts clean and a failure writes nothing.
   */
  async function attemptTransaction<R>(prepare: () => Promise<() => R>): Promise<R> {
    db.exec('BEGIN IMMEDIATE');
    try {
      const apply = await prepare();
      const result = apply();
      db.exec('COMMIT');
      wrote();
      checkpointer.committed();
      return result;
    } catch (error) {
      // After a full disk or an I/O error SQLite may have rolled back already.
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  }

  /**
   * Runs a write transaction under the connection lock, retried while another process holds the
   * file's write lock. The deadline counts from the call, so requests queued behind a long lock
   * give up together instead of one wait after another.
   */
  function writeTransaction<R>(prepare: () => Promise<() => R>): Promise<R> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    return lock.run(() => untilNotBusy(deadline, () => attemptTransaction(prepare)));
  }

  /** A single write outside transactions: a transaction of its own, so it waits the same way. */
  const write = (apply: () => void) => writeTransaction(async () => apply);

  /** Reads take no lock of this process; SQLite rarely keeps them waiting in WAL mode, but may. */
  const read = <R>(fn: () => R): Promise<R> => untilNotBusy(Date.now() + LOCK_WAIT_MS, fn);

  return {
    stock: stockInField,
    newId: () => randomUUID().replace(/-/g, '').slice(0, 20),
    get: (collection, id) => read(() => readOne(collection, id)),
    query: (collection, query) => read(() => readMany(collection, query)),
    set: (collection, id, data) => write(() => writeSet(collection, id, data)),
    update: (collection, id, patch) => write(() => writeUpdate(collection, id, patch)),
    delete: (collection, id) => write(() => void deleteStmt.run(collection, id)),
    runTransaction: (fn) =>
      writeTransaction(async () => {
        // A fresh buffer per attempt: a retried attempt must not apply the writes of the last one.
        const writes: (() => void)[] = [];
        const tx: Transaction = {
          get: async (collection, id) => readOne(collection, id),
          query: async (collection, query) => readMany(collection, query),
          set: (collection, id, data) => void writes.push(() => writeSet(collection, id, data)),
          update: (collection, id, patch) =>
            void writes.push(() => writeUpdate(collection, id, patch)),
          delete: (collection, id) => void writes.push(() => void deleteStmt.run(collection, id)),
        };
        const result = await fn(tx);
        return () => {
          for (const apply of writes) apply();
          return result;
        };
      }),
    simulateFullDisk: (on) =>
      lock.run(async () => {
        // max_page_count never goes below the file's size, so the current page count caps it there.
        const pages = on ? (db.pragma('page_count', { simple: true }) as number) : unlimitedPages;
        db.pragma(`max_page_count = ${pages}`);
      }),
    close: async () => {
      await lock.run(async () => {
        await checkpointer.close();
        db.close();
      });
    },
  };
}
