/** Nobody is charged for an order that is gone or cancelled (issue 8, item 4). */
import { orderNumber, type InsertResult } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
beforeAll(async () => {
  api = await startApi();
  customer = await api.customer('refunds');
});
afterAll(async () => {
  await api?.close();
});

async function orderWithIntent(): Promise<{ orderId: string; clientSecret: string }> {
  const partId = await api.addPart({ order: 1, quantity: 20, price: 1250 });
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: customer.token,
    json: { partId, address: '1 Chainring Road', number: '5550100', orderQuantity: 2 },
  });
  const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
    token: customer.token,
    json: { orderId: placed.body.insertedId },
  });
  expect(intent.status).toBe(200);
  return { orderId: placed.body.insertedId, clientSecret: intent.body.clientSecret };
}

const payWith = (clientSecret: string) =>
  api.request<{ transactionId?: string }>('POST', '/payments/simulated/confirm', {
    token: customer.token,
    json: {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    },
  });

const intentIdOf = (clientSecret: string) => clientSecret.split('_secret_')[0]!;

/** The simulated gateway's own record of the intent: its status and any refund. */
async function atTheGateway(clientSecret: string) {
  return (
    await api.store.get<{ status: string; refunds?: { refundId: string; reason: string }[] }>(
      'simulatedIntents',
      intentIdOf(clientSecret),
    )
  )?.data;
}

describe('deleting an unpaid order', () => {
  it('cancels its payment intent at the gateway, so the card can no longer be charged', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    const deleted = await api.request('DELETE', `/ordered/${orderId}`, { token: customer.token });
    expect(deleted.status).toBe(200);
    expect(await atTheGateway(clientSecret)).toMatchObject({ status: 'canceled' });
    const paid = await payWith(clientSecret);
    expect(paid.status).toBe(400);
    expect(JSON.stringify(paid.body)).toMatch(/status of canceled/);
    expect((await atTheGateway(clientSecret))?.refunds).toBeUndefined();
  });
});

describe('a payment that still succeeds', () => {
  it('for a cancelled order whose refund the gateway refuses is recorded and mailed to the admins', async () => {
    const admin = await api.admin();
    const { orderId, clientSecret } = await orderWithIntent();
    const intentId = intentIdOf(clientSecret);
    await api.store.update('orders', orderId, { status: 'cancelled', cancelReason: 'expired' });
    // Refunded at the provider already, from its dashboard: the automatic refund is refused.
    await api.store.update('simulatedIntents', intentId, {
      refunds: [
        {
          refundId: 're_dashboard',
          idempotencyKey: null,
          reason: 'x',
          amount: 2500,
          created: 1,
          metadata: {},
        },
      ],
    });
    expect((await payWith(clientSecret)).status).toBe(200);

    const events = await api.store.query('paymentEvents', {
      where: [{ field: 'intentId', op: '==', value: intentId }],
    });
    // Answered once, with a 2xx: the provider does not deliver it again.
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ outcome: 'refund_failed', reason: 'order_cancelled' }),
    ]);
    expect((await api.store.get('refundFailures', intentId))?.data).toMatchObject({
      orderId,
      amount: 2500,
      gatewayMessage: expect.stringMatching(/already been refunded/),
    });
    const mail = await api.request<{ to: string; kind: string; message: { subject: string } }[]>(
      'GET',
      '/mail',
      { token: admin.token },
    );
    expect(mail.body.filter((one) => one.kind === 'shop_refund_failed')).toEqual([
      expect.objectContaining({
        to: admin.email,
        message: expect.objectContaining({
          subject: `Refund needed: $25.00 for order ${orderNumber(orderId)}`,
        }),
      }),
    ]);
  });

  it('for an order that is gone is refunded by the webhook, once, and recorded', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    // The order went away while its intent stayed payable (the cancellation never reached the
    // gateway, or the customer paid in the same instant).
    await api.store.delete('orders', orderId);
    const paid = await payWith(clientSecret);
    expect(paid.status).toBe(200);

    const intentId = intentIdOf(clientSecret);
    const gatewaySide = await atTheGateway(clientSecret);
    expect(gatewaySide).toMatchObject({
      status: 'succeeded',
      refunds: [expect.objectContaining({ refundId: expect.any(String) })],
    });
    const refund = await api.store.get('refunds', intentId);
    expect(refund?.data).toMatchObject({
      orderId,
      intentId,
      amount: 2500,
      reason: 'order_gone',
      refundId: gatewaySide?.refunds?.[0]?.refundId,
    });
    const events = await api.store.query('paymentEvents', {
      where: [{ field: 'intentId', op: '==', value: intentId }],
    });
    // The refund's own charge.refunded finds no order to record it on.
    expect(events.map((event) => event.data)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcome: 'refunded', reason: 'order_gone' }),
        expect.objectContaining({ type: 'charge.refunded', outcome: 'ignored' }),
      ]),
    );
    expect(events).toHaveLength(2);
  });

  it('for a cancelled order is refunded, and the order stays cancelled', async () => {
    const { orderId, clientSecret } = await orderWithIntent();
    await api.store.update('orders', orderId, { status: 'cancelled', cancelReason: 'expired' });
    expect((await payWith(clientSecret)).status).toBe(200);
    expect(await atTheGateway(clientSecret)).toMatchObject({
      refunds: [expect.objectContaining({ reason: 'The order was cancelled' })],
    });
    const order = (
      await api.store.get<{ timeline: { actor: string; note?: string }[] }>('orders', orderId)
    )?.data;
    expect(order).toMatchObject({ status: 'cancelled', paid: false });
    expect(order?.timeline.at(-1)).toMatchObject({
      actor: 'gateway',
      note: expect.stringMatching(/refunded/),
    });
    expect((await api.store.get('refunds', intentIdOf(clientSecret)))?.data).toMatchObject({
      reason: 'order_cancelled',
    });
  });
});
