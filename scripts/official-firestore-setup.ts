/**
 * Vitest global setup of the functions tests: the official Firestore emulator for the whole run,
 * started here wherever this machine has it (scripts/official-firestore.ts), however the tests
 * were started (`npm run test:api`, or `npx vitest run --project functions` by hand). Its cases
 * (firestore.rules, the storage contract's isolation cases, the API's concurrency cases on
 * Firestore) are skipped, with the reason, only on a machine that lacks it.
 */
import { officialFirestoreLauncher, startOfficialFirestore } from './official-firestore.js';

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
  const firestore = await startOfficialFirestore(launcher);
  // The test workers start after this, with this environment.
  process.env.FIRESTORE_EMULATOR_HOST = firestore.host;
  console.info(`Official Firestore emulator at ${firestore.host}`);
  return () => {
    firestore.stop();
    delete process.env.FIRESTORE_EMULATOR_HOST;
  };
}
