/**
 * The product-view counter (POST /parts/{id}/views), read by the Business Summary (stats/) and
 * the Overview's conversion (sales/).
 *
 * Views are a sharded counter (docs/decisions/022): each part has up to VIEW_SHARDS small
 * documents, and a view increments one picked at random, so a popular part's views spread over
 * several documents instead of queueing on one (Firestore sustains about one write a second per
 * document). The total is the sum of every shard. Each view also counts in its day's shard
 * (`productViewDays`, the day in the shop's time zone), the Overview's conversion (decision 070).
 * A view is the store's atomic increment, not a transaction (docs/decisions/081): nothing is read,
 * so views arriving together never fail each other.
 */
import { dayIn } from '@sprocket/contract';
import type { DocData, Store } from '../../store/port.js';

export const VIEW_SHARDS_COLLECTION = 'productViewShards';
export const VIEW_SHARDS = 10;

export type ViewShardDoc = { partId: string; shard: number; count: number } & DocData;

/** Views per day in the shop's time zone, in VIEW_SHARDS shards a day: `{day}_{shard}`. */
export const VIEW_DAYS_COLLECTION = 'productViewDays';

export type ViewDayDoc = { day: string; shard: number; count: number } & DocData;

/** Ids are the part's id and the shard's number; part ids never end in "_<digit>" ambiguously. */
const shardId = (partId: string, shard: number) => `${partId}_${shard}`;

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
