/**
 * Turns, in this process, for transactions that take stock of the same documents (a flash sale,
 * docs/decisions/063). Firestore settles transactions that write a document others have read by
 * making all but one wait or fail (its locks in production, a lock timeout of seconds on the
 * emulator), so ten orders of one instance on the last units of a part would mostly fail one
 * another. Here each runs its transaction alone among those that name any of its keys; instances
 * still contend with each other through Firestore itself. A turn is taken for all of a
 * transaction's keys at once, in one step, so two never wait for each other.
 *
 * A turn starts as soon as all its keys are free, in arrival order among those that can start: an
 * order of parts A and B waiting for B does not hold up the orders of A alone behind it, which
 * would chain every part's queue into one in a burst of orders of several parts
 * (docs/decisions/084). One that has waited RESERVE_AFTER_MS keeps its keys from those that came
 * later, so it is not passed for ever.
 */
import { StoreUnavailableError } from './port.js';

export interface LocalTurns {
  /**
   * Runs `fn` once none of `keys` is in another turn; throws StoreUnavailableError (a 503 with
   * Retry-After) if that takes longer than `maxWaitMs`.
   */
  inTurn<R>(keys: readonly string[], fn: () => Promise<R>): Promise<R>;
}

/** How long a turn may be passed by later ones whose keys are free before it keeps its keys. */
export const RESERVE_AFTER_MS = 500;

interface Waiter {
  keys: readonly string[];
  since: number;
  start(): void;
}

export function localTurns(
  maxWaitMs: number,
  busyMessage = 'Too many orders are waiting for these parts',
  now: () => number = Date.now,
): LocalTurns {
  /** The keys whose turn is running. */
  const busy = new Set<string>();
  /** In arrival order. */
  const waiting: Waiter[] = [];

  /** Starts every waiter whose keys are all free, in arrival order (see the header). */
  const schedule = () => {
    const kept = new Set<string>();
    for (const waiter of [...waiting]) {
      if (waiter.keys.every((key) => !busy.has(key) && !kept.has(key))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        for (const key of waiter.keys) busy.add(key);
        waiter.start();
      } else if (now() - waiter.since >= RESERVE_AFTER_MS) {
        for (const key of waiter.keys) kept.add(key);
      }
    }
  };

  return {
    async inTurn(keys, fn) {
      const unique = [...new Set(keys)];
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const at = waiting.indexOf(waiter);
          if (at < 0) return;
          waiting.splice(at, 1);
          // Those it kept its keys from may start now.
          schedule();
          // The queue moves: those turned away come back in a second or two, not five.
          reject(new StoreUnavailableError(busyMessage, { retryAfterSeconds: 1 }));
        }, maxWaitMs);
        const waiter: Waiter = {
          keys: unique,
          since: now(),
          start: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        waiting.push(waiter);
        schedule();
      });
      try {
        return await fn();
      } finally {
        for (const key of unique) busy.delete(key);
        schedule();
      }
    },
  };
}
