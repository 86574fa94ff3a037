/**
 * The Overview's figures (issue 27 item 2, docs/decisions/070): `GET /api/admin/sales?days=30`
 * through the real app with 100,000 orders in the store, against the same with 1,000. The
 * figures are read from one document per day (and one per day of its parts), so the time must not
 * grow with the orders.
 *
 * How the store is filled, honestly: the orders are written straight to the SQLite file in bulk
 * (paid over the last 60 days, one in fifty refunded, one to three lines of the seeded parts),
 * and the day documents are then built from them by the backfill (`rebuildSalesDays`, the
 * one-off step an upgraded shop runs), not by 100,000 payments through the API. The Overview
 * reads the same day documents either way; the orders are there so that a read of every order
 * would show.
 */
import type { SalesReport } from '@sprocket/contract';
import { signAccessToken } from '../functions/src/auth/access-token.js';
import { ORDERS, type OrderDoc } from '../functions/src/modules/orders/order-record.js';
import { PARTS, type PartDoc } from '../functions/src/modules/stock/part-record.js';
import { rebuildSalesDays } from '../functions/src/modules/sales/sales-rebuild.js';
import { USERS, userDocId } from '../functions/src/modules/users/users.service.js';
import type { Store } from '../functions/src/store/port.js';
import { compare, type Benchmark, type Goal } from './compare.js';
import { timedLoad } from './load.js';
import { openShop, serveShop, type Shop } from './shop.js';

const SECRET = 'bench-sales-overview-secret-of-at-least-32-chars';
const ADMIN = { uid: 'bench-admin', email: 'owner@bench.test', name: 'Owner', emailVerified: true };
const DAY_MS = 86_400_000;
/** Orders written per store transaction while filling. */
const BATCH = 500;

const FLAT: Goal = {
  text: '100,000 orders at ≥ 0.8× the rate of 1,000 (does not grow with the orders)',
  met: (_subject, ratio) => ratio >= 0.8,
};

/** Writes `count` paid orders over the last 60 days, then the day documents from them. */
async function fillOrders(store: Store, count: number, now: Date): Promise<void> {
  const parts = await store.query<PartDoc>(PARTS);
  for (let start = 0; start < count; start += BATCH) {
    await store.runTransaction(async (tx) => {
      for (let i = start; i < Math.min(count, start + BATCH); i += 1) {
        // Spread over the 60 days, any minute of the day's first 16 hours.
        const at = new Date(now.getTime() - (i % 60) * DAY_MS - (i % 997) * 60_000);
        const lines = Array.from({ length: 1 + (i % 3) }, (_, n) => {
          const part = parts[(i + n * 11) % parts.length]!;
          const quantity = 1 + ((i + n) % 4);
          return {
            partId: part.id,
            partName: part.data.productName,
            img: part.data.img,
            price: part.data.price,
            quantity,
            lineTotal: part.data.price * quantity,
          };
        });
        const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
        const refunded = i % 50 === 0;
        const order: OrderDoc & { paidAt: string } = {
          partId: lines[0]!.partId,
          partName: lines[0]!.partName,
          img: lines[0]!.img,
          price: total,
          orderQuantity: lines.reduce((sum, line) => sum + line.quantity, 0),
          totalPrice: total,
          lines,
          email: `rider-${i % 5000}@bench.test`,
          userName: 'Rider',
          address: '1 Bench Road',
          number: '5550100',
          paid: true,
          transactionId: `pi_bench_${i}`,
          status: refunded ? 'refunded' : 'paid',
          createdAt: at.toISOString(),
          paidAt: at.toISOString(),
          timeline: [{ status: 'paid', at: at.toISOString(), actor: 'gateway' }],
          ...(refunded && {
            refund: {
              refundId: `re_bench_${i}`,
              amount: total,
              restocked: false,
              refundedAt: at.toISOString(),
            },
          }),
        };
        tx.set(ORDERS, `bench-order-${i}`, order);
      }
    });
  }
  await rebuildSalesDays(store, 'UTC', { uid: ADMIN.uid, email: ADMIN.email, at: new Date() });
}

async function shopWith(orders: number, now: Date): Promise<Shop> {
  const shop = await openShop({ env: { TOKEN_SECRET: SECRET, SHOP_TIME_ZONE: 'UTC' } });
  const at = now.toISOString();
  await shop.store.set(USERS, userDocId(ADMIN.email), {
    email: ADMIN.email,
    uid: ADMIN.uid,
    role: 'admin',
    emailVerified: true,
    createdAt: at,
    lastTokenAt: at,
  });
  await fillOrders(shop.store, orders, now);
  return shop;
}

export const salesOverview: Benchmark = {
  name: 'sales-overview',
  async run({ settings, loader }) {
    const now = new Date();
    const [few, many] = [await shopWith(1_000, now), await shopWith(100_000, now)];
    const [fewServed, manyServed] = await Promise.all([serveShop(few.app), serveShop(many.app)]);
    try {
      const token = signAccessToken(new TextEncoder().encode(SECRET), ADMIN, now);
      const request = {
        method: 'GET' as const,
        path: '/api/admin/sales?days=30',
        headers: { authorization: `Bearer ${token}` },
      };
      const read = async (url: string) =>
        (await (
          await fetch(`${url}${request.path}`, { headers: request.headers })
        ).json()) as SalesReport;
      const [fewReport, manyReport] = [await read(fewServed.url), await read(manyServed.url)];
      const comparison = await compare({
        benchmark: 'sales-overview',
        name: 'GET /api/admin/sales?days=30',
        unit: 'requests',
        baseline: timedLoad(
          '1,000 orders',
          loader,
          { requests: [request], url: fewServed.url, expectStatus: 200 },
          settings,
        ),
        subject: timedLoad(
          '100,000 orders',
          loader,
          { requests: [request], url: manyServed.url, expectStatus: 200 },
          settings,
        ),
        rounds: settings.rounds,
        goal: FLAT,
      });
      // The figures are the orders': half of each store's orders fall in the last 30 days.
      comparison.checks.push({
        ok:
          fewReport.days.length === 30 &&
          manyReport.days.length === 30 &&
          manyReport.current.orders > 40 * fewReport.current.orders,
        note: `30 days counted ${fewReport.current.orders} and ${manyReport.current.orders} orders`,
      });
      return [comparison];
    } finally {
      await Promise.all([fewServed.close(), manyServed.close()]);
      await Promise.all([few.close(), many.close()]);
    }
  },
};
