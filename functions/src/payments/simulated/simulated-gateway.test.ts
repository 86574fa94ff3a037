import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StoreUnavailableError, type Store } from '../../store/port.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import { describeIntentContract, describeWebhookContract } from '../gateway-contract.js';
import { GatewayUnavailableError, type PaymentEvent } from '../port.js';
import { createStripeGateway } from '../stripe/stripe-gateway.js';
import {
  createSimulatedGateway,
  SIMULATED_INTENTS,
  type ConfirmCardInput,
  type DeliverWebhook,
  type SimulatedGateway,
} from './simulated-gateway.js';

const WEBHOOK_SECRET = 'whsec_simulated_test_secret_0123456789';
let dir: string;
let store: Store;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-simulated-'));
  store = openSqliteStore(join(dir, 'payments.sqlite'));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A webhook handler that verifies what it receives, as the shop's route will. */
function recordingHandler(status = 200) {
  const received: { event: PaymentEvent; header: string }[] = [];
  let gateway: SimulatedGateway | undefined;
  const deliver: DeliverWebhook = async (rawBody, header) => {
    received.push({ event: (gateway as SimulatedGateway).verifyWebhook(rawBody, header), header });
    return { status };
  };
  return { received, deliver, attach: (g: SimulatedGateway) => (gateway = g) };
}

/** The card checks run on this date, so that expiry cases do not depend on today. */
const NOW = new Date('2030-06-15T12:00:00Z');

function simulated(deliver: DeliverWebhook = async () => ({ status: 200 }), clock = () => NOW) {
  return createSimulatedGateway({
    store,
    webhookSecret: WEBHOOK_SECRET,
    deliver,
    clock,
    delivery: { attempts: 5, firstDelayMs: 1 },
  });
}

let orders = 0;
async function openIntent(gateway: SimulatedGateway, amount = 3198) {
  const orderId = `order${++orders}`;
  const created = await gateway.createIntent({
    orderId,
    amount,
    currency: 'USD',
    email: 'customer@sprocket.test',
    idempotencyKey: `sprocket-order-${orderId}`,
  });
  return { ...created, orderId };
}

function card(clientSecret: string, overrides: Partial<ConfirmCardInput> = {}): ConfirmCardInput {
  return {
    clientSecret,
    cardNumber: '4242 4242 4242 4242',
    expMonth: '12',
    // Valid both on NOW and on today's date (the contract suites run on the real clock).
    expYear: '2040',
    cvc: '123',
    billingName: 'Casey Customer',
    billingEmail: 'customer@sprocket.test',
    ...overrides,
  };
}

const realClock = () => new Date();

describeWebhookContract('simulated', () => ({
  gateway: simulated(undefined, realClock),
  webhookSecret: WEBHOOK_SECRET,
}));

describeIntentContract('simulated', () => {
  const gateway = simulated(undefined, realClock);
  return {
    gateway,
    pay: async (clientSecret) => {
      const result = await gateway.confirmCard(card(clientSecret));
      if ('error' in result) throw new Error(result.error.message);
    },
  };
});

describe('simulated gateway: confirming a card', () => {
  it('succeeds with 4242 4242 4242 4242 and delivers a signed payment_intent.succeeded', async () => {
    const handler = recordingHandler();
    const gateway = simulated(handler.deliver);
    handler.attach(gateway);
    const { intentId, clientSecret, orderId } = await openIntent(gateway);

    const result = await gateway.confirmCard(card(clientSecret));

    expect(result).toEqual({
      paymentIntent: {
        id: intentId,
        object: 'payment_intent',
        amount: 3198,
        currency: 'usd',
        status: 'succeeded',
        metadata: { orderId },
      },
      delivery: { delivered: true, attempts: 1, status: 200 },
    });
    expect(handler.received).toHaveLength(1);
    expect(handler.received[0]?.event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      type: 'payment_intent.succeeded',
      intent: { intentId, amount: 3198, currency: 'usd', status: 'succeeded', orderId },
    });
    expect(handler.received[0]?.header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect((await gateway.retrieveIntent(intentId)).status).toBe('succeeded');
  });

  it("signs exactly as Stripe does: the Stripe adapter verifies the simulated gateway's events", async () => {
    const stripe = createStripeGateway({
      secretKey: 'sk_test_offline',
      webhookSecret: WEBHOOK_SECRET,
    });
    let raw = '';
    const gateway = simulated(async (rawBody, header) => {
      raw = rawBody;
      stripe.verifyWebhook(rawBody, header);
      return { status: 200 };
    }, realClock);
    const { clientSecret } = await openIntent(gateway);
    const result = await gateway.confirmCard(card(clientSecret));
    expect(result).toMatchObject({ delivery: { delivered: true } });
    expect(JSON.parse(raw)).toMatchObject({
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      data: { object: { object: 'payment_intent', status: 'succeeded' } },
    });
  });

  const declines: [string, string, string, string?][] = [
    ['4000 0000 0000 0002', 'Your card was declined.', 'card_declined', 'generic_decline'],
    [
      '4000 0000 0000 9995',
      'Your card has insufficient funds.',
      'card_declined',
      'insufficient_funds',
    ],
    ['4000 0000 0000 0069', 'Your card has expired.', 'expired_card'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect.", 'incorrect_cvc'],
    [
      '4000 0000 0000 0119',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ],
  ];
  it.each(declines)('declines %s with "%s"', async (number, message, code, declineCode) => {
    const deliver = vi.fn<DeliverWebhook>(async () => ({ status: 200 }));
    const gateway = simulated(deliver);
    const { intentId, clientSecret } = await openIntent(gateway);

    const result = await gateway.confirmCard(card(clientSecret, { cardNumber: number }));

    expect(result).toEqual({
      error: {
        type: 'card_error',
        code,
        ...(declineCode ? { decline_code: declineCode } : {}),
        message,
      },
    });
    // Stripe tells the shop of the declined attempt, with its reason.
    expect(deliver).toHaveBeenCalledTimes(1);
    const [body] = deliver.mock.calls[0]!;
    expect(JSON.parse(body)).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: {
        object: {
          id: intentId,
          status: 'requires_payment_method',
          last_payment_error: { code, message },
        },
      },
    });
    expect((await gateway.retrieveIntent(intentId)).status).toBe('requires_payment_method');
  });

  it('declines a real card number in test mode, as Stripe does', async () => {
    const gateway = simulated();
    const { clientSecret } = await openIntent(gateway);
    // A Luhn-valid number that is not one of Stripe's test cards.
    const result = await gateway.confirmCard(
      card(clientSecret, { cardNumber: '4111111111111111' }),
    );
    expect(result).toMatchObject({
      error: { type: 'card_error', code: 'card_declined', decline_code: 'test_mode_live_card' },
    });
  });

  const invalid: [string, Partial<ConfirmCardInput>, string, string][] = [
    [
      'a number failing the Luhn check',
      { cardNumber: '4242 4242 4242 4241' },
      'invalid_number',
      'Your card number is invalid.',
    ],
    [
      'letters in the number',
      { cardNumber: '4242 4242 4242 424x' },
      'invalid_number',
      'Your card number is invalid.',
    ],
    [
      'a number too long',
      { cardNumber: '4242 4242 4242 4242 4' },
      'invalid_number',
      'Your card number is invalid.',
    ],
    ['no number', { cardNumber: '' }, 'incomplete_number', 'Your card number is incomplete.'],
    [
      'a short number',
      { cardNumber: '4242 4242 4242' },
      'incomplete_number',
      'Your card number is incomplete.',
    ],
    [
      'no expiry',
      { expMonth: '', expYear: '' },
      'incomplete_expiry',
      "Your card's expiration date is incomplete.",
    ],
    [
      'an expiry year in the past',
      { expYear: '2029' },
      'invalid_expiry_year_past',
      "Your card's expiration year is in the past.",
    ],
    [
      'a two-digit year in the past',
      { expYear: '29' },
      'invalid_expiry_year_past',
      "Your card's expiration year is in the past.",
    ],
    [
      'an earlier month this year',
      { expMonth: '5', expYear: '2030' },
      'invalid_expiry_month_past',
      "Your card's expiration date is in the past.",
    ],
    [
      'month 13',
      { expMonth: '13' },
      'invalid_expiry_month',
      "Your card's expiration month is invalid.",
    ],
    [
      'a year too far ahead',
      { expYear: '2081' },
      'invalid_expiry_year',
      "Your card's expiration year is invalid.",
    ],
    ['no security code', { cvc: '' }, 'incomplete_cvc', "Your card's security code is incomplete."],
    [
      'a short security code',
      { cvc: '12' },
      'incomplete_cvc',
      "Your card's security code is incomplete.",
    ],
    [
      'a long security code',
      { cvc: '12345' },
      'invalid_cvc',
      "Your card's security code is invalid.",
    ],
  ];
  it.each(invalid)(
    'rejects %s like the card field does',
    async (_what, overrides, code, message) => {
      const gateway = simulated();
      const { intentId, clientSecret } = await openIntent(gateway);
      const result = await gateway.confirmCard(card(clientSecret, overrides));
      expect(result).toMatchObject({ error: { type: 'validation_error', code, message } });
      expect((await gateway.retrieveIntent(intentId)).status).toBe('requires_payment_method');
    },
  );

  it('accepts this month, an amex with its 4-digit security code, and a 2-digit year', async () => {
    const gateway = simulated();
    const { clientSecret } = await openIntent(gateway);
    const result = await gateway.confirmCard(
      card(clientSecret, {
        cardNumber: '3782 822463 10005',
        cvc: '1234',
        expMonth: 6,
        expYear: 30,
      }),
    );
    expect(result).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it('refuses an invalid billing email', async () => {
    const gateway = simulated();
    const { clientSecret } = await openIntent(gateway);
    const result = await gateway.confirmCard(card(clientSecret, { billingEmail: 'nobody' }));
    expect(result).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'email_invalid',
        message: 'Invalid email address: nobody',
        param: 'billing_details[email]',
      },
    });
  });

  it('lets a customer pay with another card after a decline', async () => {
    const gateway = simulated();
    const { intentId, clientSecret } = await openIntent(gateway);
    await gateway.confirmCard(card(clientSecret, { cardNumber: '4000000000000002' }));
    const stored = await store.get(SIMULATED_INTENTS, intentId);
    expect(stored?.data.lastPaymentError).toMatchObject({ code: 'card_declined' });
    const result = await gateway.confirmCard(card(clientSecret));
    expect(result).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it('refuses to confirm an intent twice, also when both confirmations race', async () => {
    const deliver = vi.fn<DeliverWebhook>(async () => ({ status: 200 }));
    const gateway = simulated(deliver);
    const { clientSecret } = await openIntent(gateway);
    const results = await Promise.all([
      gateway.confirmCard(card(clientSecret)),
      gateway.confirmCard(card(clientSecret)),
    ]);
    expect(results.filter((r) => 'paymentIntent' in r)).toHaveLength(1);
    expect(results.find((r) => 'error' in r)).toMatchObject({
      error: {
        code: 'payment_intent_unexpected_state',
        message:
          'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
      },
    });
    expect(deliver).toHaveBeenCalledTimes(1);
  });

  it('refuses a client secret that is malformed, unknown, or not the intent’s', async () => {
    const gateway = simulated();
    const { intentId } = await openIntent(gateway);
    expect(await gateway.confirmCard(card('nonsense'))).toMatchObject({
      error: { type: 'invalid_request_error', code: 'parameter_invalid_string' },
    });
    expect(await gateway.confirmCard(card(`${intentId}_secret_forged0000`))).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${intentId}'`,
      },
    });
    expect(await gateway.confirmCard(card('pi_unknown123_secret_abc'))).toMatchObject({
      error: { code: 'resource_missing', message: "No such payment_intent: 'pi_unknown123'" },
    });
    expect((await gateway.retrieveIntent(intentId)).status).toBe('requires_payment_method');
  });
});

describe('simulated gateway: webhook delivery', () => {
  it('retries while the handler answers 5xx or throws, with the same event each time', async () => {
    const bodies: string[] = [];
    const headers: string[] = [];
    const answers = [
      () => Promise.resolve({ status: 503 }),
      () => Promise.reject(new Error('connection reset')),
      () => Promise.resolve({ status: 500 }),
      () => Promise.resolve({ status: 200 }),
    ];
    const gateway = simulated(async (rawBody, header) => {
      bodies.push(rawBody);
      headers.push(header);
      return (answers[bodies.length - 1] as () => Promise<{ status: number }>)();
    });
    const { clientSecret } = await openIntent(gateway);

    const result = await gateway.confirmCard(card(clientSecret));

    expect(result).toMatchObject({ delivery: { delivered: true, attempts: 4, status: 200 } });
    expect(new Set(bodies).size).toBe(1);
    for (const header of headers)
      expect(() => gateway.verifyWebhook(bodies[0] as string, header)).not.toThrow();
  });

  it('gives up after 5 attempts, and the payment stays succeeded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const deliver = vi.fn<DeliverWebhook>(async () => ({ status: 503 }));
    const gateway = simulated(deliver);
    const { intentId, clientSecret } = await openIntent(gateway);

    const result = await gateway.confirmCard(card(clientSecret));

    expect(result).toMatchObject({
      paymentIntent: { status: 'succeeded' },
      delivery: { delivered: false, attempts: 5, status: 503 },
    });
    expect(deliver).toHaveBeenCalledTimes(5);
    expect(errors).toHaveBeenCalledWith(
      'Simulated webhook not delivered after 5 attempts:',
      'HTTP 503',
    );
    expect((await gateway.retrieveIntent(intentId)).status).toBe('succeeded');
  });

  it('does not retry a 4xx answer, which a retry would not change', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const deliver = vi.fn<DeliverWebhook>(async () => ({ status: 400 }));
    const gateway = simulated(deliver);
    const { clientSecret } = await openIntent(gateway);
    const result = await gateway.confirmCard(card(clientSecret));
    expect(result).toMatchObject({ delivery: { delivered: false, attempts: 1, status: 400 } });
    expect(deliver).toHaveBeenCalledTimes(1);
  });
});

describe('simulated gateway: refunds and what happens at the provider', () => {
  it('refunds in part, refuses more than is left as Stripe does, and reports each refund', async () => {
    const handler = recordingHandler();
    const gateway = simulated(handler.deliver);
    handler.attach(gateway);
    const { intentId, clientSecret } = await openIntent(gateway, 3000);
    await gateway.confirmCard(card(clientSecret));

    const first = await gateway.refundIntent({
      intentId,
      idempotencyKey: 'part-1',
      reason: 'one unit',
      amount: 1000,
      metadata: { lines: '0:1' },
    });
    // The same key is the same refund.
    expect(
      await gateway.refundIntent({ intentId, idempotencyKey: 'part-1', reason: 'x', amount: 1000 }),
    ).toEqual(first);
    await expect(
      gateway.refundIntent({ intentId, idempotencyKey: 'part-2', reason: 'x', amount: 2001 }),
    ).rejects.toThrow(
      'Refund amount ($20.01) is greater than unrefunded amount on charge ($20.00)',
    );
    await gateway.provider.refundInDashboard(intentId);
    await expect(
      gateway.refundIntent({ intentId, idempotencyKey: 'part-3', reason: 'x' }),
    ).rejects.toThrow(/has already been refunded/);

    expect(await gateway.listRefunds(intentId)).toEqual([
      expect.objectContaining({
        refundId: first.refundId,
        amount: 1000,
        metadata: { lines: '0:1' },
      }),
      expect.objectContaining({ amount: 2000, metadata: {} }),
    ]);
    // charge.refunded after each refund, with what was refunded so far.
    const refunded = handler.received.filter(({ event }) => event.type === 'charge.refunded');
    expect(refunded.map(({ event }) => event.charge)).toEqual([
      expect.objectContaining({ intentId, amount: 3000, amountRefunded: 1000 }),
      expect.objectContaining({ intentId, amount: 3000, amountRefunded: 3000 }),
    ]);
  });

  it('answers a refund its busy store could not take as unavailable, and makes it once when asked again', async () => {
    let busy = false;
    const contended: Store = {
      ...store,
      runTransaction: (fn) =>
        busy ? Promise.reject(new StoreUnavailableError('busy')) : store.runTransaction(fn),
    };
    const gateway = createSimulatedGateway({
      store: contended,
      webhookSecret: WEBHOOK_SECRET,
      deliver: async () => ({ status: 200 }),
      clock: () => NOW,
    });
    const { intentId, clientSecret } = await openIntent(gateway, 3000);
    await gateway.confirmCard(card(clientSecret));
    const asked = { intentId, idempotencyKey: 'busy-1', reason: 'x', amount: 1000 };

    busy = true;
    await expect(gateway.refundIntent(asked)).rejects.toBeInstanceOf(GatewayUnavailableError);
    busy = false;
    const made = await gateway.refundIntent(asked);
    expect(await gateway.refundIntent(asked)).toEqual(made);
    expect((await gateway.listRefunds(intentId)).map(({ amount }) => amount)).toEqual([1000]);
  });

  it('opens and closes a dispute, and cancels an open intent, each with its event', async () => {
    const handler = recordingHandler();
    const gateway = simulated(handler.deliver);
    handler.attach(gateway);
    const open = await openIntent(gateway);
    await gateway.provider.cancelInDashboard(open.intentId);
    const paid = await openIntent(gateway);
    await gateway.confirmCard(card(paid.clientSecret));
    const { disputeId } = await gateway.provider.openDispute(paid.intentId, 'duplicate');
    await gateway.provider.closeDispute(paid.intentId, 'won');
    // A paid intent cannot be cancelled any more.
    await expect(gateway.provider.cancelInDashboard(paid.intentId)).rejects.toThrow(
      /status of succeeded/,
    );

    expect(handler.received.map(({ event }) => event.type)).toEqual([
      'payment_intent.canceled',
      'payment_intent.succeeded',
      'charge.dispute.created',
      'charge.dispute.closed',
    ]);
    expect(handler.received.at(-1)?.event.dispute).toMatchObject({
      disputeId,
      intentId: paid.intentId,
      reason: 'duplicate',
      status: 'won',
    });
  });
});
