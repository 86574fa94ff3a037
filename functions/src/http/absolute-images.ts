/**
 * Every JSON answer gives a part's picture as an absolute URL on the shop's public origin
 * (`imageUrlsInJson`, docs/decisions/056): cart and order lines and reviews carry the path the
 * part was stored with, and a client served from another origin must still show it. The
 * catalogue's own answers are built absolute (its snapshot) and pass through unchanged.
 */
import { imageUrlsInJson } from '@sprocket/contract';
import { createMiddleware } from 'hono/factory';

export const absoluteImages = (origin: string) =>
  createMiddleware(async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const text = await c.res.clone().text();
    const absolute = imageUrlsInJson(text, origin);
    if (absolute === text) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(absolute, { status: c.res.status, headers });
  });
