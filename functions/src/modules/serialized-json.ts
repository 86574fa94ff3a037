/** JSON serialized once for many answers, with the entity tag of its bytes (http/public-json.ts). */
import { createHash } from 'node:crypto';

export interface SerializedJson {
  /** UTF-8, encoded once: a string would be encoded again for every answer. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

export function serializeJson(value: unknown): SerializedJson {
  const body = new TextEncoder().encode(JSON.stringify(value));
  // Strong: equal bytes on every instance give the same tag, so a CDN or a browser can
  // revalidate against any instance.
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}
