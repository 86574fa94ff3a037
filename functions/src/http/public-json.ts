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
export function holdsTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A public read's answer: 304 without a body to a client holding the tag, else the JSON. */
export interface PublicAnswer {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body: Uint8Array<ArrayBuffer> | null;
}

/**
 * Each serialized JSON's 200 answer, built once for the Cache-Control it was answered with: the
 * hottest reads then allocate nothing of their own. Shared, so never changed by its users.
 */
const okAnswers = new WeakMap<SerializedJson, PublicAnswer>();

export function publicAnswer(
  json: SerializedJson,
  ifNoneMatch: string | undefined,
  cacheControl: string,
): PublicAnswer {
  if (holdsTag(ifNoneMatch, json.etag)) {
    return {
      status: 304,
      headers: { etag: json.etag, 'cache-control': cacheControl, ...json.headers },
      body: null,
    };
  }
  let ok = okAnswers.get(json);
  if (ok?.headers['cache-control'] !== cacheControl) {
    ok = {
      status: 200,
      headers: {
        'content-type': 'application/json; charset=UTF-8',
        etag: json.etag,
        'cache-control': cacheControl,
        ...json.headers,
      },
      body: json.body,
    };
    okAnswers.set(json, ok);
  }
  return ok;
}

/** Answers the serialized JSON through Hono, or 304 when the client holds it already. */
export function publicJson(c: Context, json: SerializedJson, cacheControl: string): Response {
  const answer = publicAnswer(json, c.req.header('if-none-match'), cacheControl);
  return answer.body === null
    ? c.body(null, 304, answer.headers)
    : c.body(answer.body, 200, answer.headers);
}
