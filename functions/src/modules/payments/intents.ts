/**
 * The shop's record of the payment intent it made for each order (one per order, keyed by the
 * order id), and the cancellation of that intent when the order goes away unpaid.
 */
import { IntentNotFoundError, type GatewayName, type PaymentGateway } from '../../payments/port.js';
import type { DocData, Store } from '../../store/port.js';
import type { OrderEventHandler } from '../orders/order-outbox.js';

export const PAYMENT_INTENTS = 'paymentIntents';

export type PaymentIntentDoc = {
  gateway: GatewayName;
  intentId: string;
  clientSecret: string;
  amount: number;
  currency: string;
  createdAt: string;
  /** The account's Customer at the gateway, when the intent was made for a signed-in customer. */
  customerId?: string;
  /** Set when the order was deleted or cancelled and the intent with it, or the intent alone. */
  canceledAt?: string;
  /** Which intent of the order this is, from 0: one cancelled at the provider is replaced. */
  attempt?: number;
} & DocData;

/**
 * Cancels the order's intent at the gateway, so that nobody can pay for an order that no longer
 * holds stock. If the customer paid in the same moment, the intent stays succeeded and the
 * webhook refunds it; if the gateway cannot be reached, the webhook is the safety net as well.
 */
export async function cancelOrderIntent(
  store: Store,
  gateway: PaymentGateway,
  orderId: string,
  now: Date,
): Promise<void> {
  try {
    const stored = await store.get<PaymentIntentDoc>(PAYMENT_INTENTS, orderId);
    if (!stored || stored.data.gateway !== gateway.name || stored.data.canceledAt) return;
    const status = await gateway.cancelIntent(stored.data.intentId);
    if (status === 'canceled') {
      await store.update(PAYMENT_INTENTS, orderId, { canceledAt: now.toISOString() });
    }
  } catch (error) {
    // Best effort: the order is already gone; a payment that still goes through is refunded.
    if (!(error instanceof IntentNotFoundError)) {
      console.warn(`Could not cancel the intent of order ${orderId}:`, error);
    }
  }
}

/**
 * An order cancelled, expired or deleted unpaid has its intent cancelled once its event is
 * applied (docs/decisions/084).
 */
export const intentsOfEvents = (
  store: Store,
  gateway: PaymentGateway,
  clock: () => Date,
): OrderEventHandler => ({
  follows: (event) => event.kind === 'cancel' || event.kind === 'expire',
  async followUp(events) {
    await Promise.all(
      events.map(({ data }) => cancelOrderIntent(store, gateway, data.orderId, clock())),
    );
  },
});
