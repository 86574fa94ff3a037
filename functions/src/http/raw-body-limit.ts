/**
 * The limit of a route whose body is not JSON (an image, a CSV file), which app.ts leaves out of
 * the 64 KiB JSON limit: `.post(path, ...admin, ...rawBodyLimit(max, message), handler)`.
 */
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { errorBody } from './errors.js';
import { declaredLength, drainRequestBody, OVERSIZED_BODY_DRAIN_BYTES } from './request-body.js';

export function rawBodyLimit(maxBytes: number, message: string) {
  const tooLarge = (c: Context, drained: boolean) =>
    c.json(
      errorBody('payload_too_large', message),
      413,
      drained ? undefined : { connection: 'close' },
    );
  return [
    createMiddleware(async (c, next) => {
      // Judged by its declared length before a byte is read, and read and dropped (up to a
      // bound) before the 413, so the sender is not cut off mid-write and the connection
      // carries the next request. Hono's bodyLimit would build the body stream first, and
      // what it leaves unread cannot be drained (app.ts does the same for JSON bodies).
      const length = declaredLength(c);
      if (length !== undefined && length > maxBytes) {
        const drained = await drainRequestBody(c, OVERSIZED_BODY_DRAIN_BYTES);
        return tooLarge(c, drained);
      }
      await next();
    }),
    // A body sent in chunks without a length: refused as it passes the limit, half read, so
    // that connection is closed.
    bodyLimit({ maxSize: maxBytes, onError: (c) => tooLarge(c, false) }),
  ] as const;
}
