/**
 * The catalogue at scale (issue 25 item 9): 10,000 parts sold in 5 variants each (50,000 variant
 * stock documents, docs/decisions/064) added to the seeded catalogue on a SQLite file, searched,
 * filtered and sorted, and its suggestions asked letter by letter (issue 35 item 6, decision
 * 095), through the real app's in-memory snapshot (docs/decisions/020), against a
 * bare node:http server answering the same bytes and headers from memory; the All Parts page
 * rendered by the function against the same; and the process's memory with the snapshot built,
 * beside the default seeded catalogue's.
 *
 * The snapshot keeps the pages of up to 500 query strings it answered (PAGES_KEPT in
 * catalogue-snapshot.ts) and the fast reads answer those before Hono: one query repeated would
 * measure that cache, not the search. Each case sends many distinct queries in turn, so most of
 * them are searched, filtered, sorted and serialized on every request. The snapshot is kept its
 * default 60 s, so a run that lasts longer sees it loaded again, as production would.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DEFAULT_CATEGORIES } from '@sprocket/contract';
import { PARTS } from '../functions/src/modules/stock/part-record.js';
import { VARIANTS, variantDocId } from '../functions/src/modules/stock/variant-stock.js';
import type { SqliteStore } from '../functions/src/store/sqlite/sqlite-store.js';
import { isUpToDate, runBuild, START_BUILDS } from '../scripts/builds.js';
import {
  compare,
  type Benchmark,
  type Check,
  type Figure,
  type Goal,
  type Outcome,
} from './compare.js';
import { timedLoad } from './load.js';
import {
  openShop,
  recordAnswer,
  serveBare,
  serveShop,
  type RecordedAnswer,
  type Served,
} from './shop.js';

export const SCALE_PARTS = 10_000;
export const VARIANTS_PER_PART = 5;
/** Distinct query strings per case, sent in turn: twice what one snapshot keeps answered. */
const QUERIES_PER_CASE = 1000;
/** Texts typed into the search boxes per case: twice the suggestions one snapshot keeps. */
const SUGGESTIONS_PER_CASE = 4000;
/** Rendered pages are slower to prepare; fewer distinct ones, still past what is kept. */
const PAGES_PER_CASE = 600;
const WEB = fileURLToPath(new URL('../web/', import.meta.url));

/** Issue 25 item 9. */
const SCALE_GOAL: Goal = { text: 'p99 < 50 ms', met: (subject) => subject.p99Ms < 50 };

/** The shop's first categories, which the scale catalogue's parts are filed under. */
const CATEGORY_IDS = DEFAULT_CATEGORIES.map((category) => category.id);

/** Headers Node's HTTP server writes itself, on either side. */
const BRANDS = [
  'Velotrack',
  'Gritline',
  'Perch',
  'Brightlane',
  'Stompa',
  'Cadenza',
  'Ridgeway',
  'Northpass',
  'Quillon',
  'Tarmacco',
  'Fendwell',
  'Sprocketeer',
  'Halcyon',
  'Oxbow',
  'Kestrel',
  'Marlowe',
  'Brisa',
  'Tundra',
  'Corvid',
  'Zephyr',
];

const THINGS: Record<string, { nouns: string[]; option: string; values: string[] }> = {
  drivetrain: {
    nouns: ['Chain', 'Cassette', 'Chainring', 'Derailleur', 'Crankset', 'Bottom Bracket'],
    option: 'Speeds',
    values: ['8-speed', '9-speed', '10-speed', '11-speed', '12-speed'],
  },
  'wheels-and-tyres': {
    nouns: ['Tyre', 'Inner Tube', 'Wheelset', 'Rim Tape', 'Tubeless Valve', 'Front Wheel'],
    option: 'Size',
    values: ['700x25c', '700x28c', '700x32c', '700x40c', '650x47b'],
  },
  brakes: {
    nouns: ['Disc Rotor', 'Brake Pads', 'Caliper', 'Brake Lever', 'Brake Cable', 'Hose Kit'],
    option: 'Size',
    values: ['140 mm', '160 mm', '180 mm', '203 mm', '220 mm'],
  },
  cockpit: {
    nouns: ['Handlebar', 'Stem', 'Bar Tape', 'Grips', 'Headset', 'Spacer Kit'],
    option: 'Width',
    values: ['380 mm', '400 mm', '420 mm', '440 mm', '460 mm'],
  },
  saddles: {
    nouns: ['Saddle', 'Seatpost', 'Seat Clamp', 'Saddle Bag', 'Dropper Post', 'Saddle Cover'],
    option: 'Width',
    values: ['130 mm', '138 mm', '145 mm', '155 mm', '165 mm'],
  },
  pedals: {
    nouns: ['Flat Pedals', 'Clipless Pedals', 'Cleats', 'Toe Clips', 'Pedal Pins', 'Pedal Axle'],
    option: 'Colour',
    values: ['black', 'silver', 'red', 'blue', 'orange'],
  },
  lights: {
    nouns: [
      'Front Light',
      'Rear Light',
      'Light Set',
      'Helmet Light',
      'Dynamo Light',
      'Spoke Light',
    ],
    option: 'Output',
    values: ['200 lm', '400 lm', '800 lm', '1200 lm', '1600 lm'],
  },
  accessories: {
    nouns: ['Bottle Cage', 'Mini Pump', 'Multi-Tool', 'Bell', 'Mudguards', 'Lock'],
    option: 'Colour',
    values: ['black', 'grey', 'green', 'yellow', 'white'],
  },
};

const ADJECTIVES = ['Lightweight', 'Durable', 'Weatherproof', 'Race-ready', 'Touring', 'Commuter'];

/** A deterministic number from 0 to 1 for (i, salt), so every run seeds the same catalogue. */
const unit = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/**
 * Adds `count` parts of `perPart` variants each (their stock documents in partVariants), a few
 * thousand documents per transaction. About one variant in six is sold out.
 */
export async function seedScale(store: SqliteStore, count: number, perPart: number) {
  const chunk = 500;
  for (let start = 0; start < count; start += chunk) {
    await store.runTransaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + chunk); i += 1) {
        const category = CATEGORY_IDS[i % CATEGORY_IDS.length]!;
        const thing = THINGS[category]!;
        const brand = BRANDS[Math.floor(unit(i, 1) * BRANDS.length)]!;
        const noun = thing.nouns[Math.floor(unit(i, 2) * thing.nouns.length)]!;
        const adjective = ADJECTIVES[Math.floor(unit(i, 3) * ADJECTIVES.length)]!;
        const model = `${String.fromCharCode(65 + (i % 26))}${100 + (i % 900)}`;
        const id = `scale-${i}`;
        const base = 500 + Math.floor(unit(i, 4) * 30_000);
        const values = thing.values.slice(0, perPart);
        const variants = values.map((value, v) => ({
          sku: `${id}-${v}`,
          options: { [thing.option]: value },
          price: base + v * 250,
        }));
        tx.set(PARTS, id, {
          productName: `${brand} ${model} ${noun}`,
          img: `/parts/${id}.svg`,
          order: 1,
          quantity: 0,
          price: base,
          description: `${adjective} ${noun.toLowerCase()} by ${brand}, in ${values.join(', ')}. Part ${model} of the ${brand} range, tested for ${1000 + (i % 9000)} km.`,
          category,
          createdAt: new Date(Date.UTC(2025, 5, 1) + i * 60_000).toISOString(),
          options: [{ name: thing.option, values }],
          variants,
        });
        variants.forEach(({ sku }, v) => {
          tx.set(VARIANTS, variantDocId(id, sku), {
            partId: id,
            sku,
            quantity: unit(i * perPart + v, 5) < 1 / 6 ? 0 : 1 + Math.floor(unit(i, 6 + v) * 200),
          });
        });
      }
    });
  }
}

/** Search texts a shopper would type: brands, things, sizes, two words, a typo. */
function searchTexts(): string[] {
  const nouns = [...new Set(Object.values(THINGS).flatMap((t) => t.nouns))];
  const values = [...new Set(Object.values(THINGS).flatMap((t) => t.values))];
  return [
    ...BRANDS.map((b) => b.toLowerCase()),
    ...nouns,
    ...values,
    ...BRANDS.slice(0, 10).map((b, i) => `${b} ${nouns[i % nouns.length]!}`),
    'chian',
    'tyer 700',
    'brake pad',
    'weatherproof light',
  ];
}

/** `count` distinct query strings: the search texts through every sort and the first pages. */
function searchQueries(count: number): string[] {
  const sorts = ['oldest', 'price', '-price', 'name', 'rating', 'newest'];
  const queries: string[] = [];
  for (let page = 1; queries.length < count; page += 1) {
    for (const sort of sorts) {
      for (const text of searchTexts()) {
        queries.push(`?q=${encodeURIComponent(text)}&sort=${sort}&page=${page}`);
      }
    }
  }
  return queries.slice(0, count);
}

/**
 * `count` distinct texts as a shopper types them, letter by letter from the second (what the
 * search boxes ask GET /api/parts/suggest for, decision 095): the search texts, then a brand and
 * a thing. More than the 2,000 a snapshot keeps answered, so about half are worked out each time.
 */
export function typedTexts(count: number): string[] {
  const nouns = [...new Set(Object.values(THINGS).flatMap((t) => t.nouns))];
  const whole = [...searchTexts(), ...BRANDS.flatMap((b) => nouns.map((n) => `${b} ${n}`))];
  const typed = new Set<string>();
  for (const text of whole) {
    for (let end = 2; end <= text.length && typed.size < count; end += 1)
      typed.add(text.slice(0, end).toLowerCase());
  }
  return [...typed].slice(0, count);
}

/** `count` distinct filtered, sorted pages: a category, a lowest price, in stock, by price. */
function filterQueries(count: number): string[] {
  const queries: string[] = [];
  for (let page = 1; queries.length < count; page += 1) {
    for (let minPrice = 0; minPrice < 25_000; minPrice += 500) {
      for (const category of CATEGORY_IDS) {
        queries.push(
          `?category=${category}&minPrice=${minPrice}&inStock=true&sort=price&page=${page}`,
        );
      }
    }
  }
  return queries.slice(0, count);
}

async function answersOf(origin: string, paths: readonly string[]) {
  const answers = new Map<string, RecordedAnswer>();
  for (const path of paths) {
    answers.set(path, await recordAnswer(await fetch(`${origin}${path}`)));
  }
  return answers;
}

/** V8's collector, called to read the heap as it is once garbage is gone. */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function memoryNow(gc: () => void) {
  gc();
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

export const catalogueScale: Benchmark = {
  name: 'catalogue-scale',
  async run({ settings, loader }) {
    const gc = collector();
    const env = () => ({
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      SHOP_CACHE_MAX_AGE_SECONDS: '60',
    });
    const figures: Figure[] = [];
    const figure = (name: string, measured: string, rounds: number[] = []): Figure => ({
      benchmark: 'catalogue-scale',
      name,
      measured,
      goal: null,
      rounds,
      checks: [],
    });

    // The default seeded catalogue, its snapshot built, for comparison.
    const small = await openShop({ env: env() });
    const smallServed = await serveShop(small.app);
    await fetch(`${smallServed.url}/api/parts?q=chain`);
    const before = memoryNow(gc);
    await smallServed.close();
    await small.close();

    const shop = await openShop({ env: env() });
    const served: Served[] = [];
    try {
      let started = performance.now();
      await seedScale(shop.store, SCALE_PARTS, VARIANTS_PER_PART);
      const seedSeconds = (performance.now() - started) / 1000;
      const app = await serveShop(shop.app);
      served.push(app);

      // The first query after the writes loads the snapshot: every part, review and variant.
      started = performance.now();
      const first = await fetch(`${app.url}/api/parts?q=chain`);
      await first.arrayBuffer();
      const loadMs = performance.now() - started;
      const after = memoryNow(gc);
      const total = Number(
        (await fetch(`${app.url}/api/parts?pageSize=1`)).headers.get('x-total-count'),
      );
      started = performance.now();
      await fetch(`${app.url}/api/parts`).then((r) => r.arrayBuffer());
      const wholeMs = performance.now() - started;
      figures.push(
        figure(
          'seeded',
          `${total.toLocaleString('en-US')} parts, ${(SCALE_PARTS * VARIANTS_PER_PART).toLocaleString('en-US')} variants, in ${seedSeconds.toFixed(1)} s`,
        ),
        figure(
          'snapshot load + first search',
          `${loadMs.toFixed(0)} ms (whole GET /api/parts after it ${wholeMs.toFixed(0)} ms)`,
          [loadMs],
        ),
        figure('RSS, snapshot built', `${mb(after.rss)} (default catalogue ${mb(before.rss)})`, [
          after.rss,
          before.rss,
        ]),
        figure(
          'heap used, snapshot built',
          `${mb(after.heapUsed)} (default catalogue ${mb(before.heapUsed)})`,
          [after.heapUsed, before.heapUsed],
        ),
      );
      const checks: Check[] = [
        {
          ok: first.status === 200 && total >= SCALE_PARTS,
          note: `the scaled catalogue answers (${total} parts)`,
        },
      ];

      const cases: { name: string; paths: string[]; unit: string; pages: boolean }[] = [
        {
          name: `GET /api/parts?q=…&sort=…&page=… (${QUERIES_PER_CASE} searches in turn)`,
          paths: searchQueries(QUERIES_PER_CASE).map((q) => `/api/parts${q}`),
          unit: 'requests',
          pages: false,
        },
        {
          name: `GET /api/parts?category=…&minPrice=…&inStock=true&sort=price&page=… (${QUERIES_PER_CASE} in turn)`,
          paths: filterQueries(QUERIES_PER_CASE).map((q) => `/api/parts${q}`),
          unit: 'requests',
          pages: false,
        },
        {
          name: `GET /api/parts/suggest?q=… (${SUGGESTIONS_PER_CASE} texts as typed, in turn)`,
          paths: typedTexts(SUGGESTIONS_PER_CASE).map(
            (q) => `/api/parts/suggest?q=${encodeURIComponent(q)}`,
          ),
          unit: 'requests',
          pages: false,
        },
      ];

      // The rendered All Parts page, when the web build is there or can be made.
      let pagesOrigin: string | undefined;
      try {
        for (const build of START_BUILDS) if (!isUpToDate(build)) runBuild(build);
        const withPages = await serveShop(shop.app, {
          renderer: pathToFileURL(`${WEB}dist-server/entry-server.js`),
          page: pathToFileURL(`${WEB}dist/app.html`),
        });
        served.push(withPages);
        pagesOrigin = withPages.url;
        cases.push({
          name: `GET /parts?category=…&minPrice=…&inStock=true&sort=price&page=… (All Parts, ${PAGES_PER_CASE} in turn)`,
          paths: filterQueries(PAGES_PER_CASE).map((q) => `/parts${q}`),
          unit: 'pages',
          pages: true,
        });
      } catch (error) {
        checks.push({
          ok: true,
          note: `the All Parts page was not measured: ${error instanceof Error ? error.message : String(error)}`,
        });
      }

      const outcomes: Outcome[] = [];
      for (const spec of cases) {
        const origin = spec.pages ? pagesOrigin! : app.url;
        const answers = await answersOf(origin, spec.paths);
        const failed = [...answers].filter(([, a]) => a.status !== 200);
        checks.push({
          ok: failed.length === 0,
          note: `${spec.name}: every query answers 200${failed.length ? ` (not ${failed[0]![0]})` : ''}`,
        });
        const bytes = [...answers.values()].map((a) => a.body.length);
        figures.push(
          figure(
            `${spec.pages ? 'All Parts page' : 'answer'} size, ${spec.paths[0]!.split('?')[0]}?…`,
            `${(bytes.reduce((sum, n) => sum + n, 0) / bytes.length / 1024).toFixed(1)} KiB on average, ${(Math.max(...bytes) / 1024).toFixed(1)} KiB at most`,
          ),
        );
        const bare = await serveBare((req, res) => {
          const answer = answers.get(req.url ?? '')!;
          res.writeHead(answer.status, answer.headers);
          res.end(answer.body);
        });
        served.push(bare);
        // Headers given, even none: the load generator builds each of several requests from them.
        const requests = spec.paths.map((path) => ({ method: 'GET' as const, path, headers: {} }));
        const load = { requests, expectStatus: 200 };
        outcomes.push(
          await compare({
            benchmark: 'catalogue-scale',
            name: spec.name,
            unit: spec.unit,
            baseline: timedLoad(
              'bare node:http, same bytes and headers',
              loader,
              { ...load, url: bare.url },
              settings,
            ),
            subject: timedLoad(
              spec.pages ? 'rendered by the function' : 'app',
              loader,
              { ...load, url: origin },
              settings,
            ),
            rounds: settings.rounds,
            goal: SCALE_GOAL,
          }),
        );
      }
      const [head, ...rest] = outcomes;
      return [
        ...(head && 'checks' in head ? [{ ...head, checks: [...head.checks, ...checks] }] : []),
        ...rest,
        ...figures,
      ];
    } finally {
      await Promise.all(served.map((s) => s.close()));
      await shop.close();
    }
  },
};
