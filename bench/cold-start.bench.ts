/**
 * The first visitor after idle (issue 24): a fresh functions process, from its start to the first
 * rendered home page, as Cloud Functions starts an instance: Node loads the bundle
 * (functions/lib/index.js, built as `npm start` builds it), the `api` function receives GET /,
 * builds the shop and renders the page. The baseline is the same bundle with what it loaded at
 * start before issue 24 loaded up front: firebase-functions' v2 index (every trigger type), the
 * stripe package, and firebase-admin's Auth, Firestore and Storage clients, which are now loaded
 * where they are first needed. The local mode's SQLite store stands in for Firestore, so neither
 * side pays for Cloud Firestore's client (which a production instance loads for its first page).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isUpToDate, runBuild, START_BUILDS } from '../scripts/builds.js';
import { compare, median, type Benchmark, type Contender, type Sample } from './compare.js';

const LIB = fileURLToPath(new URL('../functions/lib/index.js', import.meta.url));
/** Cold starts per measured round (one to warm up the disk cache). */
const STARTS = 5;

/**
 * The instance: imports the bundle (after `preload`), serves the `api` function on a port and
 * says which; the parent's clock runs from the spawn.
 */
const INSTANCE = (preload: string[]) => `
${preload.map((name) => `await import(${JSON.stringify(name)});`).join('\n')}
const { createServer } = await import('node:http');
const { api } = await import(${JSON.stringify(LIB)});
const server = createServer((req, res) => api(req, res));
server.listen(0, '127.0.0.1', () => console.log('PORT ' + server.address().port));
`;

/** Milliseconds from spawning a process to the end of its first rendered home page. */
async function coldStart(preload: string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', INSTANCE(preload)], {
    cwd: join(LIB, '..', '..'),
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      STORE: 'sqlite',
      SQLITE_PATH: join(dataDir, `shop-${Math.random().toString(36).slice(2)}.sqlite`),
      FILES_DIR: join(dataDir, 'files'),
      TOKEN_SECRET: 'b'.repeat(64),
      GCLOUD_PROJECT: 'demo-sprocket',
      FIREBASE_CONFIG: JSON.stringify({ projectId: 'demo-sprocket' }),
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
      // Cloud Functions names the function an instance serves (functions/src/index.ts).
      FUNCTION_TARGET: 'api',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const found = /PORT (\d+)/.exec(output);
        if (found?.[1]) resolve(found[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`the instance exited (${code}):\n${output}`)));
    });
    const response = await fetch(`http://127.0.0.1:${port}/`);
    const page = await response.text();
    if (response.status !== 200 || !page.includes('id="root"')) {
      throw new Error(`the first home page answered ${response.status}`);
    }
    return performance.now() - started;
  } finally {
    child.kill();
  }
}

function contender(label: string, preload: string[], dataDir: string): Contender {
  return {
    label,
    round: async (kind) => ({
      async measure(): Promise<Sample> {
        const times: number[] = [];
        for (let i = 0; i < (kind === 'warm-up' ? 1 : STARTS); i += 1) {
          times.push(await coldStart(preload, dataDir));
        }
        const seconds = times.reduce((sum, ms) => sum + ms, 0) / 1000;
        const sorted = [...times].sort((a, b) => a - b);
        return {
          count: times.length,
          seconds,
          perSecond: times.length / seconds,
          p50Ms: median(times),
          p99Ms: sorted[sorted.length - 1] ?? 0,
          failures: 0,
        };
      },
    }),
  };
}

export const coldStartBench: Benchmark = {
  name: 'cold-start',
  async run({ settings }) {
    for (const build of START_BUILDS) if (!isUpToDate(build)) runBuild(build);
    const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-cold-start-'));
    try {
      return [
        await compare({
          benchmark: 'cold start',
          name: 'fresh functions process → first rendered home page',
          unit: 'cold starts',
          baseline: contender(
            'everything loaded at start (before)',
            [
              'firebase-functions/v2',
              'stripe',
              'firebase-admin/auth',
              'firebase-admin/firestore',
              'firebase-admin/storage',
            ],
            dataDir,
          ),
          subject: contender('loaded on first use (now)', [], dataDir),
          rounds: settings.rounds,
        }),
      ];
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
