/**
 * Every payment event that matters (issue 26 items 4 and 6, docs/decisions/069), over HTTP on the
 * store the suite runs on: a failed or cancelled payment, refunds in part and in full (the
 * admin's from the order page, and ones made at the provider), disputes opened and closed. The
 * simulated gateway delivers its own signed events; the tests also sign Stripe-shaped events
 * themselves (stripe.webhooks.generateTestHeaderString) to deliver one twice or out of order, and
 * a second app runs the Stripe adapter against a local stand-in of Stripe's refunds API.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderNumber, type InsertResult, type Mail, type Order } from '@sprocket/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANY_ORDERS,
  startApi,
  TEST_WEBHOOK_SECRET,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import { serveLocally } from '../../testing/serve-locally.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [customer, admin] = await Promise.all([api.customer('payment-events'), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

const orderOf = async (harness: Harness, id: string, token = admin.token) =>
  (await harness.request<Order>('GET', `/ordered/${id}`, { token })).body;

const refund = (id: string, json: unknown) =>
  api.request<Order & { error?: { message: string; fields?: Record<string, string> } }>(
    'POST',
    `/ordered/${id}/refund`,
    {
      token: admin.token,
      json,
    },
  );

/**
 * A two-line order ($20.00 + $25.00 = $45.00), paid with `card` unless it stays unpaid; `buyer`
 * is the file's customer unless a test needs its mails (only a day's first orders are mailed).
 */
async function order(paid = true, buyer = customer) {
  const parts = await Promise.all([
    api.addPart({ order: 1, quantity: 10, price: 1000 }),
    api.addPart({ order: 1, quantity: 10, price: 2500 }),
  ]);
  const placed = await api.checkout(buyer, [
    { partId: parts[0]!, quantity: 2 },
    { partId: parts[1]!, quantity: 1 },
  ]);
  const id = placed.body.insertedId;
  if (paid) expect((await api.pay(buyer, id)).status).toBe(200);
  return { id, parts, intentId: (await orderOf(api, id)).transactionId ?? '' };
}

const intentIdOf = async (id: string) => {
  const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
    token: customer.token,
    json: { orderId: id },
  });
  return intent.body.clientSecret.split('_secret_')[0]!;
};

let eventCount = 0;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A Stripe event as Stripe sends it, about `object`. */
function stripeEvent(type: string, object: Record<string, unknown>, created = nowSeconds()) {
  eventCount += 1;
  return JSON.stringify({
    id: `evt_test${eventCount}${Math.random().toString(36).slice(2, 10)}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    type,
    created,
    livemode: false,
    pending_webhooks: 1,
    data: { object },
  });
}

async function deliver(harness: Harness, payload: string, secret = TEST_WEBHOOK_SECRET) {
  const response = await fetch(`${harness.url}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as { outcome: string } };
}

const failedIntent = (intentId: string, orderId: string, amount: number) => ({
  id: intentId,
  object: 'payment_intent',
  amount,
  currency: 'usd',
  status: 'requires_payment_method',
  metadata: { orderId },
  last_payment_error: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
});

const dispute = (intentId: string, id: string, status: string, amount = 4500) => ({
  id,
  object: 'dispute',
  amount,
  charge: `ch_${intentId.slice(3)}`,
  currency: 'usd',
  payment_intent: intentId,
  reason: 'product_not_received',
  status,
});

const adminMail = async () =>
  (await api.request<Mail[]>('GET', '/mail', { token: admin.token })).body;

describe('payment_intent.payment_failed', () => {
  it("shows the failed attempt in the provider's words, and the customer pays again", async () => {
    const { id } = await order(false);
    const declined = await api.pay(customer, id, '4000 0000 0000 9995');
    expect(declined.status).toBe(402);
    const failed = await orderOf(api, id, customer.token);
    expect(failed).toMatchObject({
      status: 'unpaid',
      paymentFailure: {
        message: 'Your card has insufficient funds.',
        code: 'card_declined',
        declineCode: 'insufficient_funds',
      },
    });
    expect(failed.timeline.at(-1)).toMatchObject({
      status: 'unpaid',
      actor: 'gateway',
      note: 'Payment failed: Your card has insufficient funds.',
    });

    expect((await api.pay(customer, id)).status).toBe(200);
    expect(await orderOf(api, id, customer.token)).toMatchObject({ status: 'paid', paid: true });
  });

  it('changes nothing the second time, nor after the payment succeeded', async () => {
    const { id } = await order(false);
    const intentId = await intentIdOf(id);
    const payload = stripeEvent('payment_intent.payment_failed', failedIntent(intentId, id, 4500));
    expect((await deliver(api, payload)).body.outcome).toBe('recorded');
    expect((await deliver(api, payload)).body.outcome).toBe('duplicate');
    const once = await orderOf(api, id);
    expect(once.timeline.filter((entry) => entry.note?.startsWith('Payment failed'))).toHaveLength(
      1,
    );

    expect((await api.pay(customer, id)).status).toBe(200);
    // A failure Stripe reports late (sent before the success, delivered after) moves nothing back.
    const late = stripeEvent(
      'payment_intent.payment_failed',
      failedIntent(intentId, id, 4500),
      nowSeconds() - 60,
    );
    expect((await deliver(api, late)).body.outcome).toBe('ignored');
    const after = await orderOf(api, id);
    expect(after).toMatchObject({ status: 'paid', paid: true });
    expect(after.timeline).toHaveLength(once.timeline.length + 1);
  });
});

describe('payment_intent.canceled', () => {
  it('is on the timeline of an unpaid order, which stays unpaid until its hold runs out', async () => {
    const { id } = await order(false);
    const intentId = await intentIdOf(id);
    await api.provider.cancelInDashboard(intentId);
    const cancelled = await orderOf(api, id);
    expect(cancelled.status).toBe('unpaid');
    expect(cancelled.timeline.at(-1)).toMatchObject({
      actor: 'gateway',
      note: 'The payment was cancelled at the payment provider',
    });
    // The cancelled intent cannot be confirmed: the shopper gets a new one, and pays with it.
    const again = await intentIdOf(id);
    expect(again).not.toBe(intentId);
    expect((await api.pay(customer, id)).status).toBe(200);
    expect((await orderOf(api, id)).status).toBe('paid');
  });
});

describe('refunds made at the provider (charge.refunded)', () => {
  it('mark the order partly, then fully refunded, with the amounts, the stock staying out', async () => {
    const { id, parts, intentId } = await order();
    await api.provider.refundInDashboard(intentId, 1000);
    const partly = await orderOf(api, id);
    expect(partly).toMatchObject({
      status: 'paid',
      refunded: 1000,
      refundState: 'partial',
      refunds: [expect.objectContaining({ amount: 1000, by: 'gateway', restocked: false })],
    });
    expect(partly.timeline.at(-1)).toMatchObject({
      status: 'paid',
      actor: 'gateway',
      note: '$10.00 refunded at the payment provider; $10.00 of $45.00 so far; stock not returned',
    });

    await api.provider.refundInDashboard(intentId);
    const fully = await orderOf(api, id);
    expect(fully).toMatchObject({
      status: 'refunded',
      refunded: 4500,
      refundState: 'full',
      refund: expect.objectContaining({ amount: 3500, by: 'gateway' }),
    });
    expect(fully.refunds).toHaveLength(2);
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([8, 9]);

    // The same news again, in an event of its own: nothing is recorded twice.
    const again = stripeEvent('charge.refunded', {
      id: `ch_${intentId.slice(3)}`,
      object: 'charge',
      amount: 4500,
      amount_refunded: 4500,
      currency: 'usd',
      payment_intent: intentId,
      refunded: true,
    });
    expect((await deliver(api, again)).status).toBe(200);
    expect(await orderOf(api, id)).toMatchObject({ refunded: 4500, refunds: fully.refunds });
  });
});

describe('disputes (charge.dispute.created and .closed)', () => {
  it('flag the order, mail the admins, and show the outcome; a late "created" reopens nothing', async () => {
    const { id, intentId } = await order();
    const { disputeId } = await api.provider.openDispute(intentId, 'product_not_received');
    const flagged = await orderOf(api, id);
    expect(flagged.dispute).toMatchObject({
      disputeId,
      amount: 4500,
      reason: 'product_not_received',
      status: 'needs_response',
    });
    expect(flagged.dispute?.closedAt).toBeUndefined();
    expect(flagged.timeline.at(-1)).toMatchObject({
      actor: 'gateway',
      note: 'Payment disputed (product not received): $45.00',
    });
    expect(
      (await adminMail()).filter(
        (mail) => mail.kind === 'shop_payment_disputed' && mail.about === id,
      ),
    ).toEqual([
      expect.objectContaining({
        to: admin.email,
        message: expect.objectContaining({
          subject: `Payment disputed: $45.00 for order ${orderNumber(id)}`,
        }),
      }),
    ]);

    await api.provider.closeDispute(intentId, 'lost');
    const closed = await orderOf(api, id);
    expect(closed.dispute).toMatchObject({
      disputeId,
      status: 'lost',
      closedAt: expect.any(String),
    });
    expect(closed.timeline.at(-1)).toMatchObject({ note: 'Dispute closed: lost' });

    const late = stripeEvent(
      'charge.dispute.created',
      dispute(intentId, disputeId, 'needs_response'),
      nowSeconds() - 3600,
    );
    expect((await deliver(api, late)).body.outcome).toBe('ignored');
    expect((await orderOf(api, id)).dispute).toMatchObject({ status: 'lost' });
  });
});

describe('partial refunds from the admin order page', () => {
  it('refund an amount, never more than is left, then the rest in full', async () => {
    const { id, parts, intentId } = await order(true, await api.customer('partial-refund'));
    const refundedThatDay = async () =>
      (await api.store.query<{ refundedAmount: number }>('salesDays')).reduce(
        (sum, day) => sum + day.data.refundedAmount,
        0,
      );
    const before = await refundedThatDay();
    const part = await refund(id, { restock: false, amount: 500 });
    expect(part.status).toBe(200);
    expect(part.body).toMatchObject({ status: 'paid', refunded: 500, refundState: 'partial' });
    // The owner's figures count the part refunded, in the refund's own transaction.
    expect(await refundedThatDay()).toBe(before + 500);
    // The admin's act is in the audit log, whichever side recorded the refund first.
    const audited = await api.store.query<{ kind: string }>('auditLog', {
      where: [{ field: 'targetId', op: '==', value: id }],
    });
    expect(audited.map((entry) => entry.data.kind)).toEqual(['order.refund']);
    // The customer is told of the part refunded, and of how much so far.
    const partMails = (await adminMail()).filter(
      (mail) => mail.about === id && mail.kind === 'order_partly_refunded',
    );
    expect(partMails.map((mail) => mail.message.text)).toEqual([
      expect.stringContaining(
        'We have refunded $5.00 to the card you paid with: $5.00 of $45.00 so far.',
      ),
    ]);

    const tooMuch = await refund(id, { restock: false, amount: 4001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.error?.fields).toEqual({
      amount: 'At most $40.00 can be refunded: $45.00 was charged and $5.00 refunded already',
    });

    const rest = await refund(id, { restock: true });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      status: 'refunded',
      refunded: 4500,
      refundState: 'full',
      refund: expect.objectContaining({ amount: 4000, restocked: true }),
    });
    // The refund in full returns every line's stock.
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([10, 10]);
    // At the provider: two refunds, each recorded once on the order.
    expect(rest.body.refunds?.map((one) => one.amount)).toEqual([500, 4000]);
    const atProvider = await api.store.get<{ refunds: { amount: number }[] }>(
      'simulatedIntents',
      intentId,
    );
    expect(atProvider?.data.refunds.map((one) => one.amount)).toEqual([500, 4000]);
    expect((await refund(id, { restock: false, amount: 1 })).status).toBe(409);
    const kinds = (await adminMail())
      .filter((mail) => mail.about === id && mail.kind.includes('refunded'))
      .map((mail) => mail.kind);
    expect(kinds.sort()).toEqual(['order_partly_refunded', 'order_refunded']);
  });

  it('refund chosen lines, with their stock back when the admin ticks it, and a line only once', async () => {
    const { id, parts } = await order();
    const oneUnit = await refund(id, { restock: true, lines: [{ line: 0, quantity: 1 }] });
    expect(oneUnit.status).toBe(200);
    expect(oneUnit.body).toMatchObject({
      status: 'paid',
      refunded: 1000,
      refundState: 'partial',
      refunds: [
        expect.objectContaining({
          amount: 1000,
          restocked: true,
          lines: [{ line: 0, quantity: 1 }],
        }),
      ],
    });
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([9, 9]);

    const notTicked = await refund(id, { restock: false, lines: [{ line: 1, quantity: 1 }] });
    expect(notTicked.body).toMatchObject({ refunded: 3500, refundState: 'partial' });
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([9, 9]);

    const again = await refund(id, { restock: true, lines: [{ line: 1, quantity: 1 }] });
    expect(again.status).toBe(422);
    expect(Object.values(again.body.error?.fields ?? {})).toEqual([
      expect.stringMatching(/was refunded already$/),
    ]);
  });

  it('from an original client ({ restock } alone) refunds the whole payment as before', async () => {
    const { id, parts } = await order();
    const whole = await refund(id, { restock: true });
    expect(whole.body).toMatchObject({
      status: 'refunded',
      refunded: 4500,
      refund: expect.objectContaining({ amount: 4500, restocked: true }),
    });
    expect(await Promise.all(parts.map((partId) => api.stockOf(partId)))).toEqual([10, 10]);
    // Asked again: the order is refunded, nothing more goes back.
    expect((await refund(id, { restock: true })).status).toBe(409);
  });
});

describe('with the Stripe adapter', () => {
  const STRIPE_WEBHOOK_SECRET = 'whsec_payment_events_stripe';
  let stripeApi: Harness;
  let standIn: Server;
  /** Stripe's refunds of each intent, as the stand-in answers GET /v1/refunds. */
  const refundsAt = new Map<string, Record<string, unknown>[]>();

  beforeAll(async () => {
    standIn = await serveLocally((req, res) => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const data = refundsAt.get(url.searchParams.get('payment_intent') ?? '') ?? [];
        res.end(JSON.stringify({ object: 'list', data, has_more: false, url: '/v1/refunds' }));
        return;
      }
      res.writeHead(404);
      res.end('{}');
    });
    const { port } = standIn.address() as AddressInfo;
    stripeApi = await startApi({
      env: {
        ...MANY_ORDERS,
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_WEBHOOK_SECRET,
      },
      stripeClient: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
    });
  });
  afterAll(async () => {
    await stripeApi?.close();
    await new Promise((resolve) => standIn?.close(resolve));
  });

  /** A one-line $25.00 order of the Stripe app, paid through a signed succeeded event. */
  async function paidOrder(buyer: TestUser) {
    const partId = await stripeApi.addPart({ price: 1250, order: 1, quantity: 10 });
    const placed = await stripeApi.request<InsertResult>('POST', '/ordered', {
      token: buyer.token,
      json: { partId, address: '1 Road', number: '5550100', orderQuantity: 2 },
    });
    const id = placed.body.insertedId;
    const intentId = `pi_stripe${Math.random().toString(36).slice(2, 12)}`;
    const succeeded = stripeEvent('payment_intent.succeeded', {
      id: intentId,
      object: 'payment_intent',
      amount: 2500,
      currency: 'usd',
      status: 'succeeded',
      metadata: { orderId: id },
      last_payment_error: null,
    });
    expect((await deliver(stripeApi, succeeded, STRIPE_WEBHOOK_SECRET)).body.outcome).toBe('paid');
    return { id, intentId };
  }

  it('handles each event type the same way', async () => {
    const buyer = await stripeApi.customer();
    const stripeAdmin = await stripeApi.admin();
    const read = (id: string) => orderOf(stripeApi, id, stripeAdmin.token);
    const send = (payload: string) => deliver(stripeApi, payload, STRIPE_WEBHOOK_SECRET);

    // A failure, then the payment: the failure stays on the timeline, the order is paid.
    const partId = await stripeApi.addPart({ price: 1250, order: 1, quantity: 10 });
    const placed = await stripeApi.request<InsertResult>('POST', '/ordered', {
      token: buyer.token,
      json: { partId, address: '1 Road', number: '5550100', orderQuantity: 2 },
    });
    const unpaid = placed.body.insertedId;
    const failed = stripeEvent(
      'payment_intent.payment_failed',
      failedIntent('pi_stripefailed1', unpaid, 2500),
    );
    expect((await send(failed)).body.outcome).toBe('recorded');
    expect((await send(failed)).body.outcome).toBe('duplicate');
    expect(await read(unpaid)).toMatchObject({
      status: 'unpaid',
      paymentFailure: { message: 'Your card has insufficient funds.' },
    });
    const canceled = stripeEvent('payment_intent.canceled', {
      ...failedIntent('pi_stripefailed1', unpaid, 2500),
      status: 'canceled',
    });
    expect((await send(canceled)).body.outcome).toBe('recorded');

    // A refund in the Dashboard, part of the payment, then the rest.
    const { id, intentId } = await paidOrder(buyer);
    const charge = (refunded: number) =>
      stripeEvent('charge.refunded', {
        id: `ch_${intentId.slice(3)}`,
        object: 'charge',
        amount: 2500,
        amount_refunded: refunded,
        currency: 'usd',
        payment_intent: intentId,
        refunded: refunded === 2500,
      });
    const stripeRefund = (refundId: string, amount: number) => ({
      id: refundId,
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intentId,
      status: 'succeeded',
      created: nowSeconds(),
      metadata: {},
    });
    refundsAt.set(intentId, [stripeRefund('re_first', 700)]);
    const partly = charge(700);
    expect((await send(partly)).body.outcome).toBe('recorded');
    expect((await send(partly)).body.outcome).toBe('duplicate');
    expect(await read(id)).toMatchObject({ status: 'paid', refunded: 700, refundState: 'partial' });
    // Stripe lists the newest first.
    refundsAt.set(intentId, [stripeRefund('re_second', 1800), stripeRefund('re_first', 700)]);
    expect((await send(charge(2500))).body.outcome).toBe('recorded');
    expect(await read(id)).toMatchObject({
      status: 'refunded',
      refunded: 2500,
      refundState: 'full',
      refunds: [
        expect.objectContaining({ refundId: 're_first', amount: 700 }),
        expect.objectContaining({ refundId: 're_second', amount: 1800 }),
      ],
    });

    // A dispute, closed in the shop's favour.
    const other = await paidOrder(buyer);
    const opened = dispute(other.intentId, 'dp_stripe1', 'needs_response', 2500);
    expect((await send(stripeEvent('charge.dispute.created', opened))).body.outcome).toBe(
      'recorded',
    );
    expect((await read(other.id)).dispute).toMatchObject({ status: 'needs_response' });
    const won = stripeEvent('charge.dispute.closed', { ...opened, status: 'won' });
    expect((await send(won)).body.outcome).toBe('recorded');
    expect((await read(other.id)).dispute).toMatchObject({
      status: 'won',
      closedAt: expect.any(String),
    });
  });
});
