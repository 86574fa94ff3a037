/**
 * SQLite's indexes come from the list Firestore deploys (firestore.indexes.json): a query that
 * needs a composite index in production gets the same one here, so the local store does not scan
 * every order for a customer's unpaid orders (issue 14's order benchmark; docs/decisions/026).
 */
import type Database from 'better-sqlite3';
import firestoreIndexes from '../../../../firestore.indexes.json' with { type: 'json' };

interface FirestoreIndex {
  collectionGroup: string;
  queryScope: string;
  fields: { fieldPath: string; order?: 'ASCENDING' | 'DESCENDING' }[];
}

/** The only shape of name the store puts into SQL text (json paths and index names). */
export const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The expression the store reads a top-level field with; an index must use the same one. */
export function fieldPath(field: string): string {
  if (!PLAIN_NAME.test(field)) throw new Error(`Unsupported field name in query: ${field}`);
  return `json_extract(data, '$.${field}')`;
}

/**
 * `CREATE INDEX` statements for `docs`, one per collection index of the given list: the
 * collection first (every query names it), then each field's expression in the declared order.
 */
export function indexStatements(indexes: readonly FirestoreIndex[]): string[] {
  return indexes
    .filter((index) => index.queryScope === 'COLLECTION')
    .map((index) => {
      if (!PLAIN_NAME.test(index.collectionGroup)) {
        throw new Error(`Unsupported collection name in an index: ${index.collectionGroup}`);
      }
      const fields = index.fields.map((field) => fieldPath(field.fieldPath));
      const name = ['docs', index.collectionGroup, ...index.fields.map((f) => f.fieldPath)].join(
        '_',
      );
      return `CREATE INDEX IF NOT EXISTS ${name} ON docs (collection, ${fields.join(', ')})`;
    });
}

/** The fewest writes between two measurements of the data for the planner. */
const MIN_WRITES_PER_MEASUREMENT = 500;

/**
 * Keeps SQLite's planner measuring the data (ANALYZE, bounded by analysis_limit): at open, and
 * again once the writes since the last measurement reach the number of documents then (at least
 * MIN_WRITES_PER_MEASUREMENT), so the figures stay within about twice the truth at an amortized
 * cost of a few microseconds a write. Without figures, or with figures taken before the orders
 * came (a seeded store), the planner prefers the primary key's (collection, id) order and scans a
 * whole collection; `PRAGMA optimize` re-measures only after tenfold growth, and guessed figures
 * cannot tell a field with many values (email) from one with few (status). Returns the callback
 * for each committed write.
 */
export function keepPlannerMeasured(db: Database.Database): () => void {
  db.pragma('analysis_limit = 1000');
  const countDocs = db.prepare<[], { count: number }>('SELECT count(*) AS count FROM docs');
  let writes = 0;
  let docsAtMeasurement = 0;
  const measure = () => {
    db.exec('ANALYZE');
    docsAtMeasurement = countDocs.get()?.count ?? 0;
    writes = 0;
  };
  measure();
  return () => {
    writes += 1;
    if (writes >= Math.max(MIN_WRITES_PER_MEASUREMENT, docsAtMeasurement / 2)) measure();
  };
}

/** The statements for the indexes this repository deploys to Firestore. */
export const declaredIndexStatements = (): string[] =>
  indexStatements(firestoreIndexes.indexes as FirestoreIndex[]);
