/**
 * Runs a command with its own Firebase Auth emulator on free ports (not 9099, which belongs to
 * `npm start` and the browser tests; `npm test` runs the API suites on SQLite and on Firestore at
 * once, each with its own): `tsx scripts/with-auth-emulator.ts vitest run --project functions`.
 * The wrapped command gets FIREBASE_AUTH_EMULATOR_HOST; the emulator stops when it exits. The
 * official Firestore emulator is started by the tests' own global setup (official-firestore-setup.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../functions/src/testing/free-port.js';

const ROOT = resolve(import.meta.dirname, '..');
const PROJECT_ID = 'demo-sprocket';

const args = process.argv.slice(2);
if (args.length === 0)
  throw new Error('usage: tsx scripts/with-auth-emulator.ts <command> [args...]');

// firebase.json with other ports, so this can run next to a running `npm start` and another run.
const authPort = await freePort();
const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  emulators: Record<string, unknown>;
};
const configDir = mkdtempSync(join(tmpdir(), 'sprocket-auth-emulator-'));
const configFile = join(configDir, 'firebase.json');
writeFileSync(
  configFile,
  JSON.stringify({
    emulators: {
      ...firebaseJson.emulators,
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
    },
  }),
);

const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`;
const child = spawn(
  join(ROOT, 'node_modules', '.bin', 'firebase'),
  [
    'emulators:exec',
    '--only',
    'auth',
    '--project',
    PROJECT_ID,
    '--config',
    configFile,
    `npx ${args.map(quote).join(' ')}`,
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${authPort}`,
      FORCE_COLOR: '0',
    },
  },
);
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
const code = await new Promise<number>((done) => child.on('exit', (c) => done(c ?? 1)));
rmSync(configDir, { recursive: true, force: true });
process.exit(code);
