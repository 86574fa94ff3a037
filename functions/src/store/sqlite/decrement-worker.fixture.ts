/** A second process for the cross-process test: N concurrent decrementing transactions. */
import { openSqliteStore } from './sqlite-store.js';

const [file, count] = process.argv.slice(2);
if (!file || !count) throw new Error('usage: decrement-worker <sqlite file> <count>');
const store = openSqliteStore(file);
await Promise.all(
  Array.from({ length: Number(count) }, () =>
    store.runTransaction(async (tx) => {
      const counter = await tx.get<{ value: number }>('counters', 'c');
      tx.update('counters', 'c', { value: (counter?.data.value ?? 0) - 1 });
    }),
  ),
);
await store.close();
