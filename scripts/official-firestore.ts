/**
 * The official Cloud Firestore emulator, where this machine has it: the Google Cloud CLI's
 * component (`google-cloud-cli-firestore-emulator`, under the CLI's `platform/`) run with the
 * `java` on PATH. The API tests and the rules tests run their isolation, atomic-commit and rules
 * cases against it; on a machine without it they report those cases skipped with the reason.
 * firebase-tools would download its own copy, which needs the internet.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../functions/src/testing/free-port.js';

const LAUNCHER = join('platform', 'cloud-firestore-emulator', 'cloud_firestore_emulator');

/** Where the Google Cloud CLI keeps its components, by its own setting and its usual homes. */
function sdkRoots(): string[] {
  const roots = [
    process.env.CLOUDSDK_ROOT_DIR,
    '/usr/lib/google-cloud-sdk',
    '/usr/share/google-cloud-sdk',
  ];
  roots.push(join(homedir(), 'google-cloud-sdk'));
  return roots.filter((root): root is string => Boolean(root));
}

export function officialFirestoreLauncher(): string | undefined {
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status !== 0) return undefined;
  return sdkRoots()
    .map((root) => join(root, LAUNCHER))
    .find((launcher) => existsSync(launcher));
}

export interface RunningFirestore {
  /** host:port, for FIRESTORE_EMULATOR_HOST. */
  host: string;
  stop(): void;
}

/**
 * Starts the emulator (on a free port if none is given); resolves once it answers, else rejects
 * after `startWithinMs` (a minute by default; the JVM's start takes seconds on a quiet machine).
 */
export async function startOfficialFirestore(
  launcher: string,
  { port, startWithinMs = 60_000 }: { port?: number; startWithinMs?: number } = {},
): Promise<RunningFirestore> {
  port ??= await freePort();
  const child: ChildProcess = spawn(launcher, ['start', '--host=127.0.0.1', `--port=${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const stop = () => {
    // The launcher is a shell script that starts java: the whole group goes. A group gone already
    // (the emulator died; one killed by a signal still has a null exitCode) needs nothing.
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`The Firestore emulator did not start in time:\n${log}`));
    }, startWithinMs);
    const watch = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Dev App Server is now running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', watch);
    child.stderr?.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The Firestore emulator exited (${code}):\n${log}`));
    });
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { host: `127.0.0.1:${port}`, stop };
}
