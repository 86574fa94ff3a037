/**
 * Firestore's "try again later" errors become StoreUnavailableError (a 503), and contention is
 * retried a bounded number of times first. No emulator produces ABORTED on demand, so the mapping
 * is shown with a stand-in client, and the bound with the real client library whose transaction
 * function fails as a contended commit does.
 */
import { createServer, type Socket } from 'node:net';
import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { StoreUnavailableError } from '../port.js';
import { openFirestoreStore, TRANSACTION_ATTEMPTS } from './firestore-store.js';
import { freePort } from '../../testing/free-port.js';

const ABORTED = 10;
const INVALID_ARGUMENT = 3;
const PERMISSION_DENIED = 7;

function grpcError(code: number, message: string): Error {
  return Object.assign(new Error(`${code} ${message}`), { code });
}

/** A client whose every call fails with `error`, recording the options of its transactions. */
function failingClient(error: Error) {
  const transactionOptions: unknown[] = [];
  const doc = {
    get: () => Promise.reject(error),
    set: () => Promise.reject(error),
    update: () => Promise.reject(error),
    delete: () => Promise.reject(error),
  };
  const client = {
    collection: () => ({ doc: () => doc }),
    runTransaction: (_fn: unknown, options: unknown) => {
      transactionOptions.push(options);
      return Promise.reject(error);
    },
  };
  return { db: client as unknown as Firestore, transactionOptions };
}

describe('Firestore adapter — storage faults', () => {
  it('asks for a bounded number of transaction attempts, and contention left after them is StoreUnavailableError', async () => {
    const { db, transactionOptions } = failingClient(
      grpcError(ABORTED, 'Too much contention on these documents. Please try again.'),
    );
    const store = openFirestoreStore(db);

    await expect(store.runTransaction(async () => undefined)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    expect(transactionOptions).toEqual([{ maxAttempts: TRANSACTION_ATTEMPTS }]);
  });

  it('reports a transaction closed under it (its lock wait ran out) as StoreUnavailableError', async () => {
    const closed = grpcError(INVALID_ARGUMENT, 'Transaction is invalid or closed.');
    const store = openFirestoreStore(failingClient(closed).db);

    await expect(store.runTransaction(async () => undefined)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
  });

  it('reports ABORTED on reads and writes outside transactions as StoreUnavailableError', async () => {
    const { db } = failingClient(grpcError(ABORTED, 'Aborted due to cross-transaction contention'));
    const store = openFirestoreStore(db);

    await expect(store.get('parts', 'p')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.set('parts', 'p', { quantity: 1 })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(store.update('parts', 'p', { quantity: 1 })).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    await expect(store.delete('parts', 'p')).rejects.toBeInstanceOf(StoreUnavailableError);
  });

  it('passes errors that retrying cannot cure through unchanged', async () => {
    const denied = grpcError(PERMISSION_DENIED, 'Missing or insufficient permissions.');
    const store = openFirestoreStore(failingClient(denied).db);

    await expect(store.runTransaction(async () => undefined)).rejects.toBe(denied);
  });

  it('runs a contended transaction TRANSACTION_ATTEMPTS times with the real client, then gives up', async () => {
    const server = new FirestoreServer();
    const port = await freePort();
    await server.start(port);
    const app = initializeApp({ projectId: 'demo-sprocket' }, `store-faults-${Date.now()}`);
    try {
      const db = getFirestore(app);
      db.settings({ host: `127.0.0.1:${port}`, ssl: false });
      const store = openFirestoreStore(db);
      await store.set('counters', 'c', { value: 1 });

      let attempts = 0;
      const contended = store.runTransaction(async (tx) => {
        attempts += 1;
        await tx.get('counters', 'c');
        // What the server answers a commit that lost to other transactions on the same document.
        throw grpcError(ABORTED, 'Too much contention on these documents. Please try again.');
      });

      await expect(contended).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(attempts).toBe(TRANSACTION_ATTEMPTS);
    } finally {
      await deleteApp(app);
      server.stop();
    }
  });

  it('gives a transaction up at its deadline when Firestore takes the connection but never answers', async () => {
    // A frozen emulator: the client library's own retries would wait on it for ever.
    const connections = new Set<Socket>();
    const silent = createServer((socket) => void connections.add(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    // The client takes FIRESTORE_EMULATOR_HOST over the host it is given: this one is unnamed.
    const namedEmulator = process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIRESTORE_EMULATOR_HOST;
    const app = initializeApp({ projectId: 'demo-sprocket' }, `store-silent-${Date.now()}`);
    try {
      const db = getFirestore(app);
      db.settings({ host: `127.0.0.1:${port}`, ssl: false });
      const store = openFirestoreStore(db, { transactionDeadlineMs: 300 });

      const unanswered = store.runTransaction(async (tx) => {
        const marker = await tx.get('meta', 'seed');
        if (!marker) tx.set('meta', 'seed', { version: 1 });
      });

      await expect(unanswered).rejects.toThrow(StoreUnavailableError);
    } finally {
      for (const socket of connections) socket.destroy();
      silent.close();
      await deleteApp(app);
      if (namedEmulator !== undefined) process.env.FIRESTORE_EMULATOR_HOST = namedEmulator;
    }
  });
});
