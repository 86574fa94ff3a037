/**
 * GET /api/parts and GET /api/parts/{id} through the real app (Hono + SQLite store, seeded
 * catalogue) against a baseline in the same run: a bare node:http server answering the same
 * bytes from memory, the floor any Node HTTP API can reach on this machine. Bounded: a fixed
 * number of requests per case, loopback only. Run with `npm run bench -w bench`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../functions/src/app.js';
import { loadConfig } from '../functions/src/config.js';
import { gatewayFromConfig } from '../functions/src/payments/gateway-from-config.js';
import { seedStore } from '../functions/src/seed/seed-store.js';
import { openSqliteStore } from '../functions/src/store/sqlite/sqlite-store.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Result {
  name: string;
  perSecond: number;
  p50: number;
  p95: number;
}

async function load(name: string, url: string): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next += 1;
        const t = performance.now();
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { name, perSecond: REQUESTS / seconds, p50: at(0.5), p95: at(0.95) };
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

const dir = mkdtempSync(join(tmpdir(), 'sprocket-bench-'));
const store = openSqliteStore(join(dir, 'bench.sqlite'));
await seedStore(store);
const config = loadConfig({
  STORE: 'sqlite',
  SQLITE_PATH: join(dir, 'bench.sqlite'),
  TOKEN_SECRET: 'x'.repeat(32),
});
const clock = () => new Date();
const app = createApp({
  store,
  config,
  // Public reads only: no token is ever verified.
  identity: {
    verifyIdToken: async () => null,
    setAdminClaim: async () => undefined,
  },
  clock,
  payments: gatewayFromConfig(config, store, clock),
});
const appServer = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
await new Promise((r) => appServer.once('listening', r));
const appUrl = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}/api`;

const listBody = Buffer.from(await (await fetch(`${appUrl}/parts`)).arrayBuffer());
const oneBody = Buffer.from(
  await (await fetch(`${appUrl}/parts/velotrack-cx12-chain`)).arrayBuffer(),
);
const baseline = createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(req.url === '/parts' ? listBody : oneBody);
});
const baseUrl = `http://127.0.0.1:${await listen(baseline)}`;

const results: Result[] = [];
for (const [path, label] of [
  ['/parts', 'GET /parts (27 parts)'],
  ['/parts/velotrack-cx12-chain', 'GET /parts/{id}'],
] as const) {
  await load('warm-up', `${appUrl}${path}`);
  results.push(await load(`baseline ${label}`, `${baseUrl}${path}`));
  results.push(await load(`app      ${label}`, `${appUrl}${path}`));
}

console.info(`${REQUESTS} requests per case, concurrency ${CONCURRENCY}`);
for (const r of results) {
  console.info(
    `${r.name.padEnd(36)} ${r.perSecond.toFixed(0).padStart(7)} req/s  p50 ${r.p50.toFixed(2)} ms  p95 ${r.p95.toFixed(2)} ms`,
  );
}
for (let i = 0; i < results.length; i += 2) {
  const [base, ours] = [results[i]!, results[i + 1]!];
  console.info(
    `${ours.name.trim()}: ${((ours.perSecond / base.perSecond) * 100).toFixed(0)}% of the baseline's throughput`,
  );
}
appServer.close();
baseline.close();
await store.close();
rmSync(dir, { recursive: true, force: true });
