/**
 * The one table of JSON documents, keyed by collection and id (docs/decisions/036). An ordinary
 * rowid table with a unique index on the key: a new document goes at the end of the table and
 * only a small entry into the key's index, where a WITHOUT ROWID table kept whole documents in
 * key order, so that every insert under a random id split a full page (SQLite advises WITHOUT
 * ROWID for rows under a twentieth of a page; ours are a few hundred bytes to a few kilobytes).
 */
import type Database from 'better-sqlite3';

/** The unique index on (collection, id): lookups, and the target of the store's upserts. */
export const DOCS_KEY_INDEX = 'docs_key';

const CREATE_TABLE = (name: string) =>
  `CREATE TABLE ${name} (collection TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL)`;

/**
 * Makes the table, or moves the documents of a file made before into one of this layout, in one
 * transaction that holds the write lock from its start: processes opening the same new file at
 * once make it once.
 */
export function keepDocsTable(db: Database.Database): void {
  const tableSql = db.prepare<[], { sql: string }>(
    "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'docs'",
  );
  db.transaction(() => {
    const existing = tableSql.get();
    if (existing && !/WITHOUT\s+ROWID/i.test(existing.sql)) return;
    db.exec(CREATE_TABLE('docs_rowid'));
    if (existing) {
      db.exec(
        'INSERT INTO docs_rowid (collection, id, data) SELECT collection, id, data FROM docs',
      );
      db.exec('DROP TABLE docs');
    }
    db.exec('ALTER TABLE docs_rowid RENAME TO docs');
    db.exec(`CREATE UNIQUE INDEX ${DOCS_KEY_INDEX} ON docs (collection, id)`);
  }).immediate();
}
