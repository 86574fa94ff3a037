/**
 * Fixed-window rate limits (docs/decisions/010-rate-limits.md). A limiter is keyed either by the
 * caller's network address (before authentication, generous: it only blunts floods) or by the
 * signed-in account (after authentication), so requests that merely name someone else's email can
 * never use up that person's allowance. The counts live in a RateCounter: in memory locally, in
 * small store documents in production so that they hold across function instances.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Store } from '../store/port.js';
import { RATE_LIMITS } from '../store/rate-windows.js';
import { keyId } from '../store/ids.js';
import { rateLimited } from '../modules/errors.js';

export interface RateCounter {
  /**
   * Counts `amount` (one request by default; 0 only reads) for `key` in the window that contains
   * `now`; returns the count so far.
   */
  hit(
    key: string,
    windowMs: number,
    now: number,
    amount?: number,
  ): Promise<{ count: number; resetAt: number }>;
}

const PRUNE_ABOVE = 10_000;

/** Per process: enough locally and in tests, where one process serves every request. */
export function memoryRateCounter(): RateCounter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // When the earliest window kept ends: before it, a sweep would find nothing to drop, and a
  // sweep on every request past PRUNE_ABOVE keys (a launch's many customers) costs O(keys) each.
  let earliestReset = Infinity;
  return {
    async hit(key, windowMs, now, amount = 1) {
      if (windows.size > PRUNE_ABOVE && earliestReset <= now) {
        earliestReset = Infinity;
        for (const [k, w] of windows) {
          if (w.resetAt <= now) windows.delete(k);
          else earliestReset = Math.min(earliestReset, w.resetAt);
        }
      }
      const resetAt = (Math.floor(now / windowMs) + 1) * windowMs;
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt };
        windows.set(key, window);
        earliestReset = Math.min(earliestReset, resetAt);
      }
      window.count += amount;
      return { count: window.count, resetAt: window.resetAt };
    },
  };
}

/**
 * One small document per key and window, incremented in a transaction, so every function instance
 * sees the same count. The sweep deletes windows whose `expireAt` has passed.
 */
export function storeRateCounter(store: Store): RateCounter {
  return {
    async hit(key, windowMs, now, amount = 1) {
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const resetAt = windowStart + windowMs;
      const id = keyId('rate', key, String(windowStart));
      if (amount === 0) {
        const doc = await store.get<{ count: number }>(RATE_LIMITS, id);
        return { count: doc?.data.count ?? 0, resetAt };
      }
      const count = await store.runTransaction(async (tx) => {
        const doc = await tx.get<{ count: number }>(RATE_LIMITS, id);
        const next = (doc?.data.count ?? 0) + amount;
        tx.set(RATE_LIMITS, id, { count: next, expireAt: new Date(resetAt).toISOString() });
        return next;
      });
      return { count, resetAt };
    },
  };
}

export interface RateLimitOptions {
  /** Shown in the error ("Too many sign-ins"); the client is told when to retry. */
  what: string;
  limit: number;
  windowMs: number;
  /** The key of the request, or undefined to not count it. */
  key: (c: Context) => string | undefined;
  counter: RateCounter;
  clock: () => Date;
}

export function rateLimit({ what, limit, windowMs, key, counter, clock }: RateLimitOptions) {
  return createMiddleware(async (c, next) => {
    const k = key(c);
    if (k !== undefined) {
      const now = clock().getTime();
      const { count, resetAt } = await counter.hit(k, windowMs, now);
      if (count > limit) {
        throw rateLimited(Math.max(1, Math.ceil((resetAt - now) / 1000)), what);
      }
    }
    await next();
  });
}

/** A limit on an amount (units reserved) rather than on requests: asked first, counted after. */
export interface AmountLimit {
  key: string;
  limit: number;
}

/**
 * Refuses (429, with Retry-After) when adding `amount` would take any of `limits` past its limit
 * in the window; nothing is counted. `countAmount` counts it once the work it stands for is done.
 */
export async function checkAmount(
  counter: RateCounter,
  limits: readonly AmountLimit[],
  amount: number,
  windowMs: number,
  now: number,
  what: string,
): Promise<void> {
  for (const { key, limit } of limits) {
    const { count, resetAt } = await counter.hit(key, windowMs, now, 0);
    if (count + amount > limit) {
      throw rateLimited(Math.max(1, Math.ceil((resetAt - now) / 1000)), what);
    }
  }
}

export async function countAmount(
  counter: RateCounter,
  limits: readonly AmountLimit[],
  amount: number,
  windowMs: number,
  now: number,
): Promise<void> {
  await Promise.all(limits.map(({ key }) => counter.hit(key, windowMs, now, amount)));
}

/**
 * The caller's network address, as the platform saw it (docs/decisions/044-client-address.md).
 * A client may write any X-Forwarded-For it likes; each proxy in front of the app appends the
 * address it was called from. So the address is read from the right: with `proxyHops` proxies
 * (Firebase Hosting's CDN and Google's front end: 2), the client is the entry the first of them
 * appended; with none (the local suite, a bare server), it is the socket's peer. Whatever the client
 * put before that is ignored.
 */
export function clientAddress(c: Context, proxyHops: number): string {
  if (proxyHops > 0) {
    const hops = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((hop) => hop.trim())
      .filter(Boolean);
    // Fewer hops than proxies: the request did not come through them all (a direct call).
    const appended = hops.length >= proxyHops ? hops[hops.length - proxyHops] : undefined;
    return appended ? appended.slice(0, 64) : 'unknown-proxy-path';
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}
