/**
 * Turns, in this process, for transactions that take stock of the same documents (a flash sale,
 * docs/decisions/063). Firestore settles transactions that write a document others have read by
 * making all but one wait or fail (its locks in production, a lock timeout of seconds on the
 * emulator), so ten orders of one instance on the last units of a part would mostly fail one
 * another. Here they queue in arrival order and each runs its transaction alone; instances still
 * contend with each other through Firestore itself. A turn is taken for all of a transaction's
 * documents at once, in one step, so two never wait for each other.
 */
import { StoreUnavailableError } from './port.js';

export interface LocalTurns {
  /**
   * Runs `fn` once every earlier caller that named any of `keys` is done; throws
   * StoreUnavailableError (a 503 with Retry-After) if that takes longer than `maxWaitMs`.
   */
  inTurn<R>(keys: readonly string[], fn: () => Promise<R>): Promise<R>;
}

export function localTurns(
  maxWaitMs: number,
  busyMessage = 'Too many orders are waiting for these parts',
): LocalTurns {
  /** Per key, the promise the last caller to name it settles when done. */
  const last = new Map<string, Promise<void>>();
  return {
    async inTurn(keys, fn) {
      const unique = [...new Set(keys)];
      const before = unique.flatMap((key) => {
        const tail = last.get(key);
        return tail ? [tail] : [];
      });
      let finish!: () => void;
      const mine = new Promise<void>((resolve) => (finish = resolve));
      for (const key of unique) last.set(key, mine);
      const earlier = Promise.all(before).then(() => undefined);
      const release = () => {
        for (const key of unique) if (last.get(key) === mine) last.delete(key);
        finish();
      };
      if (before.length > 0) {
        let timer: NodeJS.Timeout | undefined;
        const waited = await Promise.race([
          earlier.then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), maxWaitMs))),
        ]);
        clearTimeout(timer);
        if (!waited) {
          // Those after this one still wait for the ones before it.
          void earlier.then(release);
          // The queue moves: those turned away come back in a second or two, not five.
          throw new StoreUnavailableError(busyMessage, { retryAfterSeconds: 1 });
        }
      }
      try {
        return await fn();
      } finally {
        release();
      }
    },
  };
}
