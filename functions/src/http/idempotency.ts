/**
 * Safe retries (issue 25 item 8, docs/decisions/062): a request that places something may carry
 * an `Idempotency-Key` header, as Stripe's API takes one. Within the caller's scope (an account;
 * a guest's email later) the first request with a key runs and its answer is kept for 24 hours; a
 * retry with the key gets that answer (status and body, `Idempotent-Replayed: true`) and changes
 * nothing; the key sent with another request (method, path or body) is refused with a 422. A retry
 * while the first still runs waits for it up to 3 seconds, then is told 409 with Retry-After.
 *
 * The route hands `c.get('idempotency')` to its service, which records the result's id on the key
 * in the transaction that makes it: a key whose order committed is never run again, even when
 * the process died before it answered (the route's `recover` answers from that id then). A run
 * that ends in a 5xx or a 429 changed nothing, so its key is let go and a retry runs afresh.
 * Without the header a request runs as it always did.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { badRequest, conflict, validationFailed } from '../modules/errors.js';
import {
  claimKey,
  idempotencyKeyId,
  keepAnswer,
  prepareKeyResult,
  readKey,
  releaseKey,
  type KeyClaim,
  type KeptAnswer,
} from '../store/idempotency-keys.js';
import type { Store, Transaction } from '../store/port.js';
import { requestText } from './request-body.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** How long a key and its answer are kept. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a run holds its key before a retry may take it over: longer than any request runs, so
 * only a run that died loses it. Taking over is safe anyway: the order's transaction checks that
 * its run still holds the key.
 */
const LEASE_MS = 60_000;
/** How long a retry waits for the first run to answer, and how often it looks. */
const WAIT_MS = 3_000;
const LOOK_EVERY_MS = 100;
/** Stripe's limit; printable ASCII, no spaces. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * What a service does with the key, inside the transaction that makes its result: reads the key
 * (before the transaction's first write), then records the result's id with it.
 */
export type RecordResult = (tx: Transaction) => Promise<(resultId: string) => void>;

export type IdempotencyEnv = { Variables: { idempotency: RecordResult | undefined } };

export interface IdempotencyOptions {
  store: Store;
  clock: () => Date;
  /** Whose keys these are: `account:{uid}` for a signed-in caller. */
  scope: (c: Context) => string;
  /** The answer for a result that committed but whose answer was never kept (a crash). */
  recover: (c: Context, resultId: string) => Promise<Response>;
}

/** Method, path and body (its fields in one order), hashed: what a key was first used for. */
export function requestFingerprint(method: string, path: string, text: string): string {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the text itself, which validation refuses after.
  }
  const canonical = JSON.stringify(body, (_, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
  return createHash('sha256').update(`${method} ${path}\n${canonical}`).digest('hex');
}

function replay(answer: KeptAnswer): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
  });
}

/** Whether an answer is final for its key: not a 5xx (nothing written) and not a 429. */
const isKept = (status: number) => status < 500 && status !== 429;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function idempotent(options: IdempotencyOptions) {
  const { store, clock } = options;
  return createMiddleware<IdempotencyEnv>(async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (key === undefined) {
      c.set('idempotency', undefined);
      await next();
      return;
    }
    if (!KEY_PATTERN.test(key)) {
      throw badRequest(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 visible ASCII characters`);
    }
    const scope = options.scope(c);
    const fingerprint = requestFingerprint(c.req.method, c.req.path, await requestText(c));
    const attempt = randomUUID();
    const waitUntil = Date.now() + WAIT_MS;
    for (;;) {
      const outcome = await claimKey(store, {
        scope,
        key,
        fingerprint,
        attempt,
        now: clock(),
        leaseMs: LEASE_MS,
        ttlMs: IDEMPOTENCY_KEY_TTL_MS,
      });
      if (outcome.kind === 'answered') {
        c.res = replay(outcome.answer);
        return;
      }
      if (outcome.kind === 'other_request') {
        throw validationFailed({
          [IDEMPOTENCY_KEY_HEADER]: `This ${IDEMPOTENCY_KEY_HEADER} was used for another request; send a new key`,
        });
      }
      if (outcome.kind === 'claimed') {
        await run(c, next, outcome.claim, outcome.resultId);
        return;
      }
      if (!(await waitForTheFirst(idempotencyKeyId(scope, key), waitUntil))) {
        const busy = conflict('This request is still being answered; ask again in a moment');
        busy.retryAfterSeconds = 1;
        throw busy;
      }
    }
  });

  /** Looks at the key until its run answers or lets it go (true), or until `until` (false). */
  async function waitForTheFirst(id: string, until: number): Promise<boolean> {
    while (Date.now() < until) {
      await pause(LOOK_EVERY_MS);
      const record = await readKey(store, id);
      if (!record || record.answer || record.leaseUntil <= clock().toISOString()) return true;
    }
    return false;
  }

  async function run(c: Context, next: () => Promise<void>, claim: KeyClaim, resultId?: string) {
    let response: Response;
    if (resultId !== undefined) {
      // The first run's order committed, and its answer was never kept: answer that order.
      response = await options.recover(c, resultId);
    } else {
      c.set('idempotency', (tx: Transaction) => prepareKeyResult(tx, claim));
      try {
        await next();
      } catch (error) {
        await releaseKey(store, claim, clock()).catch(() => undefined);
        throw error;
      }
      response = c.res;
    }
    if (isKept(response.status)) {
      const body = await response.clone().text();
      await keepAnswer(store, claim, { status: response.status, body });
    } else {
      await releaseKey(store, claim, clock());
    }
    c.res = response;
  }
}
