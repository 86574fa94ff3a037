/**
 * The load generator: autocannon, in a child process of its own (load-worker.ts) so that it never
 * shares an event loop with the servers it measures, which all run in the bench's process. One
 * worker serves the whole run, one load at a time.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Contender, Loader, LoadRequest, LoadSpec, Sample, Settings } from './compare.js';

export type { Loader, LoadRequest, LoadSpec };

export type WorkerReply = { sample: Sample } | { error: string };

export function startLoader(): Loader {
  // Forked with this process's execArgv, so it runs under the same tsx loader as the bench.
  const worker: ChildProcess = fork(fileURLToPath(new URL('./load-worker.ts', import.meta.url)));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    run(spec) {
      return new Promise<Sample>((resolve, reject) => {
        const onExit = () => reject(new Error('The load generator exited during a run'));
        worker.once('exit', onExit);
        worker.once('message', (reply: WorkerReply) => {
          worker.off('exit', onExit);
          if ('error' in reply) reject(new Error(`Load generator: ${reply.error}`));
          else resolve(reply.sample);
        });
        worker.send(spec);
      });
    },
    async close() {
      worker.disconnect();
      await exited;
    },
  };
}

/** A side that runs `spec` for the configured time (a third of it to warm up). */
export function timedLoad(
  label: string,
  loader: Loader,
  spec: Omit<LoadSpec, 'seconds' | 'amount' | 'connections'>,
  settings: Pick<Settings, 'seconds' | 'connections'>,
): Contender {
  return {
    label,
    round: async (kind) => ({
      measure: () =>
        loader.run({
          ...spec,
          connections: settings.connections,
          seconds: kind === 'warm-up' ? Math.max(1, settings.seconds / 3) : settings.seconds,
        }),
    }),
  };
}
