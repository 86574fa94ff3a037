/**
 * The storage port (docs/architecture.md §5). Its semantics are Firestore's: collections of JSON documents with
 * string ids; get, set, update, delete; queries with equality and range filters, ordering and
 * limits; serializable transactions in which every read comes before the first write.
 * Domain code depends on this file only; the adapters live in sqlite/ and firestore/.
 */

/** A JSON value as a document field holds it. */
export type FieldValue =
  string | number | boolean | null | FieldValue[] | { [key: string]: FieldValue | undefined };

export type DocData = { [field: string]: FieldValue | undefined };

export interface StoredDoc<T extends DocData = DocData> {
  id: string;
  data: T;
}

export type FilterOp = '==' | '!=' | '<' | '<=' | '>' | '>=';

export interface Filter {
  field: string;
  op: FilterOp;
  value: string | number | boolean | null;
}

export interface OrderBy {
  field: string;
  direction?: 'asc' | 'desc';
}

export interface Query {
  where?: Filter[];
  orderBy?: OrderBy[];
  limit?: number;
}

export interface StoreReader {
  get<T extends DocData>(collection: string, id: string): Promise<StoredDoc<T> | null>;
  query<T extends DocData>(collection: string, query?: Query): Promise<StoredDoc<T>[]>;
}

/** Writes inside a transaction are buffered and applied when the transaction function resolves. */
export interface Transaction extends StoreReader {
  set(collection: string, id: string, data: DocData): void;
  /** Merges top-level fields into an existing document; the commit fails with NotFound if it is gone. */
  update(collection: string, id: string, patch: DocData): void;
  delete(collection: string, id: string): void;
}

export interface Store extends StoreReader {
  /** A new random document id. */
  newId(): string;
  set(collection: string, id: string, data: DocData): Promise<void>;
  /** Merges top-level fields into an existing document; rejects with NotFound if it is missing. */
  update(collection: string, id: string, patch: DocData): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  /**
   * Runs `fn` as one serializable transaction. All reads must come before the first write.
   * The function may be retried on contention, so it must have no side effects of its own.
   * If it throws, nothing it wrote is applied and the error is rethrown.
   */
  runTransaction<R>(fn: (tx: Transaction) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export class StoreNotFoundError extends Error {
  constructor(collection: string, id: string) {
    super(`No document ${collection}/${id}`);
    this.name = 'StoreNotFoundError';
  }
}

/** The store could not be reached or failed; callers answer 503 so clients (and webhooks) retry. */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** Drops undefined fields, as Firestore's ignoreUndefinedProperties does. */
export function withoutUndefined(data: DocData): DocData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}
