import { assertProductionNode } from './scripts/node-runtime.js';
import { officialFirestoreLauncher } from './scripts/official-firestore.js';
import { deadline } from './scripts/test-deadlines.js';
import { defineConfig } from 'vitest/config';

// Every test runs on production's Node major, or none does (docs/decisions/042).
assertProductionNode('The tests');

const onFirestore = process.env.SPROCKET_TEST_STORE === 'firestore';
/** Whether the functions tests get the official Firestore emulator (named, or started for them). */
const officialFirestore = Boolean(
  process.env.FIRESTORE_EMULATOR_HOST || officialFirestoreLauncher(),
);

/** One runner for every kind of test; `npm test` picks the projects in order. */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', root: './contract', include: ['src/**/*.test.ts'] },
      },
      {
        // Checks of the repository itself, such as the lint zones.
        test: {
          name: 'repo',
          root: './scripts',
          include: ['*.test.ts'],
          testTimeout: deadline(30_000),
        },
      },
      './web/vite.config.ts',
      {
        test: {
          name: 'functions',
          root: './functions',
          include: ['src/**/*.test.ts'],
          // Each call to the official Firestore emulator takes several times SQLite's.
          testTimeout: deadline(onFirestore ? 120_000 : 30_000),
          hookTimeout: deadline(60_000),
          // The official emulator settles contention by letting lock waits run out (seconds);
          // files run beside each other on it starve each other's transactions (decision 035).
          fileParallelism: !(onFirestore && officialFirestore),
          globalSetup: ['../scripts/official-firestore-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.spec.ts'],
          testTimeout: deadline(120_000),
          hookTimeout: deadline(120_000),
          fileParallelism: false,
        },
      },
    ],
  },
});
