/**
 * A store that answers as Firestore does when many transactions want the same documents, for the
 * hot-part benchmark and the stock tests (docs/decisions/033). Every document sustains
 * `perSecond` writes a second (a token bucket holding `burst`); a transaction is isolated
 * optimistically, by the ids it read: it aborts when a document it read was written since, or when
 * a document it would write has no token left, and runs again after a backoff, at most `attempts`
 * times in all; then it fails with StoreUnavailableError, as the Firestore adapter reports
 * contention (docs/decisions/011). Queries are not part of the isolation: stock is read by id.
 * Time is the caller's clock, so a benchmark can run a minute of simulated time in seconds.
 */
import {
  StoreUnavailableError,
  type DocData,
  type Store,
  type StoredDoc,
  type Transaction,
} from './port.js';

export interface WriteRateOptions {
  /** Sustained writes a second on one document. */
  perSecond: number;
  /** Writes a document that was quiet takes at once. */
  burst: number;
  /** Milliseconds on the caller's clock. */
  now: () => number;
  /** Waits `ms` on the caller's clock. */
  sleep: (ms: number) => Promise<void>;
  /** Runs of one transaction before it fails. */
  attempts: number;
  /** The pause before the next run, after `attempt` runs failed (1, 2, …). */
  backoffMs: (attempt: number) => number;
}

export interface WriteRateStats {
  committed: number;
  /** Runs aborted because a document read was written meanwhile. */
  abortedStale: number;
  /** Runs aborted because a document written had no write left this second. */
  abortedRate: number;
  /** Transactions that failed after every run. */
  unavailable: number;
  /** The most writes one document took, and which. */
  busiest: { key: string; writes: number } | undefined;
}

export interface RateLimitedStore extends Store {
  stats(): WriteRateStats;
}

class Contention extends Error {
  constructor(readonly why: 'stale' | 'rate') {
    super(`contention (${why})`);
  }
}

const keyOf = (collection: string, id: string) => `${collection}/${id}`;

export function withWriteRateLimit(store: Store, options: WriteRateOptions): RateLimitedStore {
  /** Bumped on every write, so a transaction can tell whether what it read is still so. */
  const versions = new Map<string, number>();
  const buckets = new Map<string, { tokens: number; at: number }>();
  const writes = new Map<string, number>();
  const stats = { committed: 0, abortedStale: 0, abortedRate: 0, unavailable: 0 };

  const version = (key: string) => versions.get(key) ?? 0;
  const bump = (key: string) => versions.set(key, version(key) + 1);

  const tokensOf = (key: string) => {
    const now = options.now();
    const bucket = buckets.get(key) ?? { tokens: options.burst, at: now };
    const tokens = Math.min(
      options.burst,
      bucket.tokens + ((now - bucket.at) / 1000) * options.perSecond,
    );
    const refilled = { tokens, at: now };
    buckets.set(key, refilled);
    return refilled;
  };

  /** A write applied: it takes a token (if one is left) and makes earlier reads stale. */
  const written = (key: string) => {
    const bucket = tokensOf(key);
    bucket.tokens = Math.max(0, bucket.tokens - 1);
    writes.set(key, (writes.get(key) ?? 0) + 1);
    bump(key);
  };

  const direct =
    <A extends unknown[]>(write: (collection: string, id: string, ...rest: A) => Promise<void>) =>
    async (collection: string, id: string, ...rest: A) => {
      await write(collection, id, ...rest);
      written(keyOf(collection, id));
    };

  /** One run: `fn` on the inner store, then the checks Firestore's commit would make. */
  const attempt = async <R>(fn: (tx: Transaction) => Promise<R>) => {
    const reads = new Map<string, number>();
    const writing = new Set<string>();
    const result = await store.runTransaction(async (tx) => {
      reads.clear();
      writing.clear();
      const tracked: Transaction = {
        get: async <T extends DocData>(collection: string, id: string) => {
          const key = keyOf(collection, id);
          if (!reads.has(key)) reads.set(key, version(key));
          return tx.get<T>(collection, id) as Promise<StoredDoc<T> | null>;
        },
        query: (collection, query) => tx.query(collection, query),
        set(collection, id, data) {
          writing.add(keyOf(collection, id));
          tx.set(collection, id, data);
        },
        update(collection, id, patch) {
          writing.add(keyOf(collection, id));
          tx.update(collection, id, patch);
        },
        delete(collection, id) {
          writing.add(keyOf(collection, id));
          tx.delete(collection, id);
        },
      };
      const value = await fn(tracked);
      // From here to the end nothing awaits: the checks and the claims are one step.
      for (const [key, seen] of reads) if (version(key) !== seen) throw new Contention('stale');
      for (const key of writing) if (tokensOf(key).tokens < 1) throw new Contention('rate');
      for (const key of writing) written(key);
      return value;
    });
    // Reads made while the inner store committed saw the old data: make them stale too.
    for (const key of writing) bump(key);
    stats.committed += 1;
    return result;
  };

  return {
    stock: store.stock,
    newId: () => store.newId(),
    get: (collection, id) => store.get(collection, id),
    query: (collection, query) => store.query(collection, query),
    set: direct((collection, id, data: DocData) => store.set(collection, id, data)),
    update: direct((collection, id, patch: DocData) => store.update(collection, id, patch)),
    delete: direct((collection, id) => store.delete(collection, id)),
    increment: direct((collection, id, fields: Record<string, number>, create: DocData) =>
      store.increment(collection, id, fields, create),
    ),
    async runTransaction(fn) {
      for (let run = 1; ; run += 1) {
        try {
          return await attempt(fn);
        } catch (error) {
          if (!(error instanceof Contention)) throw error;
          if (error.why === 'stale') stats.abortedStale += 1;
          else stats.abortedRate += 1;
          if (run >= options.attempts) {
            stats.unavailable += 1;
            throw new StoreUnavailableError('Too much contention on these documents', {
              cause: error,
            });
          }
          await options.sleep(options.backoffMs(run));
        }
      }
    },
    close: () => store.close(),
    stats() {
      let busiest: WriteRateStats['busiest'];
      for (const [key, count] of writes) {
        if (!busiest || count > busiest.writes) busiest = { key, writes: count };
      }
      return { ...stats, busiest };
    },
  };
}
