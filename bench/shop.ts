/**
 * The shop as the benchmarks run it, built the way functions/src/testing/api-harness.ts builds it
 * (docs/conventions.md §4.1): createApp with a real SQLite file in a temporary folder and the
 * seeded catalogue, served over HTTP on a free loopback port. And the bare node:http servers the
 * baselines run on.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as NodeServer from '@hono/node-server';
import { createApp, shopListener, type ShopApp } from '../functions/src/app.js';
import { localFileStorage } from '../functions/src/files/local.js';
import { pageListener, withRenderedPages, type PageFiles } from '../functions/src/http/pages.js';
import type { Identity } from '../functions/src/auth/identity.js';
import { USERS, userDocId } from '../functions/src/modules/users/users.service.js';
import { loadConfig, type Config } from '../functions/src/config.js';
import { gatewayFromConfig } from '../functions/src/payments/gateway-from-config.js';
import { seedStore } from '../functions/src/seed/seed-store.js';
import { openSqliteStore, type SqliteStore } from '../functions/src/store/sqlite/sqlite-store.js';

/**
 * The functions' own copy of the Node adapter, the one production runs: a plain import from
 * bench/ would find the copy firebase-tools brings to the root, another major version.
 */
const { serve } = createRequire(new URL('../functions/package.json', import.meta.url))(
  '@hono/node-server',
) as typeof NodeServer;

export interface Served {
  /** The origin, http://127.0.0.1:port. */
  url: string;
  close(): Promise<void>;
}

function served(server: Server): Served {
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The load generator keeps its connections alive; close() would wait for them.
        server.closeAllConnections();
      }),
  };
}

/**
 * The shop over HTTP as index.ts serves it: its fast catalogue reads first, then Hono, and with
 * `pages` the rendered public pages in front (functions/src/http/pages.ts).
 */
export async function serveShop(app: ShopApp, pages?: PageFiles): Promise<Served> {
  const api = shopListener(app);
  const listener = pages ? withRenderedPages(api, pageListener(app, pages)) : api;
  const server = createServer(listener).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return served(server);
}

/** A Hono app (the shop mounted in another app) over HTTP through @hono/node-server alone. */
export async function serveApp(fetch: ShopApp['fetch']): Promise<Served> {
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  await once(server, 'listening');
  return served(server);
}

/** A bare node:http server: the floor any Node HTTP API can reach on this machine. */
export async function serveBare(listener: RequestListener): Promise<Served> {
  const server = createServer(listener);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return served(server);
}

/**
 * For benchmarks in which nobody signs in through Firebase: any ID token is refused, and every
 * account the bench signs its own accessTokens for exists (openShop's `customers` hold their
 * addresses), so the account check costs what it costs in production.
 */
const noSignIn: Identity = {
  verifyIdToken: async () => null,
  setAdminClaim: async () => undefined,
  account: async () => ({ disabled: false, emailVerified: true }),
};

export interface Shop {
  app: ShopApp;
  store: SqliteStore;
  config: Config;
  /** Closes the store and deletes its folder; the caller closes the server. */
  close(): Promise<void>;
}

export interface ShopOptions {
  /** Settings as loadConfig reads them; TOKEN_SECRET must be among them. */
  env: Record<string, string>;
  identity?: Identity;
  /** Accounts the bench signs accessTokens for: each holds its address in the shop's users. */
  customers?: readonly { uid: string; email: string }[];
}

export async function openShop(options: ShopOptions): Promise<Shop> {
  const dir = mkdtempSync(join(tmpdir(), 'sprocket-bench-'));
  const file = join(dir, 'shop.sqlite');
  const store = openSqliteStore(file);
  await seedStore(store);
  const joined = new Date().toISOString();
  for (const { uid, email } of options.customers ?? []) {
    await store.set(USERS, userDocId(email), {
      email,
      uid,
      emailVerified: true,
      createdAt: joined,
      lastTokenAt: joined,
    });
  }
  const config = loadConfig({ STORE: 'sqlite', SQLITE_PATH: file, ...options.env });
  const clock = () => new Date();
  const app = createApp({
    store,
    config,
    identity: options.identity ?? noSignIn,
    clock,
    payments: gatewayFromConfig(config, store, clock),
    files: localFileStorage(join(dir, 'files')),
  });
  return {
    app,
    store,
    config,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Headers an HTTP server sets itself: left out of an answer that another server replays. */
const SERVER_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/** An answer of the app as a bare server replays it: its status, its bytes, its own headers. */
export interface RecordedAnswer {
  status: number;
  body: Buffer;
  headers: Record<string, string>;
}

export async function recordAnswer(response: Response): Promise<RecordedAnswer> {
  return {
    status: response.status,
    body: Buffer.from(await response.arrayBuffer()),
    headers: Object.fromEntries(
      [...response.headers].filter(([name]) => !SERVER_HEADERS.has(name)),
    ),
  };
}
