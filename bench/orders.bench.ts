/**
 * Order placement, two ways: the spec's purchase (`POST /api/ordered`, one line) and the checkout
 * (`POST /api/checkout`, two lines, the stored cart read and emptied), each through the real app
 * (accessToken, rate limit, validation, the orders service on the SQLite store) against a bare
 * node:http server running the same transaction on raw better-sqlite3: in one BEGIN IMMEDIATE,
 * read the parts, the customer's unpaid orders (the same query on the same table of JSON
 * documents, through the same indexes) and for a checkout the cart, then write the stock, the
 * order, its two mails and the cart. Every run places a fixed number of orders, at most three
 * per customer (the shop's own limit), on a fresh database, so both sides end each run with the
 * same orders; after every run the stock math is checked: each part's stock plus what the orders
 * reserved is the stock it started with, with one order per 201.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_MAX_UNPAID_ORDERS } from '@sprocket/contract';
import { signAccessToken } from '../functions/src/auth/access-token.js';
import { setCartItem } from '../functions/src/modules/cart/cart.service.js';
import { seedParts } from '../functions/src/seed/catalogue.js';
import type { Store } from '../functions/src/store/port.js';
import {
  declaredIndexes,
  keepDeclaredIndexes,
  keepPlannerMeasured,
} from '../functions/src/store/sqlite/declared-indexes.js';
import { keepDocsTable } from '../functions/src/store/sqlite/docs-table.js';
import { compare, type Benchmark, type Check, type Contender, type Settings } from './compare.js';
import type { LoadRequest, Loader } from './load.js';
import { openShop, serveBare, serveShop, type Shop } from './shop.js';

/** QUANTITY_MAX: more than any run orders, so every order is taken. */
const INITIAL_STOCK = 1_000_000;
/**
 * The shop's own limits, not raised: each customer places at most as many orders in a run as
 * they may hold unpaid (a launch of many customers, each buying once or twice).
 */
const ORDERS_PER_CUSTOMER = DEFAULT_MAX_UNPAID_ORDERS;
const WHERE = { address: '12 Spoke Lane, Leeds LS1 4AP', number: '+44 113 4960000' };

type Line = {
  partId: string;
  quantity: number;
};

/** One way of ordering: its request, the lines it orders, and whether it empties a cart. */
interface Way {
  name: string;
  path: string;
  lines: Line[];
  body: string;
  fromCart: boolean;
  /** The least share of the raw transaction's throughput it must reach (issue 34, item 7). */
  goalRatio: number;
}

const purchase: Way = {
  name: 'purchase',
  path: '/api/ordered',
  lines: [{ partId: 'velotrack-cx12-chain', quantity: 1 }],
  body: JSON.stringify({ partId: 'velotrack-cx12-chain', orderQuantity: 1, ...WHERE }),
  fromCart: false,
  goalRatio: 0.7,
};

const checkoutLines: Line[] = [
  { partId: 'velotrack-cx12-chain', quantity: 1 },
  { partId: 'gritline-allroad-700x32-tyre', quantity: 2 },
];
const checkout: Way = {
  name: 'checkout',
  path: '/api/checkout',
  lines: checkoutLines,
  body: JSON.stringify({ items: checkoutLines, ...WHERE, country: 'GB' }),
  fromCart: true,
  goalRatio: 0.6,
};

interface StockMath {
  /** Per part of the way: its stock now and what the orders reserved of it. */
  parts: { partId: string; stock: number; reserved: number }[];
  orders: number;
}

function checkStock(label: string, math: StockMath, created: number): Check {
  const ok =
    math.parts.every((part) => part.stock + part.reserved === INITIAL_STOCK) &&
    math.orders === created;
  const sums = math.parts.map(
    (part) =>
      `${part.partId}: stock ${part.stock} + reserved ${part.reserved} ${part.stock + part.reserved === INITIAL_STOCK ? '=' : '≠'} ${INITIAL_STOCK}`,
  );
  return {
    ok,
    note: `${label}: ${sums.join('; ')}, ${math.orders} orders for ${created} answers 201`,
  };
}

function reservedOf(orders: { lines: Line[] }[], partId: string): number {
  return orders
    .flatMap((order) => order.lines)
    .filter((line) => line.partId === partId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

async function appStockMath(store: Store, way: Way): Promise<StockMath> {
  const orders = (await store.query<{ lines: Line[] }>('orders')).map((doc) => doc.data);
  const parts = await Promise.all(
    way.lines.map(async ({ partId }) => ({
      partId,
      // On SQLite a part's stock is its quantity field (store/stock-in-field.ts).
      stock: (await store.get<{ quantity: number }>('parts', partId))?.data.quantity ?? Number.NaN,
      reserved: reservedOf(orders, partId),
    })),
  );
  return { parts, orders: orders.length };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

interface OrderInput {
  /** The purchase's one line… */
  partId?: string;
  orderQuantity?: number;
  /** …or the checkout's lines. */
  items?: Line[];
  address: string;
  number: string;
}

interface PartFields {
  productName: string;
  img: string;
  price: number;
  order: number;
  quantity: number;
}

type StoredCart = { items: Line[] };

/**
 * The baseline: the transaction of orders/actions/create-order.ts createOrder written straight
 * against better-sqlite3, on the table sqlite-store.ts keeps, behind a bare node:http server. The
 * caller's email is read from the token without checking it: the baseline is the floor, not a
 * shop.
 */
function openRawShop(file: string, way: Way, customers: readonly string[]) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The same table and indexes as the store: the floor is the same table, read the best way it can be.
  keepDocsTable(db);
  keepDeclaredIndexes(db, declaredIndexes());
  const wrote = keepPlannerMeasured(db);
  const get = db.prepare<[string, string], { data: string }>(
    'SELECT data FROM docs WHERE collection = ? AND id = ?',
  );
  const set = db.prepare<[string, string, string]>(
    'INSERT INTO docs (collection, id, data) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data',
  );
  for (const { partId } of way.lines) {
    const { id: _id, ...seeded } = seedParts.find((part) => part.id === partId)!;
    set.run('parts', partId, JSON.stringify({ ...seeded, quantity: INITIAL_STOCK }));
  }
  if (way.fromCart) {
    for (const email of customers) set.run('carts', email, JSON.stringify({ items: way.lines }));
  }

  const place = db.transaction(
    (email: string, name: string, input: OrderInput, now: Date): [number, unknown] => {
      const wanted: Line[] = input.items ?? [
        { partId: input.partId ?? '', quantity: input.orderQuantity ?? 0 },
      ];
      const rows = wanted.map((line) => get.get('parts', line.partId));
      const cartRow = way.fromCart ? get.get('carts', email) : undefined;
      // The customer's holds document names the orders that may be unpaid (decision 035).
      const holdsRow = get.get('orderHolds', email);
      const heldIds = holdsRow
        ? (JSON.parse(holdsRow.data) as { orderIds: string[] }).orderIds
        : [];
      const live = heldIds.filter((orderId) => {
        const row = get.get('orders', orderId);
        const order = row && (JSON.parse(row.data) as { status: string; expiresAt: string });
        return order?.status === 'unpaid' && order.expiresAt > now.toISOString();
      });
      if (live.length >= DEFAULT_MAX_UNPAID_ORDERS)
        return [409, { error: 'Too many unpaid orders' }];
      const parts = rows.map((row) => (row ? (JSON.parse(row.data) as PartFields) : undefined));
      for (const [index, line] of wanted.entries()) {
        const part = parts[index];
        if (!part) return [404, { error: 'Part not found' }];
        if (line.quantity < part.order) return [422, { error: 'Below the minimum order' }];
        if (line.quantity > part.quantity) return [409, { error: 'Not enough stock' }];
      }
      const id = randomUUID().replace(/-/g, '').slice(0, 20);
      const at = now.toISOString();
      const lines = wanted.map((line, index) => {
        const part = parts[index]!;
        set.run(
          'parts',
          line.partId,
          JSON.stringify({ ...part, quantity: part.quantity - line.quantity }),
        );
        return {
          partId: line.partId,
          partName: part.productName,
          img: part.img,
          price: part.price,
          quantity: line.quantity,
          lineTotal: part.price * line.quantity,
        };
      });
      const first = lines[0]!;
      const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
      set.run(
        'orders',
        id,
        JSON.stringify({
          partId: first.partId,
          partName: first.partName,
          img: first.img,
          price: first.price,
          orderQuantity: first.quantity,
          totalPrice: total,
          lines,
          timeline: [{ status: 'unpaid', at, actor: 'customer' }],
          email,
          userName: name,
          address: input.address,
          number: input.number,
          paid: false,
          status: 'unpaid',
          createdAt: at,
          expiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
        }),
      );
      set.run('orderHolds', email, JSON.stringify({ email, orderIds: [...live, id] }));
      const summary = lines.map((line) => `${line.quantity} × ${line.partName}`).join(', ');
      const text = `Thank you for your order of ${summary}. Pay within 30 minutes to keep it.`;
      for (const [kind, to] of [
        ['order_placed', email],
        ['shop_new_order', 'shop@sprocket.test'],
      ] as const) {
        set.run(
          'mail',
          `${id}-${kind}`,
          JSON.stringify({
            to,
            message: { subject: `Order ${id}: ${first.partName}`, text, html: `<p>${text}</p>` },
            kind,
            about: id,
            createdAt: at,
          }),
        );
      }
      if (cartRow) {
        const cart = JSON.parse(cartRow.data) as StoredCart;
        const left = cart.items.filter((item) => !wanted.some((w) => w.partId === item.partId));
        set.run('carts', email, JSON.stringify({ items: left, updatedAt: at }));
      }
      return [201, { acknowledged: true, insertedId: id }];
    },
  );

  const stockMath = (): StockMath => {
    const orders = db
      .prepare<[], { data: string }>("SELECT data FROM docs WHERE collection = 'orders'")
      .all()
      .map((row) => JSON.parse(row.data) as { lines: Line[] });
    const parts = way.lines.map(({ partId }) => ({
      partId,
      stock: (JSON.parse(get.get('parts', partId)!.data) as PartFields).quantity,
      reserved: reservedOf(orders, partId),
    }));
    return { parts, orders: orders.length };
  };

  return { db, place, wrote, stockMath };
}

/** Both sides of one way of ordering, compared. */
async function compareWay(way: Way, settings: Settings, loader: Loader) {
  const secret = randomBytes(32).toString('hex');
  const customers = Array.from(
    { length: Math.ceil(settings.orders / ORDERS_PER_CUSTOMER) },
    (_, i) => ({
      uid: `bench-${i}`,
      email: `rider-${i}@bench.test`,
      name: `Rider ${i}`,
      emailVerified: true,
    }),
  );
  const now = new Date();
  const requests: LoadRequest[] = customers.map((customer) => ({
    method: 'POST',
    path: way.path,
    headers: {
      authorization: `Bearer ${signAccessToken(new TextEncoder().encode(secret), customer, now)}`,
      'content-type': 'application/json',
    },
    body: way.body,
  }));
  const amount = (kind: 'warm-up' | 'measured') =>
    kind === 'warm-up' ? Math.max(100, Math.floor(settings.orders / 5)) : settings.orders;

  /** The app's shop before a run: full stock, and for a checkout every customer's cart filled. */
  async function stockShop(shop: Shop): Promise<void> {
    for (const { partId } of way.lines) {
      await shop.store.update('parts', partId, { quantity: INITIAL_STOCK });
    }
    if (!way.fromCart) return;
    for (const customer of customers) {
      for (const line of way.lines) await setCartItem(shop.store, customer.email, line, now);
    }
  }

  const app: Contender = {
    label: 'app (Hono, SQLite store)',
    async round(kind) {
      // Every request comes from this machine's one address: the per-address allowance of units
      // (four times SHOP_MAX_UNPAID_UNITS an hour) would stop a launch of this size.
      const shop = await openShop({
        env: { TOKEN_SECRET: secret, SHOP_MAX_UNPAID_UNITS: '1000000' },
        customers,
      });
      await stockShop(shop);
      const server = await serveShop(shop.app);
      return {
        measure: () => runOrders(loader, server.url, requests, amount(kind), settings),
        async check(sample) {
          const math = await appStockMath(shop.store, way);
          await server.close();
          await shop.close();
          return checkStock(`app ${way.name}`, math, sample.count);
        },
      };
    },
  };

  const raw: Contender = {
    label: 'bare node:http + raw better-sqlite3',
    async round(kind) {
      const dir = mkdtempSync(join(tmpdir(), 'sprocket-bench-raw-'));
      const emails = customers.map((customer) => customer.email);
      const shop = openRawShop(join(dir, 'raw.sqlite'), way, emails);
      const server = await serveBare(async (req, res) => {
        const text = await readBody(req);
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const claims = JSON.parse(
          Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
        ) as { email: string; name: string };
        const [status, body] = shop.place.immediate(
          claims.email,
          claims.name,
          JSON.parse(text) as OrderInput,
          new Date(),
        );
        shop.wrote();
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
      return {
        measure: () => runOrders(loader, server.url, requests, amount(kind), settings),
        async check(sample) {
          const math = shop.stockMath();
          await server.close();
          shop.db.close();
          rmSync(dir, { recursive: true, force: true });
          return checkStock(`raw ${way.name}`, math, sample.count);
        },
      };
    },
  };

  return compare({
    benchmark: 'orders',
    name: `POST ${way.path} (${way.lines.length} line${way.lines.length === 1 ? '' : 's'}, ${settings.orders} orders per run, ${customers.length} customers)`,
    unit: 'orders',
    baseline: raw,
    subject: app,
    rounds: settings.rounds,
    goal: {
      text: `≥ ${way.goalRatio}×`,
      met: (_subject, ratio) => ratio >= way.goalRatio,
    },
  });
}

export const orders: Benchmark = {
  name: 'orders',
  async run({ settings, loader }) {
    return [
      await compareWay(purchase, settings, loader),
      await compareWay(checkout, settings, loader),
    ];
  },
};

function runOrders(
  loader: Loader,
  url: string,
  requests: readonly LoadRequest[],
  amount: number,
  settings: Pick<Settings, 'connections'>,
) {
  return loader.run({
    url,
    requests,
    expectStatus: 201,
    connections: settings.connections,
    amount,
  });
}
