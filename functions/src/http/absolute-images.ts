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
    // An answer made with c.json is made absolute as its text is made (what Hono's json does,
    // with the URLs changed): reading a made answer back copies it through web streams, and
    // replacing it makes @hono/node-server stream it out, a twentieth of a checkout's time
    // (issue 34 item 7).
    const made = new WeakSet<Response>();
    // c.body and c.json take the same status and headers; Hono's generic types of them differ
    // only in the answer's format tag.
    const body = c.body as (text: string, arg?: unknown, headers?: HeaderRecord) => Response;
    c.json = ((object: unknown, arg?: unknown, headers?: HeaderRecord) => {
      const answer = body(imageUrlsInJson(JSON.stringify(object), origin), arg, {
        'Content-Type': 'application/json',
        ...headers,
      });
      made.add(answer);
      return answer;
    }) as unknown as typeof c.json;
    await next();
    // Any other JSON answer (built as a Response, or changed after c.json), read back.
    if (made.has(c.res)) return;
    if (!c.res.headers.get('content-type')?.startsWith('application/json')) return;
    const text = await c.res.clone().text();
    const absolute = imageUrlsInJson(text, origin);
    if (absolute === text) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(absolute, { status: c.res.status, headers });
  });

/** The headers Hono's c.json and c.body take besides the status. */
type HeaderRecord = Record<string, string | string[]>;
