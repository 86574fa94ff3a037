/**
 * Vitest global setup of the functions tests: the official Firestore emulator for the whole run,
 * started here wherever this machine has it (scripts/official-firestore.ts), however the tests
 * were started (`npm run test:api`, or `npx vitest run --project functions` by hand). Its cases
 * (firestore.rules, the storage contract's isolation cases, the API's concurrency cases on
 * Firestore) are skipped, with the reason, only on a machine that lacks it.
 *
 * The API suite on Firestore (SPROCKET_TEST_STORE=firestore) gets one emulator per test worker
 * (FIRESTORE_WORKER_HOSTS; functions/src/testing/worker-firestore.ts picks the worker's own): the
 * emulator settles contention with lock waits, so two files on one emulator starve each other's
 * transactions, while on two they run side by side (docs/decisions/074).
 */
import { officialFirestoreLauncher, startOfficialFirestore } from './official-firestore.js';
import { deadline } from './test-deadlines.js';

/** Test workers of the API suite on Firestore, each with an emulator of its own. */
export const FIRESTORE_API_WORKERS = 2;

export default async function startOfficialFirestoreForTheRun(): Promise<(() => void) | void> {
  // One named by the caller (a CI service, a shared emulator) is used as it is.
  if (process.env.FIRESTORE_EMULATOR_HOST) return;
  const launcher = officialFirestoreLauncher();
  if (!launcher) {
    console.info(
      "No official Firestore emulator on this machine (the Google Cloud CLI's component and java): the Firestore runs use the in-process one, and the firestore.rules cases are reported skipped.",
    );
    return;
  }
  const count = process.env.SPROCKET_TEST_STORE === 'firestore' ? FIRESTORE_API_WORKERS : 1;
  const emulators = await Promise.all(
    Array.from({ length: count }, () =>
      startOfficialFirestore(launcher, { startWithinMs: deadline(60_000) }),
    ),
  );
  const hosts = emulators.map((emulator) => emulator.host);
  // The test workers start after this, with this environment.
  process.env.FIRESTORE_EMULATOR_HOST = hosts[0];
  process.env.FIRESTORE_WORKER_HOSTS = hosts.join(',');
  console.info(`Official Firestore emulator${count > 1 ? 's' : ''} at ${hosts.join(', ')}`);
  return () => {
    for (const emulator of emulators) emulator.stop();
    delete process.env.FIRESTORE_EMULATOR_HOST;
    delete process.env.FIRESTORE_WORKER_HOSTS;
  };
}
