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

/** Writes between two measurements of the data for the planner. */
const WRITES_PER_MEASUREMENT = 500;

/**
 * Keeps SQLite's planner measuring the data (PRAGMA optimize, bounded by analysis_limit): at
 * open, and then every WRITES_PER_MEASUREMENT writes, which costs a few milliseconds when the
 * tables grew and nothing otherwise. Without figures the planner prefers the primary key's
 * (collection, id) order and scans a whole collection; guessed figures cannot tell a field with
 * many values (email) from one with few (status). Returns the callback for each committed write.
 */
export function keepPlannerMeasured(db: Database.Database): () => void {
  db.pragma('analysis_limit = 1000');
  db.pragma('optimize');
  let writes = 0;
  return () => {
    writes += 1;
    if (writes % WRITES_PER_MEASUREMENT === 0) db.pragma('optimize');
  };
}

/** The statements for the indexes this repository deploys to Firestore. */
export const declaredIndexStatements = (): string[] =>
  indexStatements(firestoreIndexes.indexes as FirestoreIndex[]);
