/** What happens at the provider outside the shop: Dashboard refunds and cancellations, disputes. */
import { GatewayRequestError, type IntentStatus } from '../port.js';
import type { StripeDisputeJson } from '../webhook-event.js';
import type { SimulatedContext } from './context.js';
import { intentIn, SIMULATED_INTENTS, type SimulatedIntentDoc } from './intents.js';
import { alphanumeric } from './random-id.js';
import { chargeIdOf, type Refund } from './refunds.js';

/** How a simulated dispute ends (Stripe's closed statuses). */
export type DisputeOutcome = 'won' | 'lost' | 'warning_closed';

/**
 * What the shop owner or the cardholder's bank does at the provider, outside the shop: not
 * reachable through the API (docs/decisions/069); the tests call them on the gateway object.
 * Each changes the intent as Stripe would and delivers Stripe's event for it.
 */
export interface ProviderActions {
  /** A refund made in the Dashboard (no idempotency key, no metadata): `charge.refunded`. */
  refundInDashboard(intentId: string, amount?: number): Promise<{ refundId: string }>;
  /** The cardholder disputes the payment: `charge.dispute.created`. */
  openDispute(intentId: string, reason?: string): Promise<{ disputeId: string }>;
  /** The card network decides: `charge.dispute.closed` with the outcome as its status. */
  closeDispute(intentId: string, outcome: DisputeOutcome): Promise<void>;
  /** The intent is cancelled in the Dashboard: `payment_intent.canceled`. */
  cancelInDashboard(intentId: string): Promise<void>;
}

function disputeJson(intentId: string, doc: SimulatedIntentDoc): StripeDisputeJson {
  const dispute = doc.dispute as NonNullable<SimulatedIntentDoc['dispute']>;
  return {
    id: dispute.disputeId,
    object: 'dispute',
    amount: doc.amount,
    charge: chargeIdOf(intentId),
    currency: doc.currency,
    payment_intent: intentId,
    reason: dispute.reason,
    status: dispute.status,
  };
}

export function providerActions(
  { store, unixNow, emit }: SimulatedContext,
  { refund, cancel }: { refund: Refund; cancel: (intentId: string) => Promise<IntentStatus> },
): ProviderActions {
  /** Sets the intent's dispute and delivers the event about it. */
  async function dispute(
    intentId: string,
    type: 'charge.dispute.created' | 'charge.dispute.closed',
    change: (doc: SimulatedIntentDoc) => NonNullable<SimulatedIntentDoc['dispute']>,
  ): Promise<string> {
    const object = await store.runTransaction(async (tx) => {
      const doc = await intentIn(tx, intentId);
      if (doc.status !== 'succeeded') {
        throw new GatewayRequestError(`Only a succeeded payment can be disputed (${intentId}).`);
      }
      const after = { ...doc, dispute: change(doc) };
      tx.update(SIMULATED_INTENTS, intentId, { dispute: after.dispute });
      return disputeJson(intentId, after);
    });
    await emit(type, object);
    return object.id;
  }

  return {
    refundInDashboard: (intentId, amount) =>
      refund(intentId, {
        idempotencyKey: null,
        reason: 'Refunded in the Dashboard',
        metadata: {},
        ...(amount === undefined ? {} : { amount }),
      }),
    async openDispute(intentId, reason = 'fraudulent') {
      const disputeId = await dispute(intentId, 'charge.dispute.created', () => ({
        disputeId: `dp_${alphanumeric(12)}`,
        reason,
        status: 'needs_response',
        created: unixNow(),
      }));
      return { disputeId };
    },
    async closeDispute(intentId, outcome) {
      await dispute(intentId, 'charge.dispute.closed', (doc) => {
        if (!doc.dispute) throw new GatewayRequestError(`No dispute of ${intentId} to close.`);
        return { ...doc.dispute, status: outcome };
      });
    },
    async cancelInDashboard(intentId) {
      const status = await cancel(intentId);
      if (status !== 'canceled') {
        throw new GatewayRequestError(
          `You cannot cancel this PaymentIntent because it has a status of ${status}.`,
        );
      }
    },
  };
}
