/**
 * Asking the store again when it reports itself unavailable (StoreUnavailableError): for work that
 * is safe to repeat, such as seeding (its marker makes a second run a no-op), where giving up on a
 * slow store costs more than waiting for it, as a shop that does not start does.
 */
import { StoreUnavailableError } from './port.js';

export interface RetryOptions {
  /** How many times the work runs at most, the first time included. */
  attempts: number;
  /** The wait before the second run; each later wait doubles, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** Waits `ms`; tests pass one that returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Told before each wait, so that a slow start can say why it takes longer. */
  onRetry?: (retry: { error: StoreUnavailableError; attempt: number; delayMs: number }) => void;
}

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work`, and again after a growing wait each time it fails with StoreUnavailableError, at
 * most `attempts` times; when the store asks for a longer wait (Retry-After), it gets it, within
 * `maxDelayMs`. Any other error ends it at once. Still unavailable after the last run, it throws a
 * StoreUnavailableError saying so (the last one is its cause), so callers still answer 503.
 */
export async function retryWhileUnavailable<R>(
  work: () => Promise<R>,
  { attempts, firstDelayMs, maxDelayMs, sleep = sleepFor, onRetry }: RetryOptions,
): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      if (attempt >= attempts) {
        throw new StoreUnavailableError(
          `${error.message} (still, after ${attempts} attempt${attempts === 1 ? '' : 's'})`,
          { cause: error, retryAfterSeconds: error.retryAfterSeconds },
        );
      }
      const backoffMs = firstDelayMs * 2 ** (attempt - 1);
      const askedMs = (error.retryAfterSeconds ?? 0) * 1000;
      const delayMs = Math.min(maxDelayMs, Math.max(backoffMs, askedMs));
      onRetry?.({ error, attempt, delayMs });
      await sleep(delayMs);
    }
  }
}
