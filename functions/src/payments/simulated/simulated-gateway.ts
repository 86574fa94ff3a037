/**
 * The simulated gateway (docs/architecture.md §6): the local default, with no network. It behaves like Stripe's
 * test mode — intents with client secrets, one per idempotency key, confirmed by a card that
 * follows Stripe's test card numbers — and on success delivers a `payment_intent.succeeded`
 * event, shaped and signed exactly as Stripe's, to the shop's own webhook handler, retrying while
 * the handler fails. Its intents live in the Store, so every functions worker sees the same ones.
 * This file puts the port together from its parts, one job each, in this folder.
 */
import type { CardConfirmingGateway, PaymentEvent } from '../port.js';
import { verifyStripeWebhook } from '../webhook-signature.js';
import { authentication, type AuthenticationAnswer } from './authentication.js';
import { cardConfirmation } from './confirm-card.js';
import type { ConfirmCardInput, ConfirmCardResult } from './confirmation.js';
import { createContext, type SimulatedGatewayOptions } from './context.js';
import { simulatedCustomers } from './customers.js';
import { simulatedIntents } from './intents.js';
import { providerActions, type ProviderActions } from './provider.js';
import { simulatedRefunds } from './refunds.js';

export type { DeliverWebhook } from '../port.js';
export type { ConfirmCardInput } from './confirmation.js';
export type { SimulatedGatewayOptions } from './context.js';
export { SIMULATED_INTENTS } from './intents.js';

export interface SimulatedGateway extends CardConfirmingGateway {
  readonly name: 'simulated';
  confirmCard(input: ConfirmCardInput): Promise<ConfirmCardResult>;
  authenticate(input: AuthenticationAnswer): Promise<ConfirmCardResult>;
  /** What happens at the provider, outside the shop (the tests call it on the gateway object). */
  provider: ProviderActions;
}

export function createSimulatedGateway(options: SimulatedGatewayOptions): SimulatedGateway {
  const context = createContext(options);
  const intents = simulatedIntents(context);
  const { refund, refundIntent, listRefunds } = simulatedRefunds(context);
  return {
    name: 'simulated',
    ...intents,
    refundIntent,
    listRefunds,
    provider: providerActions(context, { refund, cancel: intents.cancelIntent }),
    verifyWebhook(rawBody, signatureHeader): PaymentEvent {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret, {
        receivedAtMs: context.clock().getTime(),
      });
    },
    ...simulatedCustomers(context),
    confirmCard: cardConfirmation(context),
    authenticate: authentication(context),
  };
}
