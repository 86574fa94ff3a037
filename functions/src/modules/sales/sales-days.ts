/**
 * The shop's daily totals (docs/decisions/070): one small document per day in the shop's time
 * zone, `salesDays/{YYYY-MM-DD}`, with the day's paid orders, revenue, refunds and cancellations,
 * and one beside it, `salesDayParts/{YYYY-MM-DD}`, with what each part sold that day. They are
 * changed in the same transaction as the order's payment, refund or cancellation
 * (order-life.ts), so the Overview and the Business Summary read days, never every order.
 */
import { dayIn } from '@sprocket/contract';
import type { DocData, StoredDoc, Transaction } from '../../store/port.js';
import { linesOf, type OrderDoc } from '../orders/order-record.js';

export const SALES_DAYS = 'salesDays';
export const SALES_DAY_PARTS = 'salesDayParts';

export type SalesDayDoc = {
  day: string;
  /** Orders paid that day, and what they cost (their totalPrice). */
  orders: number;
  revenue: number;
  /** Orders refunded in full that day, and the money given back that day (partial refunds too). */
  refunds: number;
  refundedAmount: number;
  /** Unpaid orders cancelled or expired that day (the Business Summary's total counts them). */
  cancelled: number;
} & DocData;

export type PartSales = { name: string; revenue: number; units: number };

/** Bounded by the parts sold that day, never by the orders (docs/decisions/070). */
export type SalesDayPartsDoc = { day: string; parts: Record<string, PartSales> } & DocData;

export const emptySalesDay = (day: string): SalesDayDoc => ({
  day,
  orders: 0,
  revenue: 0,
  refunds: 0,
  refundedAmount: 0,
  cancelled: 0,
});

/** What one order change adds to its day. */
export type SalesEntry =
  | { kind: 'paid'; order: OrderDoc }
  /**
   * Money given back; `endsOrder` when it leaves the order refunded (a partial refund, or one of
   * an order already shipped, keeps the order a purchase: only its amount counts).
   */
  | { kind: 'refunded'; amount: number; endsOrder?: boolean }
  | { kind: 'cancelled' };

/** Adds an entry to a day's totals (and, for a payment, to its parts). */
export function addToDay(
  day: SalesDayDoc,
  parts: Record<string, PartSales>,
  entry: SalesEntry,
): void {
  if (entry.kind === 'cancelled') {
    day.cancelled += 1;
    return;
  }
  if (entry.kind === 'refunded') {
    if (entry.endsOrder) day.refunds += 1;
    day.refundedAmount += entry.amount;
    return;
  }
  day.orders += 1;
  day.revenue += entry.order.totalPrice;
  for (const line of linesOf(entry.order)) {
    const sold = parts[line.partId];
    parts[line.partId] = {
      name: sold?.name ?? line.partName,
      revenue: (sold?.revenue ?? 0) + line.lineTotal,
      units: (sold?.units ?? 0) + line.quantity,
    };
  }
}

/**
 * Reads the day of `now` in `timeZone` (and its parts for a payment) in the caller's transaction,
 * before its first write; the returned function writes the entry added.
 */
export async function prepareSalesEntry(
  tx: Transaction,
  timeZone: string,
  now: Date,
  entry: SalesEntry,
): Promise<() => void> {
  const day = dayIn(timeZone, now);
  const [dayDoc, partsDoc] = await Promise.all([
    tx.get<SalesDayDoc>(SALES_DAYS, day),
    entry.kind === 'paid'
      ? tx.get<SalesDayPartsDoc>(SALES_DAY_PARTS, day)
      : Promise.resolve<StoredDoc<SalesDayPartsDoc> | null>(null),
  ]);
  const totals = { ...emptySalesDay(day), ...dayDoc?.data };
  const parts = { ...partsDoc?.data.parts };
  addToDay(totals, parts, entry);
  return () => {
    tx.set(SALES_DAYS, day, totals);
    if (entry.kind === 'paid') tx.set(SALES_DAY_PARTS, day, { day, parts });
  };
}
