/**
 * The home page's Business Summary from the store, and the product-view counter behind it.
 *
 * Views are a sharded counter (docs/decisions/022): each part has up to VIEW_SHARDS small
 * documents, and a view increments one picked at random, so a popular part's views spread over
 * several documents instead of queueing on one (Firestore sustains about one write a second per
 * document). The total is the sum of every shard. Each view also counts in its day's shard
 * (`productViewDays`, the day in the shop's time zone), the Overview's conversion (decision 070).
 * A view is the store's atomic increment, not a transaction (docs/decisions/081): nothing is read,
 * so views arriving together never fail each other.
 *
 * The orders of the summary come from the daily sales totals (decision 070) and the unpaid orders
 * still held (bounded by the hold), never from a read of every order.
 */
import { dayIn, effectiveStatus, isPaid, type BusinessSummary } from '@sprocket/contract';
import { isSafeId } from '../../store/ids.js';
import type { DocData, Store } from '../../store/port.js';
import { notFound } from '../errors.js';
import { ORDERS, type OrderDoc } from '../orders/order-record.js';
import { PARTS } from '../parts/part-record.js';
import { SALES_DAYS, type SalesDayDoc } from '../sales/sales-days.js';

export const VIEW_SHARDS_COLLECTION = 'productViewShards';
export const VIEW_SHARDS = 10;

export type ViewShardDoc = { partId: string; shard: number; count: number } & DocData;

/** Views per day in the shop's time zone, in VIEW_SHARDS shards a day: `{day}_{shard}`. */
export const VIEW_DAYS_COLLECTION = 'productViewDays';

export type ViewDayDoc = { day: string; shard: number; count: number } & DocData;

/** Ids are the part's id and the shard's number; part ids never end in "_<digit>" ambiguously. */
const shardId = (partId: string, shard: number) => `${partId}_${shard}`;

/** The part must exist; its own document is only read, never written, so views never wait on orders. */
export async function assertPartExists(store: Store, partId: string): Promise<void> {
  if (!isSafeId(partId) || !(await store.get(PARTS, partId))) throw notFound('Part');
}

/**
 * Adds one view to a shard of the part's counter, then to a shard of the day of `at.now` in the
 * shop's time zone (random shards unless the caller picks), each an increment of its own. When
 * the store fails the day's, the view stays counted in the part's total and the day misses it
 * (the Overview's conversion is a rate, decision 070).
 */
export async function countView(
  store: Store,
  partId: string,
  at: { now: Date; timeZone: string },
  shard = Math.floor(Math.random() * VIEW_SHARDS),
): Promise<void> {
  // The shard's fixed fields, and its `count` from 0 (ViewShardDoc, ViewDayDoc).
  await store.increment(
    VIEW_SHARDS_COLLECTION,
    shardId(partId, shard),
    { count: 1 },
    { partId, shard },
  );
  const day = dayIn(at.timeZone, at.now);
  const dayShard = Math.floor(Math.random() * VIEW_SHARDS);
  try {
    await store.increment(
      VIEW_DAYS_COLLECTION,
      `${day}_${dayShard}`,
      { count: 1 },
      { day, shard: dayShard },
    );
  } catch (error) {
    console.warn(`The view of part ${partId} was not counted in ${day}:`, error);
  }
}

/** The views of each day from `from` to `to` (days without a view left out). */
export async function viewsPerDay(
  store: Store,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const shards = await store.query<ViewDayDoc>(VIEW_DAYS_COLLECTION, {
    where: [
      { field: 'day', op: '>=', value: from },
      { field: 'day', op: '<=', value: to },
    ],
  });
  const views = new Map<string, number>();
  for (const { data } of shards) views.set(data.day, (views.get(data.day) ?? 0) + data.count);
  return views;
}

/** Every part's views: the sum of every shard. */
export async function totalViews(store: Store): Promise<number> {
  const shards = await store.query<ViewShardDoc>(VIEW_SHARDS_COLLECTION);
  return shards.reduce((sum, { data }) => sum + data.count, 0);
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
