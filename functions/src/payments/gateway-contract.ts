/**
 * The gateway contract (docs/architecture.md §6): what every PaymentGateway adapter must do, as vitest
 * suites. The webhook part runs offline against both adapters, signing with the stripe package's
 * own test helper; the intent part needs a gateway that can create and pay intents, which offline
 * means the simulated one (the Stripe adapter would need live test keys and the network).
 */
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  GatewayRequestError,
  IntentNotFoundError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookVerificationError,
  type PaymentGateway,
} from './port.js';

export interface WebhookHarness {
  gateway: PaymentGateway;
  /** The secret the gateway's provider signs its webhook requests with. */
  webhookSecret: string;
}

export interface IntentHarness {
  gateway: PaymentGateway;
  /** Pays the intent with a card that succeeds. */
  pay(clientSecret: string): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);
const unique = () => randomBytes(6).toString('hex');

function sign(payload: string, secret: string, timestamp = nowSeconds()): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export function succeededEvent(overrides: { orderId?: string; amount?: number } = {}) {
  return {
    id: `evt_${unique()}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: nowSeconds() - 5,
    livemode: false,
    type: 'payment_intent.succeeded',
    data: {
      object: {
        id: `pi_${unique()}`,
        object: 'payment_intent',
        amount: overrides.amount ?? 4200,
        currency: 'usd',
        status: 'succeeded',
        metadata: { orderId: overrides.orderId ?? 'order123' },
      },
    },
  };
}

export function describeWebhookContract(name: string, setup: () => WebhookHarness): void {
  describe(`${name} gateway: webhook verification`, () => {
    it('accepts a correctly signed event and reads its payment intent', () => {
      const { gateway, webhookSecret } = setup();
      const raw = JSON.stringify(succeededEvent({ orderId: 'abc123', amount: 1999 }));
      const event = gateway.verifyWebhook(raw, sign(raw, webhookSecret));
      const sent = JSON.parse(raw) as ReturnType<typeof succeededEvent>;
      expect(event).toEqual({
        id: sent.id,
        type: 'payment_intent.succeeded',
        created: sent.created,
        intent: {
          intentId: sent.data.object.id,
          status: 'succeeded',
          amount: 1999,
          currency: 'usd',
          orderId: 'abc123',
        },
      });
    });

    it('verifies the raw bytes as well as a string', () => {
      const { gateway, webhookSecret } = setup();
      const raw = JSON.stringify(succeededEvent());
      const event = gateway.verifyWebhook(Buffer.from(raw), sign(raw, webhookSecret));
      expect(event.type).toBe('payment_intent.succeeded');
    });

    it('refuses a body changed after signing', () => {
      const { gateway, webhookSecret } = setup();
      const raw = JSON.stringify(succeededEvent({ amount: 100 }));
      const header = sign(raw, webhookSecret);
      const tampered = raw.replace('"amount":100', '"amount":1');
      expect(() => gateway.verifyWebhook(tampered, header)).toThrow(WebhookVerificationError);
      // Re-serialising the parsed body is also a different payload: only the raw body verifies.
      const reformatted = JSON.stringify(JSON.parse(raw), null, 2);
      expect(() => gateway.verifyWebhook(reformatted, header)).toThrow(WebhookVerificationError);
    });

    it('refuses a signature made with another secret', () => {
      const { gateway } = setup();
      const raw = JSON.stringify(succeededEvent());
      expect(() => gateway.verifyWebhook(raw, sign(raw, `whsec_${unique()}`))).toThrow(
        /No signatures found matching/,
      );
    });

    it('refuses a missing or malformed signature header', () => {
      const { gateway } = setup();
      const raw = JSON.stringify(succeededEvent());
      expect(() => gateway.verifyWebhook(raw, undefined)).toThrow(WebhookVerificationError);
      expect(() => gateway.verifyWebhook(raw, '')).toThrow(WebhookVerificationError);
      expect(() => gateway.verifyWebhook(raw, 'v1=abc')).toThrow(WebhookVerificationError);
      expect(() => gateway.verifyWebhook(raw, `t=${nowSeconds()}`)).toThrow(
        WebhookVerificationError,
      );
    });

    it(`refuses a signature older than ${WEBHOOK_TOLERANCE_SECONDS} seconds and accepts a recent one`, () => {
      const { gateway, webhookSecret } = setup();
      const raw = JSON.stringify(succeededEvent());
      const stale = sign(raw, webhookSecret, nowSeconds() - WEBHOOK_TOLERANCE_SECONDS - 5);
      expect(() => gateway.verifyWebhook(raw, stale)).toThrow(
        /Timestamp outside the tolerance zone/,
      );
      const recent = sign(raw, webhookSecret, nowSeconds() - WEBHOOK_TOLERANCE_SECONDS + 30);
      expect(gateway.verifyWebhook(raw, recent).id).toBe(JSON.parse(raw).id);
    });

    it(`refuses a signature dated more than ${WEBHOOK_TOLERANCE_SECONDS} seconds ahead`, () => {
      const { gateway, webhookSecret } = setup();
      const raw = JSON.stringify(succeededEvent());
      const ahead = sign(raw, webhookSecret, nowSeconds() + WEBHOOK_TOLERANCE_SECONDS + 5);
      expect(() => gateway.verifyWebhook(raw, ahead)).toThrow(/in the future/);
      const skewed = sign(raw, webhookSecret, nowSeconds() + 30);
      expect(gateway.verifyWebhook(raw, skewed).id).toBe(JSON.parse(raw).id);
    });

    it('reads events about other objects without an intent', () => {
      const { gateway, webhookSecret } = setup();
      const raw = JSON.stringify({
        id: `evt_${unique()}`,
        object: 'event',
        created: nowSeconds(),
        type: 'charge.succeeded',
        data: { object: { id: `ch_${unique()}`, object: 'charge', amount: 100 } },
      });
      const event = gateway.verifyWebhook(raw, sign(raw, webhookSecret));
      expect(event).toMatchObject({ type: 'charge.succeeded', intent: null });
    });

    it('refuses a signed body that is not an event it can read', () => {
      const { gateway, webhookSecret } = setup();
      for (const raw of [
        'not json',
        JSON.stringify({ hello: 'world' }),
        JSON.stringify({ ...succeededEvent(), id: 'evt_../../orders/x' }),
        JSON.stringify({ ...succeededEvent(), created: 'yesterday' }),
      ]) {
        expect(() => gateway.verifyWebhook(raw, sign(raw, webhookSecret))).toThrow(
          WebhookVerificationError,
        );
      }
    });
  });
}

export function describeIntentContract(name: string, setup: () => IntentHarness): void {
  describe(`${name} gateway: payment intents`, () => {
    const input = (overrides: { amount?: number; idempotencyKey?: string } = {}) => ({
      orderId: `order${unique()}`,
      amount: 2599,
      currency: 'USD',
      email: 'customer@sprocket.test',
      idempotencyKey: `key-${unique()}`,
      ...overrides,
    });

    it('creates an intent awaiting a card, with the order in its metadata', async () => {
      const { gateway } = setup();
      const request = input();
      const created = await gateway.createIntent(request);
      expect(created.intentId).toMatch(/^pi_[A-Za-z0-9]+$/);
      expect(created.clientSecret.startsWith(`${created.intentId}_secret_`)).toBe(true);
      expect(await gateway.retrieveIntent(created.intentId)).toEqual({
        intentId: created.intentId,
        status: 'requires_payment_method',
        amount: 2599,
        currency: 'usd',
        orderId: request.orderId,
      });
    });

    it('returns the same intent for the same idempotency key, and another for another key', async () => {
      const { gateway } = setup();
      const request = input();
      const [first, again] = await Promise.all([
        gateway.createIntent(request),
        gateway.createIntent(request),
      ]);
      expect(again).toEqual(first);
      const other = await gateway.createIntent({ ...request, idempotencyKey: `key-${unique()}` });
      expect(other.intentId).not.toBe(first?.intentId);
    });

    it('refuses a reused idempotency key with other parameters', async () => {
      const { gateway } = setup();
      const request = input();
      await gateway.createIntent(request);
      await expect(gateway.createIntent({ ...request, amount: 1000 })).rejects.toThrow(
        GatewayRequestError,
      );
    });

    it('refuses an amount below the minimum charge', async () => {
      const { gateway } = setup();
      await expect(gateway.createIntent(input({ amount: 49 }))).rejects.toThrow(
        /Amount must be at least \$0\.50 usd/,
      );
    });

    it('reports an unknown intent as not found', async () => {
      const { gateway } = setup();
      await expect(gateway.retrieveIntent(`pi_${unique()}`)).rejects.toThrow(IntentNotFoundError);
    });

    it('reports a paid intent as succeeded', async () => {
      const { gateway, pay } = setup();
      const created = await gateway.createIntent(input());
      await pay(created.clientSecret);
      expect(await gateway.retrieveIntent(created.intentId)).toMatchObject({
        status: 'succeeded',
        amount: 2599,
      });
    });
  });
}
