/**
 * Refunds made at once never give back more than was sold or charged (issue 33 item 6,
 * docs/decisions/076): one transaction checks a refund and holds what it takes on the order, so
 * of 50 refunds of the same lines at once only those that fit are asked of the provider, and the
 * stock returns once per unit sold; a refusal of the provider gives the hold back, and a refund
 * the provider did not answer is asked again with its own key. Over HTTP on the store the suite
 * runs on; the last cases run the Stripe adapter against a local stand-in of Stripe's refunds API.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InsertResult, Order, Part } from '@sprocket/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadline } from '../../../../scripts/test-deadlines.js';
import {
  itNeedsIsolation,
  MANY_ORDERS,
  startApi,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import type { RefundHold } from './order-record.js';
import { serveLocally } from '../../testing/serve-locally.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [customer, admin] = await Promise.all([api.customer('refund-race'), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

const AT_ONCE = 50;
const ROUNDS = 3;
/** Each part's stock before any round: every round's order must leave it as it found it. */
const STOCK = 20;
/** The unit prices of the order's two lines. */
const PRICES = [1000, 2500];

type RefundAnswer = Order & { error?: { message: string; fields?: Record<string, string> } };

const refund = (id: string, json: unknown) =>
  api.request<RefundAnswer>('POST', `/ordered/${id}/refund`, {
    token: admin.token,
    json,
    retryWhileBusy: true,
  });

const orderOf = async (id: string) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token: admin.token })).body;

/** What the provider gave back for the intent: one entry per refund it made. */
const refundsAtProvider = async (intentId: string) =>
  (await api.store.get<{ refunds?: { amount: number }[] }>('simulatedIntents', intentId))?.data
    .refunds ?? [];

/** A paid order of 1 × $10.00 (line 0) and 2 × $25.00 (line 1): $60.00. */
async function paidOrder(parts: string[]) {
  const placed = await api.checkout(customer, [
    { partId: parts[0]!, quantity: 1 },
    { partId: parts[1]!, quantity: 2 },
  ]);
  expect(placed.status).toBe(201);
  const id = placed.body.insertedId;
  expect((await api.pay(customer, id)).status).toBe(200);
  const order = await orderOf(id);
  expect(order.totalPrice).toBe(6000);
  return { id, intentId: order.transactionId ?? '' };
}

/** Amounts from smallest to largest, to compare lists of refunds made in any order. */
const ascending = (amounts: number[]) => [...amounts].sort((a, b) => a - b);

/**
 * Each answer is a refund made (200) or a refusal in words: 409 while another refund holds what
 * it asks for, 422 (or 409 once the order is refunded in full) after; never a 5xx. A request the
 * store or the provider turned away with a 503 is asked again (retryWhileBusy), as the web client
 * does: the same refund, which takes up its own hold the provider did not answer.
 */
function expectMadeOrToldWhy(answers: { status: number; body: RefundAnswer }[]) {
  expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
  for (const refused of answers.filter((answer) => answer.status !== 200)) {
    expect([409, 422]).toContain(refused.status);
    expect(refused.body.error?.message).toEqual(expect.any(String));
  }
}

describe('refunds made at once', () => {
  itNeedsIsolation(
    `${AT_ONCE} line refunds with restock, ${ROUNDS} rounds: each unit sold comes back once, and no more than was charged`,
    async () => {
      const parts = await Promise.all([
        api.addPart({ order: 1, quantity: STOCK, price: PRICES[0] }),
        api.addPart({ order: 1, quantity: STOCK, price: PRICES[1] }),
      ]);
      for (let round = 1; round <= ROUNDS; round++) {
        const { id, intentId } = await paidOrder(parts);
        expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([
          STOCK - 1,
          STOCK - 2,
        ]);
        // Half ask for line 0's one unit, half for one of line 1's two: 3 can be refunded. Each
        // names its own amount (a cent less than the last), as admins typing at once would.
        const asked = Array.from({ length: AT_ONCE }, (_, index) => {
          const line = index % 2;
          return { restock: true, lines: [{ line, quantity: 1 }], amount: PRICES[line]! - index };
        });
        const answers = await Promise.all(asked.map((body) => refund(id, body)));
        expectMadeOrToldWhy(answers);

        // The shelf has what it had before the sale, not a unit more. The catalogue reads the
        // stock again after each commit (decision 072), which under load can answer a moment
        // behind the last refund: wait for it; a unit lost or returned twice still fails.
        await expect
          .poll(() => Promise.all(parts.map((partId) => api.stockOf(partId))), {
            timeout: deadline(10_000),
            interval: 100,
          })
          .toEqual([STOCK, STOCK]);
        // One unit of line 0 and two of line 1 were refunded, each once, no more than charged.
        const order = await orderOf(id);
        const recorded = order.refunds ?? [];
        expect(
          ascending(recorded.flatMap((one) => one.lines ?? []).map(({ line }) => line)),
        ).toEqual([0, 1, 1]);
        expect(recorded).toHaveLength(3);
        const amounts = ascending(recorded.map((one) => one.amount));
        const total = amounts.reduce((sum, amount) => sum + amount, 0);
        expect(total).toBeLessThanOrEqual(order.totalPrice);
        expect(order).toMatchObject({ status: 'paid', refunded: total, refundState: 'partial' });
        // The provider was asked once per refund made: what it gave back is what the order says.
        expect(ascending((await refundsAtProvider(intentId)).map((one) => one.amount))).toEqual(
          amounts,
        );
        // Each 200 answered a refund that was made: its own amount is among them.
        const made = asked.filter((_, index) => answers[index]!.status === 200);
        expect(made.length).toBeGreaterThan(0);
        expect(amounts).toEqual(expect.arrayContaining(made.map((body) => body.amount)));
      }
    },
  );

  itNeedsIsolation(
    `${AT_ONCE} refunds of an amount at once: never more than was charged`,
    async () => {
      const parts = await Promise.all([
        api.addPart({ order: 1, quantity: STOCK, price: PRICES[0] }),
        api.addPart({ order: 1, quantity: STOCK, price: PRICES[1] }),
      ]);
      const { id, intentId } = await paidOrder(parts);
      const answers = await Promise.all(
        Array.from({ length: AT_ONCE }, () => refund(id, { restock: false, amount: 2000 })),
      );
      expectMadeOrToldWhy(answers);
      expect(await orderOf(id)).toMatchObject({
        status: 'refunded',
        refunded: 6000,
        refundState: 'full',
      });
      expect((await refundsAtProvider(intentId)).map((one) => one.amount)).toEqual([
        2000, 2000, 2000,
      ]);
      // One 200 per refund made at most (a refund whose record waited past the store's deadline
      // is told 503, and asked again, is told it is done).
      const made = answers.filter((answer) => answer.status === 200);
      expect(made.length).toBeGreaterThan(0);
      expect(made.length).toBeLessThanOrEqual(3);
      // Not restocked: the shelf keeps what the sale took.
      expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([
        STOCK - 1,
        STOCK - 2,
      ]);
    },
  );
});

describe('when the provider refuses a refund or does not answer', () => {
  const WEBHOOK_SECRET = 'whsec_order_refunds_stripe';
  let stripeApi: Harness;
  let stripeAdmin: TestUser;
  let buyer: TestUser;
  let standIn: Server;
  /** How the stand-in answers the next POST /v1/refunds: Stripe's status and body. */
  const answers: { status: number; body: (form: URLSearchParams) => unknown }[] = [];
  /** The Idempotency-Key of each POST /v1/refunds, in order. */
  const keys: string[] = [];

  const bodyOf = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let text = '';
      req.on('data', (chunk: Buffer) => (text += chunk.toString()));
      req.on('end', () => resolve(text));
    });

  beforeAll(async () => {
    standIn = await serveLocally((req, res) => {
      void bodyOf(req).then((text) => {
        const next =
          req.method === 'POST' && req.url === '/v1/refunds' ? answers.shift() : undefined;
        if (!next) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'No' } }));
          return;
        }
        keys.push(String(req.headers['idempotency-key']));
        res.writeHead(next.status, { 'content-type': 'application/json', 'request-id': 'req_1' });
        res.end(JSON.stringify(next.body(new URLSearchParams(text))));
      });
    });
    const { port } = standIn.address() as AddressInfo;
    stripeApi = await startApi({
      env: {
        ...MANY_ORDERS,
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      stripeClient: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
    });
    [stripeAdmin, buyer] = await Promise.all([stripeApi.admin(), stripeApi.customer('held')]);
  });
  afterAll(async () => {
    await stripeApi?.close();
    await new Promise((resolve) => standIn?.close(resolve));
  });

  /** A $25.00 order of 2 × $12.50, paid through a signed succeeded event. */
  async function paidStripeOrder() {
    const partId = await stripeApi.addPart({ price: 1250, order: 1, quantity: 10 });
    const placed = await stripeApi.request<InsertResult>('POST', '/ordered', {
      token: buyer.token,
      json: { partId, address: '1 Road', number: '5550100', orderQuantity: 2 },
    });
    const id = placed.body.insertedId;
    const payload = JSON.stringify({
      id: `evt_held${Math.random().toString(36).slice(2, 12)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      data: {
        object: {
          id: `pi_held${Math.random().toString(36).slice(2, 12)}`,
          object: 'payment_intent',
          amount: 2500,
          currency: 'usd',
          status: 'succeeded',
          metadata: { orderId: id },
          last_payment_error: null,
        },
      },
    });
    const delivered = await fetch(`${stripeApi.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      body: payload,
    });
    expect(delivered.status).toBe(200);
    return { id, partId };
  }

  const refundAt = (id: string, json: unknown) =>
    stripeApi.request<RefundAnswer>('POST', `/ordered/${id}/refund`, {
      token: stripeAdmin.token,
      json,
    });
  const holdsOf = async (id: string) =>
    (await stripeApi.store.get<{ refundHolds?: RefundHold[] }>('orders', id))?.data.refundHolds ??
    [];
  const stockAt = async (partId: string) =>
    (await stripeApi.request<Part>('GET', `/parts/${partId}`)).body.quantity;

  it('gives the hold back when the provider refuses, so the same units can be refunded after', async () => {
    const { id, partId } = await paidStripeOrder();
    const oneUnit = { restock: true, lines: [{ line: 0, quantity: 1 }] };
    answers.push({
      status: 400,
      body: () => ({
        error: {
          type: 'invalid_request_error',
          code: 'charge_disputed',
          message: 'This charge is disputed and cannot be refunded.',
        },
      }),
    });
    const refused = await refundAt(id, oneUnit);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe('This charge is disputed and cannot be refunded.');
    expect(await holdsOf(id)).toEqual([]);
    expect(await stockAt(partId)).toBe(8);

    answers.push({ status: 200, body: (form) => stripeRefund('re_after_refusal', form) });
    const made = await refundAt(id, oneUnit);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ refunded: 1250, refundState: 'partial' });
    expect(await stockAt(partId)).toBe(9);
  });

  it('keeps the hold of a refund the provider did not answer until it is asked again, with the same key', async () => {
    const { id, partId } = await paidStripeOrder();
    const oneUnit = { restock: true, lines: [{ line: 0, quantity: 1 }] };
    const before = keys.length;
    answers.push({
      status: 500,
      body: () => ({ error: { type: 'api_error', message: 'Something went wrong on our end.' } }),
    });
    const unanswered = await refundAt(id, oneUnit);
    expect(unanswered.status).toBe(503);
    expect(await holdsOf(id)).toEqual([
      expect.objectContaining({
        amount: 1250,
        lines: [{ line: 0, quantity: 1 }],
        unanswered: true,
      }),
    ]);

    // Another refund of the same units waits for it, in words that say what to do.
    const both = await refundAt(id, { restock: true, lines: [{ line: 0, quantity: 2 }] });
    expect(both.status).toBe(409);
    expect(both.body.error?.message).toMatch(
      /^A refund of \$12\.50 for 1 × .+ with the stock returned was not confirmed by the payment provider: ask for that refund again to finish it$/,
    );
    // What the hold leaves can still be refunded beside it.
    answers.push({ status: 200, body: (form) => stripeRefund('re_beside', form) });
    expect((await refundAt(id, { restock: false, amount: 100 })).status).toBe(200);

    // Asked again: the provider sees the first key again, so it makes the refund once.
    answers.push({ status: 200, body: (form) => stripeRefund('re_asked_again', form) });
    const again = await refundAt(id, oneUnit);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ refunded: 1350, refundState: 'partial' });
    const sent = keys.slice(before);
    expect(sent).toHaveLength(3);
    expect(sent[2]).toBe(sent[0]);
    expect(sent[1]).not.toBe(sent[0]);
    expect(await holdsOf(id)).toEqual([]);
    expect(await stockAt(partId)).toBe(9);
  });

  /** Stripe's Refund for the form the adapter posted. */
  function stripeRefund(refundId: string, form: URLSearchParams) {
    const metadata = Object.fromEntries(
      [...form.entries()].flatMap(([name, value]) => {
        const field = /^metadata\[(.+)\]$/.exec(name)?.[1];
        return field ? [[field, value]] : [];
      }),
    );
    return {
      id: refundId,
      object: 'refund',
      amount: Number(form.get('amount')),
      currency: 'usd',
      payment_intent: form.get('payment_intent'),
      status: 'succeeded',
      created: Math.floor(Date.now() / 1000),
      metadata,
    };
  }
});
