/**
 * Safe retries (issue 25 item 8, docs/decisions/062): POST /checkout and POST /ordered with an
 * Idempotency-Key, over HTTP on the suite's store (SQLite, or Firestore with
 * SPROCKET_TEST_STORE=firestore).
 */
import { randomUUID } from 'node:crypto';
import type { ApiErrorBody, CheckoutResult, InsertResult } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANY_ORDERS,
  startApi,
  type ApiResponse,
  type Harness,
  type TestUser,
} from '../testing/api-harness.js';
import type { OrderDoc } from '../modules/orders/order-record.js';
import {
  IDEMPOTENCY_KEYS,
  idempotencyKeyId,
  type IdempotencyRecord,
} from '../store/idempotency-keys.js';
import { requestFingerprint } from './idempotency.js';

let api: Harness;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  customer = await api.customer('retrying');
});
afterAll(async () => {
  await api?.close();
});

/** Where the orders go: a country, in a shop that has set no shipping methods. */
const address = { address: '1 Chainring Road, Gearford', number: '+1 555 0100', country: 'US' };
const DAY_MS = 24 * 60 * 60_000;

const checkout = (user: TestUser, key: string | undefined, partId: string, quantity = 1) =>
  api.request<CheckoutResult & ApiErrorBody>('POST', '/checkout', {
    token: user.token,
    json: { items: [{ partId, quantity }], ...address },
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const purchase = (user: TestUser, key: string, partId: string, orderQuantity = 2) =>
  api.request<InsertResult & ApiErrorBody>('POST', '/ordered', {
    token: user.token,
    json: { partId, orderQuantity, ...address },
    headers: { 'idempotency-key': key },
  });

const ordersOf = async (partId: string) =>
  (await api.store.query<OrderDoc>('orders')).filter(({ data }) =>
    (data.lines ?? []).some((line) => line.partId === partId),
  );

const sameAnswer = (again: ApiResponse, first: ApiResponse) => {
  expect(again.status).toBe(first.status);
  expect(again.body).toEqual(first.body);
  expect(again.headers.get('idempotent-replayed')).toBe('true');
};

describe('POST /checkout with an Idempotency-Key', () => {
  it('answers a retry with the first answer, and holds the stock once', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const key = randomUUID();
    const first = await checkout(customer, key, partId, 3);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await checkout(customer, key, partId, 3);
    sameAnswer(again, first);
    expect(await api.stockOf(partId)).toBe(7);
    expect((await ordersOf(partId)).map((order) => order.id)).toEqual([first.body.insertedId]);
  });

  it('refuses the key sent with another body (422), and places nothing for it', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const key = randomUUID();
    expect((await checkout(customer, key, partId, 1)).status).toBe(201);
    const other = await checkout(customer, key, partId, 2);
    expect(other.status).toBe(422);
    expect(other.body.error.fields?.['Idempotency-Key']).toMatch(/another request/);
    // The same key on the other way of ordering is another request too.
    expect((await purchase(customer, key, partId)).status).toBe(422);
    expect(await api.stockOf(partId)).toBe(9);
  });

  it('keeps keys per account: another customer with the same key places their own order', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const other = await api.customer('same-key');
    const key = randomUUID();
    const mine = await checkout(customer, key, partId);
    const theirs = await checkout(other, key, partId);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.insertedId).not.toBe(mine.body.insertedId);
    expect(await api.stockOf(partId)).toBe(8);
  });

  it('lets a failed attempt (503) go, so its retry places the order once', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const key = randomUUID();
    api.storeOutage(true);
    const failed = await checkout(customer, key, partId);
    api.storeOutage(false);
    expect(failed.status).toBe(503);
    expect(Number(failed.headers.get('retry-after'))).toBeGreaterThan(0);
    const retried = await checkout(customer, key, partId);
    expect(retried.status).toBe(201);
    sameAnswer(await checkout(customer, key, partId), retried);
    expect(await api.stockOf(partId)).toBe(9);
  });

  it('keeps a refusal: sold out stays the answer for that key', async () => {
    const partId = await api.addPart({ order: 1, quantity: 1 });
    const key = randomUUID();
    const refused = await checkout(customer, key, partId, 2);
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields?.[partId]).toBeTruthy();
    sameAnswer(await checkout(customer, key, partId, 2), refused);
  });

  it('places one order when the same attempt arrives twice at once', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const key = randomUUID();
    const firstAnswers = await Promise.all([
      checkout(customer, key, partId),
      checkout(customer, key, partId),
    ]);
    // A store too busy to say (503 with Retry-After: Firestore's lock waits under load) is asked
    // again, as a client does: the key then answers what the other attempt did.
    const answers = await Promise.all(
      firstAnswers.map(async (first) => {
        let answer = first;
        for (let again = 0; answer.status === 503 && again < 3; again++) {
          expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
          answer = await checkout(customer, key, partId);
        }
        return answer;
      }),
    );
    const placed = answers.filter((answer) => answer.status === 201);
    expect(placed.length).toBeGreaterThan(0);
    // The one that came second waited for the first's answer, or was told to ask again.
    for (const answer of answers) {
      if (answer.status === 201) expect(answer.body.insertedId).toBe(placed[0]!.body.insertedId);
      else expect([answer.status, answer.headers.get('retry-after')]).toEqual([409, '1']);
    }
    expect(await ordersOf(partId)).toHaveLength(1);
    expect(await api.stockOf(partId)).toBe(9);
  });

  it('answers the order a crashed attempt committed, without placing another', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const placed = await checkout(customer, undefined, partId);
    expect(placed.status).toBe(201);
    // What a process that died after the order's commit, before its answer, leaves behind.
    const key = randomUUID();
    const body = JSON.stringify({ items: [{ partId, quantity: 1 }], ...address });
    const now = Date.now();
    const record: IdempotencyRecord = {
      scope: `account:${customer.uid}`,
      fingerprint: requestFingerprint('POST', '/api/checkout', body),
      attempt: 'a-run-that-died',
      leaseUntil: new Date(now - 1).toISOString(),
      expiresAt: new Date(now + DAY_MS).toISOString(),
      resultId: placed.body.insertedId,
    };
    await api.store.set(IDEMPOTENCY_KEYS, idempotencyKeyId(record.scope, key), record);
    const retried = await checkout(customer, key, partId);
    expect(retried.status).toBe(201);
    expect(retried.body.insertedId).toBe(placed.body.insertedId);
    expect(retried.body.order._id).toBe(placed.body.insertedId);
    expect(await ordersOf(partId)).toHaveLength(1);
    expect(await api.stockOf(partId)).toBe(9);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    expect((await checkout(customer, 'x'.repeat(256), partId)).status).toBe(400);
    expect((await checkout(customer, '', partId)).status).toBe(400);
    expect(await api.stockOf(partId)).toBe(10);
  });

  it('forgets a key after 24 hours, and the sweep deletes it', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const key = randomUUID();
    const first = await checkout(customer, key, partId);
    const id = idempotencyKeyId(`account:${customer.uid}`, key);
    expect(await api.store.get(IDEMPOTENCY_KEYS, id)).not.toBeNull();
    api.advanceClock(DAY_MS + 60_000);
    await api.sweep();
    expect(await api.store.get(IDEMPOTENCY_KEYS, id)).toBeNull();
    // The token of a day ago has run out: sign in again, as the shopper would.
    customer = {
      ...customer,
      token: await api.tokenFor({ ...customer, idToken: await api.signIn(customer.email) }),
    };
    const later = await checkout(customer, key, partId);
    expect(later.status).toBe(201);
    expect(later.body.insertedId).not.toBe(first.body.insertedId);
  });
});

describe('POST /ordered with an Idempotency-Key', () => {
  it('answers a retry with the first answer, and holds the stock once', async () => {
    const partId = await api.addPart({ order: 2, quantity: 10 });
    const key = randomUUID();
    const first = await purchase(customer, key, partId);
    expect(first.status).toBe(201);
    sameAnswer(await purchase(customer, key, partId), first);
    expect(await api.stockOf(partId)).toBe(8);
    expect(await ordersOf(partId)).toHaveLength(1);
  });

  it('works as before without one: each request is an order', async () => {
    const partId = await api.addPart({ order: 2, quantity: 10 });
    const send = () =>
      api.request('POST', '/ordered', {
        token: customer.token,
        json: { partId, orderQuantity: 2, ...address },
      });
    expect([(await send()).status, (await send()).status]).toEqual([201, 201]);
    expect(await api.stockOf(partId)).toBe(6);
  });
});
