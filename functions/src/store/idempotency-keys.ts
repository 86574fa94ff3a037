/**
 * Idempotency keys kept in the store (docs/decisions/062): one document per caller's scope and
 * key, `idempotencyKeys/{keyId(scope, key)}`, on either adapter. A request claims its key in a
 * transaction of its own; the change it makes (an order) records its id on the key in its own
 * transaction, so a key whose order committed is never run again, even if the process died before
 * it answered; the answer is kept once it is sent, for a retry to get the same. The http/
 * middleware `idempotent()` is the only user; nothing here knows HTTP.
 */
import { keyId } from './ids.js';
import { StoreUnavailableError, type DocData, type Store, type Transaction } from './port.js';

export const IDEMPOTENCY_KEYS = 'idempotencyKeys';

export type KeptAnswer = {
  status: number;
  /** The JSON text answered. */
  body: string;
};

export interface IdempotencyRecord extends DocData {
  /** Whose key it is: `account:{uid}` (a guest's will be `guest:{email}`). */
  scope: string;
  /** Which request it was first used for (method, path and body, hashed). */
  fingerprint: string;
  /** The run that holds the key now; another run takes it over only when the lease is over. */
  attempt: string;
  leaseUntil: string;
  /** After this the key is forgotten (and the sweep deletes it). */
  expiresAt: string;
  /** What the run made (the order id), written in the transaction that made it. */
  resultId?: string;
  /** The answer sent, once sent. */
  answer?: KeptAnswer;
}

export interface KeyClaim {
  id: string;
  attempt: string;
}

/** What asking for a key found. */
export type ClaimOutcome =
  | { kind: 'claimed'; claim: KeyClaim; resultId?: string }
  | { kind: 'answered'; answer: KeptAnswer }
  | { kind: 'other_request' }
  | { kind: 'running'; resultId?: string };

/** The run that held the key lost it (its lease ran out and a retry took it over). */
export class KeyTakenOverError extends StoreUnavailableError {
  constructor() {
    super('Another request took this idempotency key over', { retryAfterSeconds: 1 });
    this.name = 'KeyTakenOverError';
  }
}

export const idempotencyKeyId = (scope: string, key: string) => keyId('idempotency', scope, key);

/**
 * Claims `key` for a run, or says why not: answered already (the kept answer), first used for
 * another request, or running elsewhere with its lease not over. A key past `expiresAt` is
 * claimed afresh. A run that takes over a key whose order committed gets its `resultId`, and must
 * answer that order instead of placing another.
 */
export async function claimKey(
  store: Store,
  request: {
    scope: string;
    key: string;
    fingerprint: string;
    attempt: string;
    now: Date;
    leaseMs: number;
    ttlMs: number;
  },
): Promise<ClaimOutcome> {
  const { scope, key, fingerprint, attempt, now } = request;
  const id = idempotencyKeyId(scope, key);
  return store.runTransaction(async (tx): Promise<ClaimOutcome> => {
    const found = (await tx.get<IdempotencyRecord>(IDEMPOTENCY_KEYS, id))?.data;
    const live = found && found.expiresAt > now.toISOString() ? found : undefined;
    if (live && live.fingerprint !== fingerprint) return { kind: 'other_request' };
    if (live?.answer) return { kind: 'answered', answer: live.answer };
    if (live && live.leaseUntil > now.toISOString()) {
      return { kind: 'running', resultId: live.resultId };
    }
    const record: IdempotencyRecord = {
      scope,
      fingerprint,
      attempt,
      leaseUntil: new Date(now.getTime() + request.leaseMs).toISOString(),
      expiresAt: live?.expiresAt ?? new Date(now.getTime() + request.ttlMs).toISOString(),
      resultId: live?.resultId,
    };
    tx.set(IDEMPOTENCY_KEYS, id, record);
    return { kind: 'claimed', claim: { id, attempt }, resultId: live?.resultId };
  });
}

/** The key's record as it is now (while waiting for another run), or null. */
export async function readKey(store: Store, claimId: string): Promise<IdempotencyRecord | null> {
  return (await store.get<IdempotencyRecord>(IDEMPOTENCY_KEYS, claimId))?.data ?? null;
}

/**
 * Inside the transaction that makes the result: reads the key, refuses (KeyTakenOverError, a 503
 * that a retry resolves) if this run no longer holds it or it has a result already, and answers
 * the write that records the result's id with the result.
 */
export async function prepareKeyResult(
  tx: Transaction,
  claim: KeyClaim,
): Promise<(resultId: string) => void> {
  const record = (await tx.get<IdempotencyRecord>(IDEMPOTENCY_KEYS, claim.id))?.data;
  if (!record || record.attempt !== claim.attempt || record.resultId !== undefined) {
    throw new KeyTakenOverError();
  }
  return (resultId) => tx.update(IDEMPOTENCY_KEYS, claim.id, { resultId });
}

/** Keeps the answer sent, for retries with the key (if this run still holds it). */
export async function keepAnswer(store: Store, claim: KeyClaim, answer: KeptAnswer): Promise<void> {
  await store.runTransaction(async (tx) => {
    const record = (await tx.get<IdempotencyRecord>(IDEMPOTENCY_KEYS, claim.id))?.data;
    if (record?.attempt === claim.attempt) tx.update(IDEMPOTENCY_KEYS, claim.id, { answer });
  });
}

/**
 * Lets the key go after a run that answered something worth asking again for (a 503, a 429), so
 * a retry runs afresh. A key whose result committed is kept, its lease ended: a retry answers
 * that result at once.
 */
export async function releaseKey(store: Store, claim: KeyClaim, now: Date): Promise<void> {
  await store.runTransaction(async (tx) => {
    const record = (await tx.get<IdempotencyRecord>(IDEMPOTENCY_KEYS, claim.id))?.data;
    if (record?.attempt !== claim.attempt) return;
    if (record.resultId === undefined) tx.delete(IDEMPOTENCY_KEYS, claim.id);
    else tx.update(IDEMPOTENCY_KEYS, claim.id, { leaseUntil: now.toISOString() });
  });
}

/** Deletes keys past their time (run by the same schedule as the order sweep). */
export async function pruneIdempotencyKeys(store: Store, now: Date): Promise<number> {
  const ended = await store.query(IDEMPOTENCY_KEYS, {
    where: [{ field: 'expiresAt', op: '<=', value: now.toISOString() }],
    limit: 500,
  });
  await Promise.all(ended.map((doc) => store.delete(IDEMPOTENCY_KEYS, doc.id)));
  return ended.length;
}
