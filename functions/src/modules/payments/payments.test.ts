import type { Order } from '@sprocket/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MANY_ORDERS,
  startApi,
  TEST_WEBHOOK_SECRET,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import { deadline } from '../../../../scripts/test-deadlines.js';

let api: Harness;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;
const stripe = new Stripe('sk_test_offline');

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
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

/** Every field of the contract's Order, the only ones the API may answer with. */
const ORDER_FIELDS: (keyof Order)[] = [
  '_id',
  'partId',
  'partName',
  'img',
  'price',
  'orderQuantity',
  'totalPrice',
  'email',
  'userName',
  'address',
  'number',
  'paid',
  'status',
  'transactionId',
  'paidAt',
  'deliveredText',
  'createdAt',
  'expiresAt',
  'cancelledAt',
  'cancelReason',
  'lines',
  'timeline',
  'shipment',
  'completedAt',
  'refund',
  // The amounts of issue 25 (shipping, code, tax) and what they came from.
  'subtotal',
  'discount',
  'shipping',
  'tax',
  'total',
  'taxRate',
  'pricesIncludeTax',
  'shippingMethod',
  'discountCode',
  'country',
  'region',
  // The one order's page also answers its returns (decision 098).
  'returns',
  'returnableUntil',
];

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

const eventsFor = async (orderId: string) =>
  (await api.store.query('paymentEvents')).filter((event) => event.data.orderId === orderId);

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
        // What the payment page sends: the order's total in cents, as it shows it.
        json: { orderId: id, totalPrice: 2500 },
      },
    );
    expect(first).toMatchObject({ status: 200, body: { gateway: 'simulated' } });
    expect(first.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
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
    expect(transactionId).toBe(first.body.clientSecret.split('_secret_')[0]);
    const seenByOwner = await api.request<Order>('GET', `/ordered/${id}`, {
      token: customer.token,
    });
    expect(seenByOwner.body).toMatchObject({ paid: true, status: 'paid', transactionId });
    expect(Date.parse(seenByOwner.body.paidAt ?? '')).not.toBeNaN();
    // Only the contract's fields leave the API; the webhook's bookkeeping stays inside.
    expect(ORDER_FIELDS).toEqual(expect.arrayContaining(Object.keys(seenByOwner.body)));

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
    const processing = await orderOf(id);
    expect(processing).toMatchObject({
      status: 'processing',
      paid: true,
      transactionId,
      deliveredText: 'processing',
    });
    expect(ORDER_FIELDS).toEqual(expect.arrayContaining(Object.keys(processing)));
  });

  it('refuses a totalPrice that is not the stored order’s, and a missing order', async () => {
    const id = await placeOrder();
    const wrong = await api.request('POST', '/create-payment-intent', {
      token: customer.token,
      json: { orderId: id, totalPrice: 1 },
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { error: { code: 'validation_failed', fields: { totalPrice: expect.any(String) } } },
    });
    expect(
      (
        await api.request('POST', '/create-payment-intent', {
          token: customer.token,
          json: { orderId: 'no-such-order' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api.request('POST', '/create-payment-intent', { json: { orderId: id } })).status,
    ).toBe(401);
    expect(await api.store.get('paymentIntents', id)).toBeNull();
  });

  it('declines 4000 0000 0000 0002 with the provider message and leaves the order unpaid', async () => {
    const id = await placeOrder();
    const declined = await api.pay(customer, id, '4000 0000 0000 0002');
    expect(declined).toMatchObject({
      status: 402,
      body: { error: { code: 'card_error', message: 'Your card was declined.' } },
    });
    const poor = await api.pay(customer, id, '4000 0000 0000 9995');
    expect(poor).toMatchObject({
      status: 402,
      body: { error: { code: 'card_error', message: 'Your card has insufficient funds.' } },
    });
    expect(await orderOf(id)).toMatchObject({ paid: false, status: 'unpaid' });
    // A declined intent stays open: the same order can still be paid with another card.
    expect((await api.pay(customer, id)).status).toBe(200);
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid' });
  });

  it('answers 400 to a client secret it does not know and 422 to a malformed request', async () => {
    const card = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' };
    const unknown = await api.request('POST', '/payments/simulated/confirm', {
      token: customer.token,
      json: { ...card, clientSecret: 'pi_000000000000000000000000_secret_000000000000' },
    });
    expect(unknown).toMatchObject({ status: 400, body: { error: { code: 'bad_request' } } });
    const missing = await api.request('POST', '/payments/simulated/confirm', {
      token: customer.token,
      json: card,
    });
    expect(missing).toMatchObject({
      status: 422,
      body: { error: { fields: { clientSecret: expect.any(String) } } },
    });
    const anonymous = await api.request('POST', '/payments/simulated/confirm', {
      json: { ...card, clientSecret: 'pi_0_secret_0' },
    });
    expect(anonymous.status).toBe(401);
  });

  it("refuses an intent for a paid order, and for another customer's order", async () => {
    const id = await placeOrder();
    // Admins manage orders but do not pay for other people's.
    for (const caller of [other, admin]) {
      const refused = await api.request('POST', '/create-payment-intent', {
        token: caller.token,
        json: { orderId: id },
      });
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
    }
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

  it('lets only the owner confirm, and a repeat changes nothing', async () => {
    const id = await placeOrder();
    const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
      token: customer.token,
      json: { orderId: id },
    });
    const transactionId = intent.body.clientSecret.split('_secret_')[0];
    // The intent has not succeeded yet: the page cannot declare it paid.
    const early = await api.request('PATCH', `/ordered/${id}`, {
      token: customer.token,
      json: { transactionId },
    });
    expect(early.status).toBe(409);
    await api.pay(customer, id);
    for (const caller of [other, admin]) {
      const refused = await api.request('PATCH', `/ordered/${id}`, {
        token: caller.token,
        json: { transactionId },
      });
      expect(refused.status).toBe(403);
    }
    const repeats = await Promise.all(
      [1, 2, 3].map(() =>
        api.request('PATCH', `/ordered/${id}`, {
          token: customer.token,
          json: { transactionId },
          retryWhileBusy: true,
        }),
      ),
    );
    for (const repeat of repeats) {
      expect(repeat).toMatchObject({
        status: 200,
        body: { acknowledged: true, modifiedCount: 0 },
      });
    }
    expect(await orderOf(id)).toMatchObject({ paid: true, transactionId });
  });

  it('pays the order when the card succeeded but no webhook got through, for its owner only', async () => {
    const id = await placeOrder();
    api.storeOutage(true);
    let paid;
    try {
      // Every delivery of the event meets the outage; the card itself has succeeded.
      paid = await api.pay(customer, id);
    } finally {
      api.storeOutage(false);
    }
    expect(paid.status).toBe(200);
    const transactionId = paid.body.transactionId;
    expect(await orderOf(id)).toMatchObject({ paid: false, status: 'unpaid' });

    for (const caller of [other, admin]) {
      const refused = await api.request('PATCH', `/ordered/${id}`, {
        token: caller.token,
        json: { transactionId },
      });
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
    }
    expect(await orderOf(id)).toMatchObject({ paid: false, status: 'unpaid' });

    const confirmed = await api.request('PATCH', `/ordered/${id}`, {
      token: customer.token,
      json: { transactionId },
    });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { acknowledged: true, modifiedCount: 1 },
    });
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid', transactionId });
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

  it('answers 503 while the store is down, and applies the redelivered event once', async () => {
    const id = await placeOrder();
    const payload = succeededEvent(id, 2500);
    const header = sign(payload);
    api.storeOutage(true);
    try {
      expect(await deliver(payload, header)).toBe(503);
    } finally {
      api.storeOutage(false);
    }
    expect(await orderOf(id)).toMatchObject({ paid: false, status: 'unpaid' });
    expect(await eventsFor(id)).toHaveLength(0);
    expect(await deliver(payload, header)).toBe(200);
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid' });
    expect(await eventsFor(id)).toHaveLength(1);
  });

  it('gets the simulated event delivered again after the webhook failed', async () => {
    const id = await placeOrder();
    const refusedBefore = api.refusedTransactions();
    api.storeOutage(true);
    const paying = api.pay(customer, id);
    try {
      await vi.waitFor(() => expect(api.refusedTransactions()).toBeGreaterThan(refusedBefore), {
        timeout: deadline(5_000),
        interval: 2,
      });
    } finally {
      api.storeOutage(false);
    }
    expect((await paying).status).toBe(200);
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid' });
  });

  it('verifies the exact bytes of a chunked body, and refuses one over the size limit', async () => {
    const id = await placeOrder();
    const payload = succeededEvent(id, 2500);
    const bytes = new TextEncoder().encode(payload);
    // No content-length: the body limit reads the stream itself, and the webhook still gets it whole.
    const chunked = await fetch(`${api.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(bytes.slice(0, 40));
          controller.enqueue(bytes.slice(40));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(200);
    expect(await orderOf(id)).toMatchObject({ paid: true });

    const padded = JSON.stringify({ ...JSON.parse(payload), padding: 'x'.repeat(70 * 1024) });
    expect(await deliver(padded, sign(padded))).toBe(413);
  });

  it('handles 100 duplicate deliveries of one event once', async () => {
    const id = await placeOrder();
    const payload = succeededEvent(id, 2500);
    // Stripe delivers again what was not answered 2xx, signed anew: a 503 under contention is
    // sent again after its Retry-After.
    const deliverUntilAnswered = async (): Promise<number> => {
      for (;;) {
        const response = await api.request('POST', '/payments/webhook', {
          raw: payload,
          headers: { 'stripe-signature': sign(payload) },
        });
        if (response.status !== 503) return response.status;
        const seconds = Number(response.headers.get('retry-after'));
        await new Promise((resolve) => setTimeout(resolve, (seconds + Math.random()) * 1000));
      }
    };
    const statuses = await Promise.all(Array.from({ length: 100 }, deliverUntilAnswered));
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(await orderOf(id)).toMatchObject({ paid: true, status: 'paid' });
    expect(await eventsFor(id)).toHaveLength(1);
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

describe('with PAYMENTS=stripe', () => {
  const STRIPE_WEBHOOK_SECRET = 'whsec_stripe_mode_tests';
  let stripeApi: Harness;
  beforeAll(async () => {
    stripeApi = await startApi({
      env: {
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_never_called',
        STRIPE_WEBHOOK_SECRET,
      },
    });
  });
  afterAll(async () => {
    await stripeApi?.close();
  });

  it('has no simulated card endpoint, and pays through the same signed webhook', async () => {
    const buyer = await stripeApi.customer();
    const confirm = await stripeApi.request('POST', '/payments/simulated/confirm', {
      token: buyer.token,
      json: { clientSecret: 'pi_1_secret_1', cardNumber: '4242424242424242' },
    });
    expect(confirm.status).toBe(404);

    const partId = await stripeApi.addPart({ price: 1250, order: 1, quantity: 10 });
    const placed = await stripeApi.request<{ insertedId: string }>('POST', '/ordered', {
      token: buyer.token,
      json: { partId, address: '1 Road', number: '5550100', orderQuantity: 2 },
    });
    const id = placed.body.insertedId;
    const payload = succeededEvent(id, 2500);
    const response = await fetch(`${stripeApi.url}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': sign(payload, STRIPE_WEBHOOK_SECRET),
      },
      body: payload,
    });
    expect(response.status).toBe(200);
    const order = await stripeApi.request<Order>('GET', `/ordered/${id}`, { token: buyer.token });
    expect(order.body).toMatchObject({ paid: true, status: 'paid' });
  });
});
