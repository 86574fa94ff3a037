import { globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertProductionNode } from './scripts/node-runtime.js';
import { officialFirestoreLauncher } from './scripts/official-firestore.js';
import { FIRESTORE_API_WORKERS } from './scripts/official-firestore-setup.js';
import { deadline } from './scripts/test-deadlines.js';
import { defineConfig } from 'vitest/config';

// Every test runs on production's Node major, or none does (docs/decisions/042).
assertProductionNode('The tests');

const onFirestore = process.env.SPROCKET_TEST_STORE === 'firestore';
/** Whether the functions tests get the official Firestore emulator (named, or started for them). */
const officialFirestore = Boolean(
  process.env.FIRESTORE_EMULATOR_HOST || officialFirestoreLauncher(),
);

/**
 * The API suite on Firestore (`npm run test:api:firestore`): the test files that start the API on
 * the store under test. The others test one adapter, a pinned store or no store at all, and run
 * once, in the default run; so does the SQLite file's fault suite.
 */
function apiSuiteFiles(): string[] {
  return globSync('src/**/*.test.ts', { cwd: 'functions' }).filter((file) => {
    const source = readFileSync(join('functions', file), 'utf8');
    return (
      source.includes('startApi(') &&
      !/store: '(sqlite|firestore)'/.test(source) &&
      file !== 'src/http/storage-faults.test.ts'
    );
  });
}

/**
 * The web tests that replace modules (`vi.mock`) or the build's settings (`vi.stubEnv`): each gets
 * fresh modules of its own. The others share their workers' modules and jsdom, which takes a
 * third of the CPU time (decision 079): a file that mocks a module shared by the app
 * (config/env.ts, Firebase Auth) would change it for the files after it.
 */
function webTests(replaceModules: boolean): string[] {
  return globSync('src/**/*.test.{ts,tsx}', { cwd: 'web' }).filter(
    (file) =>
      /vi\.(mock|doMock|stubEnv|resetModules)\(/.test(readFileSync(join('web', file), 'utf8')) ===
      replaceModules,
  );
}

/** One runner for every kind of test; `npm test` picks the projects in order. */
export default defineConfig({
  test: {
    projects: [
      {
        // Pure functions and schemas, no mocks, no settings: the files share their workers (a
        // fresh worker per file cost more than the tests themselves, decision 113).
        test: {
          name: 'contract',
          root: './contract',
          include: ['src/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        // Checks of the repository itself, such as the lint zones: they read files and start
        // commands, and change no module's state, so they share their workers too (decision 113).
        test: {
          name: 'repo',
          root: './scripts',
          include: ['*.test.ts'],
          testTimeout: deadline(30_000),
          isolate: false,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web',
          root: './web',
          exclude: webTests(true),
          isolate: false,
        },
      },
      {
        extends: './web/vite.config.ts',
        test: {
          name: 'web-fresh-modules',
          root: './web',
          // The web config's `include` takes every test: this leaves out the others.
          exclude: webTests(false),
          // Each file still gets fresh modules and a fresh jsdom, in a VM context of its own,
          // without a new process for each: half the CPU time of a fork per file (decision 113).
          pool: 'vmForks',
        },
      },
      {
        test: {
          name: 'functions',
          root: './functions',
          include: onFirestore ? apiSuiteFiles() : ['src/**/*.test.ts'],
          // Each call to the official Firestore emulator takes several times SQLite's.
          testTimeout: deadline(onFirestore ? 120_000 : 30_000),
          hookTimeout: deadline(60_000),
          // Each file starts its own API, store and settings: the modules can be shared, which
          // saves a third of the suite's CPU time (decision 079).
          isolate: false,
          // The official emulator settles contention by letting lock waits run out (seconds), so
          // files beside each other on one starve each other's transactions (decision 035): on
          // Firestore each worker gets an emulator of its own (decision 074).
          ...(onFirestore && officialFirestore ? { maxWorkers: FIRESTORE_API_WORKERS } : {}),
          globalSetup: ['../scripts/official-firestore-setup.ts'],
          setupFiles: ['./src/testing/worker-firestore.ts'],
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
