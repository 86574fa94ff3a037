/**
 * Starts the local Firebase suite (auth, functions, hosting emulators from the project's own
 * firebase-tools), seeds the catalogue and the two accounts, and hands back a stop function. Used
 * by `npm start` (which builds what it serves first, scripts/builds.ts) and by the browser tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { officialFirestoreLauncher, startOfficialFirestore } from './official-firestore.js';
import { seedAccounts, seedCatalogue, SEEDED_ACCOUNTS } from './seed.js';

export const ROOT = resolve(import.meta.dirname, '..');
export const SHOP_URL = 'http://127.0.0.1:5000';
export const AUTH_EMULATOR_HOST = '127.0.0.1:9099';
export const PROJECT_ID = 'demo-sprocket';

export interface SuiteOptions {
  /** Where the SQLite file, the token secret and the Auth emulator's export live. */
  dataDir: string;
  /** Keep Auth accounts across starts by importing and exporting the emulator's data. */
  persistAuth: boolean;
  /** Print the emulators' own output. */
  verbose: boolean;
  /**
   * Keep data in a Firestore emulator instead of the SQLite file: the official one (firebase-tools'
   * download with Java 21, or the Google Cloud CLI's component), else the in-process one.
   */
  firestore?: boolean;
}

export const FIRESTORE_EMULATOR_HOST = '127.0.0.1:8080';

/**
 * How long each emulator may take to answer before the start gives up: minutes, not seconds, so
 * that a machine busy with other work starts the shop late rather than not at all (issue 32).
 */
const START_WITHIN_MS = 180_000;

export interface RunningSuite {
  url: string;
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Whether the official Firestore emulator can start: it needs Java 21 or newer, and firebase-tools
 * downloads its jar on first use (which this offline machine cannot do).
 */
export function officialFirestoreEmulatorAvailable(): boolean {
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  const version = /version "(\d+)/.exec(`${java.stderr ?? ''}${java.stdout ?? ''}`)?.[1];
  if (java.status !== 0 || Number(version) < 21) return false;
  const cache = join(homedir(), '.cache', 'firebase', 'emulators');
  return (
    existsSync(cache) && readdirSync(cache).some((f) => f.startsWith('cloud-firestore-emulator'))
  );
}

/**
 * A Firestore emulator on the official one's port when firebase-tools cannot run its own: the
 * Google Cloud CLI's component where this machine has it (scripts/official-firestore.ts), else the
 * in-process @firestore-emulator/server. Both keep data in memory until the suite stops.
 */
async function startFirestoreOfOurOwn(): Promise<() => void> {
  const port = Number(FIRESTORE_EMULATOR_HOST.split(':')[1]);
  const launcher = officialFirestoreLauncher();
  if (launcher) {
    console.info(
      "Firestore: the official emulator from the Google Cloud CLI's component, which keeps data in memory until the suite stops.",
    );
    return (await startOfficialFirestore(launcher, { port, startWithinMs: START_WITHIN_MS })).stop;
  }
  console.info(
    'Firestore: the official emulator is not available (the Google Cloud CLI component and java, ' +
      'or Java 21 and firebase-tools download): using the in-process @firestore-emulator/server, ' +
      'which keeps data in memory until the suite stops.',
  );
  const { FirestoreServer } = await import('@firestore-emulator/server');
  const server = new FirestoreServer();
  await server.start(port);
  return () => server.stop();
}

/** A secret generated once per data directory and kept there, so tokens survive a restart. */
function persistentSecretFile(file: string): string {
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return file;
}

const persistentSecret = (file: string) => readFileSync(persistentSecretFile(file), 'utf8').trim();

/**
 * firebase.json as the local suite serves it: the production Content-Security-Policy plus the Auth
 * emulator's origin, which the app in emulator mode talks to. Production never allows it. The file
 * sits beside firebase.json because firebase-tools resolves the config's paths from its folder.
 */
function writeLocalFirebaseJson(): string {
  const config = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
    hosting: { headers: { headers: { key: string; value: string }[] }[] };
  };
  for (const header of config.hosting.headers.flatMap((rule) => rule.headers)) {
    if (header.key === 'Content-Security-Policy') {
      header.value = header.value.replace(
        /connect-src ([^;]*)/,
        `connect-src $1 http://${AUTH_EMULATOR_HOST}`,
      );
    }
  }
  const file = join(ROOT, 'firebase.local.json');
  writeFileSync(
    file,
    `${JSON.stringify(config, null, 2)}
`,
  );
  return file;
}

/** The functions emulator takes its settings from functions/.env.local, not from this shell. */
function writeFunctionsEnv(dataDir: string, firestore: boolean, firestoreOfOurOwn: boolean): void {
  const lines = [
    '# Written by scripts/suite.ts for the local emulator suite; do not commit.',
    `STORE=${firestore ? 'firestore' : 'sqlite'}`,
    // firebase-tools sets this itself when it runs the official emulator.
    ...(firestoreOfOurOwn ? [`FIRESTORE_EMULATOR_HOST=${FIRESTORE_EMULATOR_HOST}`] : []),
    `SQLITE_PATH=${join(dataDir, 'sprocket.sqlite')}`,
    // Made here: the functions make it themselves only in the SQLite mode, which counts as local.
    `TOKEN_SECRET_FILE=${persistentSecretFile(join(dataDir, 'token-secret'))}`,
    // Uploaded product images live with the rest of the suite's data.
    `FILES_DIR=${join(dataDir, 'files')}`,
    `SHOP_ADMIN_EMAILS=${SEEDED_ACCOUNTS.admin.email}`,
    'SHOP_CURRENCY=USD',
    'PAYMENTS=simulated',
    // The emulator serves requests from several worker processes, each with its own catalogue
    // snapshot; locally a change shows everywhere at once (docs/decisions/020).
    'SHOP_CACHE_MAX_AGE_SECONDS=0',
    `SIMULATED_WEBHOOK_SECRET=${persistentSecret(join(dataDir, 'webhook-secret'))}`,
  ];
  writeFileSync(join(ROOT, 'functions', '.env.local'), `${lines.join('\n')}\n`);
}

async function waitFor(
  url: string,
  ok: (status: number) => boolean,
  timeoutMs: number,
  exited: () => boolean,
) {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited())
      throw new Error('The emulator suite exited while starting; see its output above.');
    try {
      const response = await fetch(url);
      if (ok(response.status)) return;
      lastError = `status ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer in time (${lastError})`);
}

export async function startSuite(options: SuiteOptions): Promise<RunningSuite> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  const firestore = options.firestore ?? false;
  const official = firestore && officialFirestoreEmulatorAvailable();
  const firestoreOfOurOwn = firestore && !official;
  writeFunctionsEnv(dataDir, firestore, firestoreOfOurOwn);
  let stopFirestoreOfOurOwn = () => {};
  if (firestoreOfOurOwn) stopFirestoreOfOurOwn = await startFirestoreOfOurOwn();

  // With the official Firestore emulator the export holds its data too; the SQLite file keeps itself.
  const authExport = join(dataDir, official ? 'firebase-export' : 'auth-export');
  const emulators = official ? 'auth,functions,hosting,firestore' : 'auth,functions,hosting';
  const args = [
    'emulators:start',
    '--only',
    emulators,
    '--project',
    PROJECT_ID,
    '--config',
    writeLocalFirebaseJson(),
  ];
  if (options.persistAuth) {
    if (existsSync(join(authExport, 'firebase-export-metadata.json')))
      args.push('--import', authExport);
    args.push('--export-on-exit', authExport);
  }
  const child: ChildProcess = spawn(join(ROOT, 'node_modules', '.bin', 'firebase'), args, {
    cwd: ROOT,
    stdio: options.verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let hasExited = false;
  const exited = new Promise<number | null>((resolveExit) =>
    child.on('exit', (code) => {
      hasExited = true;
      resolveExit(code);
    }),
  );

  const stop = async () => {
    stopFirestoreOfOurOwn();
    if (hasExited || child.pid === undefined) return;
    const group = -child.pid;
    // SIGINT to firebase alone lets it export the Auth data and stop its own workers; whatever
    // of its process group is still alive afterwards is ended.
    child.kill('SIGINT');
    const timer = setTimeout(() => process.kill(group, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
    try {
      process.kill(group, 'SIGKILL');
    } catch {
      // The group is already gone.
    }
  };

  try {
    await waitFor(
      `http://${AUTH_EMULATOR_HOST}/`,
      (s) => s < 500,
      START_WITHIN_MS,
      () => hasExited,
    );
    if (firestore) {
      if (official) {
        await waitFor(
          `http://${FIRESTORE_EMULATOR_HOST}/`,
          (s) => s < 500,
          START_WITHIN_MS,
          () => hasExited,
        );
      }
      await seedCatalogue({ firestoreHost: FIRESTORE_EMULATOR_HOST, projectId: PROJECT_ID });
    } else {
      await seedCatalogue({ sqlitePath: join(dataDir, 'sprocket.sqlite') });
    }
    await seedAccounts(AUTH_EMULATOR_HOST, PROJECT_ID);
    await waitFor(
      `${SHOP_URL}/api/parts`,
      (s) => s === 200,
      START_WITHIN_MS,
      () => hasExited,
    );
  } catch (error) {
    if (!options.verbose) console.error(output);
    await stop();
    throw error;
  }
  return { url: SHOP_URL, stop, exited };
}
