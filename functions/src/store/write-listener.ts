import type { DocData, DocWrite, Store, Transaction } from './port.js';

export type { DocWrite };

/**
 * The store, telling `onWrite` the collection and the documents of every write once it is
 * applied: after a direct write resolves, and after a transaction commits (once per collection it
 * wrote). Caches built from the store (the catalogue snapshot) drop or mend what they hold,
 * whichever module wrote.
 */
export function withWriteListener(
  store: Store,
  onWrite: (collection: string, writes: readonly DocWrite[]) => void,
): Store {
  const listening = <A extends unknown[]>(
    write: (collection: string, id: string, ...rest: A) => Promise<void>,
    fieldsOf: (...rest: A) => readonly string[] | undefined = () => undefined,
  ) => {
    return async (collection: string, id: string, ...rest: A) => {
      try {
        await write(collection, id, ...rest);
      } finally {
        // A failed write may have been applied all the same (a lost answer): tell anyway.
        onWrite(collection, [{ id, fields: fieldsOf(...rest) }]);
      }
    };
  };
  return {
    stock: store.stock,
    get: (collection, id) => store.get(collection, id),
    query: (collection, query) => store.query(collection, query),
    newId: () => store.newId(),
    set: listening((collection, id, data) => store.set(collection, id, data)),
    update: listening(
      (collection, id, patch) => store.update(collection, id, patch),
      (patch) => Object.keys(patch),
    ),
    delete: listening((collection, id) => store.delete(collection, id)),
    increment: listening(
      (collection, id, fields: Record<string, number>, create: DocData) =>
        store.increment(collection, id, fields, create),
      (fields, create) => [...new Set([...Object.keys(create), ...Object.keys(fields)])],
    ),
    async runTransaction(fn) {
      const written = new Map<string, DocWrite[]>();
      try {
        return await store.runTransaction((tx) => fn(recording(tx, written)));
      } finally {
        for (const [collection, writes] of written) onWrite(collection, writes);
      }
    },
    close: () => store.close(),
  };
}

function recording(tx: Transaction, written: Map<string, DocWrite[]>): Transaction {
  const record = (collection: string, write: DocWrite) => {
    const writes = written.get(collection);
    if (writes) writes.push(write);
    else written.set(collection, [write]);
  };
  return {
    get: (collection, id) => tx.get(collection, id),
    query: (collection, query) => tx.query(collection, query),
    set(collection, id, data) {
      record(collection, { id });
      tx.set(collection, id, data);
    },
    update(collection, id, patch) {
      record(collection, { id, fields: Object.keys(patch) });
      tx.update(collection, id, patch);
    },
    delete(collection, id) {
      record(collection, { id });
      tx.delete(collection, id);
    },
  };
}
