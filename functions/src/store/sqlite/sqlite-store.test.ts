import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStoreContract } from '../contract.js';
import { openSqliteStore } from './sqlite-store.js';

const dir = mkdtempSync(join(tmpdir(), 'sprocket-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeStoreContract('SQLite', async () => openSqliteStore(join(dir, 'contract.sqlite')));

function runWorker(file: string, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, 'decrement-worker.fixture.ts'),
        file,
        String(count),
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`)),
    );
  });
}

describe('storage contract — SQLite across processes', () => {
  it('concurrency: two processes running 50 decrementing transactions each leave the counter at start − 100', async () => {
    const file = join(dir, 'shared.sqlite');
    const store = openSqliteStore(file);
    await store.set('counters', 'c', { value: 500 });
    await Promise.all([runWorker(file, 50), runWorker(file, 50)]);
    expect((await store.get('counters', 'c'))?.data).toEqual({ value: 400 });
    await store.close();
  });
});
