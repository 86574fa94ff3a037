/**
 * A setup file of the functions tests (vitest.config.ts): in the API suite on Firestore each test
 * worker has an official emulator of its own (scripts/official-firestore-setup.ts names them in
 * FIRESTORE_WORKER_HOSTS), and this points the worker's file at it before anything reads
 * FIRESTORE_EMULATOR_HOST. VITEST_POOL_ID numbers the workers running at once from 1.
 */
const hosts = process.env.FIRESTORE_WORKER_HOSTS?.split(',').filter(Boolean) ?? [];
if (hosts.length > 1) {
  const worker = Math.max(1, Number(process.env.VITEST_POOL_ID) || 1);
  process.env.FIRESTORE_EMULATOR_HOST = hosts[(worker - 1) % hosts.length];
}
