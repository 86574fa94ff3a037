/** Vitest's report of a worker that missed its 60 s (fixed) to start: its files never ran. */
const UNSTARTED_WORKER = /\[vitest-pool\]: Failed to start \w+ worker for test files (.+)\.$/gm;
// eslint-disable-next-line no-control-regex -- the colours of Vitest's report
const COLOURS = /\u001b\[[0-9;]*m/g;

/**
 * The test files of Vitest workers that could not start, when nothing else went wrong: on a
 * starved machine (every suite at once on a busy CI day) a worker can miss Vitest's 60 s to start,
 * and the suite fails with no test failed and those files never run (CI run 17). Null when a test
 * failed or anything else did.
 */
export function unstartedTestFiles(output: string): string[] | null {
  const text = output.replace(COLOURS, '');
  const reports = [...text.matchAll(UNSTARTED_WORKER)];
  const caught = /Vitest caught (\d+) unhandled errors? during the test run/.exec(text);
  if (reports.length === 0 || Number(caught?.[1]) !== reports.length) return null;
  if (/^\s*(Test Files|Tests)\s+\d+ failed/m.test(text)) return null;
  return reports.flatMap((report) => report[1]!.split(', '));
}
