import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { orderNumber } from '@sprocket/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DomainError } from '../errors.js';
import { StoreUnavailableError, type Store, type Transaction } from '../../store/port.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { succeededEvent } from '../../payments/gateway-contract.js';
import type { CreateIntentInput, IntentInfo, PaymentEvent } from '../../payments/port.js';
import {
  createSimulatedGateway,
  type ConfirmCardInput,
  type SimulatedGateway,
} from '../../payments/simulated/simulated-gateway.js';
import {
  confirmOrderPayment,
  getOrCreateIntent,
  handlePaymentEvent,
  PAYMENT_EVENTS,
  PAYMENT_INTENTS,
  PaymentRefusedError,
  receiveWebhook,
  type PaymentDeps,
  type PayableOrderDoc,
} from './payments.service.js';

const WEBHOOK_SECRET = 'whsec_webhook_service_test_secret_7';
const CUSTOMER = 'customer@sprocket.test';
const NOW = new Date('2030-06-15T12:00:00Z');
const clock = () => NOW;

let dir: string;
let store: Store;
let gateway: SimulatedGateway;
let deps: PaymentDeps;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-webhook-'));
  store = openSqliteStore(join(dir, 'payments.sqlite'));
  // The simulated gateway hands its events to the same function the webhook route calls.
  gateway = createSimulatedGateway({
    store,
    webhookSecret: WEBHOOK_SECRET,
    clock,
    delivery: { attempts: 3, firstDelayMs: 1 },
    deliver: async (rawBody, header) => {
      try {
        await receiveWebhook(deps, rawBody, header);
        return { status: 200 };
      } catch (error) {
        // A refused event is a 4xx; anything else makes the gateway deliver again.
        return { status: error instanceof DomainError && error.code !== 'unavailable' ? 400 : 500 };
      }
    },
  });
  deps = {
    store,
    gateway,
    clock,
    currency: 'USD',
    timeZone: 'UTC',
    shopName: () => Promise.resolve('Bike Shop'),
  };
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

let count = 0;
/** An unpaid order as POST /ordered stores it: 2 × $15.99. */
async function placeOrder(overrides: Partial<PayableOrderDoc> = {}): Promise<string> {
  const id = `order${++count}x${Date.now()}`;
  const order: PayableOrderDoc = {
    partId: 'shimano-cn-hg701-chain',
    partName: 'Shimano CN-HG701 chain',
    img: '/parts/shimano-cn-hg701-chain.svg',
    price: 1599,
    orderQuantity: 2,
    totalPrice: 3198,
    email: CUSTOMER,
    userName: 'Casey Customer',
    address: '1 Chainring Road',
    number: '+1 555 0100',
    paid: false,
    status: 'unpaid',
    createdAt: NOW.toISOString(),
    ...overrides,
  };
  await store.set('orders', id, order);
  return id;
}

async function orderDoc(id: string): Promise<PayableOrderDoc> {
  return (await store.get<PayableOrderDoc>('orders', id))?.data as PayableOrderDoc;
}

function card(clientSecret: string, cardNumber = '4242424242424242'): ConfirmCardInput {
  return { clientSecret, cardNumber, expMonth: '12', expYear: '2034', cvc: '123' };
}

/** A payment_intent.succeeded event for the order, as the gateway would have verified it. */
function paidEvent(
  orderId: string,
  fields: { type?: string; created?: number; amount?: number } = {},
): PaymentEvent & { intent: IntentInfo } {
  return {
    id: `evt_${Math.random().toString(36).slice(2)}`,
    type: fields.type ?? 'payment_intent.succeeded',
    created: fields.created ?? Math.floor(NOW.getTime() / 1000),
    intent: {
      intentId: 'pi_abc123',
      status: 'succeeded',
      amount: fields.amount ?? 3198,
      currency: 'usd',
      orderId,
    },
  };
}

/** The real store, failing at the order's write as an unreachable database would. */
function failingAtOrders(): Store {
  return {
    ...store,
    runTransaction: (fn) =>
      store.runTransaction((tx) =>
        fn({
          get: tx.get.bind(tx),
          query: tx.query.bind(tx),
          set: (collection, id, data) => {
            if (collection === 'orders') throw new StoreUnavailableError('store went away');
            tx.set(collection, id, data);
          },
          delete: tx.delete.bind(tx),
          update: (collection, id, patch) => {
            if (collection === 'orders') throw new StoreUnavailableError('store went away');
            tx.update(collection, id, patch);
          },
        } satisfies Transaction),
      ),
  };
}

function sign(payload: string): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp: Math.floor(NOW.getTime() / 1000),
  });
}

describe('paying through the simulated gateway', () => {
  it("describes the payment at the provider by the shop's name and the order's number", async () => {
    const orderId = await placeOrder();
    const asked: CreateIntentInput[] = [];
    const recording: PaymentDeps = {
      ...deps,
      gateway: {
        ...gateway,
        createIntent: (input) => (asked.push(input), gateway.createIntent(input)),
      },
    };
    await getOrCreateIntent(recording, { orderId, caller: { email: CUSTOMER, uid: 'uid-1' } });
    expect(asked.map((input) => input.description)).toEqual([
      `Bike Shop order ${orderNumber(orderId)}`,
    ]);
  });

  it('creates one intent per order for its stored total, and reuses it', async () => {
    const orderId = await placeOrder();
    const first = await getOrCreateIntent(deps, {
      orderId,
      caller: { email: CUSTOMER, uid: 'uid-1' },
    });
    expect(first).toMatchObject({ gateway: 'simulated' });
    expect(await gateway.retrieveIntent(first.intentId)).toMatchObject({
      amount: 3198,
      currency: 'usd',
      orderId,
      status: 'requires_payment_method',
    });
    const stored = await store.get(PAYMENT_INTENTS, orderId);
    expect(stored?.data).toMatchObject({ intentId: first.intentId, amount: 3198 });
    // Reopening the page, also twice at once, gives the same intent and secret.
    const again = await Promise.all([
      getOrCreateIntent(deps, { orderId, caller: { email: CUSTOMER, uid: 'uid-1' } }),
      getOrCreateIntent(deps, {
        orderId,
        caller: { email: 'Customer@Sprocket.test ', uid: 'uid-1' },
      }),
    ]);
    expect(again).toEqual([first, first]);
  });

  it('creates intents for the caller’s unpaid orders only', async () => {
    const paidId = await placeOrder({ paid: true, status: 'paid', transactionId: 'pi_x1' });
    await expect(
      getOrCreateIntent(deps, { orderId: paidId, caller: { email: CUSTOMER, uid: 'uid-1' } }),
    ).rejects.toThrow(new PaymentRefusedError('already_paid'));
    const orderId = await placeOrder();
    await expect(
      getOrCreateIntent(deps, { orderId, caller: { email: 'other@sprocket.test', uid: 'uid-1' } }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      getOrCreateIntent(deps, {
        orderId: 'no-such-order',
        caller: { email: CUSTOMER, uid: 'uid-1' },
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      getOrCreateIntent(deps, { orderId: '../orders', caller: { email: CUSTOMER, uid: 'uid-1' } }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses an order below the minimum charge with a 422', async () => {
    const orderId = await placeOrder({ price: 20, orderQuantity: 1, totalPrice: 20 });
    await expect(
      getOrCreateIntent(deps, { orderId, caller: { email: CUSTOMER, uid: 'uid-1' } }),
    ).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'Amount must be at least $0.50 usd',
    });
  });

  it('marks the order paid through the signed webhook when the card succeeds', async () => {
    const orderId = await placeOrder();
    const { clientSecret, intentId } = await getOrCreateIntent(deps, {
      orderId,
      caller: { email: CUSTOMER, uid: 'uid-1' },
    });

    const result = await gateway.confirmCard(card(clientSecret));

    expect(result).toMatchObject({ delivery: { delivered: true, attempts: 1, status: 200 } });
    expect(await orderDoc(orderId)).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: intentId,
      paidAt: NOW.toISOString(),
      lastEventCreated: Math.floor(NOW.getTime() / 1000),
    });
    // The page's PATCH that follows is harmless.
    expect(
      await confirmOrderPayment(deps, {
        orderId,
        caller: { email: CUSTOMER, uid: 'uid-1' },
        transactionId: intentId,
      }),
    ).toEqual({ modifiedCount: 0 });
  });

  it('leaves the order unpaid when the card is declined', async () => {
    const orderId = await placeOrder();
    const { clientSecret } = await getOrCreateIntent(deps, {
      orderId,
      caller: { email: CUSTOMER, uid: 'uid-1' },
    });
    const result = await gateway.confirmCard(card(clientSecret, '4000000000000002'));
    expect(result).toMatchObject({ error: { message: 'Your card was declined.' } });
    expect(await orderDoc(orderId)).toMatchObject({ paid: false, status: 'unpaid' });
  });
});

describe('receiving webhook events', () => {
  it('marks the order paid once when the same event arrives 100 times at once', async () => {
    const orderId = await placeOrder();
    const raw = JSON.stringify(succeededEvent({ orderId, amount: 3198 }));
    const header = sign(raw);

    const results = await Promise.all(
      Array.from({ length: 100 }, () => receiveWebhook(deps, raw, header)),
    );

    expect(results.filter((r) => r.outcome === 'paid')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'duplicate')).toHaveLength(99);
    const event = JSON.parse(raw) as ReturnType<typeof succeededEvent>;
    expect(await orderDoc(orderId)).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: event.data.object.id,
    });
    const recorded = await store.query(PAYMENT_EVENTS, {
      where: [{ field: 'orderId', op: '==', value: orderId }],
    });
    expect(recorded).toEqual([
      {
        id: event.id,
        data: expect.objectContaining({ outcome: 'paid', intentId: event.data.object.id }),
      },
    ]);
  });

  it('refuses a bad signature with a 400 and records nothing', async () => {
    const orderId = await placeOrder();
    const raw = JSON.stringify(succeededEvent({ orderId, amount: 3198 }));
    const forged = Stripe.webhooks.generateTestHeaderString({
      payload: raw,
      secret: 'whsec_other',
    });
    await expect(receiveWebhook(deps, raw, forged)).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect(await store.get(PAYMENT_EVENTS, JSON.parse(raw).id)).toBeNull();
    expect(await orderDoc(orderId)).toMatchObject({ paid: false });
  });

  it('logs and ignores an amount that is not the order’s, and records the event', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const orderId = await placeOrder();
    const event = paidEvent(orderId, { amount: 100 });
    expect(await handlePaymentEvent(deps, event)).toEqual({
      outcome: 'ignored',
      reason: 'amount_mismatch',
      orderId,
    });
    expect(await orderDoc(orderId)).toMatchObject({ paid: false, status: 'unpaid' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('amount_mismatch'));
    expect((await store.get(PAYMENT_EVENTS, event.id))?.data).toMatchObject({
      outcome: 'ignored',
      reason: 'amount_mismatch',
    });
  });

  it('logs and ignores another currency', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const orderId = await placeOrder();
    const event = paidEvent(orderId);
    event.intent.currency = 'eur';
    expect(await handlePaymentEvent(deps, event)).toMatchObject({ reason: 'currency_mismatch' });
    expect(await orderDoc(orderId)).toMatchObject({ paid: false });
  });

  it('logs and ignores an unknown order, or an intent without one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await handlePaymentEvent(deps, paidEvent('no-such-order'))).toEqual({
      outcome: 'ignored',
      reason: 'unknown_order',
      orderId: 'no-such-order',
    });
    expect(await handlePaymentEvent(deps, paidEvent('../../users/x'))).toMatchObject({
      reason: 'unknown_order',
    });
    const orphan = paidEvent('x');
    orphan.intent.orderId = null;
    expect(await handlePaymentEvent(deps, orphan)).toMatchObject({ reason: 'no_order_id' });
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('ignores events it does not act on', async () => {
    const orderId = await placeOrder();
    // Failures, refunds and disputes have their own tests (payment-events.test.ts).
    const processing = paidEvent(orderId, { type: 'payment_intent.processing' });
    processing.intent.status = 'processing';
    expect(await handlePaymentEvent(deps, processing)).toMatchObject({ reason: 'unhandled_type' });
    const notSucceeded = paidEvent(orderId);
    notSucceeded.intent.status = 'processing';
    expect(await handlePaymentEvent(deps, notSucceeded)).toMatchObject({ reason: 'not_succeeded' });
    const charge = { ...paidEvent(orderId), type: 'charge.succeeded', intent: null };
    expect(await handlePaymentEvent(deps, charge)).toMatchObject({ reason: 'unhandled_type' });
    expect(await orderDoc(orderId)).toMatchObject({ paid: false, status: 'unpaid' });
  });

  it('never changes a paid or processing order, and an older event never moves it back', async () => {
    const orderId = await placeOrder();
    const created = Math.floor(NOW.getTime() / 1000);
    const first = paidEvent(orderId, { created });
    first.intent.intentId = 'pi_first';
    await handlePaymentEvent(deps, first);
    const paid = await orderDoc(orderId);
    expect(paid).toMatchObject({
      status: 'paid',
      transactionId: 'pi_first',
      lastEventCreated: created,
    });

    // Another intent's success for the same order (a newer event) changes nothing.
    const second = paidEvent(orderId, { created: created + 60 });
    second.intent.intentId = 'pi_second';
    expect(await handlePaymentEvent(deps, second)).toMatchObject({ reason: 'already_paid' });
    expect(await orderDoc(orderId)).toEqual(paid);

    // The admin delivers it; an event older than the last applied one is stale.
    await store.update('orders', orderId, { status: 'processing', deliveredText: 'processing' });
    const older = paidEvent(orderId, { created: created - 3600 });
    older.intent.intentId = 'pi_older';
    expect(await handlePaymentEvent(deps, older)).toMatchObject({ reason: 'stale' });
    const repeated = paidEvent(orderId, { created: created + 120 });
    expect(await handlePaymentEvent(deps, repeated)).toMatchObject({ reason: 'already_paid' });
    expect(await orderDoc(orderId)).toEqual({
      ...paid,
      status: 'processing',
      deliveredText: 'processing',
    });
  });

  it('writes nothing when the store fails, so that a redelivery applies the event', async () => {
    const orderId = await placeOrder();
    const event = paidEvent(orderId);
    await expect(handlePaymentEvent({ ...deps, store: failingAtOrders() }, event)).rejects.toThrow(
      StoreUnavailableError,
    );
    expect(await store.get(PAYMENT_EVENTS, event.id)).toBeNull();
    expect(await orderDoc(orderId)).toMatchObject({ paid: false, status: 'unpaid' });

    expect(await handlePaymentEvent(deps, event)).toEqual({ outcome: 'paid', orderId });
  });

  it('is delivered again after the handler failed on a store outage, and then pays', async () => {
    const orderId = await placeOrder();
    const { clientSecret } = await getOrCreateIntent(deps, {
      orderId,
      caller: { email: CUSTOMER, uid: 'uid-1' },
    });
    const statuses: number[] = [];
    const flaky = createSimulatedGateway({
      store,
      webhookSecret: WEBHOOK_SECRET,
      clock,
      delivery: { attempts: 5, firstDelayMs: 1 },
      deliver: async (rawBody, header) => {
        // The first attempt meets a store that is down; the route answers it with a 503.
        const handlerStore = statuses.length === 0 ? failingAtOrders() : store;
        try {
          await receiveWebhook({ ...deps, store: handlerStore, gateway: flaky }, rawBody, header);
          statuses.push(200);
        } catch (error) {
          expect(error).toBeInstanceOf(StoreUnavailableError);
          statuses.push(503);
        }
        return { status: statuses.at(-1) as number };
      },
    });
    const result = await flaky.confirmCard(card(clientSecret));
    expect(result).toMatchObject({ delivery: { delivered: true, attempts: 2 } });
    expect(statuses).toEqual([503, 200]);
    expect(await orderDoc(orderId)).toMatchObject({ paid: true, status: 'paid' });
  });
});

describe('confirming a payment from the page (PATCH /ordered/{id})', () => {
  async function paidIntentFor(orderId: string) {
    const { clientSecret, intentId } = await getOrCreateIntent(deps, {
      orderId,
      caller: { email: CUSTOMER, uid: 'uid-1' },
    });
    return { clientSecret, intentId };
  }

  it('marks the order paid when the gateway confirms the intent, once', async () => {
    const orderId = await placeOrder();
    const { intentId } = await paidIntentFor(orderId);
    // Succeeded at the gateway, but the webhook has not arrived (the intent is set directly).
    await store.update('simulatedIntents', intentId, { status: 'succeeded' });

    const input = { orderId, caller: { email: CUSTOMER, uid: 'uid-1' }, transactionId: intentId };
    expect(await confirmOrderPayment(deps, input)).toEqual({ modifiedCount: 1 });
    expect(await orderDoc(orderId)).toMatchObject({
      paid: true,
      status: 'paid',
      transactionId: intentId,
      paidAt: NOW.toISOString(),
    });
    const repeats = await Promise.all([
      confirmOrderPayment(deps, input),
      confirmOrderPayment(deps, input),
    ]);
    expect(repeats).toEqual([{ modifiedCount: 0 }, { modifiedCount: 0 }]);
  });

  it('refuses an intent that belongs to another order', async () => {
    const mine = await placeOrder();
    const theirs = await placeOrder({ email: 'other@sprocket.test' });
    const { clientSecret, intentId } = await getOrCreateIntent(deps, {
      orderId: theirs,
      caller: { email: 'other@sprocket.test', uid: 'uid-2' },
    });
    await gateway.confirmCard(card(clientSecret));
    await expect(
      confirmOrderPayment(deps, {
        orderId: mine,
        caller: { email: CUSTOMER, uid: 'uid-1' },
        transactionId: intentId,
      }),
    ).rejects.toMatchObject({ reason: 'foreign_intent', code: 'validation_failed' });
    expect(await orderDoc(mine)).toMatchObject({ paid: false });
  });

  it('refuses an intent that has not succeeded', async () => {
    const orderId = await placeOrder();
    const { clientSecret, intentId } = await paidIntentFor(orderId);
    await gateway.confirmCard(card(clientSecret, '4000000000009995'));
    await expect(
      confirmOrderPayment(deps, {
        orderId,
        caller: { email: CUSTOMER, uid: 'uid-1' },
        transactionId: intentId,
      }),
    ).rejects.toMatchObject({ reason: 'not_succeeded', code: 'conflict' });
    expect(await orderDoc(orderId)).toMatchObject({ paid: false });
  });

  it('refuses an intent for another amount', async () => {
    // Its webhook is logged and ignored as an amount mismatch.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const orderId = await placeOrder();
    // An intent that names this order but was made for less (not through getOrCreateIntent).
    const cheap = await gateway.createIntent({
      orderId,
      amount: 100,
      currency: 'usd',
      email: CUSTOMER,
      idempotencyKey: `cheap-${orderId}`,
    });
    await gateway.confirmCard(card(cheap.clientSecret));
    await expect(
      confirmOrderPayment(deps, {
        orderId,
        caller: { email: CUSTOMER, uid: 'uid-1' },
        transactionId: cheap.intentId,
      }),
    ).rejects.toMatchObject({ reason: 'amount_mismatch', code: 'validation_failed' });
    expect(await orderDoc(orderId)).toMatchObject({ paid: false });
  });

  it('refuses an unknown or malformed transaction id without asking the gateway', async () => {
    const orderId = await placeOrder();
    const retrieve = vi.spyOn(gateway, 'retrieveIntent');
    for (const transactionId of ['pi_doesnotexist', 'made-up', '../../x', '']) {
      await expect(
        confirmOrderPayment(deps, {
          orderId,
          caller: { email: CUSTOMER, uid: 'uid-1' },
          transactionId,
        }),
      ).rejects.toMatchObject({ reason: 'unknown_intent', code: 'validation_failed' });
    }
    expect(retrieve).toHaveBeenCalledTimes(1);
  });

  it("refuses someone else's order, a missing one, and a paid order with another intent", async () => {
    const orderId = await placeOrder();
    await expect(
      confirmOrderPayment(deps, {
        orderId,
        caller: { email: 'other@sprocket.test', uid: 'uid-1' },
        transactionId: 'pi_a1',
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      confirmOrderPayment(deps, {
        orderId: 'gone',
        caller: { email: CUSTOMER, uid: 'uid-1' },
        transactionId: 'pi_a1',
      }),
    ).rejects.toMatchObject({ code: 'not_found' });
    const paid = await placeOrder({ paid: true, status: 'paid', transactionId: 'pi_real1' });
    await expect(
      confirmOrderPayment(deps, {
        orderId: paid,
        caller: { email: CUSTOMER, uid: 'uid-1' },
        transactionId: 'pi_other1',
      }),
    ).rejects.toMatchObject({ reason: 'already_paid', code: 'conflict' });
    expect(await orderDoc(paid)).toMatchObject({ transactionId: 'pi_real1' });
  });
});
