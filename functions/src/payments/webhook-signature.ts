/**
 * The webhook format both adapters speak: Stripe's signing scheme (`Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256>`), through
 * the stripe package itself: the Stripe adapter verifies with it, and the simulated gateway both
 * signs and verifies with it, so the two gateways share one webhook path byte for byte.
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookVerificationError, type PaymentEvent } from './port.js';
import { toPaymentEvent } from './webhook-event.js';

const require = createRequire(import.meta.url);
let library: typeof Stripe | undefined;

/**
 * The stripe package, loaded by the first webhook rather than at start: it takes about a tenth
 * of a second, which a cold start serving a page need not wait for (bench/cold-start.bench.ts).
 * Synchronously, as verification is. Its static helpers need no API key, so the simulated
 * gateway never builds a client.
 */
function stripeLibrary(): typeof Stripe {
  library ??= require('stripe') as typeof Stripe;
  return library;
}

export interface VerifyOptions {
  /** When the request arrived, in milliseconds; defaults to now. */
  receivedAtMs?: number;
}

/**
 * The stripe package checks only how old a signature is; a timestamp in the future passes it. A
 * signature made to be valid later (a replay prepared in advance, a skewed clock) is refused here.
 */
function refuseFutureTimestamp(signatureHeader: string | undefined, receivedAtMs: number): void {
  const timestamps = (signatureHeader ?? '')
    .split(',')
    .map((item) => /^\s*t=(\d+)\s*$/.exec(item)?.[1])
    .filter((t): t is string => t !== undefined)
    .map(Number);
  const nowSeconds = Math.floor(receivedAtMs / 1000);
  if (timestamps.some((t) => t - nowSeconds > WEBHOOK_TOLERANCE_SECONDS)) {
    throw new WebhookVerificationError('Timestamp is in the future, outside the tolerance zone');
  }
}

/** Verifies the signature and the age of a webhook request and parses its event. */
export function verifyStripeWebhook(
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined,
  secret: string,
  options: VerifyOptions = {},
): PaymentEvent {
  refuseFutureTimestamp(signatureHeader, options.receivedAtMs ?? Date.now());
  let event: unknown;
  try {
    // The payload is typed as string | Buffer; any Uint8Array works (the package checks for one).
    const payload = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody);
    event = stripeLibrary().webhooks.constructEvent(
      payload,
      signatureHeader ?? '',
      secret,
      WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      options.receivedAtMs,
    );
  } catch (error) {
    if (error instanceof stripeLibrary().errors.StripeSignatureVerificationError) {
      // The package's message explains the cause ("Timestamp outside the tolerance zone", ...).
      throw new WebhookVerificationError(error.message.split('\n')[0] ?? 'Bad signature');
    }
    if (error instanceof SyntaxError)
      throw new WebhookVerificationError('Malformed event: not JSON');
    throw error;
  }
  return toPaymentEvent(event);
}

/** The Stripe-Signature header Stripe would send for this exact payload. */
export function signStripePayload(payload: string, secret: string, timestampSeconds?: number) {
  return stripeLibrary().webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(timestampSeconds === undefined ? {} : { timestamp: timestampSeconds }),
  });
}

/** The API version the installed package speaks; simulated events carry it as Stripe's do. */
export const installedStripeApiVersion = (): string => stripeLibrary().API_VERSION;
