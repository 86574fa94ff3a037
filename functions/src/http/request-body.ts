/**
 * A JSON request's body, its length and its text. Under Node (index.ts, the API tests, the bench) it is read from
 * the IncomingMessage itself when the request declared its length, which the body limit has
 * checked by then: c.req.text() would first build the fetch Request it reads through (an
 * AbortController, a web stream over the Node stream), a tenth of an order's time
 * (docs/decisions/034). Anything else (a chunked body, one already read, no Node request) takes
 * Hono's way.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** Cloud Functions hands over a request whose body its own parser has read, as rawBody. */
type NodeRequest = IncomingMessage & { rawBody?: unknown };

function nodeRequest(c: Context): NodeRequest | undefined {
  // @hono/node-server puts the Node request in the environment (its HttpBindings).
  const env = c.env as { incoming?: NodeRequest } | undefined;
  return env?.incoming;
}

/**
 * The body's length as a Node request declares it, or undefined (not under Node, or chunked):
 * what the body limit judges a request by before a byte is read, without building a Request.
 */
export function declaredLength(c: Context): number | undefined {
  const incoming = nodeRequest(c);
  const length = incoming?.headers['content-length'];
  if (length === undefined || incoming?.headers['transfer-encoding'] !== undefined)
    return undefined;
  // Node's parser has refused a request whose Content-Length is not a number.
  return Number(length);
}

/** Decodes as fetch's text() does: UTF-8, a leading byte order mark dropped. */
const utf8 = new TextDecoder();

export async function requestText(c: Context): Promise<string> {
  const incoming = nodeRequest(c);
  if (incoming?.rawBody instanceof Uint8Array) return utf8.decode(incoming.rawBody);
  if (!incoming || incoming.headers['content-length'] === undefined || incoming.readableDidRead) {
    return c.req.text();
  }
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return utf8.decode(Buffer.concat(chunks));
}
