/**
 * The child process of load.ts: runs one autocannon load per message and answers its sample.
 * Latencies are taken from every response rather than from autocannon's histogram, which keeps
 * whole milliseconds only, too coarse for a server that answers in one or two.
 */
import autocannon from 'autocannon';
import type { Sample } from './compare.js';
import { percentile } from './compare.js';
import type { LoadRequest, LoadSpec, WorkerReply } from './load.js';

function toRequest({ method, path, headers, body }: LoadRequest): autocannon.Request {
  return { method, path, headers, ...(body === undefined ? {} : { body }) };
}

async function run(spec: LoadSpec): Promise<Sample> {
  const [first] = spec.requests;
  if (!first) throw new Error('A load needs at least one request');
  let next = 0;
  // One request is built once; several are built in turn, one per request sent.
  const requests =
    spec.requests.length === 1
      ? [toRequest(first)]
      : [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              ...toRequest(spec.requests[next++ % spec.requests.length]!),
            }),
          },
        ];
  const latencies: number[] = [];
  let unexpected = 0;
  const failedAs: Record<string, number> = {};
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: spec.url,
        connections: spec.connections,
        ...(spec.amount === undefined ? { duration: spec.seconds } : { amount: spec.amount }),
        requests,
        // Ticks every 100 ms instead of every second, so a run with a fixed count ends soon
        // after its last answer.
        sampleInt: 100,
      },
      (error: unknown, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      lastAnswer = performance.now();
      latencies.push(responseTime);
      if (statusCode !== spec.expectStatus) {
        unexpected += 1;
        failedAs[statusCode] = (failedAs[statusCode] ?? 0) + 1;
      }
    });
  });
  // From the start to the last answer: autocannon notices the end of a run only at its next tick,
  // and its own duration would count the wait for it.
  const seconds = (lastAnswer - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  const count = latencies.length - unexpected;
  return {
    count,
    seconds,
    perSecond: count / seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    failures: unexpected + result.errors,
    ...(unexpected + result.errors > 0
      ? { failedAs: result.errors > 0 ? { ...failedAs, error: result.errors } : failedAs }
      : {}),
  };
}

process.on('message', (spec: LoadSpec) => {
  const reply = (message: WorkerReply) => process.send?.(message);
  run(spec).then(
    (sample) => reply({ sample }),
    (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
  );
});
// The parent disconnects when the run is over.
process.on('disconnect', () => process.exit(0));
