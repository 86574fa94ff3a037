/**
 * Counting windows kept in the store (docs/decisions/010): one small document per key and window,
 * `{ count, expireAt }`, deleted by the sweep once the window has ended. The API's rate limits
 * (http/rate-limit.ts) and the allowances services count within their own transactions use them.
 */
import { keyId } from './ids.js';
import type { Store, Transaction } from './port.js';

export const RATE_LIMITS = 'rateLimits';

/**
 * An allowance counted inside the caller's transaction (so it holds with the change it limits):
 * reads the window's count now, and `take()` writes one more. `granted` is false once `limit` is
 * reached. Stored as the other windows are, so the same sweep deletes it when it ends.
 */
export async function prepareAllowance(
  tx: Transaction,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<{ granted: boolean; take: () => void }> {
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const id = keyId('rate', key, String(windowStart));
  const count = (await tx.get<{ count: number }>(RATE_LIMITS, id))?.data.count ?? 0;
  return {
    granted: count < limit,
    take: () =>
      tx.set(RATE_LIMITS, id, {
        count: count + 1,
        expireAt: new Date(windowStart + windowMs).toISOString(),
      }),
  };
}

/** Deletes windows that have ended (run by the same schedule as the order sweep). */
export async function pruneRateWindows(store: Store, now: Date): Promise<number> {
  const ended = await store.query(RATE_LIMITS, {
    where: [{ field: 'expireAt', op: '<=', value: now.toISOString() }],
    limit: 500,
  });
  await Promise.all(ended.map((doc) => store.delete(RATE_LIMITS, doc.id)));
  return ended.length;
}
