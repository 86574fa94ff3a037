import { describe, expect, it } from 'vitest';
import { StoreNotFoundError, StoreUnavailableError, type Store, type Transaction } from './port.js';
import { retryWhileUnavailable, type RetryOptions } from './retry-unavailable.js';

/** The transaction the work gets: it reads and writes nothing here. */
const unusedTransaction = {} as Transaction;

/** A store whose transactions fail (unavailable, unless told otherwise) `failures` times, then run. */
function storeUnavailableFor(
  failures: number,
  failure: () => Error = () => new StoreUnavailableError('slow'),
) {
  let runs = 0;
  const store: Pick<Store, 'runTransaction'> = {
    runTransaction: async (fn) => {
      runs += 1;
      if (runs <= failures) throw failure();
      return fn(unusedTransaction);
    },
  };
  return { store, runs: () => runs };
}

/** Retry options whose waits are recorded rather than waited. */
function recordedWaits(options: Partial<RetryOptions> = {}) {
  const waits: number[] = [];
  const retryOptions: RetryOptions = {
    attempts: 5,
    firstDelayMs: 100,
    maxDelayMs: 1_000,
    sleep: async (ms) => void waits.push(ms),
    ...options,
  };
  return { waits, retryOptions };
}

describe('retryWhileUnavailable', () => {
  it('runs the work again while the store is unavailable, waiting twice as long each time', async () => {
    const { store, runs } = storeUnavailableFor(3);
    const { waits, retryOptions } = recordedWaits();

    const result = await retryWhileUnavailable(
      () => store.runTransaction(async () => 'written'),
      retryOptions,
    );

    expect(result).toBe('written');
    expect(runs()).toBe(4);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('does not wait when the work succeeds the first time', async () => {
    const { store, runs } = storeUnavailableFor(0);
    const { waits, retryOptions } = recordedWaits();

    await retryWhileUnavailable(() => store.runTransaction(async () => 'written'), retryOptions);

    expect(runs()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('gives up after the bounded attempts with a StoreUnavailableError that says so', async () => {
    const lastFailure = new StoreUnavailableError('The transaction waited too long');
    const { store, runs } = storeUnavailableFor(Infinity, () => lastFailure);
    const { waits, retryOptions } = recordedWaits({ attempts: 4, maxDelayMs: 300 });

    const givenUp = retryWhileUnavailable(
      () => store.runTransaction(async () => 'written'),
      retryOptions,
    );

    await expect(givenUp).rejects.toThrow(
      new StoreUnavailableError('The transaction waited too long (still, after 4 attempts)'),
    );
    await expect(givenUp).rejects.toMatchObject({ cause: lastFailure });
    expect(runs()).toBe(4);
    expect(waits).toEqual([100, 200, 300]);
  });

  it('waits as long as the store asks (Retry-After), within the longest wait', async () => {
    const { store } = storeUnavailableFor(
      2,
      () => new StoreUnavailableError('queue', { retryAfterSeconds: 60 }),
    );
    const { waits, retryOptions } = recordedWaits({ maxDelayMs: 5_000 });

    await retryWhileUnavailable(() => store.runTransaction(async () => 'written'), retryOptions);

    expect(waits).toEqual([5_000, 5_000]);
  });

  it('does not repeat work that failed for any other reason', async () => {
    const missing = new StoreNotFoundError('parts', 'gone');
    const { store, runs } = storeUnavailableFor(Infinity, () => missing);
    const { waits, retryOptions } = recordedWaits();

    await expect(
      retryWhileUnavailable(() => store.runTransaction(async () => 'written'), retryOptions),
    ).rejects.toBe(missing);
    expect(runs()).toBe(1);
    expect(waits).toEqual([]);
  });

  it('says before each wait what failed, which attempt it was and how long it waits', async () => {
    const { store } = storeUnavailableFor(2);
    const told: string[] = [];

    await retryWhileUnavailable(() => store.runTransaction(async () => 'written'), {
      ...recordedWaits().retryOptions,
      onRetry: ({ error, attempt, delayMs }) =>
        told.push(`${error.message} #${attempt} ${delayMs}`),
    });

    expect(told).toEqual(['slow #1 100', 'slow #2 200']);
  });
});
