/**
 * A hot part on Firestore (issue 14 item 5, docs/decisions/033): a launch of 500 orders in one
 * minute on one part with fewer units than the orders want. The shop's order transaction
 * (`placeOrder`, the Firestore adapter, the in-process Firestore emulator) runs behind
 * `withWriteRateLimit`, which gives every document Firestore's sustained write rate of about one a
 * second (a token bucket of BURST) and its contention: a transaction whose documents were written
 * meanwhile, or that would write a document out of writes, aborts and runs again after the
 * client library's backoff, three runs at most, then the shop answers 503.
 *
 * Baseline: the stock as one field of the part's document (what every store did before 033).
 * Subject: the stock in STOCK_SHARDS shards. Time is simulated, SPEED times faster than the
 * clock, so a minute of launch takes 30 seconds; every wait (arrivals, backoff, the token
 * buckets) is on the simulated clock, and so is what is reported: the orders answered (placed,
 * or refused as out of stock) within ANSWER_WITHIN_MS, per second of the launch's minute, and
 * the latency of all of them. After every run the stock math is checked: the part's stock and the
 * units the orders hold add up to what it started with, no shard is below zero, every order was
 * placed or refused as out of stock (refused only once too few units were left).
 */
import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { orderMessages } from '@sprocket/contract';
import { loadConfig } from '../functions/src/config.js';
import { DomainError } from '../functions/src/modules/errors.js';
import { placeOrder } from '../functions/src/modules/orders/actions/place-order.js';
import type { OrderDeps } from '../functions/src/modules/orders/order-deps.js';
import { addPart } from '../functions/src/modules/parts/parts.service.js';
import { PARTS, type PartDoc } from '../functions/src/modules/stock/part-record.js';
import { gatewayFromConfig } from '../functions/src/payments/gateway-from-config.js';
import {
  openFirestoreStore,
  TRANSACTION_ATTEMPTS,
} from '../functions/src/store/firestore/firestore-store.js';
import {
  STOCK_SHARDS,
  type StockShardDoc,
} from '../functions/src/store/firestore/sharded-stock.js';
import {
  STOCK_COLLECTION,
  StoreUnavailableError,
  type StockLedger,
} from '../functions/src/store/port.js';
import { stockInField } from '../functions/src/store/stock-in-field.js';
import { withWriteRateLimit } from '../functions/src/store/write-rate-limit.js';
import { freePort } from '../functions/src/testing/free-port.js';
import {
  compare,
  percentile,
  type Benchmark,
  type Check,
  type Contender,
  type Sample,
} from './compare.js';

/**
 * Simulated milliseconds per real millisecond (BENCH_HOT_PART_SPEED, 2 by default). The emulator
 * and the shop's code run in real time, so a faster clock makes every transaction look longer in
 * simulated time, and contention likelier: a busy machine wants a slow one.
 */
const SPEED = Number(process.env.BENCH_HOT_PART_SPEED || 2);
const LAUNCH_ORDERS = 500;
const LAUNCH_MS = 60_000;
/** Units on sale: the orders want 750 (every other one 2), so about a third are refused. */
const LAUNCH_STOCK = 400;
/** Firestore's sustained writes a second on one document, and the burst a quiet one takes. */
const WRITES_PER_SECOND = 1;
const BURST = 3;
const GOAL_PER_MINUTE = 500;
/**
 * An order counts as answered when the shop answered it (placed, or out of stock) within this
 * long: two of Firestore's backoffs and the transactions. Later is as good as lost at a launch.
 */
const ANSWER_WITHIN_MS = 5000;

interface Outcome {
  kind: 'placed' | 'out_of_stock' | 'unavailable' | 'other';
  units: number;
  latencyMs: number;
  detail?: string;
}

/** A clock that runs SPEED times faster than the real one, from 0. */
function simulatedClock() {
  const startedAt = performance.now();
  const now = () => (performance.now() - startedAt) * SPEED;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms / SPEED)));
  return { now, sleep, until: (at: number) => sleep(at - now()) };
}

/** The client library's pause after a failed run: about 1 s, then 1.5 s, jittered. */
const firestoreBackoff = (failedRuns: number) =>
  1000 * 1.5 ** (failedRuns - 1) * (0.5 + Math.random());

let runs = 0;

async function launch(
  host: string,
  /** The stock ledger; the Firestore adapter's own (sharded) when undefined. */
  ledger: StockLedger | undefined,
  orders: number,
  stock: number,
): Promise<{ sample: Sample; check: () => Promise<Check>; unavailable: number }> {
  runs += 1;
  const app = initializeApp({ projectId: `demo-hot-part-${runs}` }, `hot-part-${runs}`);
  const db = getFirestore(app);
  db.settings({ host, ssl: false });
  const firestore = openFirestoreStore(db, ledger ? { stock: ledger } : {});
  const clock = simulatedClock();
  const store = withWriteRateLimit(firestore, {
    perSecond: WRITES_PER_SECOND,
    burst: BURST,
    now: clock.now,
    sleep: clock.sleep,
    attempts: TRANSACTION_ATTEMPTS,
    backoffMs: firestoreBackoff,
  });
  const shopClock = () => new Date(Date.UTC(2026, 10, 23, 18) + clock.now());
  const config = loadConfig({ STORE: 'sqlite' });
  const deps: OrderDeps = {
    store,
    gateway: gatewayFromConfig(config, store, shopClock)(async () => ({ status: 200 })),
    clock: shopClock,
    config,
  };
  const partId = await addPart(
    store,
    {
      productName: 'Launch edition derailleur',
      img: 'https://example.test/derailleur.png',
      order: 1,
      quantity: stock,
      price: 12_900,
      description: 'Sold out in a minute',
    },
    // The launch's part, added as the shop's owner would (the audit log names who).
    { uid: 'bench-owner', email: 'owner@sprocket.test', at: shopClock() },
  );

  const launchStart = clock.now();
  const pending: Promise<Outcome>[] = [];
  for (let i = 0; i < orders; i += 1) {
    await clock.until(launchStart + (i * LAUNCH_MS * (orders / LAUNCH_ORDERS)) / orders);
    const units = 1 + (i % 2);
    const sentAt = clock.now();
    const caller = {
      uid: `rider-${i}`,
      email: `rider-${i}@launch.test`,
      name: `Rider ${i}`,
      emailVerified: true,
    };
    pending.push(
      placeOrder(deps, caller, {
        partId,
        orderQuantity: units,
        // The original API's fields, which the shop takes from the part and the token instead.
        partName: 'Launch edition derailleur',
        userName: caller.name,
        email: caller.email,
        address: '1 Chainring Road',
        number: '5550100',
      }).then(
        (): Outcome => ({ kind: 'placed', units, latencyMs: clock.now() - sentAt }),
        (error: unknown): Outcome => {
          const latencyMs = clock.now() - sentAt;
          if (error instanceof DomainError && error.code === 'conflict') {
            const outOfStock =
              error.message === orderMessages.onlyAvailable(0) ||
              /^Only \d+ available$/.test(error.message);
            return {
              kind: outOfStock ? 'out_of_stock' : 'other',
              units,
              latencyMs,
              detail: error.message,
            };
          }
          if (error instanceof StoreUnavailableError)
            return { kind: 'unavailable', units, latencyMs };
          return { kind: 'other', units, latencyMs, detail: String(error) };
        },
      ),
    );
  }
  const outcomes = await Promise.all(pending);
  // The launch's minute (its share of it in a warm-up), not the time the last answer took.
  const launchSeconds = (LAUNCH_MS * (orders / LAUNCH_ORDERS)) / 1000;
  const answered = outcomes.filter(
    (o) => (o.kind === 'placed' || o.kind === 'out_of_stock') && o.latencyMs <= ANSWER_WITHIN_MS,
  );
  const late = outcomes.filter(
    (o) => (o.kind === 'placed' || o.kind === 'out_of_stock') && o.latencyMs > ANSWER_WITHIN_MS,
  ).length;
  const failed = outcomes.filter((o) => o.kind === 'other');
  const unavailable = outcomes.filter((o) => o.kind === 'unavailable').length;
  const latencies = Float64Array.from(outcomes.map((o) => o.latencyMs)).sort();
  const failedAs: Record<string, number> = {};
  for (const o of failed) failedAs[o.detail ?? 'error'] = (failedAs[o.detail ?? 'error'] ?? 0) + 1;
  const stats = store.stats();
  const sample: Sample = {
    count: answered.length,
    seconds: launchSeconds,
    perSecond: answered.length / launchSeconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures: failed.length,
    ...(failed.length > 0 ? { failedAs } : {}),
  };

  const check = async (): Promise<Check> => {
    try {
      const part = await firestore.get<PartDoc>(PARTS, partId);
      const [left] = await firestore.stock.count(firestore, [
        { collection: PARTS, id: partId, quantity: part?.data.quantity ?? 0 },
      ]);
      const held = await firestore.query<{ orderQuantity: number }>('orders', {
        where: [{ field: 'partId', op: '==', value: partId }],
      });
      const reserved = held.reduce((sum, { data }) => sum + data.orderQuantity, 0);
      const shards = await firestore.query<StockShardDoc>(STOCK_COLLECTION);
      const negative = shards.filter(({ data }) => data.units < 0).length;
      const placed = outcomes.filter((o) => o.kind === 'placed');
      const placedUnits = placed.reduce((sum, o) => sum + o.units, 0);
      const refused = outcomes.filter((o) => o.kind === 'out_of_stock');
      const ok =
        left! + reserved === stock &&
        reserved === placedUnits &&
        held.length === placed.length &&
        negative === 0 &&
        // Refused only once fewer units were left than an order of 2 wants.
        (refused.length === 0 || left! < 2);
      const perMinute = Math.round((answered.length / launchSeconds) * 60);
      return {
        ok,
        note:
          `${ledger === stockInField ? 'one stock field' : `${STOCK_SHARDS} shards`}: ` +
          `${placed.length} placed (${placedUnits} units), ${refused.length} out of stock, ` +
          `${unavailable} answered 503, ${failed.length} other, ${late} answered after ${ANSWER_WITHIN_MS / 1000} s; ` +
          `${perMinute} answered in time a minute; ` +
          `stock ${left} + held ${reserved} = ${left! + reserved} of ${stock}` +
          `${negative > 0 ? `, ${negative} shards below zero` : ''}; ` +
          `${stats.abortedStale + stats.abortedRate} runs aborted (${stats.abortedRate} on the write rate); ` +
          `busiest document ${stats.busiest?.key.split('/')[0]} took ${stats.busiest?.writes} writes`,
      };
    } finally {
      await firestore.close();
      await deleteApp(app);
    }
  };
  return { sample, check, unavailable };
}

export const hotPart: Benchmark = {
  name: 'hot-part',
  async run({ settings }) {
    const server = new FirestoreServer();
    const port = await freePort();
    await server.start(port);
    const host = `127.0.0.1:${port}`;
    /**
     * One side. The baseline is expected to answer 503s (that is what it shows): they are in its
     * check's note, not failures; on the subject a 503 is a failure of the goal.
     */
    const contender = (
      label: string,
      ledger: () => StockLedger | undefined,
      outagesExpected: boolean,
    ): Contender => ({
      label,
      async round(kind) {
        const share = kind === 'warm-up' ? 10 : 1;
        let run: Awaited<ReturnType<typeof launch>> | undefined;
        return {
          async measure() {
            run = await launch(host, ledger(), LAUNCH_ORDERS / share, LAUNCH_STOCK / share);
            if (outagesExpected || run.unavailable === 0) return run.sample;
            return {
              ...run.sample,
              failures: run.sample.failures + run.unavailable,
              failedAs: { ...run.sample.failedAs, '503': run.unavailable },
            };
          },
          check: () => run!.check(),
        };
      },
    });
    try {
      return [
        await compare({
          benchmark: 'hot part',
          name: `${LAUNCH_ORDERS} orders in a simulated minute on one part of ${LAUNCH_STOCK} units, Firestore at ${WRITES_PER_SECOND} write/s a document`,
          unit: `orders answered within ${ANSWER_WITHIN_MS / 1000} s (simulated time)`,
          baseline: contender('one stock field (before)', () => stockInField, true),
          subject: contender(`${STOCK_SHARDS} stock shards (now)`, () => undefined, false),
          rounds: settings.rounds,
          goal: {
            text: `≥ ${GOAL_PER_MINUTE} a minute (${(GOAL_PER_MINUTE / 60).toFixed(1)}/s), none oversold`,
            met: (subject) =>
              subject.perSecond * 60 >= GOAL_PER_MINUTE &&
              subject.rounds.every((r) => r.failures === 0),
          },
        }),
      ];
    } finally {
      server.stop();
    }
  },
};
