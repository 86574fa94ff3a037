/**
 * `npm start`: the local default mode (docs/architecture.md §2); `npm run start:firestore` (flag --firestore)
 * keeps data in the official Firestore emulator instead. Ctrl-C stops every process it started.
 */
import { join } from 'node:path';
import { isUpToDate, runBuild, START_BUILDS } from './builds.js';
import { ROOT, startSuite } from './suite.js';
import { SEEDED_ACCOUNTS } from './seed.js';

// A build whose output is newer than its sources is not run again (docs/decisions/032).
for (const build of START_BUILDS) {
  if (isUpToDate(build)) {
    console.info(`The ${build.name} is up to date; not building it again.`);
    continue;
  }
  console.info(`Building the ${build.name}…`);
  runBuild(build);
}
const firestore = process.argv.includes('--firestore');
console.info(
  `Starting the Firebase emulators (auth, functions, hosting${firestore ? ', firestore' : ''})…`,
);
const suite = await startSuite({
  dataDir: process.env.SPROCKET_DATA_DIR ?? join(ROOT, '.data', firestore ? 'firestore-mode' : ''),
  persistAuth: true,
  verbose: true,
  firestore,
}).catch((error: unknown) => {
  // startSuite has stopped what it started; what went wrong is one sentence, not a stack trace.
  console.error(
    `Sprocket did not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});

console.info(`
  Sprocket is running at ${suite.url}
  API:      ${suite.url}/api/parts
  Admin:    ${SEEDED_ACCOUNTS.admin.email} / ${SEEDED_ACCOUNTS.admin.password}
  Customer: ${SEEDED_ACCOUNTS.customer.email} / ${SEEDED_ACCOUNTS.customer.password}
  Payments are simulated: pay with 4242 4242 4242 4242, any future date and any CVC.
  Press Ctrl-C to stop.
`);

let stopping = false;
const shutdown = () => {
  if (stopping) return;
  stopping = true;
  console.info('Stopping the emulators…');
  void suite.stop().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
const code = await suite.exited;
if (!stopping) process.exit(code ?? 1);
