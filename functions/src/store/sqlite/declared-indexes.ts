/**
 * SQLite's indexes come from the list Firestore deploys (firestore.indexes.json): a query that
 * needs a composite index in production gets the same one here, so the local store does not scan
 * every order for a customer's unpaid orders (issue 14's order benchmark; docs/decisions/026).
 */
import type Database from 'better-sqlite3';
import firestoreIndexes from '../../../../firestore.indexes.json' with { type: 'json' };
import { DOCS_KEY_INDEX } from './docs-table.js';

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

/** The collection as SQL text: a literal, so that the planner can use its partial indexes. */
export function collectionLiteral(collection: string): string {
  if (!PLAIN_NAME.test(collection)) throw new Error(`Unsupported collection name: ${collection}`);
  return `'${collection}'`;
}

/** An index of `docs`: its name and the statement that makes it. */
export interface DocsIndex {
  name: string;
  sql: string;
}

/** The names of the indexes the store makes; any other index so named is dropped at open. */
const INDEX_PREFIX = 'docs_by_';

/**
 * The indexes of `docs`, one per collection index of the given list: a partial index over that
 * collection's rows only (the other collections' documents, mails and parts among them, are not
 * indexed by fields they do not have), on each field's expression in the declared order. Queries
 * name their collection as a literal (selectStatement), which is how the planner matches them.
 */
export function docsIndexes(indexes: readonly FirestoreIndex[]): DocsIndex[] {
  return indexes
    .filter((index) => index.queryScope === 'COLLECTION')
    .map((index) => {
      const collection = collectionLiteral(index.collectionGroup);
      const fields = index.fields.map((field) => fieldPath(field.fieldPath));
      const name = [
        `${INDEX_PREFIX}${index.collectionGroup}`,
        ...index.fields.map((f) => f.fieldPath),
      ].join('_');
      return {
        name,
        sql: `CREATE INDEX IF NOT EXISTS ${name} ON docs (${fields.join(', ')}) WHERE collection = ${collection}`,
      };
    });
}

/**
 * Makes the declared indexes and drops the store's other indexes (one removed from the list, or
 * of an earlier shape), so that no write keeps an index up to date that no query uses.
 */
export function keepDeclaredIndexes(db: Database.Database, indexes: readonly DocsIndex[]): void {
  const declared = new Set([DOCS_KEY_INDEX, ...indexes.map((index) => index.name)]);
  const existing = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'docs' AND sql IS NOT NULL",
    )
    .all();
  for (const { name } of existing) {
    if (!declared.has(name) && PLAIN_NAME.test(name)) db.exec(`DROP INDEX ${name}`);
  }
  for (const index of indexes) db.exec(index.sql);
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

/** The indexes this repository deploys to Firestore, as SQLite makes them. */
export const declaredIndexes = (): DocsIndex[] =>
  docsIndexes(firestoreIndexes.indexes as FirestoreIndex[]);
