/**
 * The simulated gateway as Stripe's test mode for 3-D Secure, wallets and saved cards
 * (docs/decisions/068): 4000 0027 6000 3184 waits in requires_action until the cardholder
 * completes or fails authentication; a card saved with setup_future_usage pays the Customer's
 * next intent; a Customer sees and removes only its own cards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../store/port.js';
import { openSqliteStore } from '../../store/sqlite/sqlite-store.js';
import type { PaymentEvent } from '../port.js';
import { createSimulatedGateway, type SimulatedGateway } from './simulated-gateway.js';

const SECRET = 'whsec_simulated_auth_test_0123456789';
let dir: string;
let store: Store;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sprocket-simulated-auth-'));
  store = openSqliteStore(join(dir, 'payments.sqlite'));
});
afterAll(async () => {
  await store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function gatewayWithEvents() {
  const events: PaymentEvent[] = [];
  const gateway: SimulatedGateway = createSimulatedGateway({
    store,
    webhookSecret: SECRET,
    deliver: async (raw, header) => {
      events.push(gateway.verifyWebhook(raw, header));
      return { status: 200 };
    },
    delivery: { attempts: 1, firstDelayMs: 1 },
  });
  return { gateway, events };
}

let count = 0;
async function intentFor(gateway: SimulatedGateway, customerId?: string) {
  const orderId = `authorder${++count}${Date.now()}`;
  return gateway.createIntent({
    orderId,
    amount: 2500,
    currency: 'usd',
    email: 'casey@sprocket.test',
    idempotencyKey: `key-${orderId}`,
    ...(customerId ? { customerId } : {}),
  });
}

const card = (number: string) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
  billingName: 'Casey',
  billingEmail: 'casey@sprocket.test',
});

describe('simulated gateway: 3-D Secure', () => {
  it('asks for authentication with 4000 0027 6000 3184, and pays once it is completed', async () => {
    const { gateway, events } = gatewayWithEvents();
    const { intentId, clientSecret } = await intentFor(gateway);
    const first = await gateway.confirmCard({ clientSecret, ...card('4000 0027 6000 3184') });
    expect(first).toEqual({
      paymentIntent: expect.objectContaining({ id: intentId, status: 'requires_action' }),
    });
    expect((await gateway.retrieveIntent(intentId)).status).toBe('requires_action');
    expect(events).toEqual([]);

    const done = await gateway.authenticate({ clientSecret, outcome: 'complete' });
    expect(done).toMatchObject({ paymentIntent: { id: intentId, status: 'succeeded' } });
    expect((await gateway.retrieveIntent(intentId)).status).toBe('succeeded');
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
    // Nothing left to authenticate.
    expect(await gateway.authenticate({ clientSecret, outcome: 'complete' })).toMatchObject({
      error: { code: 'payment_intent_unexpected_state' },
    });
  });

  it('leaves the intent open for another card when authentication fails, and tells the shop', async () => {
    const { gateway, events } = gatewayWithEvents();
    const { intentId, clientSecret } = await intentFor(gateway);
    await gateway.confirmCard({ clientSecret, ...card('4000002760003184') });
    expect(await gateway.authenticate({ clientSecret, outcome: 'fail' })).toEqual({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message:
          'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      },
    });
    expect((await gateway.retrieveIntent(intentId)).status).toBe('requires_payment_method');
    expect(events.map((event) => event.type)).toEqual(['payment_intent.payment_failed']);
    // Another card pays it.
    expect(await gateway.confirmCard({ clientSecret, ...card('4242424242424242') })).toMatchObject({
      paymentIntent: { status: 'succeeded' },
    });
  });

  it('pays with the test wallet button (Apple Pay / Google Pay) without card fields', async () => {
    const { gateway, events } = gatewayWithEvents();
    const { clientSecret } = await intentFor(gateway);
    expect(await gateway.confirmCard({ clientSecret, wallet: 'google_pay' })).toMatchObject({
      paymentIntent: { status: 'succeeded' },
    });
    expect(events.map((event) => event.type)).toEqual(['payment_intent.succeeded']);
  });
});

describe('simulated gateway: saved cards per Customer', () => {
  it('saves a card paid with savePaymentMethod and pays the next intent with it', async () => {
    const { gateway } = gatewayWithEvents();
    const { customerId } = await gateway.createCustomer({
      accountId: `uid${Date.now()}`,
      email: 'casey@sprocket.test',
      idempotencyKey: `customer-${Date.now()}-a`,
    });
    expect(customerId).toMatch(/^cus_[A-Za-z0-9]+$/);
    const first = await intentFor(gateway, customerId);
    await gateway.confirmCard({
      clientSecret: first.clientSecret,
      ...card('4242 4242 4242 4242'),
      savePaymentMethod: true,
    });
    const saved = await gateway.listPaymentMethods(customerId);
    expect(saved).toEqual([
      {
        id: expect.stringMatching(/^pm_/),
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2040,
        wallet: null,
      },
    ]);
    const next = await intentFor(gateway, customerId);
    expect(
      await gateway.confirmCard({
        clientSecret: next.clientSecret,
        paymentMethodId: saved[0]!.id,
        billingName: 'Casey',
        billingEmail: 'casey@sprocket.test',
      }),
    ).toMatchObject({ paymentIntent: { id: next.intentId, status: 'succeeded' } });
  });

  it('does not save a card unless asked, a declined card, or one for an intent without a Customer', async () => {
    const { gateway } = gatewayWithEvents();
    const { customerId } = await gateway.createCustomer({
      accountId: 'uid-b',
      email: 'b@sprocket.test',
      idempotencyKey: `customer-${Date.now()}-b`,
    });
    const plain = await intentFor(gateway, customerId);
    await gateway.confirmCard({ clientSecret: plain.clientSecret, ...card('4242424242424242') });
    const declined = await intentFor(gateway, customerId);
    await gateway.confirmCard({
      clientSecret: declined.clientSecret,
      ...card('4000000000009995'),
      savePaymentMethod: true,
    });
    expect(await gateway.listPaymentMethods(customerId)).toEqual([]);
    const guest = await intentFor(gateway);
    expect(
      await gateway.confirmCard({
        clientSecret: guest.clientSecret,
        ...card('4242424242424242'),
        savePaymentMethod: true,
      }),
    ).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it("refuses another Customer's card, and removes a card only from its own Customer", async () => {
    const { gateway } = gatewayWithEvents();
    const stamp = Date.now();
    const owner = await gateway.createCustomer({
      accountId: 'owner',
      email: 'o@sprocket.test',
      idempotencyKey: `customer-${stamp}-owner`,
    });
    const other = await gateway.createCustomer({
      accountId: 'other',
      email: 'x@sprocket.test',
      idempotencyKey: `customer-${stamp}-other`,
    });
    const paid = await intentFor(gateway, owner.customerId);
    await gateway.confirmCard({
      clientSecret: paid.clientSecret,
      ...card('4000 0027 6000 3184'),
      savePaymentMethod: true,
    });
    // Saved only once the authentication is completed.
    expect(await gateway.listPaymentMethods(owner.customerId)).toEqual([]);
    await gateway.authenticate({ clientSecret: paid.clientSecret, outcome: 'complete' });
    const [method] = await gateway.listPaymentMethods(owner.customerId);
    expect(method).toMatchObject({ last4: '3184' });

    const theirs = await intentFor(gateway, other.customerId);
    expect(
      await gateway.confirmCard({ clientSecret: theirs.clientSecret, paymentMethodId: method!.id }),
    ).toMatchObject({ error: { code: 'resource_missing' } });
    // The saved 3184 card asks for authentication on every payment, as Stripe's does.
    const again = await intentFor(gateway, owner.customerId);
    expect(
      await gateway.confirmCard({ clientSecret: again.clientSecret, paymentMethodId: method!.id }),
    ).toMatchObject({ paymentIntent: { status: 'requires_action' } });

    expect(await gateway.detachPaymentMethod(other.customerId, method!.id)).toBe(false);
    expect(await gateway.listPaymentMethods(owner.customerId)).toHaveLength(1);
    expect(await gateway.detachPaymentMethod(owner.customerId, method!.id)).toBe(true);
    expect(await gateway.listPaymentMethods(owner.customerId)).toEqual([]);
  });
});
