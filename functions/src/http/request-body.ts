/**
 * A JSON request's body, its length and its text. Under Node (index.ts, the API tests, the bench) it is read from
 * the IncomingMessage itself when the request declared its length, which the body limit has
 * checked by then: c.req.text() would first build the fetch Request it reads through (an
 * AbortController, a web stream over the Node stream), a tenth of an order's time
 * (docs/decisions/034). Anything else (a chunked body, one already read, no Node request) takes
 * Hono's way.
 */
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';
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

export function requestText(c: Context): Promise<string> {
  // Read once per request: the idempotency check (http/idempotency.ts) reads it before validate().
  let text = texts.get(c);
  if (!text) {
    text = readText(c);
    texts.set(c, text);
  }
  return text;
}

const texts = new WeakMap<Context, Promise<string>>();

async function readText(c: Context): Promise<string> {
  const incoming = nodeRequest(c);
  if (incoming?.rawBody instanceof Uint8Array) return utf8.decode(incoming.rawBody);
  if (!incoming || incoming.headers['content-length'] === undefined || incoming.readableDidRead) {
    return c.req.text();
  }
  // Its events, not `for await`: the async iterator Node builds over a stream was three
  // hundredths of an order's time (issue 34 item 7). `finished` fails a body the client left
  // mid-way, or one already gone.
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    finished(incoming, (error) =>
      error ? reject(error) : resolve(utf8.decode(Buffer.concat(chunks))),
    );
  });
}

/**
 * How much of a refused body is read and dropped before the 413, so the connection survives;
 * beyond it the connection is closed instead (Cloud Functions itself takes at most 32 MB).
 */
export const OVERSIZED_BODY_DRAIN_BYTES = 32 * 1024 * 1024;

/**
 * Reads and drops what is left of a request's body, at most `maxBytes` of it, before an early
 * answer (413): a peer still writing a body that nobody reads gets its connection reset, and the
 * Functions emulator's proxy died of that EPIPE (issue 21). True when the body is all read (or
 * was already: Cloud Functions' own parser reads it first), so the connection can stay open.
 */
export async function drainRequestBody(c: Context, maxBytes: number): Promise<boolean> {
  const incoming = nodeRequest(c);
  if (!incoming) return false;
  if (incoming.rawBody !== undefined || incoming.readableEnded) return true;
  if (incoming.destroyed || Number(incoming.headers['content-length'] ?? 0) > maxBytes)
    return false;
  return new Promise<boolean>((resolve) => {
    let seen = 0;
    const finish = (drained: boolean) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onFailure);
      incoming.off('close', onClose);
      if (!drained) incoming.pause();
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onFailure = () => finish(false);
    const onClose = () => finish(incoming.readableEnded);
    incoming.on('data', onData);
    incoming.once('end', onEnd);
    incoming.once('error', onFailure);
    incoming.once('close', onClose);
    incoming.resume();
  });
}
