import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWebhookContract } from '../gateway-contract.js';
import {
  GatewayRequestError,
  GatewayUnavailableError,
  IntentNotFoundError,
  type PaymentGateway,
} from '../port.js';
import { createStripeGateway, STRIPE_API_VERSION } from './stripe-gateway.js';
import { serveLocally } from '../../testing/serve-locally.js';

const WEBHOOK_SECRET = 'whsec_stripe_adapter_test_secret_42';

describeWebhookContract('stripe', () => ({
  gateway: createStripeGateway({ secretKey: 'sk_test_offline', webhookSecret: WEBHOOK_SECRET }),
  webhookSecret: WEBHOOK_SECRET,
}));

/**
 * Offline, the Stripe API is stood in for by a local server that records what the adapter sends
 * through the real stripe package and answers with Stripe's documented shapes. What the live API
 * does with those requests is Stripe's side and is not exercised here.
 */
interface Recorded {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: URLSearchParams;
}

const recorded: Recorded[] = [];
let server: Server;
let gateway: PaymentGateway;

function intent(id: string, fields: Record<string, unknown> = {}) {
  return {
    id,
    object: 'payment_intent',
    amount: 3198,
    currency: 'usd',
    status: 'succeeded',
    client_secret: `${id}_secret_standin`,
    metadata: { orderId: 'order42' },
    ...fields,
  };
}

function paymentMethod(id: string, customer: string | null, card: Record<string, unknown>) {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    customer,
    card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2040, wallet: null, ...card },
  };
}

const stripeError = (type: string, message: string, code?: string) => ({
  error: { type, message, ...(code ? { code } : {}) },
});

beforeAll(async () => {
  server = await serveLocally((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      recorded.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_standin' });
        res.end(JSON.stringify(json));
      };
      if (req.method === 'POST' && req.url === '/v1/payment_intents') {
        if (Number(form.get('amount')) < 50) {
          return reply(
            400,
            stripeError(
              'invalid_request_error',
              'Amount must be at least $0.50 usd',
              'amount_too_small',
            ),
          );
        }
        return reply(
          200,
          intent('pi_standin1', {
            amount: Number(form.get('amount')),
            currency: form.get('currency'),
            status: 'requires_payment_method',
            metadata: { orderId: form.get('metadata[orderId]') },
          }),
        );
      }
      if (req.method === 'POST' && req.url === '/v1/payment_intents/pi_open/cancel') {
        return reply(200, intent('pi_open', { status: 'canceled' }));
      }
      if (req.method === 'POST' && req.url === '/v1/payment_intents/pi_known/cancel') {
        return reply(
          400,
          stripeError(
            'invalid_request_error',
            'You cannot cancel this PaymentIntent because it has a status of succeeded.',
            'payment_intent_unexpected_state',
          ),
        );
      }
      if (req.method === 'POST' && req.url === '/v1/refunds') {
        return reply(200, {
          id: 're_standin1',
          object: 'refund',
          amount: 3198,
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
          metadata: { reason: form.get('metadata[reason]') },
        });
      }
      if (req.method === 'GET' && req.url?.startsWith('/v1/refunds?')) {
        // Stripe lists the newest first.
        const refund = (id: string, amount: number, created: number, metadata = {}) => ({
          id,
          object: 'refund',
          amount,
          created,
          payment_intent: 'pi_known',
          status: 'succeeded',
          metadata,
        });
        return reply(200, {
          object: 'list',
          url: '/v1/refunds',
          has_more: false,
          data: [
            refund('re_second', 1000, 1_700_000_100, { orderId: 'order42', lines: '0:1' }),
            refund('re_first', 500, 1_700_000_000),
          ],
        });
      }
      if (req.method === 'GET' && req.url === '/v1/payment_intents/pi_known') {
        return reply(200, intent('pi_known'));
      }
      if (req.method === 'GET' && req.url === '/v1/payment_intents/pi_unheard_of') {
        return reply(200, intent('pi_unheard_of', { status: 'requires_reauthorization' }));
      }
      if (req.method === 'GET' && req.url === '/v1/payment_intents/pi_broken') {
        return reply(500, stripeError('api_error', 'Something went wrong on Stripe’s end.'));
      }
      if (req.method === 'GET' && req.url === '/v1/payment_intents/pi_locked') {
        return reply(401, stripeError('invalid_request_error', 'Invalid API Key provided'));
      }
      // Customers and their saved cards (docs/decisions/068).
      if (req.method === 'POST' && req.url === '/v1/customers') {
        return reply(200, { id: 'cus_standin1', object: 'customer', email: form.get('email') });
      }
      if (
        req.method === 'GET' &&
        req.url?.startsWith('/v1/customers/cus_standin1/payment_methods')
      ) {
        return reply(200, {
          object: 'list',
          url: '/v1/customers/cus_standin1/payment_methods',
          has_more: false,
          data: [
            paymentMethod('pm_mine', 'cus_standin1', { brand: 'visa', last4: '4242' }),
            paymentMethod('pm_wallet', 'cus_standin1', {
              brand: 'mastercard',
              last4: '4444',
              wallet: { type: 'google_pay' },
            }),
          ],
        });
      }
      const method = /^\/v1\/payment_methods\/(pm_[a-z]+)(\/detach)?$/.exec(req.url ?? '');
      if (method) {
        const owner = method[1] === 'pm_mine' ? 'cus_standin1' : 'cus_someone_else';
        if (method[1] === 'pm_gone') {
          return reply(
            404,
            stripeError(
              'invalid_request_error',
              "No such PaymentMethod: 'pm_gone'",
              'resource_missing',
            ),
          );
        }
        return reply(200, paymentMethod(method[1] as string, method[2] ? null : owner, {}));
      }
      const id = req.url?.split('/').pop();
      return reply(
        404,
        stripeError('invalid_request_error', `No such payment_intent: '${id}'`, 'resource_missing'),
      );
    });
  });
  const { port } = server.address() as AddressInfo;
  gateway = createStripeGateway({
    secretKey: 'sk_test_offline',
    webhookSecret: WEBHOOK_SECRET,
    client: { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 },
  });
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
});

describe('stripe gateway: API calls', () => {
  it('creates a PaymentIntent for the order, with automatic payment methods and the idempotency key', async () => {
    const created = await gateway.createIntent({
      orderId: 'order42',
      amount: 3198,
      currency: 'USD',
      email: 'customer@sprocket.test',
      description: 'Bike Shop order ORDER42',
      idempotencyKey: 'sprocket-order-order42',
    });
    expect(created).toEqual({
      intentId: 'pi_standin1',
      clientSecret: 'pi_standin1_secret_standin',
    });
    const request = recorded.at(-1) as Recorded;
    expect(request.headers.authorization).toBe('Bearer sk_test_offline');
    expect(request.headers['idempotency-key']).toBe('sprocket-order-order42');
    // The API version is the one the adapter is written against, not the account's default.
    expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect(Object.fromEntries(request.form)).toEqual({
      amount: '3198',
      currency: 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[orderId]': 'order42',
      receipt_email: 'customer@sprocket.test',
      // The shop's own name (its brand), not ours.
      description: 'Bike Shop order ORDER42',
    });
  });

  it('cancels an open intent, and reports a succeeded one as succeeded', async () => {
    expect(await gateway.cancelIntent('pi_open')).toBe('canceled');
    expect(recorded.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents/pi_open/cancel',
    });
    // Stripe refuses to cancel a paid intent; the adapter reads its status instead.
    expect(await gateway.cancelIntent('pi_known')).toBe('succeeded');
    await expect(gateway.cancelIntent('pi_missing')).rejects.toBeInstanceOf(IntentNotFoundError);
  });

  it('refunds a payment in full, once per idempotency key', async () => {
    const refund = await gateway.refundIntent({
      intentId: 'pi_known',
      idempotencyKey: 'sprocket-refund-pi_known',
      reason: 'The order was deleted',
    });
    expect(refund).toEqual({ refundId: 're_standin1' });
    const sent = recorded.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(sent?.form.get('payment_intent')).toBe('pi_known');
    expect(sent?.form.get('amount')).toBeNull();
    expect(sent?.headers['idempotency-key']).toBe('sprocket-refund-pi_known');
  });

  it('refunds part of a payment with the lines in its metadata, and lists the refunds oldest first', async () => {
    await gateway.refundIntent({
      intentId: 'pi_known',
      idempotencyKey: 'sprocket-order-refund-order42-0-1000-0x1',
      reason: 'Refunded by the shop',
      amount: 1000,
      metadata: { orderId: 'order42', lines: '0:1', restock: 'true' },
    });
    const sent = recorded.at(-1);
    expect(sent?.form.get('amount')).toBe('1000');
    expect(sent?.form.get('metadata[lines]')).toBe('0:1');
    expect(sent?.form.get('metadata[reason]')).toBe('Refunded by the shop');

    expect(await gateway.listRefunds('pi_known')).toEqual([
      {
        refundId: 're_first',
        amount: 500,
        status: 'succeeded',
        created: 1_700_000_000,
        metadata: {},
      },
      {
        refundId: 're_second',
        amount: 1000,
        status: 'succeeded',
        created: 1_700_000_100,
        metadata: { orderId: 'order42', lines: '0:1' },
      },
    ]);
    const listed = recorded.at(-1);
    expect(listed?.method).toBe('GET');
    expect(new URL(listed?.path ?? '', 'http://x').searchParams.get('payment_intent')).toBe(
      'pi_known',
    );
  });

  it('reads an intent with the order id from its metadata', async () => {
    expect(await gateway.retrieveIntent('pi_known')).toEqual({
      intentId: 'pi_known',
      status: 'succeeded',
      amount: 3198,
      currency: 'usd',
      orderId: 'order42',
    });
  });

  it("maps Stripe's errors onto the port's", async () => {
    await expect(gateway.retrieveIntent('pi_missing')).rejects.toThrow(IntentNotFoundError);
    await expect(
      gateway.createIntent({
        orderId: 'order1',
        amount: 10,
        currency: 'usd',
        email: 'customer@sprocket.test',
        idempotencyKey: 'k1',
      }),
    ).rejects.toThrow(new GatewayRequestError('Amount must be at least $0.50 usd'));
    await expect(gateway.retrieveIntent('pi_broken')).rejects.toThrow(GatewayUnavailableError);
    await expect(gateway.retrieveIntent('pi_locked')).rejects.toThrow(GatewayUnavailableError);
    // A status outside the pinned API version's is Stripe's problem, never read as paid.
    await expect(gateway.retrieveIntent('pi_unheard_of')).rejects.toThrow(
      new GatewayUnavailableError(
        'Stripe: unknown PaymentIntent status "requires_reauthorization"',
      ),
    );
  });

  it('makes a Customer per account and attaches it to the intents it makes', async () => {
    const { customerId } = await gateway.createCustomer({
      accountId: 'uid42',
      email: 'customer@sprocket.test',
      idempotencyKey: 'sprocket-customer-stripe-uid42',
    });
    expect(customerId).toBe('cus_standin1');
    const made = recorded.at(-1) as Recorded;
    expect(made.headers['idempotency-key']).toBe('sprocket-customer-stripe-uid42');
    expect(Object.fromEntries(made.form)).toEqual({
      email: 'customer@sprocket.test',
      'metadata[accountId]': 'uid42',
    });
    await gateway.createIntent({
      orderId: 'order43',
      amount: 3198,
      currency: 'usd',
      email: 'customer@sprocket.test',
      idempotencyKey: 'sprocket-order-order43',
      customerId,
    });
    expect(recorded.at(-1)?.form.get('customer')).toBe('cus_standin1');
  });

  it("lists a Customer's saved cards and detaches only its own", async () => {
    expect(await gateway.listPaymentMethods('cus_standin1')).toEqual([
      { id: 'pm_mine', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, wallet: null },
      {
        id: 'pm_wallet',
        brand: 'mastercard',
        last4: '4444',
        expMonth: 12,
        expYear: 2040,
        wallet: 'google_pay',
      },
    ]);
    expect(recorded.at(-1)?.path).toBe(
      '/v1/customers/cus_standin1/payment_methods?type=card&limit=100',
    );
    // Another Customer's card is left alone: retrieved, never detached.
    expect(await gateway.detachPaymentMethod('cus_standin1', 'pm_theirs')).toBe(false);
    expect(recorded.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payment_methods/pm_theirs' });
    expect(await gateway.detachPaymentMethod('cus_standin1', 'pm_gone')).toBe(false);
    expect(await gateway.detachPaymentMethod('cus_standin1', 'pm_mine')).toBe(true);
    expect(recorded.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/payment_methods/pm_mine/detach',
    });
  });

  it('reports an unreachable Stripe as unavailable', async () => {
    const offline = createStripeGateway({
      secretKey: 'sk_test_offline',
      webhookSecret: WEBHOOK_SECRET,
      // Port 9 (discard) on loopback: refused at once.
      client: { host: '127.0.0.1', port: 9, protocol: 'http', maxNetworkRetries: 0 },
    });
    await expect(offline.retrieveIntent('pi_known')).rejects.toThrow(GatewayUnavailableError);
  });
});
