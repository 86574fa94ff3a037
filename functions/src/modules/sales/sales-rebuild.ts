/**
 * The one-off backfill of the daily totals (docs/decisions/070): orders paid, refunded or
 * cancelled before the shop kept totals per day are counted once from the orders themselves, and
 * every day's documents are written afresh. It reads every order, so it is an admin's deliberate
 * step (POST /admin/sales/rebuild), run once after the upgrade, never a screen's read.
 */
import { dayIn, isPaid } from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';
import { ORDERS, type OrderDoc } from '../orders/order-record.js';
import {
  addToDay,
  emptySalesDay,
  SALES_DAY_PARTS,
  SALES_DAYS,
  type PartSales,
  type SalesDayDoc,
  type SalesDayPartsDoc,
  type SalesEntry,
} from './sales-days.js';

type Dated = OrderDoc & { paidAt?: string };

/** What each order adds, on which day: its payment, its refund, its end unpaid. */
function entriesOf(order: Dated, timeZone: string): { day: string; entry: SalesEntry }[] {
  const dayOf = (at: string | undefined) => dayIn(timeZone, new Date(at ?? order.createdAt));
  const timelineAt = (status: string) =>
    order.timeline?.find((entry) => entry.status === status)?.at;
  const entries: { day: string; entry: SalesEntry }[] = [];
  if (isPaid(order)) {
    entries.push({
      day: dayOf(order.paidAt ?? timelineAt('paid')),
      entry: { kind: 'paid', order },
    });
  }
  // Each refund on its day; the last of an order refunded in full counts the order refunded.
  const refunds = order.refunds ?? (order.refund ? [order.refund] : []);
  refunds.forEach((refund, index) => {
    entries.push({
      day: dayOf(refund.refundedAt),
      entry: {
        kind: 'refunded',
        amount: refund.amount,
        endsOrder: order.status === 'refunded' && index === refunds.length - 1,
      },
    });
  });
  if (order.status === 'refunded' && refunds.length === 0) {
    entries.push({
      day: dayOf(timelineAt('refunded')),
      entry: { kind: 'refunded', amount: order.totalPrice, endsOrder: true },
    });
  }
  if (order.status === 'cancelled') {
    entries.push({
      day: dayOf(order.cancelledAt ?? timelineAt('cancelled')),
      entry: { kind: 'cancelled' },
    });
  }
  return entries;
}

/**
 * Writes every day's totals from the orders; answers how many days and orders it counted. A day
 * per transaction, then the admin's audit entry (docs/decisions/076): an entry says the rebuild
 * finished, and one cut short leaves none (it is simply run again).
 */
export async function rebuildSalesDays(
  store: Store,
  timeZone: string,
  act: AdminAct,
): Promise<{ days: number; orders: number }> {
  const orders = await store.query<Dated>(ORDERS);
  const days = new Map<string, { totals: SalesDayDoc; parts: Record<string, PartSales> }>();
  for (const { data } of orders) {
    for (const { day, entry } of entriesOf(data, timeZone)) {
      const kept = days.get(day) ?? { totals: emptySalesDay(day), parts: {} };
      addToDay(kept.totals, kept.parts, entry);
      days.set(day, kept);
    }
  }
  const [oldDays, oldParts] = await Promise.all([
    store.query<SalesDayDoc>(SALES_DAYS),
    store.query<SalesDayPartsDoc>(SALES_DAY_PARTS),
  ]);
  for (const { id } of [...oldDays]) {
    if (!days.has(id)) await store.delete(SALES_DAYS, id);
  }
  for (const { id } of [...oldParts]) {
    if (!days.has(id)) await store.delete(SALES_DAY_PARTS, id);
  }
  for (const [day, { totals, parts }] of days) {
    await store.runTransaction(async (tx) => {
      tx.set(SALES_DAYS, day, totals);
      tx.set(SALES_DAY_PARTS, day, { day, parts });
    });
  }
  const counted = { days: days.size, orders: orders.length };
  await store.runTransaction(async (tx) => {
    recordAudit(tx, act, {
      kind: 'sales.rebuilt',
      targetId: 'sales',
      before: { days: oldDays.length },
      after: counted,
    });
  });
  return counted;
}
