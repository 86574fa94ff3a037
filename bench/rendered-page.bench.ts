/**
 * A product page as the CDN serves it (issue 23 item 5, docs/decisions/056): rendered by the
 * function on every request, against served warm by a cache in front that keeps it as its
 * Cache-Control allows (`s-maxage`), as Firebase Hosting's CDN does. The page is the seeded
 * chain's, rendered with the web build `npm start` serves (built here when it is out of date).
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isUpToDate, runBuild, START_BUILDS } from '../scripts/builds.js';
import { compare, type Benchmark, type Check } from './compare.js';
import { timedLoad } from './load.js';
import { openShop, serveShop, type Served } from './shop.js';

const PART_PATH = '/parts/velotrack-cx12-chain';
const WEB = fileURLToPath(new URL('../web/', import.meta.url));

interface Kept {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  until: number;
}

/** A shared cache in front of `origin`: what a response's s-maxage allows, kept in memory. */
async function serveThroughCache(origin: string): Promise<Served> {
  const kept = new Map<string, Kept>();
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    const hit = kept.get(url);
    if (hit && hit.until > Date.now()) {
      res.writeHead(hit.status, hit.headers);
      res.end(hit.body);
      return;
    }
    void (async () => {
      const answer = await fetch(`${origin}${url}`);
      const body = Buffer.from(await answer.arrayBuffer());
      const headers = {
        'content-type': answer.headers.get('content-type') ?? 'text/html',
        'cache-control': answer.headers.get('cache-control') ?? '',
      };
      const seconds = Number(/s-maxage=(\d+)/.exec(headers['cache-control'])?.[1] ?? 0);
      if (answer.ok && seconds > 0) {
        kept.set(url, { status: answer.status, headers, body, until: Date.now() + seconds * 1000 });
      }
      res.writeHead(answer.status, headers);
      res.end(body);
    })();
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const renderedPage: Benchmark = {
  name: 'rendered-page',
  async run({ settings, loader }) {
    for (const build of START_BUILDS) if (!isUpToDate(build)) runBuild(build);
    const shop = await openShop({
      env: { TOKEN_SECRET: randomBytes(32).toString('hex'), SHOP_CACHE_MAX_AGE_SECONDS: '60' },
    });
    const function_ = await serveShop(shop.app, {
      renderer: pathToFileURL(`${WEB}dist-server/entry-server.js`),
      page: pathToFileURL(`${WEB}dist/app.html`),
    });
    const cdn = await serveThroughCache(function_.url);
    try {
      const page = await fetch(`${cdn.url}${PART_PATH}`);
      const html = await page.text();
      const checks: Check[] = [
        {
          ok: page.status === 200 && html.includes('Velotrack CX12'),
          note: 'the product page is rendered with its part',
        },
        {
          ok: /public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+/.test(
            page.headers.get('cache-control') ?? '',
          ),
          note: `the page may be kept by the CDN (${page.headers.get('cache-control')})`,
        },
      ];
      const load = (label: string, url: string) =>
        timedLoad(
          label,
          loader,
          { url, requests: [{ method: 'GET', path: PART_PATH }], expectStatus: 200 },
          settings,
        );
      const comparison = await compare({
        benchmark: 'rendered page',
        name: `GET ${PART_PATH} (a product page)`,
        unit: 'pages',
        baseline: load('rendered by the function each time', function_.url),
        subject: load('served warm by the CDN', cdn.url),
        rounds: settings.rounds,
      });
      return [{ ...comparison, checks: [...comparison.checks, ...checks] }];
    } finally {
      await cdn.close();
      await function_.close();
      await shop.close();
    }
  },
};
