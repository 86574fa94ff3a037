/**
 * Low stock from the start (issue 36 item 7, docs/decisions/091): after an admin adds, edits,
 * imports or deletes parts, every size they sell is weighed against its threshold as it stands,
 * so a part or size created with 0 units, or one whose stock or threshold an edit set at or below
 * it, is on the Low stock list at once (and the admins are mailed once, as for any fall); one above
 * it, or no longer sold, leaves the list. Orders and Add Stock keep weighing in their own way
 * (low-stock.ts); this is for the changes that replace a part's sizes or stock wholesale.
 */
import { hasVariants } from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { isSafeId } from '../../store/ids.js';
import {
  LOW_STOCK,
  prepareLowStock,
  watchedOf,
  type LowStockDoc,
  type LowStockWatch,
} from './low-stock.js';
import { PARTS, type PartDoc } from './part-record.js';
import { findSellables, type Sellable } from './variant-stock.js';

/**
 * Brings the low-stock records of these parts in line with their stock now, in one transaction of
 * its own, after the admin's change has committed. A failure is only logged: the list then
 * catches up at the part's next weighing (an order, Add Stock, an edit).
 */
export async function weighPartsLowStock(
  store: Store,
  partIds: readonly string[],
  watch: Exclude<LowStockWatch, 'clear-only'>,
): Promise<void> {
  const ids = [...new Set(partIds)].filter(isSafeId);
  if (ids.length === 0) return;
  try {
    await store.runTransaction(async (tx) => {
      const parts = await Promise.all(ids.map((id) => tx.get<PartDoc>(PARTS, id)));
      const wanted = parts.flatMap((part) => {
        if (!part) return [];
        return hasVariants(part.data)
          ? (part.data.variants ?? []).map((variant) => ({ partId: part.id, sku: variant.sku }))
          : [{ partId: part.id }];
      });
      const sellables = (await findSellables(tx, wanted)).flatMap((lookup): Sellable[] =>
        'sellable' in lookup ? [lookup.sellable] : [],
      );
      const units = await store.stock.count(
        tx,
        sellables.map((sellable) => sellable.stocked),
      );
      const recorded = (
        await Promise.all(
          ids.map((id) =>
            tx.query<LowStockDoc>(LOW_STOCK, { where: [{ field: 'partId', op: '==', value: id }] }),
          ),
        )
      ).flat();
      const weigh = await prepareLowStock(
        tx,
        store.stock,
        sellables.map((sellable, index) => ({ ...watchedOf(sellable), units: units[index] ?? 0 })),
        watch,
      );
      // Records of a size no longer sold, or of a part gone, go with it.
      const sold = new Set(
        sellables.map((sellable) => `${sellable.part.id} ${sellable.sku ?? ''}`),
      );
      const stale = recorded.filter(({ data }) => !sold.has(`${data.partId} ${data.sku ?? ''}`));
      weigh();
      for (const record of stale) tx.delete(LOW_STOCK, record.id);
    });
  } catch (error) {
    console.warn('Low stock not weighed after a change of parts:', error);
  }
}
