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

/**
 * A stocked document (a part) as the caller's transaction read it: its `quantity` field counts
 * units. An adapter may keep more of its units beside it, so that many transactions can take
 * from one hot document at once (docs/decisions/033); its stock is then that field plus those.
 */
export interface Stocked {
  collection: string;
  id: string;
  /** The document's `quantity` field as read. */
  quantity: number;
}

/** Where adapters keep units beside a stocked document, if they do (writes here change stock). */
export const STOCK_COLLECTION = 'stockShards';

export interface StockWant {
  doc: Stocked;
  units: number;
}

export interface StockTake {
  /** Per want, in order: the units the document has when fewer than wanted; else undefined. */
  short: (number | undefined)[];
  /** Makes the writes that take every want; only when nothing is short. */
  apply(): void;
}

export interface StockCount {
  units: number;
  /** Makes the writes that leave the document exactly `units`. */
  set(units: number): void;
}

/**
 * Stock kept so that the adapter's store can take it at the rate the shop sells: on SQLite the
 * `quantity` field itself, on Firestore units spread over shard documents (one document takes
 * about one write a second there). Every `prepare…` only reads, and answers the writes to make,
 * so the caller's transaction still reads everything before its first write; a transaction may
 * run again, so they pick afresh each time. Never below zero: a want that does not fit is short.
 */
export interface StockLedger {
  /** Each document's units now (in or out of a transaction). */
  count(reader: StoreReader, docs: Stocked[]): Promise<number[]>;
  /** Reads what taking `units` of each document needs; wants for one document add up. */
  prepareTake(tx: Transaction, wants: StockWant[]): Promise<StockTake>;
  /** Reads what putting units back needs (a cancelled order's); answers the writes. */
  prepareReturn(tx: Transaction, returns: StockWant[]): Promise<() => void>;
  /** Reads every unit of the document, to check or set the total (Add Stock). */
  prepareCount(tx: Transaction, doc: Stocked): Promise<StockCount>;
  /** Reads what the document keeps beside it; the writes remove it (the document is deleted). */
  prepareRemove(tx: Transaction, doc: Stocked): Promise<() => void>;
  /**
   * Runs `fn`, a transaction that takes stock of these documents (by `collection/id`), when the
   * adapter's contention needs it to: after the others in this process that take from them
   * (Firestore, docs/decisions/063). Without it, `fn` runs at once.
   */
  inTurn?<R>(keys: readonly string[], fn: () => Promise<R>): Promise<R>;
  /**
   * The document whose units a write counts, when the write is this ledger's count and nothing
   * else (a snapshot of the catalogue then mends that part's stock instead of loading again).
   */
  stockOf(collection: string, write: DocWrite): { collection: string; id: string } | undefined;
}

/** One document a write touched: its id, and for an update the fields it changed. */
export interface DocWrite {
  id: string;
  fields?: readonly string[];
}

/** Whether a write changed a document's `quantity` and nothing else (how a ledger counts in a field). */
export const onlyQuantity = (write: DocWrite): boolean =>
  write.fields !== undefined && write.fields.length === 1 && write.fields[0] === 'quantity';

export interface Store extends StoreReader {
  /** The adapter's way of keeping stock; domain code takes and returns stock only through it. */
  readonly stock: StockLedger;
  /** A new random document id. */
  newId(): string;
  set(collection: string, id: string, data: DocData): Promise<void>;
  /** Merges top-level fields into an existing document; rejects with NotFound if it is missing. */
  update(collection: string, id: string, patch: DocData): Promise<void>;
  delete(collection: string, id: string): Promise<void>;
  /**
   * Adds each number of `fields` to that field of the document, atomically and outside any
   * transaction (Firestore's `FieldValue.increment`): many at once on one document all count,
   * none read or retried. A missing document is created, a missing field counts from 0.
   * `create`'s fields are merged in every time: give only the document's fixed fields.
   */
  increment(
    collection: string,
    id: string,
    fields: Record<string, number>,
    create: DocData,
  ): Promise<void>;
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
  /** How soon asking again may succeed, in seconds, when the store can tell (a queue's wait). */
  readonly retryAfterSeconds?: number;

  constructor(message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/** Drops undefined fields, as Firestore's ignoreUndefinedProperties does. */
export function withoutUndefined(data: DocData): DocData {
  return Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));
}
