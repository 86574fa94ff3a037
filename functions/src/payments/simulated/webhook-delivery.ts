/** Sends the simulated gateway's events to the shop's webhook as Stripe does: signed, retried. */
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeliverWebhook } from '../port.js';
import { installedStripeApiVersion, signStripePayload } from '../webhook-signature.js';
import type { StripeEventJson } from '../webhook-event.js';
import { alphanumeric } from './random-id.js';

/** Delivery retries while the handler answers ≥ 500 or throws: attempts, and the first pause. */
export interface DeliveryOptions {
  attempts?: number;
  firstDelayMs?: number;
}

export interface DeliveryReport {
  /** Whether the webhook handler answered 2xx. */
  delivered: boolean;
  attempts: number;
  /** The handler's last status; absent when every attempt threw. */
  status?: number;
}

/** Delivers Stripe's event of `type` about `object`, as Stripe shapes and signs it. */
export type EmitEvent = (
  type: string,
  object: StripeEventJson['data']['object'],
  eventId?: string,
) => Promise<DeliveryReport>;

export function createEventEmitter(
  options: { deliver: DeliverWebhook; webhookSecret: string; delivery?: DeliveryOptions },
  unixNow: () => number,
): EmitEvent {
  const { deliver, webhookSecret } = options;
  const attempts = options.delivery?.attempts ?? 5;
  const firstDelayMs = options.delivery?.firstDelayMs ?? 200;

  /** Sends the event as Stripe does: signed afresh on every attempt, the same body each time. */
  async function deliverEvent(rawBody: string): Promise<DeliveryReport> {
    let status: number | undefined;
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        ({ status } = await deliver(rawBody, signStripePayload(rawBody, webhookSecret, unixNow())));
        if (status < 500) {
          if (status >= 300) console.warn(`Simulated webhook refused with HTTP ${status}`);
          return { delivered: status < 300, attempts: attempt, status };
        }
      } catch (error) {
        status = undefined;
        lastError = error;
      }
      if (attempt < attempts) await sleep(firstDelayMs * 2 ** (attempt - 1));
    }
    console.error(
      `Simulated webhook not delivered after ${attempts} attempts:`,
      status === undefined ? lastError : `HTTP ${status}`,
    );
    return { delivered: false, attempts, ...(status === undefined ? {} : { status }) };
  }

  return function emit(type, object, eventId = `evt_${alphanumeric(12)}`) {
    const event: StripeEventJson & Record<string, unknown> = {
      id: eventId,
      object: 'event',
      api_version: installedStripeApiVersion(),
      created: unixNow(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    return deliverEvent(JSON.stringify(event, null, 2));
  };
}
