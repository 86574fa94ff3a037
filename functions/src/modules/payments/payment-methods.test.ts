/**
 * Saved cards over HTTP (docs/decisions/068), with the simulated gateway: the first payment page
 * of an account makes its Customer; a card paid with savePaymentMethod is listed at
 * GET /payment-methods for its owner only, pays their next order from the saved card (3-D Secure
 * on every payment for 4000 0027 6000 3184), and only its owner can remove it.
 */
import type {
  PaymentIntentResult,
  PaymentMethodsResult,
  SimulatedConfirmResult,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [customer, other] = await Promise.all([api.customer('saver'), api.customer('stranger')]);
});
afterAll(async () => {
  await api?.close();
});

async function openPayment(user: TestUser) {
  const partId = await api.addPart({ price: 1250, order: 1, quantity: 40 });
  const placed = await api.request<{ insertedId: string }>('POST', '/ordered', {
    token: user.token,
    json: { partId, userName: user.name, address: '1 Road', number: '5550100', orderQuantity: 1 },
  });
  expect(placed.status).toBe(201);
  const orderId = placed.body.insertedId;
  const intent = await api.request<PaymentIntentResult>('POST', '/create-payment-intent', {
    token: user.token,
    json: { orderId },
  });
  expect(intent.status).toBe(200);
  return { orderId, ...intent.body };
}

const confirm = (user: TestUser, json: Record<string, unknown>) =>
  api.request<SimulatedConfirmResult>('POST', '/payments/simulated/confirm', {
    token: user.token,
    json: { billingName: user.name, billingEmail: user.email, ...json },
  });

const newCard = (number: string) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: 2040,
  cvc: '123',
});

const savedCards = async (user: TestUser) => {
  const listed = await api.request<PaymentMethodsResult>('GET', '/payment-methods', {
    token: user.token,
  });
  expect(listed.status).toBe(200);
  return listed.body.paymentMethods;
};

describe('saved cards', () => {
  it('lists nothing before any card is saved, and asks for sign-in', async () => {
    expect(await savedCards(other)).toEqual([]);
    expect((await api.request('GET', '/payment-methods')).status).toBe(401);
    expect((await api.request('DELETE', '/payment-methods/pm_abc')).status).toBe(401);
  });

  it("saves a card on payment, lists it for its owner only, and pays the owner's next order with it", async () => {
    const first = await openPayment(customer);
    expect(first.savesCards).toBe(true);
    expect(first.savedCards).toEqual([]);
    const paid = await confirm(customer, {
      clientSecret: first.clientSecret,
      ...newCard('4000 0027 6000 3184'),
      savePaymentMethod: true,
    });
    expect(paid.body).toMatchObject({ status: 'requires_action' });
    const authenticated = await api.request<SimulatedConfirmResult>(
      'POST',
      '/payments/simulated/authenticate',
      { token: customer.token, json: { clientSecret: first.clientSecret, outcome: 'complete' } },
    );
    expect(authenticated.body).toMatchObject({ status: 'succeeded' });

    const [card, ...more] = await savedCards(customer);
    expect(more).toEqual([]);
    expect(card).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '3184',
      expMonth: 12,
      expYear: 2040,
      wallet: null,
    });
    expect(await savedCards(other)).toEqual([]);

    // The next order: the saved card, its bank asks again, the shopper approves.
    const next = await openPayment(customer);
    // The intent's answer carries the saved cards: the page asks for nothing more.
    expect(next.savedCards).toEqual([card]);
    const again = await confirm(customer, {
      clientSecret: next.clientSecret,
      paymentMethodId: card!.id,
    });
    expect(again.body).toMatchObject({ status: 'requires_action' });
    await api.request('POST', '/payments/simulated/authenticate', {
      token: customer.token,
      json: { clientSecret: next.clientSecret, outcome: 'complete' },
    });
    const order = await api.request<{ paid: boolean }>('GET', `/ordered/${next.orderId}`, {
      token: customer.token,
    });
    expect(order.body.paid).toBe(true);

    // Someone else cannot pay with it, nor remove it.
    const theirs = await openPayment(other);
    const refused = await confirm(other, {
      clientSecret: theirs.clientSecret,
      paymentMethodId: card!.id,
    });
    expect(refused.status).toBe(400);
    const removedByOther = await api.request('DELETE', `/payment-methods/${card!.id}`, {
      token: other.token,
    });
    expect(removedByOther.status).toBe(404);
    expect(await savedCards(customer)).toHaveLength(1);

    const removed = await api.request('DELETE', `/payment-methods/${card!.id}`, {
      token: customer.token,
    });
    expect(removed.status).toBe(204);
    expect(await savedCards(customer)).toEqual([]);
    const twice = await api.request('DELETE', `/payment-methods/${card!.id}`, {
      token: customer.token,
    });
    expect(twice.status).toBe(404);
  });

  it('answers a failed authentication as a refused card, and the order stays unpaid', async () => {
    const payment = await openPayment(customer);
    await confirm(customer, { clientSecret: payment.clientSecret, ...newCard('4000002760003184') });
    const failed = await api.request<{ error: { message: string } }>(
      'POST',
      '/payments/simulated/authenticate',
      { token: customer.token, json: { clientSecret: payment.clientSecret, outcome: 'fail' } },
    );
    expect(failed.status).toBe(402);
    expect(failed.body.error.message).toBe(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    const order = await api.request<{ paid: boolean }>('GET', `/ordered/${payment.orderId}`, {
      token: customer.token,
    });
    expect(order.body.paid).toBe(false);
  });
});
