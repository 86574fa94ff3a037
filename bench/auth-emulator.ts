/**
 * A Firebase Auth emulator of the bench's own, on free ports, started from the project's
 * firebase-tools the way scripts/with-auth-emulator.ts starts one for the API tests (Node only, no
 * Java, no network), so the sign-in benchmark needs nothing already running.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../functions/src/testing/free-port.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ID = 'demo-sprocket';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const READY_WITHIN_MS = 90_000;

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST wants it. */
  host: string;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startAuthEmulator(): Promise<AuthEmulator> {
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const configDir = mkdtempSync(join(tmpdir(), 'sprocket-bench-auth-'));
  const configFile = join(configDir, 'firebase.json');
  writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: auth },
        hub: { host: '127.0.0.1', port: hub },
        logging: { host: '127.0.0.1', port: logging },
        ui: { enabled: false },
      },
    }),
  );
  const child = spawn(
    join(ROOT, 'node_modules', '.bin', 'firebase'),
    ['emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', configFile],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Should the bench die half-way, the emulator goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const timeout = pause(10_000).then(() => child.kill('SIGKILL'));
      await Promise.race([exited, timeout]);
      await exited;
    }
    rmSync(configDir, { recursive: true, force: true });
  };

  const host = `127.0.0.1:${auth}`;
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`firebase emulators:start exited (${child.exitCode}): ${output.trim()}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`not ready within ${READY_WITHIN_MS / 1000} s: ${output.trim()}`);
    }
    const ready = await fetch(`http://${host}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { host, stop };
    await pause(250);
  }
}
