/**
 * A part's stock through the store's ledger (docs/decisions/033): on SQLite the part's `quantity`
 * field, on Firestore that field plus the part's shards. Domain code reads and changes stock only
 * here, never by writing `quantity` itself.
 */
import type { StockLedger, Store, Stocked, StoreReader, StoredDoc } from '../../store/port.js';
import { PARTS, type PartDoc } from './part-record.js';

/** The part as the ledger knows it: the document and its `quantity` field as read. */
export const stockedPart = (part: StoredDoc<PartDoc>): Stocked => ({
  collection: PARTS,
  id: part.id,
  quantity: part.data.quantity,
});

/** Each part's stock now. */
export const partUnits = (
  stock: StockLedger,
  reader: StoreReader,
  parts: StoredDoc<PartDoc>[],
): Promise<number[]> => stock.count(reader, parts.map(stockedPart));

/**
 * The store's transactions for an order of `partIds`, each run when the store's ledger gives it
 * its turn among this process's orders on the same parts (Firestore, docs/decisions/063), else at
 * once.
 */
export const inTurnForParts = (
  store: Pick<Store, 'stock' | 'runTransaction'>,
  partIds: readonly string[],
): Pick<Store, 'runTransaction'> => ({
  runTransaction: (fn) => {
    const { inTurn } = store.stock;
    if (!inTurn) return store.runTransaction(fn);
    const keys = partIds.map((id) => `${PARTS}/${id}`);
    return inTurn(keys, () => store.runTransaction(fn));
  },
});
