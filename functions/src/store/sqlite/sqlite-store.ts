import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import {
  StoreNotFoundError,
  StoreUnavailableError,
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
/**
 * Write transactions committed together at most (docs/decisions/039): enough for every request
 * one turn of the event loop brings at 50 connections, few enough to keep a commit short.
 */
const MAX_GROUP = 64;

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

const isBusy = (error: unknown) => BUSY_CODES.has(sqliteCode(error) ?? '');
/** What untilNotBusy throws when another process held the lock past the deadline. */
const isLockedOut = (error: unknown) =>
  error instanceof StoreUnavailableError && isBusy(error.cause);

/** A file fault as StoreUnavailableError (the API's 503); any other error as it is. */
function asStoreError(error: unknown): unknown {
  const code = sqliteCode(error);
  return code !== undefined && FILE_FAULT_CODES.has(code)
    ? new StoreUnavailableError(`The database file failed (${code})`, { cause: error })
    : error;
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
      if (!isBusy(error)) throw asStoreError(error);
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

/** A simple FIFO lock: one group of writes (or a close) at a time on this connection. */
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

/** One connection's statements for reading documents. */
function documentReader(db: Database.Database) {
  const getStmt = db.prepare<[string, string], { data: string }>(
    'SELECT data FROM docs WHERE collection = ? AND id = ?',
  );
  const queryCache = new Map<string, Database.Statement<unknown[], { id: string; data: string }>>();
  return {
    readOne<T extends DocData>(collection: string, id: string): StoredDoc<T> | null {
      const row = getStmt.get(collection, id);
      return row ? { id, data: JSON.parse(row.data) as T } : null;
    },
    readMany<T extends DocData>(collection: string, query: Query = {}): StoredDoc<T>[] {
      const { sql, params } = selectStatement(collection, query);
      let stmt = queryCache.get(sql);
      if (!stmt) {
        stmt = db.prepare(sql);
        queryCache.set(sql, stmt);
      }
      return stmt.all(...params).map((row) => ({ id: row.id, data: JSON.parse(row.data) as T }));
    },
  };
}

/** A write transaction waiting for its group: what it reads and writes, and who waits for it. */
interface PendingWrite {
  prepare: () => Promise<() => unknown>;
  /** Until when it may wait for another process's lock (Date.now() milliseconds). */
  deadline: number;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The SQLite adapter: one table of JSON documents in WAL mode. Every write is a transaction that
 * takes SQLite's write lock up front (BEGIN IMMEDIATE), which makes them serializable across
 * processes sharing the file. Within the process, write transactions run one after another on
 * one connection and are committed in groups (docs/decisions/039): those that arrive in one turn
 * of the event loop share one SQLite transaction, each in a savepoint of its own, and each is
 * answered only once the group's COMMIT is done. Reads outside transactions use a second
 * connection, so they only ever see committed writes. Waits for another process's lock happen on
 * timers (untilNotBusy).
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
  db.pragma('busy_timeout = 0');
  // An in-memory database is private to its connection: there, reads share the writer's.
  const readerDb = file === ':memory:' ? db : new Database(file);
  readerDb.pragma('busy_timeout = 0');
  const inTransaction = documentReader(db);
  const committed = documentReader(readerDb);
  const setStmt = db.prepare<[string, string, string]>(
    'INSERT INTO docs (collection, id, data) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data',
  );
  const deleteStmt = db.prepare<[string, string]>(
    'DELETE FROM docs WHERE collection = ? AND id = ?',
  );
  const savepoint = db.prepare('SAVEPOINT one_write');
  const releaseSavepoint = db.prepare('RELEASE one_write');
  const rollbackToSavepoint = db.prepare('ROLLBACK TO one_write');
  const lock = new AsyncLock();

  function writeSet(collection: string, id: string, data: DocData): void {
    // JSON.stringify leaves out undefined fields, as withoutUndefined and Firestore's
    // ignoreUndefinedProperties do, without copying the document first.
    setStmt.run(collection, id, JSON.stringify(data));
  }

  function writeUpdate(collection: string, id: string, patch: DocData): void {
    const current = inTransaction.readOne(collection, id);
    if (!current) throw new StoreNotFoundError(collection, id);
    writeSet(collection, id, { ...current.data, ...patch });
  }

  /** One read and one write in the caller's write transaction: atomic, as every write is here. */
  function writeIncrement(
    collection: string,
    id: string,
    fields: Record<string, number>,
    create: DocData,
  ): void {
    const data: DocData = { ...inTransaction.readOne(collection, id)?.data, ...create };
    for (const [field, by] of Object.entries(fields)) {
      const was = data[field];
      data[field] = (typeof was === 'number' ? was : 0) + by;
    }
    writeSet(collection, id, data);
  }

  const pending: PendingWrite[] = [];
  let grouping = false;
  /** Wakes a group waiting for its next write. */
  let wake: (() => void) | undefined;

  /**
   * Takes the write lock for a group, waiting on timers while another process holds it; writes
   * whose deadline passes meanwhile fail. False when none is left to run.
   */
  async function begin(): Promise<boolean> {
    while (pending.length > 0) {
      try {
        await untilNotBusy(pending[0]!.deadline, () => db.exec('BEGIN IMMEDIATE'));
        return true;
      } catch (error) {
        const now = Date.now();
        const expired = isLockedOut(error) ? pending.filter((write) => write.deadline <= now) : [];
        // Not a lock (the file failed): every waiting write fails with it.
        const failed = expired.length > 0 ? expired : pending.slice();
        for (const write of failed) {
          pending.splice(pending.indexOf(write), 1);
          write.reject(error);
        }
      }
    }
    return false;
  }

  /**
   * One group: the writes pending now and those that arrive before this turn of the event loop
   * ends (setImmediate), each run in turn, then one COMMIT for all of them. A write that fails
   * rolls back to its savepoint and fails alone. If SQLite undid the whole transaction (a full
   * disk, an I/O error), the writes before it run again in the next group.
   */
  async function runGroup(): Promise<void> {
    if (!(await begin())) return;
    let turnEnded = false;
    const endOfTurn = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      turnEnded = true;
    });
    const applied: { write: PendingWrite; result: unknown }[] = [];
    let current: PendingWrite | undefined;
    try {
      while (applied.length < MAX_GROUP) {
        current = pending.shift();
        if (!current) {
          if (turnEnded) break;
          await Promise.race([endOfTurn, new Promise<void>((resolve) => (wake = resolve))]);
          wake = undefined;
          continue;
        }
        let apply: () => unknown;
        try {
          apply = await current.prepare();
        } catch (error) {
          current.reject(asStoreError(error));
          continue;
        }
        savepoint.run();
        try {
          const result = apply();
          releaseSavepoint.run();
          applied.push({ write: current, result });
        } catch (error) {
          current.reject(asStoreError(error));
          if (!db.inTransaction) {
            pending.unshift(...applied.map(({ write }) => write));
            return;
          }
          rollbackToSavepoint.run();
          releaseSavepoint.run();
        }
      }
      current = undefined;
      try {
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        if (isBusy(error)) pending.unshift(...applied.map(({ write }) => write));
        else for (const { write } of applied) write.reject(asStoreError(error));
        return;
      }
    } catch (error) {
      // The connection failed in a way no write caused (closed meanwhile, say): the group's
      // writes fail with it, none of them written.
      if (db.open && db.inTransaction) db.exec('ROLLBACK');
      for (const { write } of applied) write.reject(asStoreError(error));
      current?.reject(asStoreError(error));
      return;
    }
    for (const { write, result } of applied) {
      write.resolve(result);
      checkpointer.committed();
      try {
        wrote();
      } catch {
        // ANALYZE needs the write lock, which another process may hold: measured after the next.
      }
    }
  }

  async function runGroups(): Promise<void> {
    grouping = true;
    try {
      while (pending.length > 0) await lock.run(runGroup);
    } finally {
      grouping = false;
    }
  }

  /**
   * Queues a write transaction: `prepare` reads (it may await) and hands back its writes, which
   * are applied at once, so a transaction's writes never wait for another's reads. Answers once
   * its group is committed.
   */
  function writeTransaction<R>(prepare: () => Promise<() => R>): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      pending.push({
        prepare,
        deadline: Date.now() + LOCK_WAIT_MS,
        resolve: resolve as (result: unknown) => void,
        reject,
      });
      wake?.();
      if (!grouping) void runGroups();
    });
  }

  /** A single write outside transactions: a transaction of its own, so it waits the same way. */
  const write = (apply: () => void) => writeTransaction(async () => apply);

  /** Reads take no lock of this process; SQLite rarely keeps them waiting in WAL mode, but may. */
  const read = <R>(fn: () => R): Promise<R> => untilNotBusy(Date.now() + LOCK_WAIT_MS, fn);

  return {
    stock: stockInField,
    newId: () => randomUUID().replace(/-/g, '').slice(0, 20),
    get: (collection, id) => read(() => committed.readOne(collection, id)),
    query: (collection, query) => read(() => committed.readMany(collection, query)),
    set: (collection, id, data) => write(() => writeSet(collection, id, data)),
    update: (collection, id, patch) => write(() => writeUpdate(collection, id, patch)),
    delete: (collection, id) => write(() => void deleteStmt.run(collection, id)),
    increment: (collection, id, fields, create) =>
      write(() => writeIncrement(collection, id, fields, create)),
    runTransaction: (fn) =>
      writeTransaction(async () => {
        // A fresh buffer per run: a write run again must not apply the writes of the last run.
        const writes: (() => void)[] = [];
        const tx: Transaction = {
          get: async (collection, id) => inTransaction.readOne(collection, id),
          query: async (collection, query) => inTransaction.readMany(collection, query),
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
        if (readerDb !== db) readerDb.close();
        db.close();
      });
    },
  };
}
