/**
 * The shop's daily totals (docs/decisions/070): one small document per day in the shop's time
 * zone, `salesDays/{YYYY-MM-DD}`, with the day's paid orders, revenue, refunds and cancellations,
 * and one beside it, `salesDayParts/{YYYY-MM-DD}`, with what each part sold that day. They follow
 * the orders' events (a payment, a refund, a cancellation; docs/decisions/084), a batch of them
 * at once, so a busy day's document is written once per batch, never once per order; the
 * Overview and the Business Summary read days, never every order.
 */
import { dayIn } from '@sprocket/contract';
import type { DocData } from '../../store/port.js';
import type { OrderEvent } from '../orders/order-events.js';
import type { OrderEventHandler } from '../orders/order-outbox.js';
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
 * What an order's event adds to its day (decision 070): a payment, a refund (of the amount it
 * gave back), an unpaid order ended; nothing for the steps of delivery or a deleted order.
 */
export function salesEntryOf(event: OrderEvent): SalesEntry | undefined {
  if (event.kind === 'pay') return { kind: 'paid', order: event.order };
  if (event.refund) return { kind: 'refunded', ...event.refund };
  if ((event.kind === 'cancel' || event.kind === 'expire') && !event.removed) {
    return { kind: 'cancelled' };
  }
  return undefined;
}

/** The day's totals follow the orders' events, counted in the day of each in `timeZone`. */
export const salesDaysOfEvents = (timeZone: string): OrderEventHandler => ({
  async apply(tx, events) {
    const entries = events.flatMap(({ data }) => {
      const entry = salesEntryOf(data);
      return entry ? [{ day: dayIn(timeZone, new Date(data.at)), entry }] : [];
    });
    const days = [...new Set(entries.map(({ day }) => day))];
    const paidDays = [
      ...new Set(entries.filter(({ entry }) => entry.kind === 'paid').map(({ day }) => day)),
    ];
    const [dayDocs, partsDocs] = await Promise.all([
      Promise.all(days.map((day) => tx.get<SalesDayDoc>(SALES_DAYS, day))),
      Promise.all(paidDays.map((day) => tx.get<SalesDayPartsDoc>(SALES_DAY_PARTS, day))),
    ]);
    const totals = new Map(
      days.map((day, at) => [day, { ...emptySalesDay(day), ...dayDocs[at]?.data }]),
    );
    const parts = new Map(paidDays.map((day, at) => [day, { ...partsDocs[at]?.data.parts }]));
    for (const { day, entry } of entries) addToDay(totals.get(day)!, parts.get(day) ?? {}, entry);
    return () => {
      for (const [day, doc] of totals) tx.set(SALES_DAYS, day, doc);
      for (const [day, sold] of parts) tx.set(SALES_DAY_PARTS, day, { day, parts: sold });
    };
  },
});
