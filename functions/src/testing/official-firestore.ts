/**
 * The official Cloud Firestore emulator, when the run has one: `npm run test:api` and
 * `test:api:firestore` start it where this machine has the Google Cloud CLI's
 * cloud-firestore-emulator component and java (scripts/official-firestore.ts) and name it in
 * FIRESTORE_EMULATOR_HOST. Without it the Firestore runs use the in-process emulator
 * (in-process-firestore.ts), and only the cases of firestore.rules, which need Google's rules
 * engine, are reported skipped, with this reason.
 */
export const OFFICIAL_FIRESTORE_HOST = process.env.FIRESTORE_EMULATOR_HOST;

export const NEEDS_OFFICIAL_FIRESTORE =
  "needs the official Firestore emulator (FIRESTORE_EMULATOR_HOST): the Google Cloud CLI's cloud-firestore-emulator component and java, which this machine lacks (Debian does not package it)";
