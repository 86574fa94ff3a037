import type { Store, Transaction } from './port.js';

/**
 * The store, telling `onWrite` the collection of every write once it is applied: after a direct
 * write resolves, and after a transaction commits (once per collection it wrote). Caches built
 * from the store (the catalogue snapshot) drop what they hold, whichever module wrote.
 */
export function withWriteListener(store: Store, onWrite: (collection: string) => void): Store {
  const listening = <A extends unknown[]>(
    write: (collection: string, ...rest: A) => Promise<void>,
  ) => {
    return async (collection: string, ...rest: A) => {
      try {
        await write(collection, ...rest);
      } finally {
        // A failed write may have been applied all the same (a lost answer): tell anyway.
        onWrite(collection);
      }
    };
  };
  return {
    stock: store.stock,
    get: (collection, id) => store.get(collection, id),
    query: (collection, query) => store.query(collection, query),
    newId: () => store.newId(),
    set: listening((collection, id: string, data) => store.set(collection, id, data)),
    update: listening((collection, id: string, patch) => store.update(collection, id, patch)),
    delete: listening((collection, id: string) => store.delete(collection, id)),
    async runTransaction(fn) {
      const written = new Set<string>();
      try {
        return await store.runTransaction((tx) => fn(recording(tx, written)));
      } finally {
        for (const collection of written) onWrite(collection);
      }
    },
    close: () => store.close(),
  };
}

function recording(tx: Transaction, written: Set<string>): Transaction {
  return {
    get: (collection, id) => tx.get(collection, id),
    query: (collection, query) => tx.query(collection, query),
    set(collection, id, data) {
      written.add(collection);
      tx.set(collection, id, data);
    },
    update(collection, id, patch) {
      written.add(collection);
      tx.update(collection, id, patch);
    },
    delete(collection, id) {
      written.add(collection);
      tx.delete(collection, id);
    },
  };
}
