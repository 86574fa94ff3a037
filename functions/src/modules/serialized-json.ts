/** JSON serialized once for many answers, with the entity tag of its bytes (http/public-json.ts). */
import { createHash } from 'node:crypto';

export interface SerializedJson {
  /** UTF-8, encoded once: a string would be encoded again for every answer. */
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** Headers that go with these bytes wherever they are answered (a list's total). */
  headers: Readonly<Record<string, string>>;
}

export function serializeJson(
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): SerializedJson {
  const body = new TextEncoder().encode(JSON.stringify(value));
  // Strong: equal bytes on every instance give the same tag, so a CDN or a browser can
  // revalidate against any instance.
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, headers };
}
