import { FieldValue, type Firestore, type Query as FirestoreQuery } from 'firebase-admin/firestore';
import {
  StoreNotFoundError,
  StoreUnavailableError,
  withoutUndefined,
  type DocData,
  type Query,
  type StockLedger,
  type Store,
  type StoredDoc,
  type Transaction,
} from '../port.js';
import { shardedStock } from './sharded-stock.js';

/**
 * gRPC status codes that mean "try again later" rather than "this request is wrong". ABORTED is
 * contention: transactions on the same documents that kept failing each other.
 */
const UNAVAILABLE_CODES = new Set([
  4 /* DEADLINE_EXCEEDED */, 8 /* RESOURCE_EXHAUSTED */, 10 /* ABORTED */, 14 /* UNAVAILABLE */,
]);
/**
 * How many times a transaction runs before its contention becomes a 503. The client library
 * backs off 1 s, then 1.5 s between attempts, so three keep the wait near SQLite's two seconds.
 */
export const TRANSACTION_ATTEMPTS = 3;
/**
 * The longest a transaction's attempts may take together before it is given up (rolled back) and
 * answered 503 with Retry-After: a read that waits on a lock past it ends the attempt, and no
 * attempt starts after it. An order's turn (sharded-stock.ts) tries it again while it can still
 * be answered within ANSWER_WITHIN_MS (docs/decisions/063, 092).
 */
export const TRANSACTION_DEADLINE_MS = 4_000;
const NOT_FOUND = 5;
const INVALID_ARGUMENT = 3;
const CLOSED_TRANSACTION = /Transaction is invalid or closed/;

function grpcCode(error: unknown): number | undefined {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'number' ? code : undefined;
}

/** Firestore's errors in the port's terms; anything else passes through unchanged. */
function translate(error: unknown, collection?: string, id?: string): unknown {
  const code = grpcCode(error);
  if (code === NOT_FOUND && collection !== undefined && id !== undefined) {
    return new StoreNotFoundError(collection, id);
  }
  if (code !== undefined && UNAVAILABLE_CODES.has(code)) {
    return new StoreUnavailableError('Firestore is unavailable', { cause: error });
  }
  return error;
}

/** A transaction given up at its deadline: nothing was written, and the caller may try again. */
const tooLong = () =>
  new StoreUnavailableError('The transaction waited too long for documents others hold');

function toFirestoreQuery(db: Firestore, collection: string, query: Query = {}): FirestoreQuery {
  let q: FirestoreQuery = db.collection(collection);
  for (const filter of query.where ?? []) q = q.where(filter.field, filter.op, filter.value);
  for (const order of query.orderBy ?? []) q = q.orderBy(order.field, order.direction ?? 'asc');
  if (query.limit !== undefined) q = q.limit(Math.max(0, Math.floor(query.limit)));
  return q;
}

/**
 * The Firestore adapter (firebase-admin): production, and the official emulator where present.
 * Query results without an explicit order come back in document-id order, as SQLite's do.
 * Stock is sharded (docs/decisions/033) unless `options.stock` says otherwise (the benchmark's
 * single-document baseline).
 */
export function openFirestoreStore(
  db: Firestore,
  options: { stock?: StockLedger; transactionDeadlineMs?: number } = {},
): Store {
  const deadlineMs = options.transactionDeadlineMs ?? TRANSACTION_DEADLINE_MS;
  const getDoc = async <T extends DocData>(
    collection: string,
    id: string,
  ): Promise<StoredDoc<T> | null> => {
    try {
      const snapshot = await db.collection(collection).doc(id).get();
      return snapshot.exists ? { id, data: snapshot.data() as T } : null;
    } catch (error) {
      throw translate(error);
    }
  };

  const runQuery = async <T extends DocData>(
    collection: string,
    query?: Query,
  ): Promise<StoredDoc<T>[]> => {
    // Firestore reads limit(0) as "no limit"; the port means "nothing".
    if (query?.limit !== undefined && query.limit <= 0) return [];
    try {
      const snapshot = await toFirestoreQuery(db, collection, query).get();
      return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() as T }));
    } catch (error) {
      throw translate(error);
    }
  };

  return {
    stock:
      options.stock ??
      shardedStock({ hints: { get: getDoc, query: runQuery }, transactionDeadlineMs: deadlineMs }),
    newId: () => db.collection('_').doc().id,
    get: getDoc,
    query: runQuery,
    set: async (collection, id, data) => {
      try {
        await db.collection(collection).doc(id).set(withoutUndefined(data));
      } catch (error) {
        throw translate(error);
      }
    },
    update: async (collection, id, patch) => {
      try {
        await db.collection(collection).doc(id).update(withoutUndefined(patch));
      } catch (error) {
        throw translate(error, collection, id);
      }
    },
    delete: async (collection, id) => {
      try {
        await db.collection(collection).doc(id).delete();
      } catch (error) {
        throw translate(error);
      }
    },
    increment: async (collection, id, fields, create) => {
      const increments = Object.fromEntries(
        Object.entries(fields).map(([field, by]) => [field, FieldValue.increment(by)]),
      );
      try {
        // A merge applies the increments on Firestore's side: no read, no lock, nothing to retry.
        await db
          .collection(collection)
          .doc(id)
          .set({ ...withoutUndefined(create), ...increments }, { merge: true });
      } catch (error) {
        throw translate(error);
      }
    },
    runTransaction: async (fn) => {
      // The update of a document that is gone fails only at commit; remember which one it was.
      let pendingUpdate: { collection: string; id: string } | undefined;
      const deadline = Date.now() + deadlineMs;
      /** A read of the attempt, given up when the transaction's time is over. */
      const inTime = async <R>(read: Promise<R>): Promise<R> => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(tooLong()), Math.max(0, deadline - Date.now()));
        });
        try {
          return await Promise.race([read, late]);
        } finally {
          clearTimeout(timer);
        }
      };
      // An attempt given up (its read ran past the deadline) is the transaction's outcome, as the
      // client library never retries our errors; but its rollback first waits for the attempt's
      // first read, which a Firestore that does not answer never ends. Answer without it.
      let giveUp!: (error: StoreUnavailableError) => void;
      const givenUp = new Promise<never>((_, reject) => (giveUp = reject));
      try {
        const attempts = db.runTransaction(
          async (ftx) => {
            pendingUpdate = undefined;
            if (Date.now() >= deadline) throw tooLong();
            const tx: Transaction = {
              get: async <T extends DocData>(collection: string, id: string) => {
                const snapshot = await inTime(ftx.get(db.collection(collection).doc(id)));
                return snapshot.exists ? { id, data: snapshot.data() as T } : null;
              },
              query: async <T extends DocData>(collection: string, query?: Query) => {
                const snapshot = await inTime(ftx.get(toFirestoreQuery(db, collection, query)));
                return snapshot.docs.map((doc) => ({ id: doc.id, data: doc.data() as T }));
              },
              set: (collection, id, data) =>
                void ftx.set(db.collection(collection).doc(id), withoutUndefined(data)),
              update: (collection, id, patch) => {
                pendingUpdate ??= { collection, id };
                ftx.update(db.collection(collection).doc(id), withoutUndefined(patch));
              },
              delete: (collection, id) => void ftx.delete(db.collection(collection).doc(id)),
            };
            try {
              return await fn(tx);
            } catch (error) {
              if (error instanceof StoreUnavailableError) giveUp(error);
              throw error;
            }
          },
          { maxAttempts: TRANSACTION_ATTEMPTS },
        );
        return await Promise.race([attempts, givenUp]);
      } catch (error) {
        // A transaction closed under its reads (its lock wait ran out) wrote nothing: try again.
        if (grpcCode(error) === INVALID_ARGUMENT && CLOSED_TRANSACTION.test(String(error))) {
          throw new StoreUnavailableError('Firestore closed the transaction', { cause: error });
        }
        throw translate(error, pendingUpdate?.collection, pendingUpdate?.id);
      }
    },
    close: async () => {
      await db.terminate();
    },
  };
}
