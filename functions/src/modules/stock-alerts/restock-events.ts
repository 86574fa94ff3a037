/**
 * Every rise of a part's or a size's stock, whichever way it comes (Add Stock, an edit, a CSV
 * import, a cancelled, expired or refunded order put back), leaves one restock document, written
 * in the transaction that raises it (docs/decisions/100). The store's stock ledger is the one
 * place all of them pass, so it is wrapped there, in createApp: no route has to remember. The
 * write is a new document, read by no one in that transaction, so it adds no contention to it;
 * the mails follow from the restock outbox after the commit (restock-outbox.ts). A part's or a
 * size's stock removed (the part deleted, the size left out of an edit) leaves a withdrawal the
 * same way, after which the outbox removes its alerts.
 */
import type { StockLedger, Stocked, Transaction } from '../../store/port.js';
import { PARTS } from '../stock/part-record.js';
import { VARIANTS, type VariantStockDoc } from '../stock/variant-stock.js';
import { RESTOCKS, type RestockDoc } from './stock-alert-record.js';

/** What a restock can be of: a part's own stock or a size's (not a discount code's uses). */
const SELLABLE_STOCK = new Set([PARTS, VARIANTS]);

export function withRestockEvents(
  ledger: StockLedger,
  { clock, newId }: { clock: () => Date; newId: () => string },
): StockLedger {
  const record = (tx: Transaction, doc: Stocked, units: number) => {
    if (units <= 0 || !SELLABLE_STOCK.has(doc.collection)) return;
    const restock: RestockDoc = {
      collection: doc.collection,
      stockedId: doc.id,
      units,
      at: clock().toISOString(),
    };
    tx.set(RESTOCKS, newId(), restock);
  };
  /** The part or size whose stock goes, read before the removal writes (a size's from its stock). */
  const withdrawnOf = async (tx: Transaction, doc: Stocked) => {
    if (doc.collection === PARTS) return { partId: doc.id };
    if (doc.collection !== VARIANTS) return undefined;
    const variant = await tx.get<VariantStockDoc>(VARIANTS, doc.id);
    return variant ? { partId: variant.data.partId, sku: variant.data.sku } : undefined;
  };
  const wrapped: StockLedger = {
    count: (reader, docs) => ledger.count(reader, docs),
    prepareTake: (tx, wants) => ledger.prepareTake(tx, wants),
    async prepareReturn(tx, returns) {
      const write = await ledger.prepareReturn(tx, returns);
      return () => {
        write();
        for (const { doc, units } of returns) record(tx, doc, units);
      };
    },
    async prepareCount(tx, doc) {
      const count = await ledger.prepareCount(tx, doc);
      return {
        units: count.units,
        set(units) {
          count.set(units);
          record(tx, doc, units - count.units);
        },
      };
    },
    async prepareRemove(tx, doc) {
      const remove = await ledger.prepareRemove(tx, doc);
      const withdrawn = await withdrawnOf(tx, doc);
      return () => {
        remove();
        if (!withdrawn) return;
        const withdrawal: RestockDoc = {
          collection: doc.collection,
          stockedId: doc.id,
          units: 0,
          at: clock().toISOString(),
          withdrawn,
        };
        tx.set(RESTOCKS, newId(), withdrawal);
      };
    },
    stockOf: (collection, write) => ledger.stockOf(collection, write),
  };
  const inTurn = ledger.inTurn?.bind(ledger);
  if (inTurn) wrapped.inTurn = inTurn;
  return wrapped;
}
