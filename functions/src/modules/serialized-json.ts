/** JSON serialized once for many answers, with the entity tag of its bytes (http/public-json.ts). */
import { createHash } from 'node:crypto';

export interface SerializedJson {
  body: string;
  etag: string;
}

export function serializeJson(value: unknown): SerializedJson {
  const body = JSON.stringify(value);
  // Strong: equal bytes on every instance give the same tag, so a CDN or a browser can
  // revalidate against any instance.
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}
