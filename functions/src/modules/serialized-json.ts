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
 * array, without serializing its items again (a catalogue page, issue 25 item 9).
 */
export function serializedArray(
  items: readonly SerializedJson[],
  headers: Readonly<Record<string, string>> = {},
): SerializedJson {
  // The brackets, a comma between items, and the items.
  const length =
    2 + Math.max(0, items.length - 1) + items.reduce((sum, item) => sum + item.body.length, 0);
  const body = new Uint8Array(length);
  body[0] = OPEN;
  let at = 1;
  items.forEach((item, index) => {
    if (index > 0) body[at++] = COMMA;
    body.set(item.body, at);
    at += item.body.length;
  });
  body[at] = CLOSE;
  return withTag(body, headers);
}

const [OPEN, COMMA, CLOSE] = [0x5b, 0x2c, 0x5d];

function withTag(
  body: Uint8Array<ArrayBuffer>,
  headers: Readonly<Record<string, string>>,
): SerializedJson {
  // Strong: equal bytes on every instance give the same tag, so a CDN or a browser can
  // revalidate against any instance.
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag, headers };
}
