/**
 * Test helper run as its own process by seed-store.test.ts: waits for a shared start time so two
 * processes seed the same SQLite file at once, then prints the seeding result as JSON.
 * Usage: tsx seed-race.fixture.ts <sqlite file> <start time in epoch ms>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { seedStore } from './seed-store.js';

const [file, startAt] = process.argv.slice(2);
if (!file || !startAt)
  throw new Error('usage: seed-race.fixture.ts <sqlite file> <start epoch ms>');

const store = openSqliteStore(file);
await sleep(Math.max(0, Number(startAt) - Date.now()));
try {
  process.stdout.write(JSON.stringify(await seedStore(store)));
} finally {
  await store.close();
}
