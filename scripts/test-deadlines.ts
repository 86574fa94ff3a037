/**
 * Every deadline of every test derives from one setting, SPROCKET_TEST_TIME_SCALE (default 1):
 * the tests' own time limits, a browser step's wait, a poll's patience, the store's transaction
 * deadline in the API tests. A machine several times slower than a quiet developer's (a shared CI
 * machine on a busy day) raises it; `.ci/run` sets 3. Raising it never slows a passing run: it
 * only moves the moment a test that waits for something gives up (docs/decisions/074).
 */
function readScale(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale < 1) {
    throw new Error(`SPROCKET_TEST_TIME_SCALE must be a number of at least 1, not "${raw}"`);
  }
  return scale;
}

export const TEST_TIME_SCALE = readScale(process.env.SPROCKET_TEST_TIME_SCALE);

/** A deadline written for a quiet machine, stretched by SPROCKET_TEST_TIME_SCALE. */
export const deadline = (ms: number): number => Math.round(ms * TEST_TIME_SCALE);
