/**
 * Catalogue reads through the real app (Hono, the SQLite store, the seeded catalogue) against a
 * bare node:http server answering the same bytes from memory: GET /api/parts and
 * GET /api/parts/{id}. And the body limit's cost on a GET: the same app mounted twice, once with
 * the limit on every request (as app.ts had it) and once without (app.ts now keeps it to the
 * methods with a body).
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { BODY_LIMIT_BYTES } from '../functions/src/app.js';
import type { AppEnv } from '../functions/src/http/app-env.js';
import { compare, type Benchmark, type Goal, type Outcome } from './compare.js';
import { timedLoad } from './load.js';
import {
  openShop,
  recordAnswer,
  serveApp,
  serveBare,
  serveShop,
  type RecordedAnswer,
} from './shop.js';

const PART_ID = 'velotrack-cx12-chain';
/** Headers Node's HTTP server writes itself, on either side. */
/** Issue 14, item 2. */
const READS_GOAL: Goal = {
  text: '≥ 0.8× and p99 < 25 ms',
  met: (subject, ratio) => ratio >= 0.8 && subject.p99Ms < 25,
};

export const catalogue: Benchmark = {
  name: 'catalogue',
  async run({ settings, loader }) {
    const shop = await openShop({ env: { TOKEN_SECRET: randomBytes(32).toString('hex') } });
    const app = await serveShop(shop.app);
    const paths = {
      all: '/api/parts',
      one: `/api/parts/${PART_ID}`,
      filtered: '/api/parts?category=drivetrain&inStock=true&sort=price',
    };
    // What the app answers each path, bytes and headers, for the bare server to answer alike.
    const answers = new Map<string, RecordedAnswer>();
    for (const path of Object.values(paths)) {
      answers.set(path, await recordAnswer(await fetch(`${app.url}${path}`)));
    }
    const bare = await serveBare((req, res) => {
      const answer = answers.get(req.url ?? '')!;
      res.writeHead(200, answer.headers);
      res.end(answer.body);
    });
    const parts = Number(answers.get(paths.all)!.headers['x-total-count']);

    const outcomes: Outcome[] = [];
    for (const [path, name] of [
      [paths.all, `GET /api/parts (${parts} parts)`],
      [paths.one, 'GET /api/parts/{id}'],
      [paths.filtered, 'GET /api/parts?category=…&inStock=…&sort=…'],
    ] as const) {
      const spec = { requests: [{ method: 'GET', path }] as const, expectStatus: 200 };
      outcomes.push(
        await compare({
          benchmark: 'catalogue',
          name,
          unit: 'requests',
          baseline: timedLoad(
            'bare node:http, same bytes and headers',
            loader,
            { ...spec, url: bare.url },
            settings,
          ),
          subject: timedLoad('app', loader, { ...spec, url: app.url }, settings),
          rounds: settings.rounds,
          goal: READS_GOAL,
        }),
      );
    }

    const limitedEverywhere = await serveApp(
      new Hono<AppEnv>().use(bodyLimit({ maxSize: BODY_LIMIT_BYTES })).route('/', shop.app).fetch,
    );
    const limitedWithBodies = await serveApp(new Hono<AppEnv>().route('/', shop.app).fetch);
    const one = {
      requests: [{ method: 'GET', path: `/api/parts/${PART_ID}` }] as const,
      expectStatus: 200,
    };
    outcomes.push(
      await compare({
        benchmark: 'body limit',
        name: 'GET /api/parts/{id}',
        unit: 'requests',
        baseline: timedLoad(
          'limit on every request (before)',
          loader,
          { ...one, url: limitedEverywhere.url },
          settings,
        ),
        subject: timedLoad(
          'limit on POST/PUT/PATCH/DELETE (now)',
          loader,
          { ...one, url: limitedWithBodies.url },
          settings,
        ),
        rounds: settings.rounds,
      }),
    );

    await Promise.all([app, bare, limitedEverywhere, limitedWithBodies].map((s) => s.close()));
    await shop.close();
    return outcomes;
  },
};
