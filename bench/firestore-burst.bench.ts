/**
 * Bursts on Firestore (issue 34 item 2): the shop on the official Cloud Firestore emulator beside
 * the same shop on SQLite, each built as index.ts builds it (createApp, the store's rate counter on
 * Firestore, the simulated gateway, Firebase Auth through an Auth emulator of the bench's own) and
 * served over HTTP, each sent the same three bursts, every request asked once (a 503 is not asked
 * again: it is what is measured):
 *
 * 1. **Checkouts**: 100 `POST /api/checkout` at once on 10 parts (7 sold as one with 8 units, 3 in
 *    two sizes of 4 units), one discount code limited to 20 uses that a third of them send, half
 *    from guests and half from signed-in accounts. Reported: the answers by status, 5xx and
 *    timeouts, and two sums read back through the API: the stock each part (or size) lost equals
 *    the units of the 201 answers, and the code's uses (`GET /api/admin/discounts`) equal the 201
 *    answers placed with it.
 * 2. **Views**: 200 `POST /api/parts/{id}/views` of one part at once, each from an address of its
 *    own; reported: how many counted, in the answers and in the part's view shards.
 * 3. **Payments**: 50 orders placed (set-up, asked again while busy), then their 50 payments
 *    confirmed at once through the simulated gateway (`POST /api/payments/simulated/confirm`),
 *    whose webhooks mark them paid. Then `GET /api/admin/sales` for the day is read every 100 ms
 *    until its orders and revenue have grown by the 50 orders and the sum of their totalPrice, or
 *    30 s passed (the totals may follow the order's events a while after its transaction):
 *    reported, whether they matched and the lag from the last answer of the burst.
 *
 * One burst each a run (the state they leave is what is checked), SQLite first. Latencies are from
 * sending a request to its whole answer, measured in the bench's process (which also serves both
 * shops; the Firestore emulator runs in its own JVM). Without the official emulator (the Google
 * Cloud CLI's component and java) the cases are reported skipped.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import {
  dayIn,
  type CataloguePart,
  type CheckoutResult,
  type DiscountCode,
  type OrderLine,
  type SalesReport,
} from '@sprocket/contract';
import { createApp } from '../functions/src/app.js';
import { firebaseIdentity } from '../functions/src/auth/identity.js';
import { loadConfig } from '../functions/src/config.js';
import { localFileStorage } from '../functions/src/files/local.js';
import { storeRateCounter } from '../functions/src/http/rate-limit.js';
import {
  VIEW_SHARDS_COLLECTION,
  type ViewShardDoc,
} from '../functions/src/modules/views/product-views.js';
import { gatewayFromConfig } from '../functions/src/payments/gateway-from-config.js';
import { openFirestoreStore } from '../functions/src/store/firestore/firestore-store.js';
import type { Store } from '../functions/src/store/port.js';
import { openSqliteStore } from '../functions/src/store/sqlite/sqlite-store.js';
import {
  officialFirestoreLauncher,
  startOfficialFirestore,
  type RunningFirestore,
} from '../scripts/official-firestore.js';
import { PROJECT_ID, startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import {
  percentile,
  type Benchmark,
  type Check,
  type Comparison,
  type Outcome,
  type Sample,
  type Summary,
} from './compare.js';
import { serveShop, type Served } from './shop.js';

const BENCHMARK = 'firestore burst';
const CHECKOUTS = 100;
const PLAIN_PARTS = 7;
const SIZED_PARTS = 3;
const PLAIN_UNITS = 8;
/** Each size of a sized part: two sizes, so 8 units a part as well. */
const SIZE_UNITS = 4;
const CODE_USES = 20;
const VIEWS = 200;
const PAYMENTS = 50;
/** An answer later than this is a timeout (Cloud Functions' default limit is 60 s). */
const TIMEOUT_MS = 60_000;
/** How long the day's totals are watched for the payments' orders. */
const TOTALS_WITHIN_MS = 30_000;
const ACCOUNTS = Math.max(CHECKOUTS / 2, PAYMENTS);
const delivery = { address: '1 Chainring Road, Gearford', number: '+1 555 0100', country: 'US' };
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer of the shop: its status (or a timeout, or no answer), its body and how long it took. */
interface Answer<T = unknown> {
  status: number | 'timeout' | 'error';
  body: T;
  ms: number;
}

interface Send {
  token?: string;
  json?: unknown;
  /** The caller's network address (the shop stands behind one proxy, SHOP_PROXY_HOPS=1). */
  address: string;
}

async function send<T>(
  url: string,
  method: string,
  path: string,
  options: Send,
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.address };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text.
    }
    return { status: response.status, body: body as T, ms: performance.now() - started };
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      status: timedOut ? 'timeout' : 'error',
      body: String(error) as T,
      ms: performance.now() - started,
    };
  }
}

/** A set-up request, asked again while the shop is busy (503, 429), as a client would. */
async function settled<T>(ask: () => Promise<Answer<T>>, what: string): Promise<Answer<T>> {
  for (let attempt = 1; ; attempt += 1) {
    const answer = await ask();
    if (answer.status !== 503 && answer.status !== 429) return answer;
    if (attempt >= 10) throw new Error(`${what}: still ${answer.status} after ${attempt} tries`);
    await pause(500 + Math.random() * 1000 * attempt);
  }
}

function expectStatus<T>(answer: Answer<T>, status: number, what: string): T {
  if (answer.status !== status) {
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
  }
  return answer.body;
}

const address = (block: number, i: number) => `10.${block}.${i >> 8}.${i & 255}`;

/** An account of the Auth emulator, verified, with its ID token. */
interface Account {
  email: string;
  name: string;
  idToken: string;
  address: string;
}

async function makeAccounts(emulator: string, firebase: App, run: string): Promise<Account[]> {
  const auth = getAuth(firebase);
  const make = async (email: string, name: string, at: string): Promise<Account> => {
    await auth.createUser({
      email,
      password: 'bench-password',
      displayName: name,
      emailVerified: true,
    });
    const response = await fetch(
      `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'bench-password', returnSecureToken: true }),
      },
    );
    const { idToken } = (await response.json()) as { idToken?: string };
    if (!response.ok || !idToken) throw new Error(`Auth emulator sign-in failed for ${email}`);
    return { email, name, idToken, address: at };
  };
  const accounts = [await make(`owner-${run}@bench.test`, 'Bench Owner', address(1, 0))];
  for (let i = 0; i < ACCOUNTS; i += 10) {
    accounts.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, ACCOUNTS - i) }, (_, j) =>
          make(`rider-${i + j}-${run}@bench.test`, `Rider ${i + j}`, address(2, i + j)),
        ),
      )),
    );
  }
  return accounts;
}

/** One side: the shop on one store, served, with its owner's and the riders' accessTokens. */
interface Side {
  label: string;
  store: Store;
  url: string;
  timeZone: string;
  ownerToken: string;
  /** The riders, each with this shop's accessToken. */
  riders: (Account & { token: string })[];
  close(): Promise<void>;
}

async function openSide(
  label: string,
  kind: 'sqlite' | 'firestore',
  firestoreHost: string | undefined,
  firebase: App,
  accounts: Account[],
): Promise<Side> {
  const dir = mkdtempSync(join(tmpdir(), 'sprocket-burst-'));
  const run = randomBytes(4).toString('hex');
  let store: Store;
  let firestoreApp: App | undefined;
  if (kind === 'sqlite') {
    store = openSqliteStore(join(dir, 'shop.sqlite'));
  } else {
    // A project of its own on the emulator, so each run starts empty.
    firestoreApp = initializeApp({ projectId: `demo-burst-${run}` }, `burst-${run}`);
    const db = getFirestore(firestoreApp);
    db.settings({ host: firestoreHost, ssl: false });
    store = openFirestoreStore(db);
  }
  const [owner, ...riders] = accounts;
  const config = loadConfig({
    STORE: kind,
    SQLITE_PATH: join(dir, 'shop.sqlite'),
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    SHOP_ADMIN_EMAILS: owner!.email,
    SIMULATED_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString('hex')}`,
    // The bench's callers come through one proxy, each from the address it names.
    SHOP_PROXY_HOPS: '1',
  });
  const clock = () => new Date();
  const app = createApp({
    store,
    config,
    identity: firebaseIdentity(getAuth(firebase)),
    clock,
    payments: gatewayFromConfig(config, store, clock),
    files: localFileStorage(join(dir, 'files')),
    // As index.ts: on Firestore the limits count in the store, across instances.
    rateCounter: kind === 'firestore' ? storeRateCounter(store) : undefined,
    // As production: on Firestore the orders' events are applied by their trigger, not before
    // the answer (docs/decisions/084).
    orderEvents: kind === 'firestore' ? 'trigger' : 'inline',
  });
  // The trigger's stand-in: Firestore runs it on each new event; here it runs every 200 ms, each
  // run applying whatever waits, as the trigger's runs do.
  let applying = kind === 'firestore';
  const applier = (async () => {
    while (applying) {
      await app.applyOrderEvents();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const served: Served = await serveShop(app);
  const exchange = async (account: Account) => {
    const answer = await settled(
      () =>
        send<{ token: string }>(served.url, 'PUT', `/user/${encodeURIComponent(account.email)}`, {
          token: account.idToken,
          json: { email: account.email },
          address: account.address,
        }),
      `token for ${account.email}`,
    );
    return expectStatus(answer, 200, `token for ${account.email}`).token;
  };
  const ownerToken = await exchange(owner!);
  const tokens: string[] = [];
  for (let i = 0; i < riders.length; i += 10) {
    tokens.push(...(await Promise.all(riders.slice(i, i + 10).map(exchange))));
  }
  return {
    label,
    store,
    url: served.url,
    timeZone: config.timeZone,
    ownerToken,
    riders: riders.map((rider, i) => ({ ...rider, token: tokens[i]! })),
    async close() {
      applying = false;
      await applier;
      await served.close();
      await store.close();
      if (firestoreApp) await deleteApp(firestoreApp);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** How a burst went on one side: its sample (for run.ts's table) and what is checked. */
interface BurstResult {
  sample: Sample;
  check: Check;
  /** Lines of the side-by-side table: [what, figure]. */
  rows: [string, string][];
  details: Record<string, unknown>;
}

/** The answers' sample: all of them per second of the burst, and their latencies. */
function sampleOf(
  answers: Answer[],
  seconds: number,
  unexpected: (status: Answer['status']) => boolean,
): Sample {
  const latencies = Float64Array.from(answers.map((a) => a.ms)).sort();
  const failedAs: Record<string, number> = {};
  for (const { status } of answers) {
    if (unexpected(status)) failedAs[String(status)] = (failedAs[String(status)] ?? 0) + 1;
  }
  const failures = Object.values(failedAs).reduce((sum, n) => sum + n, 0);
  return {
    count: answers.length - failures,
    seconds,
    perSecond: answers.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
    ...(failures > 0 ? { failedAs } : {}),
  };
}

const byStatus = (answers: Answer[]) => {
  const counts: Record<string, number> = {};
  for (const { status } of answers) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
};
const fiveHundreds = (answers: Answer[]) =>
  answers.filter((a) => typeof a.status === 'number' && a.status >= 500).length;
const timeouts = (answers: Answer[]) => answers.filter((a) => a.status === 'timeout').length;
/** Why the 5xx answers failed: `503 "The shop is busy"` and how many, most first. */
const whyFailed = (answers: Answer[]) => {
  const counts = new Map<string, number>();
  for (const { status, body } of answers) {
    if (typeof status !== 'number' || status < 500) continue;
    const message = (body as { error?: { message?: string } })?.error?.message ?? '';
    const why = `${status} "${message}"`;
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([why, n]) => `${n} × ${why}`)
    .join(', ');
};
/** The answers' median and 99th percentile latencies, as the table shows them. */
const p50p99 = (answers: Answer[]) => {
  const sorted = Float64Array.from(answers.map((a) => a.ms)).sort();
  return `${ms(percentile(sorted, 0.5))} / ${ms(percentile(sorted, 0.99))}`;
};
const ms = (value: number) =>
  value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(1)} ms`;

/** Stock keys: a part sold as one, or a size of a sized part. */
type Item = { partId: string; quantity: number; sku?: string };
const keyOf = ({ partId, sku }: { partId: string; sku?: string }) =>
  sku ? `${partId}/${sku}` : partId;

async function stockOf(side: Side, partIds: string[]): Promise<Map<string, number>> {
  const stock = new Map<string, number>();
  for (const id of partIds) {
    const part = expectStatus(
      await settled(
        () => send<CataloguePart>(side.url, 'GET', `/parts/${id}`, { address: address(1, 1) }),
        'part',
      ),
      200,
      `GET /parts/${id}`,
    );
    if (part.variants.length === 0) stock.set(id, part.quantity);
    for (const variant of part.variants)
      stock.set(keyOf({ partId: id, sku: variant.sku }), variant.quantity);
  }
  return stock;
}

async function addPart(side: Side, fields: Record<string, unknown>): Promise<string> {
  const answer = await settled(
    () =>
      send<{ insertedId: string }>(side.url, 'POST', '/parts', {
        token: side.ownerToken,
        address: address(1, 0),
        json: {
          img: '/parts/bench.svg',
          order: 1,
          description: 'A part of the burst bench.',
          category: 'wheels-and-tyres',
          ...fields,
        },
      }),
    'POST /parts',
  );
  return expectStatus(answer, 201, 'POST /parts').insertedId;
}

async function checkoutBurst(side: Side): Promise<BurstResult> {
  const keys: Item[] = [];
  const partIds: string[] = [];
  for (let i = 0; i < PLAIN_PARTS; i += 1) {
    const id = await addPart(side, {
      productName: `Burst part ${i}`,
      price: 1000 + 250 * i,
      quantity: PLAIN_UNITS,
    });
    partIds.push(id);
    keys.push({ partId: id, quantity: 1 });
  }
  for (let i = 0; i < SIZED_PARTS; i += 1) {
    const id = await addPart(side, {
      productName: `Burst tyre ${i}`,
      options: [{ name: 'Size', values: ['700x28c', '700x32c'] }],
      variants: [
        { sku: `B${i}-28`, options: { Size: '700x28c' }, price: 3999, quantity: SIZE_UNITS },
        { sku: `B${i}-32`, options: { Size: '700x32c' }, price: 4299, quantity: SIZE_UNITS },
      ],
    });
    partIds.push(id);
    keys.push(
      { partId: id, quantity: 1, sku: `B${i}-28` },
      { partId: id, quantity: 1, sku: `B${i}-32` },
    );
  }
  const code = `BURST${randomBytes(3).toString('hex').toUpperCase()}`;
  expectStatus(
    await settled(
      () =>
        send(side.url, 'POST', '/admin/discounts', {
          token: side.ownerToken,
          address: address(1, 0),
          json: { code, type: 'percent', value: 10, maxUses: CODE_USES },
        }),
      'POST /admin/discounts',
    ),
    201,
    'POST /admin/discounts',
  );
  const before = await stockOf(side, partIds);

  // Each wants one unit of one key, every third a second key as well; a third send the code.
  const bursts = Array.from({ length: CHECKOUTS }, (_, i) => {
    const items = [keys[i % keys.length]!];
    if (i % 3 === 1) items.push(keys[(i + 5) % keys.length]!);
    const withCode = i % 3 === 0;
    const json = { items, ...delivery, ...(withCode ? { discountCode: code } : {}) };
    const guest = i % 2 === 0;
    const rider = side.riders[i >> 1]!;
    return { items, withCode, guest, json, rider, i };
  });
  const started = performance.now();
  const answers = await Promise.all(
    bursts.map(({ json, guest, rider, i }) =>
      guest
        ? send<CheckoutResult>(side.url, 'POST', '/checkout', {
            json: {
              ...json,
              email: `guest-${i}-${randomBytes(3).toString('hex')}@bench.test`,
              name: 'Burst Guest',
            },
            address: address(3, i),
          })
        : send<CheckoutResult>(side.url, 'POST', '/checkout', {
            token: rider.token,
            json,
            address: rider.address,
          }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;

  const after = await stockOf(side, partIds);
  const placed = answers.flatMap((answer) => (answer.status === 201 ? [answer.body.order] : []));
  const units = new Map<string, number>();
  for (const order of placed) {
    for (const line of order.lines as OrderLine[]) {
      units.set(keyOf(line), (units.get(keyOf(line)) ?? 0) + line.quantity);
    }
  }
  let taken = 0;
  let answered = 0;
  const mismatched: string[] = [];
  for (const [key, was] of before) {
    const lost = was - (after.get(key) ?? Number.NaN);
    taken += lost;
    answered += units.get(key) ?? 0;
    if (lost !== (units.get(key) ?? 0))
      mismatched.push(`${key}: ${lost} taken, ${units.get(key) ?? 0} in 201s`);
  }
  const codes = expectStatus(
    await settled(
      () =>
        send<DiscountCode[]>(side.url, 'GET', '/admin/discounts', {
          token: side.ownerToken,
          address: address(1, 0),
        }),
      'GET /admin/discounts',
    ),
    200,
    'GET /admin/discounts',
  );
  const uses = codes.find((row) => row.code === code)?.uses ?? Number.NaN;
  // The orders that exist: exactly those answered 201 (one given up must have written nothing).
  const stored = (await side.store.query<{ lines?: { partId: string }[] }>('orders')).filter(
    ({ data }) => (data.lines ?? []).some((line) => partIds.includes(line.partId)),
  ).length;
  const withCode = placed.filter((order) => order.discountCode === code).length;
  const errors = fiveHundreds(answers);
  const late = timeouts(answers);
  const stockOk = mismatched.length === 0;
  const usesOk = uses === withCode && uses <= CODE_USES;
  const guests = answers.filter((_, i) => bursts[i]!.guest);
  const accounts = answers.filter((_, i) => !bursts[i]!.guest);
  return {
    sample: sampleOf(answers, seconds, (status) => status !== 201 && status !== 409),
    check: {
      ok: errors === 0 && late === 0 && stockOk && usesOk && stored === placed.length,
      note:
        `${side.label}, ${CHECKOUTS} checkouts: ${byStatus(answers)} in ${seconds.toFixed(1)} s ` +
        `(guests ${byStatus(guests)}; accounts ${byStatus(accounts)}); ${errors} 5xx` +
        `${errors > 0 ? ` (${whyFailed(answers)})` : ''}, ${late} timeouts; ` +
        `stock taken ${taken} ${stockOk ? '=' : '≠'} ${answered} units in 201 answers` +
        `${stockOk ? '' : ` (${mismatched.join('; ')})`}; code uses ${uses} ${uses === withCode ? '=' : '≠'} ` +
        `${withCode} orders placed with it (limit ${CODE_USES}); ${stored} orders stored for ` +
        `${placed.length} answers 201`,
    },
    rows: [
      ['answers', byStatus(answers)],
      ['5xx / timeouts', `${errors} / ${late}`],
      ['p50 / p99', p50p99(answers)],
      ['burst took', `${seconds.toFixed(1)} s`],
      [
        'orders stored = 201 answers',
        `${stored} ${stored === placed.length ? '=' : '≠'} ${placed.length}`,
      ],
      ['stock taken = units in 201s', `${taken} ${stockOk ? '=' : '≠'} ${answered}`],
      [
        'code uses = orders with code',
        `${uses} ${uses === withCode ? '=' : '≠'} ${withCode} (limit ${CODE_USES})`,
      ],
    ],
    details: {
      byStatus: byStatus(answers),
      guests: byStatus(guests),
      accounts: byStatus(accounts),
      fiveHundreds: errors,
      whyFailed: whyFailed(answers),
      timeouts: late,
      seconds,
      stockTaken: taken,
      unitsIn201: answered,
      mismatched,
      codeUses: uses,
      ordersWithCode: withCode,
      ordersStored: stored,
    },
  };
}

async function viewBurst(side: Side): Promise<BurstResult> {
  const partId = await addPart(side, { productName: 'Viewed part', price: 1999, quantity: 5 });
  const viewsOf = async () =>
    (
      await side.store.query<ViewShardDoc>(VIEW_SHARDS_COLLECTION, {
        where: [{ field: 'partId', op: '==', value: partId }],
      })
    ).reduce((sum, { data }) => sum + data.count, 0);
  const before = await viewsOf();
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: VIEWS }, (_, i) =>
      send<{ counted?: boolean }>(side.url, 'POST', `/parts/${partId}/views`, {
        address: address(4, i),
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const stored = (await viewsOf()) - before;
  const counted = answers.filter((a) => a.status === 200 && a.body.counted === true).length;
  const errors = fiveHundreds(answers);
  const late = timeouts(answers);
  return {
    sample: sampleOf(answers, seconds, (status) => status !== 200),
    check: {
      ok: stored === VIEWS && counted === VIEWS,
      note:
        `${side.label}, ${VIEWS} views of one part: ${byStatus(answers)} in ${seconds.toFixed(1)} s; ` +
        `${counted} answered counted, ${stored} of ${VIEWS} in the part's view shards; ${errors} 5xx` +
        `${errors > 0 ? ` (${whyFailed(answers)})` : ''}, ${late} timeouts`,
    },
    rows: [
      ['answers', byStatus(answers)],
      ['counted (answers / shards)', `${counted} / ${stored} of ${VIEWS}`],
      ['p50 / p99', p50p99(answers)],
    ],
    details: {
      byStatus: byStatus(answers),
      counted,
      stored,
      fiveHundreds: errors,
      timeouts: late,
      seconds,
    },
  };
}

async function salesOf(side: Side, day: string): Promise<{ orders: number; revenue: number }> {
  const report = expectStatus(
    await settled(
      () =>
        send<SalesReport>(side.url, 'GET', `/admin/sales?from=${day}&to=${day}`, {
          token: side.ownerToken,
          address: address(1, 0),
        }),
      'GET /admin/sales',
    ),
    200,
    'GET /admin/sales',
  );
  return { orders: report.current.orders, revenue: report.current.revenue };
}

async function paymentBurst(side: Side): Promise<BurstResult> {
  const partId = await addPart(side, { productName: 'Paid part', price: 2500, quantity: 10_000 });
  let retried = 0;
  const orders: {
    rider: Side['riders'][number];
    order: CheckoutResult['order'];
    clientSecret: string;
  }[] = [];
  for (let i = 0; i < PAYMENTS; i += 5) {
    const placed = await Promise.all(
      side.riders.slice(i, Math.min(PAYMENTS, i + 5)).map(async (rider) => {
        const answer = await settled(async () => {
          const tried = await send<CheckoutResult>(side.url, 'POST', '/checkout', {
            token: rider.token,
            address: rider.address,
            json: { items: [{ partId, quantity: 1 }], ...delivery },
          });
          if (tried.status === 503 || tried.status === 429) retried += 1;
          return tried;
        }, 'a checkout to pay');
        const result = expectStatus(answer, 201, 'a checkout to pay');
        if (!result.payment) throw new Error('A checkout to pay answered no payment');
        return { rider, order: result.order, clientSecret: result.payment.clientSecret };
      }),
    );
    orders.push(...placed);
  }
  const day = dayIn(side.timeZone, new Date());
  const before = await salesOf(side, day);
  const expectedRevenue = orders.reduce((sum, { order }) => sum + order.totalPrice, 0);

  const started = performance.now();
  const answers = await Promise.all(
    orders.map(({ rider, clientSecret }) =>
      send<{ status?: string }>(side.url, 'POST', '/payments/simulated/confirm', {
        token: rider.token,
        address: rider.address,
        json: {
          clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
          billingName: rider.name,
          billingEmail: rider.email,
        },
      }),
    ),
  );
  const burstEnded = performance.now();
  const seconds = (burstEnded - started) / 1000;
  const succeeded = answers.filter((a) => a.status === 200 && a.body.status === 'succeeded').length;

  // The day's figures, until they hold the 50 orders or the time is up.
  // The lag is taken at the end of the read that saw them (so at most a pause and a read late).
  let now = await salesOf(side, day);
  let reads = 1;
  const matches = () =>
    now.orders - before.orders === orders.length &&
    now.revenue - before.revenue === expectedRevenue;
  while (!matches() && performance.now() - burstEnded < TOTALS_WITHIN_MS) {
    await pause(100);
    now = await salesOf(side, day);
    reads += 1;
  }
  const lagMs = performance.now() - burstEnded;
  const matched = matches();
  const gotOrders = now.orders - before.orders;
  const gotRevenue = now.revenue - before.revenue;
  const errors = fiveHundreds(answers);
  const late = timeouts(answers);
  const totals = matched
    ? `matched ${ms(lagMs)} after the burst (${reads} read${reads === 1 ? '' : 's'})`
    : `not matched after ${ms(lagMs)}: ${gotOrders} orders, ${gotRevenue} revenue`;
  return {
    sample: sampleOf(answers, seconds, (status) => status !== 200),
    check: {
      ok: matched && errors === 0 && late === 0,
      note:
        `${side.label}, ${PAYMENTS} payments on ${day}: ${byStatus(answers)} in ${seconds.toFixed(1)} s ` +
        `(${succeeded} succeeded; placing them was asked again ${retried} times while busy); the day's ` +
        `totals (+${orders.length} orders, +${expectedRevenue} revenue) ${totals}; ${errors} 5xx` +
        `${errors > 0 ? ` (${whyFailed(answers)})` : ''}, ${late} timeouts`,
    },
    rows: [
      ['answers', `${byStatus(answers)} (${succeeded} succeeded)`],
      ['p50 / p99', p50p99(answers)],
      ["day's totals = the 50 orders", totals],
      ['placing them: asked again', `${retried} times`],
    ],
    details: {
      day,
      byStatus: byStatus(answers),
      succeeded,
      expected: { orders: orders.length, revenue: expectedRevenue },
      counted: { orders: gotOrders, revenue: gotRevenue },
      matched,
      lagMs,
      retriedWhilePlacing: retried,
      fiveHundreds: errors,
      timeouts: late,
      seconds,
    },
  };
}

/** A few requests first, so neither side's first burst pays for a cold JVM or JIT. */
async function warmUp(side: Side): Promise<void> {
  const partId = await addPart(side, { productName: 'Warm-up part', price: 500, quantity: 100 });
  for (let i = 0; i < 3; i += 1) {
    await settled(
      () =>
        send(side.url, 'POST', '/checkout', {
          json: {
            items: [{ partId, quantity: 1 }],
            ...delivery,
            email: `warm-${i}@bench.test`,
            name: 'Warm',
          },
          address: address(5, i),
        }),
      'warm-up checkout',
    );
    await settled(
      () => send(side.url, 'POST', `/parts/${partId}/views`, { address: address(5, i) }),
      'warm-up view',
    );
  }
}

const summary = (label: string, sample: Sample): Summary => ({
  label,
  perSecond: sample.perSecond,
  p50Ms: sample.p50Ms,
  p99Ms: sample.p99Ms,
  rounds: [sample],
});

interface Case {
  name: string;
  unit: string;
  goal: string;
  run(side: Side): Promise<BurstResult>;
}

const CASES: Case[] = [
  {
    name: `${CHECKOUTS} concurrent POST /api/checkout, 10 parts (3 in sizes) of 8 units, a code for ${CODE_USES} uses, half guests`,
    unit: 'answers',
    goal: '0 5xx, 0 timeouts; stock and code uses add up',
    run: checkoutBurst,
  },
  {
    name: `${VIEWS} concurrent POST /api/parts/{id}/views of one part`,
    unit: 'answers',
    goal: `all ${VIEWS} counted`,
    run: viewBurst,
  },
  {
    name: `${PAYMENTS} concurrent payments on one day (simulated gateway)`,
    unit: 'answers',
    goal: `the day's totals exact within ${TOTALS_WITHIN_MS / 1000} s`,
    run: paymentBurst,
  },
];

function printTable(labels: string[], results: BurstResult[][]): void {
  const rows: string[][] = [['', ...labels]];
  CASES.forEach((burst, c) => {
    rows.push([burst.name.split(',')[0]!, ...labels.map(() => '')]);
    const lines = results[0]![c]!.rows.map(([what]) => what);
    lines.forEach((what, l) =>
      rows.push([`  ${what}`, ...results.map((side) => side[c]!.rows[l]![1])]),
    );
  });
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  console.info('');
  for (const row of rows)
    console.info(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
  console.info('');
}

export const firestoreBurst: Benchmark = {
  name: 'firestore-burst',
  async run() {
    const launcher = officialFirestoreLauncher();
    if (!launcher) {
      return CASES.map((burst) => ({
        benchmark: BENCHMARK,
        name: burst.name,
        reason:
          "needs the official Firestore emulator (the Google Cloud CLI's cloud-firestore-emulator component and java)",
      }));
    }
    let emulator: AuthEmulator | undefined;
    let firestore: RunningFirestore | undefined;
    const hostBefore = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const run = randomBytes(4).toString('hex');
    let firebase: App | undefined;
    const sides: Side[] = [];
    try {
      [emulator, firestore] = await Promise.all([
        startAuthEmulator(),
        startOfficialFirestore(launcher),
      ]);
      // firebase-admin's Auth talks to the emulator when this is set.
      process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      firebase = initializeApp({ projectId: PROJECT_ID }, `burst-auth-${run}`);
      const accounts = await makeAccounts(emulator.host, firebase, run);
      sides.push(await openSide('SQLite', 'sqlite', undefined, firebase, accounts));
      sides.push(
        await openSide(
          'Firestore (official emulator)',
          'firestore',
          firestore.host,
          firebase,
          accounts,
        ),
      );
      for (const side of sides) await warmUp(side);
      const results: BurstResult[][] = sides.map(() => []);
      for (const burst of CASES) {
        for (const [s, side] of sides.entries()) {
          console.info(`  ${side.label}: ${burst.name}…`);
          results[s]!.push(await burst.run(side));
        }
      }
      printTable(
        sides.map((side) => side.label),
        results,
      );
      return CASES.map((burst, c): Outcome => {
        const [sqlite, fs] = [results[0]![c]!, results[1]![c]!];
        const comparison: Comparison & { details: Record<string, unknown> } = {
          benchmark: BENCHMARK,
          name: burst.name,
          unit: burst.unit,
          baseline: summary(sides[0]!.label, sqlite.sample),
          subject: summary(sides[1]!.label, fs.sample),
          ratio: fs.sample.perSecond / sqlite.sample.perSecond,
          goal: { text: `Firestore: ${burst.goal}`, met: fs.check.ok },
          checks: [sqlite.check, fs.check],
          details: { [sides[0]!.label]: sqlite.details, [sides[1]!.label]: fs.details },
        };
        return comparison;
      });
    } finally {
      for (const side of sides) await side.close();
      if (firebase) await deleteApp(firebase);
      if (hostBefore === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = hostBefore;
      firestore?.stop();
      await emulator?.stop();
    }
  },
};
