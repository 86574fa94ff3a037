import type { Order } from '@sprocket/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startApi,
  TEST_WEBHOOK_SECRET,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
const stripe = new Stripe('sk_test_offline');

beforeAll(async () => {
  api = await startApi();
  [customer, other, admin] = await Promise.all([
    api.customer(),
    api.customer('other'),
    api.admin(),
  ]);
});
afterAll(async () => {
  await api?.close();
});

async function placeOrder(user = customer, quantity = 2): Promise<string> {
  const partId = await api.addPart({ price: 1250, order: 1, quantity: 40 });
  const placed = await api.request<{ insertedId: string }>('POST', '/ordered', {
    token: user.token,
    json: {
      partId,
      userName: user.name,
      address: '1 Road',
      number: '5550100',
      orderQuantity: quantity,
    },
  });
  expect(placed.status).toBe(201);
  return placed.body.insertedId;
}

const orderOf = async (id: string) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token: admin.token })).body;

function succeededEvent(orderId: string, amount: number, created = Math.floor(Date.now() / 1000)) {
  return JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created,
    data: {
      object: {
        id: `pi_${Math.random().toString(36).slice(2)}`,
        object: 'payment_intent',
        amount,
        currency: 'usd',
        status: 'succeeded',
        metadata: { orderId },
      },
    },
  });
}

async function deliver(payload: string, header: string) {
  const response = await fetch(`${api.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  return response.status;
}

const sign = (payload: string, secret = TEST_WEBHOOK_SECRET, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestamp ? { timestamp } : {}),
  });

describe('paying for an order with the simulated gateway', () => {
  it('creates one intent per order, pays with 4242…, and lets the admin deliver it', async () => {
    const id = await placeOrder();
    const first = await api.request<{ clientSecret: string; gateway: string }>(
      'POST',
      '/create-payment-intent',
      {
        token: customer.token,
        json: { orderId: id, totalPrice: 1 },
      },
    );
    expect(first).toMatchObject({ status: 200, body: { gateway: 'simulated' } });
    const again = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
      token: customer.token,
      json: { orderId: id },
    });
    expect(again.body.clientSecret).toBe(first.body.clientSecret);

    expect(
      (
        await api.request('PUT', `/ordered/${id}`, {
          token: admin.token,
          json: { delivertext: true },
        })
      ).status,
    ).toBe(409);

    const paid = await api.pay(customer, id);
    expect(paid.status).toBe(200);
    const transactionId = paid.body.transactionId;
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid', transactionId });

    const patch = await api.request('PATCH', `/ordered/${id}`, {
      token: customer.token,
      json: { transactionId },
    });
    expect(patch).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 0 } });

    const delivered = await api.request('PUT', `/ordered/${id}`, {
      token: admin.token,
      json: { delivertext: true },
    });
    expect(delivered).toMatchObject({
      status: 200,
      body: { acknowledged: true, modifiedCount: 1 },
    });
    expect(await orderOf(id)).toMatchObject({ status: 'processing', paid: true });
  });

  it('declines 4000 0000 0000 0002 with the provider message and leaves the order unpaid', async () => {
    const id = await placeOrder();
    const declined = await api.pay(customer, id, '4000 0000 0000 0002');
    expect(declined).toMatchObject({
      status: 402,
      body: { error: { code: 'card_error', message: 'Your card was declined.' } },
    });
    expect(await orderOf(id)).toMatchObject({ paid: false, status: 'unpaid' });
  });

  it("refuses an intent for a paid order, and for another customer's order", async () => {
    const id = await placeOrder();
    expect(
      (
        await api.request('POST', '/create-payment-intent', {
          token: other.token,
          json: { orderId: id },
        })
      ).status,
    ).toBe(403);
    await api.pay(customer, id);
    expect(
      (
        await api.request('POST', '/create-payment-intent', {
          token: customer.token,
          json: { orderId: id },
        })
      ).status,
    ).toBe(409);
  });
});

describe('PATCH /ordered/{id} trusts only the gateway', () => {
  it("refuses another order's intent, a declined intent and a made-up id", async () => {
    const mine = await placeOrder();
    const elsewhere = await placeOrder();
    const paidElsewhere = await api.pay(customer, elsewhere);
    const foreign = await api.request('PATCH', `/ordered/${mine}`, {
      token: customer.token,
      json: { transactionId: paidElsewhere.body.transactionId },
    });
    expect(foreign.status).toBe(422);

    const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
      token: customer.token,
      json: { orderId: mine },
    });
    await api.pay(customer, mine, '4000 0000 0000 0002');
    const declinedIntentId = intent.body.clientSecret.split('_secret_')[0];
    const failed = await api.request('PATCH', `/ordered/${mine}`, {
      token: customer.token,
      json: { transactionId: declinedIntentId },
    });
    expect(failed.status).toBe(409);

    const madeUp = await api.request('PATCH', `/ordered/${mine}`, {
      token: customer.token,
      json: { transactionId: 'pi_madeup' },
    });
    expect(madeUp.status).toBe(422);
    expect(await orderOf(mine)).toMatchObject({ paid: false, status: 'unpaid' });
  });
});

describe('the webhook', () => {
  it('accepts a good signature and marks the order paid', async () => {
    const id = await placeOrder();
    const payload = succeededEvent(id, 2500);
    expect(await deliver(payload, sign(payload))).toBe(200);
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid' });
  });

  it('refuses a bad or stale signature and changes nothing', async () => {
    const id = await placeOrder();
    const payload = succeededEvent(id, 2500);
    expect(await deliver(payload, sign(payload, 'whsec_someone_else'))).toBe(400);
    const stale = sign(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    expect(await deliver(payload, stale)).toBe(400);
    expect(await deliver(payload, '')).toBe(400);
    expect(await orderOf(id)).toMatchObject({ paid: false, status: 'unpaid' });
  });

  it('handles 100 duplicate deliveries of one event once', async () => {
    const id = await placeOrder();
    const payload = succeededEvent(id, 2500);
    const header = sign(payload);
    const statuses = await Promise.all(Array.from({ length: 100 }, () => deliver(payload, header)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid' });
    const events = await api.store.query('paymentEvents');
    expect(events.filter((event) => JSON.stringify(event.data).includes(id))).toHaveLength(1);
  });

  it('answers 2xx to an amount mismatch or an unknown order without marking anything', async () => {
    const id = await placeOrder();
    const wrongAmount = succeededEvent(id, 1);
    expect(await deliver(wrongAmount, sign(wrongAmount))).toBe(200);
    expect(await orderOf(id)).toMatchObject({ paid: false });
    const unknown = succeededEvent('no-such-order', 2500);
    expect(await deliver(unknown, sign(unknown))).toBe(200);
  });
});
