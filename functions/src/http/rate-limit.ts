/**
 * A fixed-window, in-memory rate limit. Per function instance only, which is enough to blunt a
 * client hammering one endpoint; it is not a quota.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { HttpError } from './errors.js';

export interface RateLimitOptions {
  limit: number;
  windowMs: number;
  key: (c: Context) => string;
  clock: () => Date;
}

const PRUNE_ABOVE = 10_000;

export function rateLimit({ limit, windowMs, key, clock }: RateLimitOptions) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return createMiddleware(async (c, next) => {
    const now = clock().getTime();
    if (windows.size > PRUNE_ABOVE) {
      for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
    }
    const k = key(c);
    let window = windows.get(k);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      windows.set(k, window);
    }
    window.count += 1;
    if (window.count > limit) {
      c.header('Retry-After', String(Math.ceil((window.resetAt - now) / 1000)));
      throw new HttpError(429, 'rate_limited', 'Too many requests; try again in a minute');
    }
    await next();
  });
}
