import { describe, expect, it } from 'vitest';
import { unstartedTestFiles } from './unstarted-test-files.js';

/** The end of CI run 17's unit suite, as Vitest printed it (colours and all). */
const RUN_17 = `\u001b[31m⎯⎯⎯⎯⎯⎯\u001b[39m\u001b[1m\u001b[41m Unhandled Errors \u001b[49m\u001b[22m\u001b[31m⎯⎯⎯⎯⎯⎯\u001b[39m
\u001b[31m\u001b[1m
Vitest caught 1 unhandled error during the test run.
This might cause false positive tests. Resolve unhandled errors to make sure your tests are not affected.\u001b[22m\u001b[39m

\u001b[31m⎯⎯⎯⎯⎯⎯\u001b[39m\u001b[1m\u001b[41m Unhandled Error \u001b[49m\u001b[22m\u001b[31m⎯⎯⎯⎯⎯⎯⎯\u001b[39m
\u001b[31m\u001b[1mError\u001b[22m: [vitest-pool]: Failed to start forks worker for test files /tmp/tmp.WOM7RVkHxj/web/src/features/orders/components/all-orders-table.test.tsx.\u001b[39m
\u001b[90m \u001b[2m❯\u001b[22m node_modules/vitest/dist/chunks/index.ER9afepi.js:\u001b[2m6037:94\u001b[22m\u001b[39m
\u001b[90m \u001b[2m❯\u001b[22m Pool.schedule node_modules/vitest/dist/chunks/index.ER9afepi.js:\u001b[2m6037:5\u001b[22m\u001b[39m

\u001b[31m\u001b[1mCaused by: Error\u001b[22m: [vitest-pool-runner]: Timeout waiting for worker to respond\u001b[39m
\u001b[90m \u001b[2m❯\u001b[22m Timeout.<anonymous> node_modules/vitest/dist/chunks/index.ER9afepi.js:\u001b[2m5477:58\u001b[22m\u001b[39m
\u001b[90m \u001b[2m❯\u001b[22m listOnTimeout node:internal/timers:\u001b[2m585:17\u001b[22m\u001b[39m
\u001b[90m \u001b[2m❯\u001b[22m process.processTimers node:internal/timers:\u001b[2m521:7\u001b[22m\u001b[39m

\u001b[31m⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯\u001b[39m


\u001b[2m Test Files \u001b[22m \u001b[1m\u001b[32m123 passed\u001b[39m\u001b[22m\u001b[90m (123)\u001b[39m
\u001b[2m      Tests \u001b[22m \u001b[1m\u001b[32m909 passed\u001b[39m\u001b[22m\u001b[90m (909)\u001b[39m
\u001b[2m     Errors \u001b[22m \u001b[1m\u001b[31m1 error\u001b[39m\u001b[22m
\u001b[2m   Start at \u001b[22m 09:10:22
\u001b[2m   Duration \u001b[22m 2176.60s\u001b[2m (environment 56%, tests 28%, transform 10%, import 5%, setup 1%)\u001b[22m

`;
const FILE = '/tmp/tmp.WOM7RVkHxj/web/src/features/orders/components/all-orders-table.test.tsx';

describe('the test files of Vitest workers that did not start', () => {
  it('are named when nothing else went wrong', () => {
    expect(unstartedTestFiles(RUN_17)).toEqual([FILE]);
  });

  it('are not run again when a test failed too', () => {
    const alsoFailed = RUN_17.replace(
      'Tests \u001b[22m \u001b[1m\u001b[32m909 passed',
      'Tests \u001b[22m \u001b[1m\u001b[31m1 failed\u001b[39m\u001b[22m\u001b[2m | \u001b[22m\u001b[1m\u001b[32m908 passed',
    );
    expect(alsoFailed).not.toBe(RUN_17);
    expect(unstartedTestFiles(alsoFailed)).toBeNull();
  });

  it('are not run again when another error was caught besides', () => {
    expect(
      unstartedTestFiles(RUN_17.replace('caught 1 unhandled error', 'caught 2 unhandled errors')),
    ).toBeNull();
  });

  it('are none in a suite that failed another way', () => {
    expect(
      unstartedTestFiles(
        'Test Files  1 failed | 94 passed (95)\nTests  1 failed | 1117 passed (1118)',
      ),
    ).toBeNull();
  });
});
