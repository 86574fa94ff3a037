/**
 * Card payments over HTTP (docs/architecture.md §4, §6): the intent for an order, the provider's
 * webhook and the simulated gateway's card field. The customer's report of a paid order
 * (PATCH /ordered/{id}) lives with the orders' routes.
 */
import {
  paymentIntentSchema,
  simulatedConfirmSchema,
  type PaymentIntentResult,
  type SimulatedConfirmResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { requireUserOrOrderLink } from '../users/access.js';
import { DomainError, forbidden } from '../errors.js';
import { validate } from '../../http/validate.js';
import {
  confirmsCards,
  IntentNotFoundError,
  SIGNATURE_HEADER,
  type PaymentGateway,
} from '../../payments/port.js';
import { getOrCreateIntent, receiveWebhook, type PaymentDeps } from './payments.service.js';

/** Whether the intent a client secret (`pi_…_secret_…`) belongs to is the order's. */
async function intentIsFor(gateway: PaymentGateway, clientSecret: string, orderId: string) {
  const intentId = /^(pi_[A-Za-z0-9]+)_secret_/.exec(clientSecret.trim())?.[1];
  if (intentId === undefined) return false;
  try {
    return (await gateway.retrieveIntent(intentId)).orderId === orderId;
  } catch (error) {
    if (error instanceof IntentNotFoundError) return false;
    throw error;
  }
}

export function paymentsRoutes(deps: AppDeps, gateway: PaymentGateway) {
  // The order's customer, or the holder of its private link (docs/decisions/066).
  const payer = requireUserOrOrderLink(deps);
  const payments: PaymentDeps = {
    store: deps.store,
    gateway,
    clock: deps.clock,
    currency: deps.config.currency,
    timeZone: deps.config.timeZone,
  };

  const routes = new Hono<AppEnv>()
    .post('/create-payment-intent', payer, validate(paymentIntentSchema), async (c) => {
      const { orderId, totalPrice } = c.get('body');
      const link = c.get('orderLink');
      const { clientSecret, gateway: name } = await getOrCreateIntent(payments, {
        orderId,
        caller: link ? { orderLink: link.orderId } : c.get('caller'),
        totalPrice,
      });
      return c.json({ clientSecret, gateway: name } satisfies PaymentIntentResult);
    })
    // The provider calls this: no bearer token; the signature over the raw body is the check.
    .post('/payments/webhook', async (c) => {
      const result = await receiveWebhook(
        payments,
        await c.req.text(),
        c.req.header(SIGNATURE_HEADER),
      );
      return c.json({ received: true, outcome: result.outcome });
    });

  if (gateway.name === 'simulated' && confirmsCards(gateway)) {
    routes.post(
      '/payments/simulated/confirm',
      payer,
      validate(simulatedConfirmSchema),
      async (c) => {
        const link = c.get('orderLink');
        // A private link pays its own order's intent only.
        if (link && !(await intentIsFor(gateway, c.get('body').clientSecret, link.orderId))) {
          throw forbidden('This order link is for another order');
        }
        const result = await gateway.confirmCard(c.get('body'));
        if ('error' in result) {
          throw new DomainError(
            result.error.type === 'card_error' ? 'card_error' : 'bad_request',
            result.error.message,
          );
        }
        return c.json({
          status: 'succeeded',
          transactionId: result.paymentIntent.id,
        } satisfies SimulatedConfirmResult);
      },
    );
  }
  return routes;
}
