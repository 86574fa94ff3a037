/**
 * A job asked for from many places and run one at a time in this process (an outbox's
 * application: the orders' events, docs/decisions/084; the restocks, decision 100). A request asks
 * for a run, then waits for one that started after its ask, so it answers once its own writes are
 * applied.
 */
export interface SerialRuns {
  /** Asks for a run; runs one application at a time in this process. */
  kick(): void;
  /** Resolves once a run that started after the call has ended (or failed: `failed` is told). */
  settled(): Promise<void>;
}

export function serialRuns(job: () => Promise<void>, failed: (error: unknown) => void): SerialRuns {
  // Runs asked for and ended, counted: `settled` waits for the first run that starts after it.
  let asked = 0;
  let ended = 0;
  let running: Promise<void> | undefined;
  const waiting: { run: number; resolve: () => void }[] = [];

  async function run(): Promise<void> {
    while (ended < asked) {
      const target = asked;
      try {
        await job();
      } catch (error) {
        failed(error);
      }
      ended = target;
      for (const waiter of waiting.splice(0)) {
        if (waiter.run <= ended) waiter.resolve();
        else waiting.push(waiter);
      }
    }
    running = undefined;
  }

  return {
    kick() {
      asked += 1;
      running ??= run();
    },
    settled() {
      if (ended >= asked) return Promise.resolve();
      return new Promise((resolve) => waiting.push({ run: asked, resolve }));
    },
  };
}
