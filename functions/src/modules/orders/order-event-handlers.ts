/**
 * What follows from the orders' events that orders keeps itself (docs/decisions/084): the admins'
 * audit entries, and a placed order's lines weighed against their low-stock thresholds. The
 * other handlers are their modules' own (sales days, customer totals, mails, payment intents);
 * app.ts hands them all to the outbox.
 */
import type { Store } from '../../store/port.js';
import { writeAuditEntry } from '../audit/audit-log.js';
import { watchedOf, weighLowStock } from '../stock/low-stock.js';
import { findSellables } from '../stock/variant-stock.js';
import type { OrderEventHandler } from './order-outbox.js';
import { linesOf } from './order-record.js';

/** An admin's change of an order in the audit log, under its event's id: written once. */
export const auditOfEvents: OrderEventHandler = {
  async apply(tx, events) {
    return () => {
      for (const { id, data } of events) if (data.audit) writeAuditEntry(tx, id, data.audit);
    };
  },
};

/**
 * A line that took its part (or variant) to its threshold tells the admins once, weighed from a
 * count after the order's transaction (docs/decisions/063 and 070).
 */
export const lowStockOfEvents = (
  store: Store,
  shopDefault: number,
  clock: () => Date,
): OrderEventHandler => ({
  follows: (event) => event.kind === 'place',
  async followUp(events) {
    // Each part (or variant) of the batch's orders weighed once.
    const lines = new Map<string, { partId: string; quantity: number; sku?: string }>();
    for (const { data } of events) {
      for (const { partId, sku } of linesOf(data.order)) {
        lines.set(`${partId}/${sku ?? ''}`, { partId, quantity: 1, ...(sku && { sku }) });
      }
    }
    const placed = await findSellables(store, [...lines.values()]);
    await weighLowStock(
      store,
      placed.flatMap((lookup) => ('sellable' in lookup ? [watchedOf(lookup.sellable)] : [])),
      { now: clock(), shopDefault },
    );
  },
});
