/**
 * The web app's first load (issue 14 item 4): the built web app served as Firebase Hosting serves
 * it (gzip, its cache headers, /api/** and the rendered pages sent to the function, every other
 * path answered with app.html) with the real API and page renderer, opened in Debian's Chromium. It measures the gzip JavaScript loaded before the home
 * page first renders, which code each public page loads (dashboard, payment, Firebase Auth), the
 * layout shift (CLS) of every public page at phone and desktop widths, and Lighthouse's
 * performance score for home, All Parts and a product page, desktop and mobile (median of
 * BENCH_ROUNDS runs, 3 unless set), with the load average at the time (Lighthouse simulates a slow
 * phone from the time tasks took on this machine).
 *
 * The app is built with `node build.mjs --mode emulator` (web/.env.emulator, what `npm start`
 * serves: a production build needs a real Firebase project) into a temporary folder, with hidden
 * source maps that tell which sources each chunk holds. BENCH_WEB_DIST names a folder built that
 * way (holding dist/ and dist-server/) to skip the build.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { ASSET_TYPES, isRenderedPage } from '../functions/src/http/pages.js';
import { median, type Benchmark, type Check, type Figure, type Outcome } from './compare.js';
import { loadLighthouse, type Lighthouse } from './lighthouse.js';
import { openShop, serveShop } from './shop.js';

const WEB = fileURLToPath(new URL('../web/', import.meta.url));
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const PART_ID = 'velotrack-cx12-chain';
/** The built app's page, which Hosting answers every other page with (web/vite.config.ts). */
const APP_HTML = 'app.html';

/** Pages anyone can open without signing in (docs/product.md §2.1). */
const PUBLIC_PAGES: { name: string; path: string }[] = [
  { name: 'home', path: '/' },
  { name: 'All Parts', path: '/parts' },
  { name: 'a part', path: `/parts/${PART_ID}` },
  { name: 'All Reviews', path: '/reviews' },
  { name: 'Blogs', path: '/blogs' },
  { name: 'cart', path: '/cart' },
  { name: 'login', path: '/login' },
  { name: 'sign-up', path: '/signup' },
  { name: 'not found', path: '/no-such-page' },
];
/** Home, All Parts and a product page (issue 35 item 8: mobile ≥ 95 on each). */
const LIGHTHOUSE_PAGES = PUBLIC_PAGES.slice(0, 3);
const VIEWPORTS = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];

/** Code a visitor's browser must never download (sources as the source maps name them). */
const NEVER_ON_PUBLIC_PAGES: { name: string; source: RegExp }[] = [
  { name: 'dashboard', source: /\/src\/app\/routes\/dashboard\// },
  { name: 'payment', source: /\/src\/features\/payments\/|\/node_modules\/@stripe\// },
];
const FIREBASE_AUTH = /\/node_modules\/@firebase\/auth\//;
/**
 * The contract's schemas, which yup builds as their modules load: the pages Lighthouse measures
 * show no form and must not evaluate them (docs/decisions/112).
 */
const SCHEMAS = /\/node_modules\/yup\//;

/** Issue 14 item 4's goals, with issue 35 item 8's for phones (Lighthouse mobile ≥ 95). */
const JS_GOAL_KB = 150;
const CLS_GOAL = 0.1;
const LIGHTHOUSE_GOALS = { desktop: 95, mobile: 95 } as const;
/** Issue 23: the controls of home, All Parts and a product page work within 3.5 s on a phone. */
const CONTROLS_GOAL_MS = 3500;

// ---------------------------------------------------------------------------------------------
// The build and the server.

/**
 * The web app and the server's page renderer, built as `npm run build -w web` builds them, in a
 * folder holding dist/ and dist-server/ (BENCH_WEB_DIST names one already built, web/ say).
 */
function buildWeb(): { dist: string; server: string; cleanUp(): void } {
  const given = process.env.BENCH_WEB_DIST;
  const out = given ?? mkdtempSync(join(tmpdir(), 'sprocket-first-load-'));
  const [dist, server] = [join(out, 'dist'), join(out, 'dist-server')];
  if (given) return { dist, server, cleanUp: () => undefined };
  const build = spawnSync(
    'node',
    [
      'build.mjs',
      '--mode',
      'emulator',
      '--out-dir',
      dist,
      '--server-out-dir',
      server,
      '--sourcemap',
      'hidden',
    ],
    { cwd: WEB, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (build.status !== 0) throw new Error('the web build failed');
  return { dist, server, cleanUp: () => rmSync(out, { recursive: true, force: true }) };
}

/** For each built chunk (/assets/x.js), the sources its source map lists. */
function chunkSources(dist: string): Map<string, string[]> {
  const assets = join(dist, 'assets');
  const sources = new Map<string, string[]>();
  for (const file of readdirSync(assets)) {
    if (!file.endsWith('.js.map')) continue;
    const map = JSON.parse(readFileSync(join(assets, file), 'utf8')) as { sources: string[] };
    sources.set(`/assets/${file.slice(0, -'.map'.length)}`, map.sources);
  }
  return sources;
}

/** As Hosting serves them: the web build's files, and the pages and icons beside them. */
const CONTENT_TYPES: Record<string, string> = {
  ...ASSET_TYPES,
  '.html': 'text/html; charset=utf-8',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = /^(text\/|image\/svg|application\/json)/;

/** firebase.json's hosting headers that apply to every path (the CSP among them). */
function hostingHeaders(): Record<string, string> {
  const config = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
    hosting: { headers: { source?: string; headers: { key: string; value: string }[] }[] };
  };
  const everywhere = config.hosting.headers.find((rule) => rule.source === '**')!;
  const headers = Object.fromEntries(everywhere.headers.map((h) => [h.key, h.value]));
  // The emulator build talks to the Auth emulator's origin, as `npm start` allows it (suite.ts).
  headers['Content-Security-Policy'] = headers['Content-Security-Policy']!.replace(
    /connect-src ([^;]*)/,
    'connect-src $1 http://127.0.0.1:9099',
  );
  return headers;
}

interface Site {
  url: string;
  close(): Promise<void>;
}

/**
 * The built app as Hosting serves it: files from dist with gzip when the browser accepts it,
 * immutable caching for /assets/, app.html (no-cache) for any other path that names no file,
 * and /api/** to the shop (its answers gzipped too, as Hosting's CDN does).
 */
export async function serveSite(dist: string, renderer: string): Promise<Site> {
  // Where the shop's API answers, once this server has its address (below): no request comes
  // before.
  let apiUrl = '';
  const headers = hostingHeaders();
  const server = createServer((req, res) => {
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const send = (status: number, head: Record<string, string>, body: Buffer) => {
      if (gzip && COMPRESSIBLE.test(head['content-type'] ?? '') && body.length > 0) {
        body = gzipSync(body, { level: 9 });
        head = { ...head, 'content-encoding': 'gzip', vary: 'Accept-Encoding' };
      }
      res.writeHead(status, { ...head, 'content-length': String(body.length) });
      res.end(body);
    };
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Hosting serves a file it has first, then applies the rewrites (firebase.json).
    const file = normalize(join(dist, decodeURIComponent(url.pathname)));
    const isFile = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    if (!isFile && (url.pathname.startsWith('/api/') || isRenderedPage(url.pathname))) {
      // Hosting's rewrites to the function: the request as it came, the answer compressed.
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const forwarded = Object.entries(req.headers).filter(
          ([name]) => !['host', 'connection', 'accept-encoding'].includes(name),
        ) as [string, string][];
        const answer = await fetch(`${apiUrl}${req.url}`, {
          method: req.method,
          headers: forwarded,
          body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
        });
        const head = Object.fromEntries(
          [...answer.headers].filter(
            ([name]) =>
              !['content-length', 'connection', 'keep-alive', 'transfer-encoding', 'date'].includes(
                name,
              ),
          ),
        );
        send(answer.status, head, Buffer.from(await answer.arrayBuffer()));
      })().catch((error: unknown) => {
        res.writeHead(502);
        res.end(String(error));
      });
      return;
    }
    const path = isFile ? file : join(dist, APP_HTML);
    send(
      200,
      {
        ...headers,
        'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
        'cache-control': url.pathname.startsWith('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      },
      readFileSync(path),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The parts' pictures on the shop's own origin, as Hosting serves them in production: by
  // default the API names the local suite's Hosting emulator, which is not running here, and
  // every picture failed and was replaced by its placeholder as the page hydrated.
  const shop = await openShop({
    env: { TOKEN_SECRET: randomBytes(32).toString('hex'), SHOP_PUBLIC_URL: url },
  });
  const api = await serveShop(shop.app, {
    renderer: pathToFileURL(join(renderer, 'entry-server.js')),
    page: pathToFileURL(join(dist, APP_HTML)),
  });
  apiUrl = api.url;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await api.close();
      await shop.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// One page in Chromium.

/** What the page itself records (see PAGE_PROBE). */
interface PageRecord {
  /** When the route's screen first rendered: its h1 appeared (ms since navigation). */
  firstRenderMs: number | null;
  /**
   * When the page's controls that need JavaScript first worked (home's carousel arrows, All Parts'
   * filters, the phone menu): `<html data-hydrated>`, set once React has taken over a page the
   * server rendered (lib/use-hydrated.ts, lib/page-state.ts), or rendered it itself. Links and
   * forms (Buy Now, Add to cart) work from the first paint.
   */
  interactiveMs: number | null;
  /**
   * When the page's own controls were there to use (CONTROLS): links and forms, from the server's
   * HTML, before any script (docs/decisions/058; e2e/before-scripts.spec.ts uses them so).
   */
  controlsMs: number | null;
  shifts: { value: number; startTime: number }[];
  scripts: { url: string; responseEnd: number; encodedBodySize: number }[];
}

/**
 * The controls of the pages Lighthouse measures, as they work before the scripts have run: home's
 * Next slide (a link), All Parts' filters (a form and its Apply button), a product page's Add to
 * cart (a form to the cart).
 */
const CONTROLS = [
  '[aria-label="Next slide"]:not([disabled])',
  '#catalogue-filters-form button[type="submit"]:not([disabled])',
  'form[action="/cart"] button[type="submit"]:not([disabled])',
].join(', ');

/**
 * Runs in the page before its own scripts: records layout shifts (not those right after input),
 * the moment the screen's h1 first appears in <main>, and the moment home's controls work.
 */
const PAGE_PROBE = `
  window.__firstLoad = { firstRenderMs: null, interactiveMs: null, controlsMs: null, shifts: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__firstLoad.shifts.push({ value: entry.value, startTime: entry.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  const seen = () => {
    if (window.__firstLoad.firstRenderMs === null && document.querySelector('main h1')) {
      window.__firstLoad.firstRenderMs = performance.now();
    }
    if (window.__firstLoad.controlsMs === null && document.querySelector(${JSON.stringify(CONTROLS)})) {
      window.__firstLoad.controlsMs = performance.now();
    }
    if (window.__firstLoad.interactiveMs === null && document.documentElement.hasAttribute('data-hydrated')) {
      window.__firstLoad.interactiveMs = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['data-hydrated'],
  });
`;

/** What the probe recorded, with every script the page requested (bench/ has no DOM types). */
const COLLECT = `({
  ...window.__firstLoad,
  scripts: performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
    .map((entry) => ({
      url: new URL(entry.name).pathname,
      responseEnd: entry.responseEnd,
      encodedBodySize: entry.encodedBodySize,
    })),
})`;

/** CLS as the browsers report it: the largest session window (gaps < 1 s, at most 5 s). */
export function cumulativeLayoutShift(shifts: { value: number; startTime: number }[]): number {
  let largest = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const shift of [...shifts].sort((a, b) => a.startTime - b.startTime)) {
    if (window > 0 && shift.startTime - last < 1000 && shift.startTime - first < 5000) {
      window += shift.value;
    } else {
      window = shift.value;
      first = shift.startTime;
    }
    last = shift.startTime;
    largest = Math.max(largest, window);
  }
  return largest;
}

/**
 * Lighthouse's mobile throttling (its `mobileSlow4G` settings: 150 ms round trips, 1.6 Mbit/s
 * down, 750 kbit/s up, a CPU four times slower) applied to the browser itself, as Lighthouse's
 * "devtools" throttling applies it: the request latency and throughputs with the factors it uses
 * (3.75 and 0.9), so that what is measured is the page really loading that slowly.
 */
const MOBILE_THROTTLING = {
  latency: 150 * 3.75,
  downloadThroughput: (1638.4 * 0.9 * 1024) / 8,
  uploadThroughput: (750 * 0.9 * 1024) / 8,
  cpuSlowdown: 4,
};

async function openPage(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  { throttled = false } = {},
): Promise<PageRecord> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: MOBILE_THROTTLING.latency,
        downloadThroughput: MOBILE_THROTTLING.downloadThroughput,
        uploadThroughput: MOBILE_THROTTLING.uploadThroughput,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
    }
    await page.addInitScript(PAGE_PROBE);
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    // On a throttled phone the scripts may still be taking the page over once the network rests.
    if (throttled)
      await page.waitForSelector('html[data-hydrated]', { state: 'attached', timeout: 60_000 });
    // What is loaded when the browser is idle (Firebase Auth, say) counts too.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    return (await page.evaluate(COLLECT)) as PageRecord;
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse.

interface LighthouseRun {
  score: number;
  metrics: Record<string, number>;
  /** Lighthouse's own measure of this machine's speed as it ran (docs/decisions/123). */
  benchmarkIndex: number;
}

const LIGHTHOUSE_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

async function runLighthouse(
  { lighthouse, desktopConfig }: Lighthouse,
  port: number,
  url: string,
  formFactor: 'desktop' | 'mobile',
): Promise<LighthouseRun> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const metrics: Record<string, number> = {};
  for (const id of LIGHTHOUSE_METRICS) metrics[id] = lhr.audits[id]?.numericValue ?? NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    metrics,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const firstLoad: Benchmark = {
  name: 'first-load',
  async run({ settings }) {
    const { dist, server, cleanUp } = buildWeb();
    const sources = chunkSources(dist);
    const holds = (script: string, pattern: RegExp) =>
      (sources.get(script) ?? []).some((source) => pattern.test(source));
    const site = await serveSite(dist, server);
    const outcomes: Outcome[] = [];
    const figure = (
      name: string,
      measured: string,
      goal: { text: string; met: boolean } | null,
      rounds: number[] = [],
      checks: Check[] = [],
    ): Figure => ({ benchmark: 'first-load', name, measured, goal, rounds, checks });
    try {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
      try {
        // JavaScript before the home page first renders, at either width (the median of the rounds).
        const before: number[] = [];
        const beforeFiles: number[] = [];
        const toInteractive: number[] = [];
        let critical: string[] = [];
        for (let round = 0; round < settings.rounds; round += 1) {
          const record = await openPage(browser, `${site.url}/`, VIEWPORTS[1]!);
          if (record.firstRenderMs === null) throw new Error('The home page never rendered its h1');
          if (record.interactiveMs === null) throw new Error('The home page never came to life');
          const interactive = record.interactiveMs;
          toInteractive.push(
            record.scripts
              .filter((s) => s.responseEnd < interactive)
              .reduce((sum, s) => sum + s.encodedBodySize, 0),
          );
          // Loaded before it: what a script still arriving then cannot have held up.
          const early = record.scripts.filter((s) => s.responseEnd < record.firstRenderMs!);
          before.push(early.reduce((sum, s) => sum + s.encodedBodySize, 0));
          beforeFiles.push(early.length);
          critical = early.map((s) => s.url);
        }
        const authEarly = critical.some((script) => holds(script, FIREBASE_AUTH));
        outcomes.push(
          figure(
            'home: JavaScript before first render, gzip',
            `${kb(median(before))} in ${median(beforeFiles)} files`,
            { text: `≤ ${JS_GOAL_KB} KB`, met: median(before) <= JS_GOAL_KB * 1024 },
            before,
          ),
          figure(
            'home: JavaScript until the scripts take over, gzip',
            kb(median(toInteractive)),
            null,
            toInteractive,
          ),
          figure('home: Firebase Auth before first render', authEarly ? 'yes' : 'no', {
            text: 'no (off the critical path)',
            met: !authEarly,
          }),
        );

        // Every public page at both widths: its layout shift and the code it loaded.
        const forbidden = new Map<string, Set<string>>();
        const schemasOn = new Set<string>();
        for (const page of PUBLIC_PAGES) {
          const shifts: string[] = [];
          let worst = 0;
          for (const viewport of VIEWPORTS) {
            const record = await openPage(browser, `${site.url}${page.path}`, viewport);
            const cls = cumulativeLayoutShift(record.shifts);
            worst = Math.max(worst, cls);
            shifts.push(`${cls.toFixed(3)} ${viewport.name}`);
            for (const { name, source } of NEVER_ON_PUBLIC_PAGES) {
              if (record.scripts.some((s) => holds(s.url, source))) {
                forbidden.set(name, (forbidden.get(name) ?? new Set()).add(page.path));
              }
            }
            if (
              LIGHTHOUSE_PAGES.includes(page) &&
              record.scripts.some((s) => holds(s.url, SCHEMAS))
            ) {
              schemasOn.add(page.path);
            }
          }
          outcomes.push(
            figure(`${page.name} (${page.path}): CLS`, shifts.join(', '), {
              text: `≤ ${CLS_GOAL}`,
              met: worst <= CLS_GOAL,
            }),
          );
        }
        // On a throttled phone: when the page's controls are there to use (links and forms from
        // the server's HTML), and when its scripts have taken it over.
        for (const page of LIGHTHOUSE_PAGES) {
          const usable: number[] = [];
          const hydrated: number[] = [];
          for (let round = 0; round < settings.rounds; round += 1) {
            const record = await openPage(browser, `${site.url}${page.path}`, VIEWPORTS[0]!, {
              throttled: true,
            });
            if (record.controlsMs === null || record.interactiveMs === null) {
              throw new Error(`${page.path} never showed its controls on a throttled phone`);
            }
            usable.push(record.controlsMs);
            hydrated.push(record.interactiveMs);
          }
          const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
          outcomes.push(
            figure(
              `${page.name}: controls work, phone on Lighthouse's mobile throttling`,
              `${seconds(median(usable))} (scripts take over at ${seconds(median(hydrated))})`,
              { text: `≤ ${seconds(CONTROLS_GOAL_MS)}`, met: median(usable) <= CONTROLS_GOAL_MS },
              usable,
            ),
          );
        }
        outcomes.push(
          figure(
            'the contract’s schemas (yup) on home, All Parts, a product page',
            schemasOn.size > 0 ? `loaded on ${[...schemasOn].join(', ')}` : 'never loaded',
            { text: 'never loaded', met: schemasOn.size === 0 },
          ),
        );
        for (const { name } of NEVER_ON_PUBLIC_PAGES) {
          const pages = forbidden.get(name);
          outcomes.push(
            figure(
              `${name} code on public pages`,
              pages ? `loaded on ${[...pages].join(', ')}` : 'never loaded',
              { text: 'never loaded', met: !pages },
            ),
          );
        }
      } finally {
        await browser.close();
      }

      // Lighthouse, performance category, in a Chromium of its own.
      const tools = await loadLighthouse();
      const chrome = await tools.launchChrome({
        chromePath: CHROMIUM,
        chromeFlags: CHROMIUM_FLAGS,
      });
      try {
        for (const page of LIGHTHOUSE_PAGES) {
          for (const formFactor of ['desktop', 'mobile'] as const) {
            const runs: LighthouseRun[] = [];
            for (let round = 0; round < settings.rounds; round += 1) {
              runs.push(
                await runLighthouse(tools, chrome.port, `${site.url}${page.path}`, formFactor),
              );
            }
            const score = median(runs.map((run) => run.score));
            const metric = (id: (typeof LIGHTHOUSE_METRICS)[number]) =>
              median(runs.map((run) => run.metrics[id]!));
            const goal = LIGHTHOUSE_GOALS[formFactor];
            outcomes.push(
              figure(
                `${page.name}: Lighthouse ${formFactor}`,
                `${score} (FCP ${(metric('first-contentful-paint') / 1000).toFixed(1)} s, ` +
                  `LCP ${(metric('largest-contentful-paint') / 1000).toFixed(1)} s, ` +
                  `TBT ${Math.round(metric('total-blocking-time'))} ms, ` +
                  `CLS ${metric('cumulative-layout-shift').toFixed(3)}; ` +
                  `benchmarkIndex ${Math.round(median(runs.map((run) => run.benchmarkIndex)))}, ` +
                  `load average ${loadavg()[0]!.toFixed(1)})`,
                { text: `≥ ${goal}`, met: score >= goal },
                runs.map((run) => run.score),
              ),
            );
          }
        }
      } finally {
        chrome.kill();
      }
    } finally {
      await site.close();
      cleanUp();
    }
    return outcomes;
  },
};
