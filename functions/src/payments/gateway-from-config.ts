import { createHmac } from 'node:crypto';
import type { Config } from '../config.js';
import type { Store } from '../store/port.js';
import type { PaymentGateway } from './port.js';
import {
  createSimulatedGateway,
  type DeliverWebhook,
  type SimulatedGatewayOptions,
} from './simulated/simulated-gateway.js';
import { createStripeGateway, type StripeGatewayOptions } from './stripe/stripe-gateway.js';

/**
 * The simulated gateway's signing secret when none is configured: derived from the token secret,
 * so every emulator worker signs and verifies with the same one without another file to share.
 */
function derivedWebhookSecret(tokenSecret: Uint8Array): string {
  return `whsec_${createHmac('sha256', tokenSecret).update('simulated-webhook').digest('hex')}`;
}

export interface GatewayOptions {
  /** The simulated gateway's delivery retries (the API tests make them quicker). */
  delivery?: SimulatedGatewayOptions['delivery'];
  /** The Stripe adapter's client settings (tests send its calls to a local stand-in). */
  stripeClient?: StripeGatewayOptions['client'];
}

/** The gateway PAYMENTS selects, as createApp's `payments` dependency. */
export function gatewayFromConfig(
  config: Config,
  store: Store,
  clock: () => Date,
  options: GatewayOptions = {},
) {
  return (deliverWebhook: DeliverWebhook): PaymentGateway => {
    if (config.payments === 'stripe') {
      // loadConfig refuses PAYMENTS=stripe without both secrets.
      return createStripeGateway({
        secretKey: config.stripeSecretKey ?? '',
        webhookSecret: config.stripeWebhookSecret ?? '',
        ...(options.stripeClient ? { client: options.stripeClient } : {}),
      });
    }
    return createSimulatedGateway({
      store,
      webhookSecret: config.simulatedWebhookSecret ?? derivedWebhookSecret(config.tokenSecret),
      deliver: deliverWebhook,
      clock,
      ...(options.delivery ? { delivery: options.delivery } : {}),
    });
  };
}
