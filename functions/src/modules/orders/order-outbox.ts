/**
 * Applies the orders' events (order-events.ts, docs/decisions/084). A batch of pending events is
 * applied in one transaction: it reads each event, skips one applied already, lets every handler
 * read what it needs and write its part (the day's totals once per day, a customer's figures once
 * per customer), and removes the events, so each is applied exactly once however often it is
 * asked, by however many. Work outside the store (the payment provider's, the low-stock mails)
 * follows the commit, best effort, as it did when it followed the order's own transaction.
 *
 * In production a Firestore trigger on a new event asks for a run (functions/src/index.ts); in
 * the local suite the app asks after every transaction that wrote one, and a request is answered
 * once the events it made are applied, so the shop reads the same either way. The sweep's timer
 * (and the scheduled sweep) catches up on anything left, after a crash or a kill -9 too.
 */
import type { Store, StoreReader, StoredDoc, Transaction } from '../../store/port.js';
import { serialRuns, type SerialRuns } from '../serial-runs.js';
import { ORDER_EVENTS, type OrderEventDoc } from './order-events.js';

export interface OrderEventHandler {
  /** Reads what the events need in the batch's transaction, before any write; answers the writes. */
  apply?(tx: Transaction, events: readonly StoredDoc<OrderEventDoc>[]): Promise<() => void>;
  /** Whether `event` has work for `followUp`. */
  follows?(event: OrderEventDoc): boolean;
  /** Work outside the store for the events it follows, a batch at once, once they are applied. */
  followUp?(events: readonly StoredDoc<OrderEventDoc>[]): Promise<void>;
}

/** How many events a transaction applies at most. */
export const EVENT_BATCH = 100;

/** Asks for the pending events to be applied, one application at a time in this process. */
export type OrderOutbox = SerialRuns;

/**
 * How far what follows from the orders' events lags at `now`: the events waiting (counted up to
 * 1,000) and the oldest one's age in whole seconds.
 */
export async function orderEventsLag(
  store: StoreReader,
  now: Date,
): Promise<{ waiting: number; seconds: number }> {
  const pending = await store.query<OrderEventDoc>(ORDER_EVENTS, { limit: 1000 });
  const oldest = Math.min(...pending.map((event) => Date.parse(event.data.at)));
  const seconds = pending.length > 0 ? Math.max(0, Math.floor((now.getTime() - oldest) / 1000)) : 0;
  return { waiting: pending.length, seconds };
}

export function orderOutbox(store: Store, handlers: readonly OrderEventHandler[]): OrderOutbox {
  /**
   * Each handler's follow-ups of the events just applied, at once. Best effort, as they were
   * when they ran after the order's own transaction: a low-stock weigh missed is weighed by the
   * next order of the part, an intent left open is refunded by the webhook if it is ever paid.
   */
  async function followUp(events: readonly StoredDoc<OrderEventDoc>[]): Promise<void> {
    await Promise.all(
      handlers.map(async (handler) => {
        const followed = events.filter((event) => handler.follows?.(event.data));
        if (followed.length === 0) return;
        try {
          await handler.followUp?.(followed);
        } catch (error) {
          console.warn(`A follow-up of ${followed.length} order events failed:`, error);
        }
      }),
    );
  }

  async function applyBatch(ids: readonly string[]): Promise<void> {
    const applied = await store.runTransaction(async (tx) => {
      const read = await Promise.all(ids.map((id) => tx.get<OrderEventDoc>(ORDER_EVENTS, id)));
      // One applied since it was listed is gone: applied once, however many ask.
      const events = read
        .filter((doc): doc is StoredDoc<OrderEventDoc> => doc !== null)
        .sort((a, b) => a.data.at.localeCompare(b.data.at));
      if (events.length === 0) return [];
      const writes = await Promise.all(handlers.map((handler) => handler.apply?.(tx, events)));
      for (const write of writes) write?.();
      for (const event of events) tx.delete(ORDER_EVENTS, event.id);
      return events;
    });
    await followUp(applied);
  }

  async function applyAll(): Promise<void> {
    for (;;) {
      const pending = await store.query<OrderEventDoc>(ORDER_EVENTS, { limit: EVENT_BATCH });
      if (pending.length > 0) await applyBatch(pending.map((event) => event.id));
      if (pending.length < EVENT_BATCH) return;
    }
  }

  // The events stay pending on a failure: the next run (a later change, the sweep) applies them.
  return serialRuns(applyAll, (error) =>
    console.warn('Order events wait for the next run:', error),
  );
}
