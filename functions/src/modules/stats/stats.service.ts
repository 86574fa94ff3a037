/**
 * The home page's Business Summary from the store, and the product-view counter behind it.
 *
 * Views are a sharded counter (docs/decisions/022): each part has up to VIEW_SHARDS small
 * documents, and a view increments one picked at random, so a popular part's views spread over
 * several documents instead of queueing on one (Firestore sustains about one write a second per
 * document). The total is the sum of every shard.
 */
import { effectiveStatus, isPurchase, type BusinessSummary } from '@sprocket/contract';
import { isSafeId } from '../../store/ids.js';
import type { DocData, Store } from '../../store/port.js';
import { notFound } from '../errors.js';
import { ORDERS, type OrderDoc } from '../orders/order-record.js';
import { PARTS } from '../parts/part-record.js';

export const VIEW_SHARDS_COLLECTION = 'productViewShards';
export const VIEW_SHARDS = 10;

export type ViewShardDoc = { partId: string; shard: number; count: number } & DocData;

/** Ids are the part's id and the shard's number; part ids never end in "_<digit>" ambiguously. */
const shardId = (partId: string, shard: number) => `${partId}_${shard}`;

/** The part must exist; its own document is only read, never written, so views never wait on orders. */
export async function assertPartExists(store: Store, partId: string): Promise<void> {
  if (!isSafeId(partId) || !(await store.get(PARTS, partId))) throw notFound('Part');
}

/** Adds one view to a shard of the part's counter (a random one unless the caller picks). */
export async function countView(
  store: Store,
  partId: string,
  shard = Math.floor(Math.random() * VIEW_SHARDS),
): Promise<void> {
  const id = shardId(partId, shard);
  await store.runTransaction(async (tx) => {
    const doc = await tx.get<ViewShardDoc>(VIEW_SHARDS_COLLECTION, id);
    tx.set(VIEW_SHARDS_COLLECTION, id, { partId, shard, count: (doc?.data.count ?? 0) + 1 });
  });
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
  const [productViews, orders] = await Promise.all([
    totalViews(store),
    store.query<OrderDoc>(ORDERS),
  ]);
  const statuses = orders.map(({ data }) => effectiveStatus(data, now));
  const completed = statuses.filter((status) => isPurchase(status)).length;
  const total = statuses.length;
  return {
    parts: partsInCatalogue,
    productViews,
    orders: {
      total,
      completed,
      pending: statuses.filter((status) => status === 'unpaid').length,
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
