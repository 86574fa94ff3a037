/**
 * Card payments over HTTP (docs/architecture.md §4, §6): the intent for an order, the provider's
 * webhook and the simulated gateway's card field. The customer's report of a paid order
 * (PATCH /ordered/{id}) lives with the orders' routes.
 */
import {
  paymentIntentSchema,
  simulatedAuthenticateSchema,
  simulatedConfirmSchema,
  type PaymentIntentResult,
  type PaymentMethodsResult,
  type SimulatedConfirmResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { requireUser, requireUserOrOrderLink } from '../../http/access.js';
import { listSavedCards, removeSavedCard } from './payment-methods.js';
import { DomainError, forbidden } from '../errors.js';
import { validate } from '../../http/validate.js';
import {
  confirmsCards,
  IntentNotFoundError,
  type CardConfirmationResult,
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

/** stripe.js's answer as the API gives it: the intent's status, or the card's refusal (402). */
function confirmedOrRefused(result: CardConfirmationResult): SimulatedConfirmResult {
  if ('error' in result) {
    // A failed authentication is Stripe's invalid_request_error, but to the shopper it is a
    // refused payment like a declined card.
    const refused =
      result.error.type === 'card_error' ||
      ('code' in result.error && result.error.code === 'payment_intent_authentication_failure');
    throw new DomainError(refused ? 'card_error' : 'bad_request', result.error.message);
  }
  const { id, status } = result.paymentIntent;
  return {
    status: status === 'requires_action' ? 'requires_action' : 'succeeded',
    transactionId: id,
  };
}

export function paymentsRoutes(deps: AppDeps, payments: PaymentDeps) {
  const { gateway } = payments;
  const signedIn = requireUser(deps);
  // The order's customer, or the holder of its private link (docs/decisions/066).
  const payer = requireUserOrOrderLink(deps);

  const routes = new Hono<AppEnv>()
    .post('/create-payment-intent', payer, validate(paymentIntentSchema), async (c) => {
      const { orderId, totalPrice } = c.get('body');
      const link = c.get('orderLink');
      const intent = await getOrCreateIntent(payments, {
        orderId,
        caller: link ? { orderLink: link.orderId } : c.get('caller'),
        totalPrice,
      });
      const { clientSecret, gateway: name, savesCards, savedCards } = intent;
      return c.json({
        clientSecret,
        gateway: name,
        savesCards,
        savedCards,
      } satisfies PaymentIntentResult);
    })
    // Saved cards: the caller's own only (docs/decisions/068).
    .get('/payment-methods', signedIn, async (c) =>
      c.json({
        paymentMethods: await listSavedCards(payments, c.get('caller').uid),
      } satisfies PaymentMethodsResult),
    )
    .delete('/payment-methods/:id', signedIn, async (c) => {
      await removeSavedCard(payments, c.get('caller').uid, c.req.param('id'));
      return c.body(null, 204);
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
        return c.json(confirmedOrRefused(await gateway.confirmCard(c.get('body'))));
      },
    );
    // The simulated 3-D Secure page's "Complete authentication" or "Fail authentication".
    routes.post(
      '/payments/simulated/authenticate',
      payer,
      validate(simulatedAuthenticateSchema),
      async (c) => {
        const link = c.get('orderLink');
        if (link && !(await intentIsFor(gateway, c.get('body').clientSecret, link.orderId))) {
          throw forbidden('This order link is for another order');
        }
        return c.json(confirmedOrRefused(await gateway.authenticate(c.get('body'))));
      },
    );
  }
  return routes;
}
