/**
 * The home page's Business Summary from the store, with the product views of views/.
 *
 * The orders of the summary come from the daily sales totals (decision 070) and the unpaid orders
 * still held (bounded by the hold), never from a read of every order.
 */
import { effectiveStatus, isPaid, type BusinessSummary } from '@sprocket/contract';
import { isSafeId } from '../../store/ids.js';
import type { Store } from '../../store/port.js';
import { notFound } from '../errors.js';
import { ORDERS, type OrderDoc } from '../orders/order-record.js';
import { PARTS } from '../stock/part-record.js';
import { SALES_DAYS, type SalesDayDoc } from '../sales/sales-days.js';
import { totalViews } from '../views/product-views.js';

/** The part must exist; its own document is only read, never written, so views never wait on orders. */
export async function assertPartExists(store: Store, partId: string): Promise<void> {
  if (!isSafeId(partId) || !(await store.get(PARTS, partId))) throw notFound('Part');
}

export async function businessSummary(
  store: Store,
  partsInCatalogue: number,
  now: Date,
): Promise<BusinessSummary> {
  const [productViews, days, unpaid] = await Promise.all([
    totalViews(store),
    store.query<SalesDayDoc>(SALES_DAYS),
    store.query<OrderDoc>(ORDERS, {
      where: [{ field: 'status', op: '==', value: 'unpaid' }],
      orderBy: [{ field: 'expiresAt' }],
    }),
  ]);
  const sum = (pick: (day: SalesDayDoc) => number) =>
    days.reduce((total, { data }) => total + pick(data), 0);
  // Paid orders stay purchases until refunded; an unpaid order whose hold ran out is cancelled
  // even before the sweep says so (one marked paid is in the daily totals already).
  const held = unpaid.filter(({ data }) => !isPaid(data));
  const pending = held.filter(({ data }) => effectiveStatus(data, now) === 'unpaid').length;
  const paid = sum((day) => day.orders);
  const completed = paid - sum((day) => day.refunds);
  const total = paid + sum((day) => day.cancelled) + held.length;
  return {
    parts: partsInCatalogue,
    productViews,
    orders: {
      total,
      completed,
      pending,
      completedShare: total === 0 ? 0 : completed / total,
    },
  };
}

/**
 * A value loaded at most once per max age; concurrent reads share one load, and a failed load is
 * not kept.
 */
export function cachedFor<T>(load: () => Promise<T>, clock: () => Date, maxAgeMs: number) {
  let kept: { value: Promise<T>; at: number } | undefined;
  return (): Promise<T> => {
    const now = clock().getTime();
    if (kept && now - kept.at < maxAgeMs) return kept.value;
    const value = load();
    const entry = { value, at: now };
    kept = entry;
    value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return value;
  };
}
