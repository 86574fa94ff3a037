/**
 * Runs a command against a fresh local suite (its own temporary data directory) and stops the
 * suite afterwards: `tsx scripts/with-suite.ts vitest run --project e2e`. Expects `npm run build`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSuite } from './suite.js';

const [command, ...args] = process.argv.slice(2);
if (!command) throw new Error('usage: tsx scripts/with-suite.ts <command> [args...]');

const dataDir = mkdtempSync(join(tmpdir(), 'sprocket-suite-'));
const suite = await startSuite({ dataDir, persistAuth: false, verbose: false });
console.info(`Suite running at ${suite.url} (data in ${dataDir})`);

const child = spawn('npx', [command, ...args], {
  stdio: 'inherit',
  env: { ...process.env, SHOP_URL: suite.url, SPROCKET_DATA_DIR: dataDir },
});
const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await suite.stop();
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
