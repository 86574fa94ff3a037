import { onlyQuantity, type StockLedger, type StockWant, type Stocked } from './port.js';

/** The wanted units per document (a document asked for twice adds up), in first-asked order. */
export function unitsByDoc(wants: readonly StockWant[]): Map<string, StockWant> {
  const byDoc = new Map<string, StockWant>();
  for (const { doc, units } of wants) {
    const key = `${doc.collection}/${doc.id}`;
    const had = byDoc.get(key);
    byDoc.set(key, { doc, units: (had?.units ?? 0) + units });
  }
  return byDoc;
}

export const stockKey = (doc: Stocked) => `${doc.collection}/${doc.id}`;

/**
 * Stock as the document's `quantity` field and nothing else: SQLite's way (one process writes at
 * a time, and no document has a write rate of its own), and what every store did before
 * docs/decisions/033.
 */
export const stockInField: StockLedger = {
  count: async (_reader, docs) => docs.map((doc) => doc.quantity),
  stockOf: (collection, write) => (onlyQuantity(write) ? { collection, id: write.id } : undefined),

  async prepareTake(tx, wants) {
    const byDoc = unitsByDoc(wants);
    const short = wants.map(({ doc }) => {
      const wanted = byDoc.get(stockKey(doc))!.units;
      return wanted > doc.quantity ? doc.quantity : undefined;
    });
    return {
      short,
      apply() {
        for (const { doc, units } of byDoc.values()) {
          tx.update(doc.collection, doc.id, { quantity: doc.quantity - units });
        }
      },
    };
  },

  async prepareReturn(tx, returns) {
    const byDoc = unitsByDoc(returns);
    return () => {
      for (const { doc, units } of byDoc.values()) {
        tx.update(doc.collection, doc.id, { quantity: doc.quantity + units });
      }
    };
  },

  async prepareCount(tx, doc) {
    return {
      units: doc.quantity,
      set: (units) => tx.update(doc.collection, doc.id, { quantity: units }),
    };
  },

  prepareRemove: async () => () => {},
};
