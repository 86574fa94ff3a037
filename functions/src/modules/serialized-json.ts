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
  return withTag(new TextEncoder().encode(JSON.stringify(value)), headers);
}

/**
 * A JSON array of values already serialized, joined as bytes: the same bytes as serializing the
 * array, without serializing its items again (a catalogue page, issue 25 item 9). Its tag is
 * made from the items' tags rather than from the bytes again: as strong (equal items give equal
 * bytes and an equal tag on every instance), at a fiftieth of the hashing.
 */
export function serializedArray(
  items: readonly SerializedJson[],
  headers: Readonly<Record<string, string>> = {},
): SerializedJson {
  const chunks: Uint8Array[] = [OPEN];
  items.forEach((item, index) => {
    if (index > 0) chunks.push(COMMA);
    chunks.push(item.body);
  });
  chunks.push(CLOSE);
  const body: Uint8Array<ArrayBuffer> = Buffer.concat(chunks);
  // The headers too: a page of the same parts for another filter has another total.
  const tags = createHash('sha1').update(JSON.stringify(headers));
  for (const item of items) tags.update(item.etag);
  return { body, etag: `"${tags.digest('base64url')}"`, headers };
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

function withTag(
  body: Uint8Array<ArrayBuffer>,
  headers: Readonly<Record<string, string>>,
): SerializedJson {
  // Strong: equal bytes on every instance give the same tag, so a CDN or a browser can
  // revalidate against any instance.
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, headers };
}
