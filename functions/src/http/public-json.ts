/**
 * Answers for public reads that many clients ask for alike (the catalogue, the Business Summary):
 * JSON serialized once per snapshot, an ETag from its bytes so a client or a CDN that holds it
 * gets a 304 without a body, and a Cache-Control that lets Firebase Hosting's CDN answer from
 * its cache (docs/decisions/027).
 */
import type { Context } from 'hono';
import type { SerializedJson } from '../modules/serialized-json.js';

/**
 * The Cache-Control of public reads, from how stale the instance's own snapshot may be: browsers
 * revalidate every time (a 304 is cheap), the CDN keeps an answer as long as an instance may, and
 * serves it for as long again while it fetches the next, so a change shows everywhere within
 * about three max ages. With no staleness allowed
 * (the local suite) nothing is kept.
 */
export function publicCacheControl(maxAgeMs: number): string {
  const seconds = Math.floor(maxAgeMs / 1000);
  if (seconds <= 0) return 'no-cache';
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
}

/** Whether an If-None-Match header names this tag (a list, weak tags and `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Answers the serialized JSON, or 304 when the client holds it already. */
export function publicJson(
  c: Context,
  json: SerializedJson,
  cacheControl: string,
  headers: Record<string, string> = {},
): Response {
  const common = { etag: json.etag, 'cache-control': cacheControl, ...headers };
  if (matches(c.req.header('if-none-match'), json.etag)) return c.body(null, 304, common);
  return c.body(json.body, 200, { 'content-type': 'application/json; charset=UTF-8', ...common });
}
