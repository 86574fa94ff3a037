/** What every part of the simulated gateway shares: its store, its clock, the events it sends. */
import type { Store } from '../../store/port.js';
import type { DeliverWebhook } from '../port.js';
import { createEventEmitter, type DeliveryOptions, type EmitEvent } from './webhook-delivery.js';

export interface SimulatedGatewayOptions {
  store: Store;
  /** Shared by every process that signs or verifies ("whsec_..." like Stripe's). */
  webhookSecret: string;
  deliver: DeliverWebhook;
  clock?: () => Date;
  /** Delivery retries while the handler answers ≥ 500 or throws: attempts, and the first pause. */
  delivery?: DeliveryOptions;
}

export interface SimulatedContext {
  store: Store;
  clock: () => Date;
  /** The clock in unix seconds, as Stripe's objects carry it. */
  unixNow: () => number;
  emit: EmitEvent;
}

export function createContext(options: SimulatedGatewayOptions): SimulatedContext {
  const clock = options.clock ?? (() => new Date());
  const unixNow = () => Math.floor(clock().getTime() / 1000);
  return { store: options.store, clock, unixNow, emit: createEventEmitter(options, unixNow) };
}
