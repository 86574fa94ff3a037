/**
 * The Stripe adapter: PaymentIntents created server-side with the order id in their metadata, one
 * per order through an idempotency key, and webhooks verified against the raw body. The keys are
 * passed in; reading them (defineSecret in production, env locally) is the wiring layer's job.
 */
import type Stripe from 'stripe';
import {
  GatewayRequestError,
  GatewayUnavailableError,
  IntentNotFoundError,
  type CreatedIntent,
  type CreateIntentInput,
  type GatewayRefund,
  type IntentInfo,
  isIntentStatus,
  type IntentStatus,
  type PaymentEvent,
  type PaymentGateway,
  type RefundInput,
  type SavedPaymentMethod,
} from '../port.js';
import { verifyStripeWebhook } from '../webhook-signature.js';

export interface StripeGatewayOptions {
  /** "sk_live_..." or "sk_test_...". */
  secretKey: string;
  /** The endpoint's signing secret, "whsec_...". */
  webhookSecret: string;
  /** Client settings such as host and port, for tests against a local stand-in of the API. */
  client?: Pick<
    Stripe.StripeConfig,
    'host' | 'port' | 'protocol' | 'maxNetworkRetries' | 'timeout'
  >;
}

function toIntentInfo(intent: Stripe.PaymentIntent): IntentInfo {
  return {
    intentId: intent.id,
    status: toIntentStatus(intent.status),
    amount: intent.amount,
    currency: intent.currency.toLowerCase(),
    orderId: intent.metadata.orderId ?? null,
  };
}

/**
 * The Stripe API version this adapter is written against, pinned here rather than left to the
 * account's default: a new version changes the shapes of objects and events (stripe 23's own).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/**
 * A PaymentIntent's status in the port's terms. stripe's types leave room for statuses a later API
 * version adds; with the version pinned, one would be Stripe answering outside its contract.
 */
function toIntentStatus(status: Stripe.PaymentIntent.Status): IntentStatus {
  if (isIntentStatus(status)) return status;
  throw new GatewayUnavailableError(`Stripe: unknown PaymentIntent status "${status}"`);
}

/** The stripe package's default export: the client class, with its error classes. */
type StripeLibrary = typeof Stripe;

/** Stripe's errors in the port's terms: a refusal, or a failure worth retrying. */
function translate(library: StripeLibrary, error: unknown, intentId?: string): unknown {
  const { errors } = library;
  if (!(error instanceof errors.StripeError)) return error;
  if (intentId !== undefined && error.code === 'resource_missing') {
    return new IntentNotFoundError(intentId);
  }
  if (
    error instanceof errors.StripeInvalidRequestError ||
    error instanceof errors.StripeIdempotencyError ||
    error instanceof errors.StripeCardError
  ) {
    return new GatewayRequestError(error.message, { cause: error });
  }
  // Connection, rate limit, API and authentication errors: nothing the customer did wrong.
  return new GatewayUnavailableError(`Stripe: ${error.message}`, { cause: error });
}

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  // The stripe package takes about a tenth of a second to load: it is loaded by the first call
  // that needs it, so an instance started for a page does not wait (bench/cold-start.bench.ts).
  let loading: Promise<{ library: StripeLibrary; stripe: Stripe }> | undefined;
  const client = () =>
    (loading ??= import('stripe').then(
      ({ default: library }) => ({
        library,
        stripe: new library(options.secretKey, {
          apiVersion: STRIPE_API_VERSION,
          maxNetworkRetries: 2,
          timeout: 15_000,
          ...options.client,
        }),
      }),
      (error: unknown) => {
        loading = undefined;
        throw new GatewayUnavailableError('Stripe: the client did not load', { cause: error });
      },
    ));

  return {
    name: 'stripe',

    async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
      const { library, stripe } = await client();
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amount,
            currency: input.currency.toLowerCase(),
            automatic_payment_methods: { enabled: true },
            metadata: { orderId: input.orderId },
            // Its saved cards can pay, and the page may save a new one (setup_future_usage).
            ...(input.customerId ? { customer: input.customerId } : {}),
            receipt_email: input.email,
            description: input.description ?? `Order ${input.orderId}`,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        if (!intent.client_secret) throw new GatewayUnavailableError('Stripe: no client secret');
        return { intentId: intent.id, clientSecret: intent.client_secret };
      } catch (error) {
        throw translate(library, error);
      }
    },

    async retrieveIntent(intentId: string): Promise<IntentInfo> {
      const { library, stripe } = await client();
      try {
        return toIntentInfo(await stripe.paymentIntents.retrieve(intentId));
      } catch (error) {
        throw translate(library, error, intentId);
      }
    },

    async cancelIntent(intentId: string) {
      const { library, stripe } = await client();
      try {
        return toIntentStatus((await stripe.paymentIntents.cancel(intentId)).status);
      } catch (error) {
        // Stripe refuses to cancel an intent that has succeeded or was canceled already.
        if (
          error instanceof library.errors.StripeInvalidRequestError &&
          error.code === 'payment_intent_unexpected_state'
        ) {
          return toIntentStatus((await stripe.paymentIntents.retrieve(intentId)).status);
        }
        throw translate(library, error, intentId);
      }
    },

    async refundIntent(input: RefundInput) {
      const { library, stripe } = await client();
      try {
        const refund = await stripe.refunds.create(
          {
            payment_intent: input.intentId,
            ...(input.amount === undefined ? {} : { amount: input.amount }),
            metadata: { ...input.metadata, reason: input.reason.slice(0, 500) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        throw translate(library, error, input.intentId);
      }
    },

    async listRefunds(intentId: string): Promise<GatewayRefund[]> {
      const { library, stripe } = await client();
      try {
        const refunds: GatewayRefund[] = [];
        // Newest first from Stripe, every page (autoPagingEach); answered oldest first.
        await stripe.refunds
          .list({ payment_intent: intentId, limit: 100 })
          .autoPagingEach((refund) => {
            refunds.push({
              refundId: refund.id,
              amount: refund.amount,
              status: refund.status ?? 'pending',
              created: refund.created,
              metadata: refund.metadata ?? {},
            });
          });
        return refunds.reverse();
      } catch (error) {
        throw translate(library, error, intentId);
      }
    },

    async createCustomer({ accountId, email, idempotencyKey }) {
      const { library, stripe } = await client();
      try {
        const customer = await stripe.customers.create(
          { email, metadata: { accountId } },
          { idempotencyKey },
        );
        return { customerId: customer.id };
      } catch (error) {
        throw translate(library, error);
      }
    },

    async listPaymentMethods(customerId: string): Promise<SavedPaymentMethod[]> {
      const { library, stripe } = await client();
      try {
        const methods = await stripe.customers.listPaymentMethods(customerId, {
          type: 'card',
          limit: 100,
        });
        return methods.data.flatMap((method) =>
          method.card
            ? [
                {
                  id: method.id,
                  brand: method.card.brand,
                  last4: method.card.last4,
                  expMonth: method.card.exp_month,
                  expYear: method.card.exp_year,
                  wallet: method.card.wallet?.type ?? null,
                },
              ]
            : [],
        );
      } catch (error) {
        throw translate(library, error);
      }
    },

    async detachPaymentMethod(customerId: string, paymentMethodId: string) {
      const { library, stripe } = await client();
      try {
        // Detach answers for any card of the account: only one of this Customer's is detached.
        const method = await stripe.paymentMethods.retrieve(paymentMethodId);
        const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
        if (owner !== customerId) return false;
        await stripe.paymentMethods.detach(paymentMethodId);
        return true;
      } catch (error) {
        if (error instanceof library.errors.StripeError && error.code === 'resource_missing') {
          return false;
        }
        throw translate(library, error);
      }
    },

    verifyWebhook(rawBody, signatureHeader): PaymentEvent {
      return verifyStripeWebhook(rawBody, signatureHeader, options.webhookSecret);
    },
  };
}
