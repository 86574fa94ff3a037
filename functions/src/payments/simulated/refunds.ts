/** Refunds of a simulated payment, and its one charge as the `charge.refunded` event carries it. */
import { formatMoney } from '@sprocket/contract';
import { StoreUnavailableError } from '../../store/port.js';
import {
  GatewayRequestError,
  GatewayUnavailableError,
  type GatewayRefund,
  type PaymentGateway,
  type RefundInput,
} from '../port.js';
import type { StripeChargeJson } from '../webhook-event.js';
import type { SimulatedContext } from './context.js';
import {
  intentIn,
  SIMULATED_INTENTS,
  type SimulatedIntentDoc,
  type SimulatedRefund,
} from './intents.js';
import { alphanumeric } from './random-id.js';

/** The one charge of a simulated intent, named after it as Stripe's `latest_charge`. */
export const chargeIdOf = (intentId: string) => `ch_${intentId.slice(3)}`;

const refundedOf = (doc: SimulatedIntentDoc) =>
  (doc.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);

function chargeJson(intentId: string, doc: SimulatedIntentDoc): StripeChargeJson {
  const refunded = refundedOf(doc);
  return {
    id: chargeIdOf(intentId),
    object: 'charge',
    amount: doc.amount,
    amount_refunded: refunded,
    currency: doc.currency,
    payment_intent: intentId,
    refunded: refunded === doc.amount,
  };
}

/** A refund as asked for: by the shop (with its idempotency key) or in the Dashboard (none). */
export type RefundRequest = Omit<SimulatedRefund, 'refundId' | 'created' | 'amount'> & {
  amount?: number;
};

export type Refund = (intentId: string, request: RefundRequest) => Promise<{ refundId: string }>;

/** Refunding (the shop's and the Dashboard's) and the port's refund calls. */
export function simulatedRefunds({ store, unixNow, emit }: SimulatedContext): {
  refund: Refund;
} & Pick<PaymentGateway, 'refundIntent' | 'listRefunds'> {
  /**
   * Refunds `amount` (what is left when absent) of a succeeded intent with Stripe's refusals,
   * then delivers `charge.refunded` as Stripe does after every refund.
   */
  const refund: Refund = async (intentId, request) => {
    const outcome = await store.runTransaction(async (tx) => {
      const doc = await intentIn(tx, intentId);
      const refunds = doc.refunds ?? [];
      const again = refunds.find(
        (one) => request.idempotencyKey !== null && one.idempotencyKey === request.idempotencyKey,
      );
      if (again) return { refundId: again.refundId, charge: null };
      if (doc.status !== 'succeeded') {
        throw new GatewayRequestError(
          `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        );
      }
      const left = doc.amount - refundedOf(doc);
      if (left === 0) {
        throw new GatewayRequestError(`Charge ${chargeIdOf(intentId)} has already been refunded.`);
      }
      const amount = request.amount ?? left;
      if (amount > left) {
        throw new GatewayRequestError(
          `Refund amount (${formatMoney(amount, doc.currency)}) is greater than unrefunded amount on charge (${formatMoney(left, doc.currency)})`,
        );
      }
      const made: SimulatedRefund = {
        ...request,
        amount,
        refundId: `re_${alphanumeric(12)}`,
        created: unixNow(),
      };
      const after = { ...doc, refunds: [...refunds, made] };
      tx.update(SIMULATED_INTENTS, intentId, { refunds: after.refunds });
      return { refundId: made.refundId, charge: chargeJson(intentId, after) };
    });
    if (outcome.charge) await emit('charge.refunded', outcome.charge);
    return { refundId: outcome.refundId };
  };

  return {
    refund,

    async refundIntent(input: RefundInput) {
      try {
        return await refund(input.intentId, {
          idempotencyKey: input.idempotencyKey,
          reason: input.reason,
          metadata: input.metadata ?? {},
          ...(input.amount === undefined ? {} : { amount: input.amount }),
        });
      } catch (error) {
        // Stripe answers refunds of one charge at once with lock_timeout, which its adapter
        // reports as unavailable: the shop keeps the hold and asks again with the same key.
        if (error instanceof StoreUnavailableError) {
          throw new GatewayUnavailableError(`Simulated provider: ${error.message}`, {
            cause: error,
          });
        }
        throw error;
      }
    },

    async listRefunds(intentId: string): Promise<GatewayRefund[]> {
      const doc = await store.runTransaction((tx) => intentIn(tx, intentId));
      return (doc.refunds ?? []).map(({ refundId, amount, created, metadata }) => ({
        refundId,
        amount,
        status: 'succeeded',
        created,
        metadata,
      }));
    },
  };
}
