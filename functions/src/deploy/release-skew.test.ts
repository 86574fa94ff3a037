/**
 * Two releases side by side, as a deploy has them (docs/decisions/053): the web app is built
 * twice (the second with another setting, so its hashed files differ), the second build carries
 * the first's files as `npm run deploy` does, and pages rendered by each build's function are
 * loaded, with every script and stylesheet they reach, against the other release's Hosting:
 * Hosting serves its files and, as firebase.json's `/assets/**` rewrite does, sends the ones it
 * lacks to the function.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from '../testing/api-harness.js';
import { carryPreviousRelease, readReleaseList } from './release-assets.js';
import { deadline } from '../../../scripts/test-deadlines.js';
import { serveLocally } from '../testing/serve-locally.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const WEB = join(ROOT, 'web');

let scratch: string;
const servers: Server[] = [];
const functions: Harness[] = [];

/** web/build.mjs into scratch/<name>, with extra settings in its environment. */
function buildWeb(name: string, settings: Record<string, string> = {}): string {
  const out = join(scratch, name);
  const built = spawnSync(
    process.execPath,
    [
      'build.mjs',
      '--mode',
      'emulator',
      '--out-dir',
      join(out, 'dist'),
      '--server-out-dir',
      join(out, 'dist-server'),
    ],
    // NODE_ENV as a deploy builds (vitest sets it to test, which would build React's dev JSX).
    {
      cwd: WEB,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', ...settings },
      timeout: deadline(240_000),
    },
  );
  if (built.status !== 0) throw new Error(`web/build.mjs failed:\n${built.stderr}`);
  return out;
}

/** A release's function: the API with the pages of that build, serving `assets`. */
async function functionOf(build: string, assets: string): Promise<Harness> {
  const api = await startApi({
    // About builds and the files they serve, not the store: it runs once, on SQLite.
    store: 'sqlite',
    pages: {
      renderer: pathToFileURL(join(build, 'dist-server', 'entry-server.js')),
      page: pathToFileURL(join(build, 'dist', 'app.html')),
      assets: pathToFileURL(`${assets}/`),
    },
  });
  functions.push(api);
  return api;
}

/** Hosting with `publicDir`, sending an `/assets/` file it lacks to `fn` (the rewrite). */
async function hostingOf(publicDir: string, fn: Harness): Promise<string> {
  const server = await serveLocally((req, res) => {
    const path = new URL(req.url ?? '/', 'http://hosting').pathname;
    const file = join(publicDir, path);
    if (path.startsWith('/assets/') && !path.includes('..') && existsSync(file)) {
      res.writeHead(200).end(readFileSync(file));
      return;
    }
    void fetch(`${fn.url}${path}`).then(async (answer) => {
      res.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The /assets/ files a text names: src and href in a page, imports in a script. */
const namedAssets = (text: string) =>
  new Set(
    [...text.matchAll(/(?:\/assets\/|\.\/|"assets\/)([\w.-]+\.(?:js|css))/g)].map(
      (m) => m[1] as string,
    ),
  );

/**
 * Loads a rendered page's scripts and stylesheets from `hosting`, and every file they import,
 * lazily or not; answers the ones that failed.
 */
async function loadPage(
  page: string,
  hosting: string,
): Promise<{ loaded: number; failed: string[] }> {
  const queue = [...namedAssets(page)];
  const seen = new Set(queue);
  const failed: string[] = [];
  for (let name = queue.shift(); name; name = queue.shift()) {
    const response = await fetch(`${hosting}/assets/${name}`);
    if (response.status !== 200) {
      failed.push(`${name}: ${response.status}`);
      continue;
    }
    for (const next of namedAssets(await response.text())) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return { loaded: seen.size, failed };
}

let first: string;
let second: string;
let firstFunction: Harness;
let secondFunction: Harness;
/** Hosting's folder after each deploy: the first build; the second with the first's files. */
let firstPublic: string;
let secondPublic: string;

beforeAll(async () => {
  const cache = join(ROOT, 'functions', 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  scratch = mkdtempSync(join(cache, 'sprocket-release-skew-'));
  first = buildWeb('first');
  second = buildWeb('second', { VITE_SHOP_CURRENCY: 'EUR' });
  firstPublic = join(first, 'dist');
  secondPublic = join(scratch, 'second-public');
  cpSync(join(second, 'dist'), secondPublic, { recursive: true });
  await carryPreviousRelease(secondPublic, async (path) => {
    const file = join(firstPublic, path);
    return existsSync(file) ? readFileSync(file) : undefined;
  });
  firstFunction = await functionOf(first, join(firstPublic, 'assets'));
  // functions/build.mjs copies web/dist/assets after the carry: the new function has both.
  secondFunction = await functionOf(second, join(secondPublic, 'assets'));
}, deadline(600_000));

afterAll(async () => {
  for (const server of servers) server.close();
  await Promise.all(functions.map((api) => api.close()));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const renderedHome = async (fn: Harness) => {
  const response = await fetch(`${fn.url}/`);
  expect(response.status).toBe(200);
  return response.text();
};

describe('two releases of the web app', () => {
  it('differ in their hashed files, and each lists only its own', () => {
    const [one, two] = [
      readReleaseList(join(first, 'dist')),
      readReleaseList(join(second, 'dist')),
    ];
    expect(one.assets.length).toBeGreaterThan(5);
    expect(two.assets.filter((name) => !one.assets.includes(name)).length).toBeGreaterThan(0);
    expect(readReleaseList(secondPublic)).toEqual(two);
  });

  it('keep the previous release’s files in the new Hosting folder', () => {
    for (const name of readReleaseList(join(first, 'dist')).assets) {
      expect(existsSync(join(secondPublic, 'assets', name)), name).toBe(true);
    }
  });

  it('load a page the old function rendered from the new Hosting (after the deploy)', async () => {
    const hosting = await hostingOf(secondPublic, secondFunction);
    const { loaded, failed } = await loadPage(await renderedHome(firstFunction), hosting);
    expect(failed).toEqual([]);
    expect(loaded).toBeGreaterThan(3);
  });

  it('load a page the new function rendered from the old Hosting (between the two rollouts)', async () => {
    const hosting = await hostingOf(firstPublic, secondFunction);
    const { loaded, failed } = await loadPage(await renderedHome(secondFunction), hosting);
    expect(failed).toEqual([]);
    expect(loaded).toBeGreaterThan(3);
  });

  it('load a page the new function rendered from the new Hosting', async () => {
    const hosting = await hostingOf(secondPublic, secondFunction);
    const { failed } = await loadPage(await renderedHome(secondFunction), hosting);
    expect(failed).toEqual([]);
  });

  it('answer a file no release has with a 404 from the function, which makes the app reload', async () => {
    const response = await fetch(`${secondFunction.url}/assets/parts-Gone1234.js`);
    expect(response.status).toBe(404);
    const served = await fetch(
      `${secondFunction.url}/assets/${readReleaseList(join(first, 'dist')).assets[0]}`,
    );
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
