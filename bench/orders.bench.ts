/**
 * Order placement: POST /api/ordered through the real app (accessToken, rate limit, validation,
 * the orders service on the SQLite store) against a bare node:http server that runs the same
 * transaction on raw better-sqlite3: in one BEGIN IMMEDIATE, read the part and the customer's
 * unpaid orders (the same query on the same table of JSON documents), then write the stock, the
 * order and its two mails. Every run places a fixed number of one-item orders from many customers
 * on a fresh database, so both sides end each run with the same number of orders, and after every
 * run the stock math is checked: the part's stock plus what the orders reserved is the stock it
 * started with, with one order per 201.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DEFAULT_MAX_UNPAID_ORDERS } from '@sprocket/contract';
import { signAccessToken } from '../functions/src/auth/access-token.js';
import { seedParts } from '../functions/src/seed/catalogue.js';
import type { Store } from '../functions/src/store/port.js';
import {
  declaredIndexes,
  keepDeclaredIndexes,
  keepPlannerMeasured,
} from '../functions/src/store/sqlite/declared-indexes.js';
import { compare, type Benchmark, type Check, type Contender, type Settings } from './compare.js';
import type { LoadRequest, Loader } from './load.js';
import { openShop, serveBare, serveShop } from './shop.js';

const PART_ID = 'velotrack-cx12-chain';
/** QUANTITY_MAX: more than any run orders, so every order is taken. */
const INITIAL_STOCK = 1_000_000;
/**
 * The shop's own limits, not raised: each customer places at most as many orders in a run as
 * they may hold unpaid (a launch of many customers, each buying once or twice).
 */
const ORDERS_PER_CUSTOMER = DEFAULT_MAX_UNPAID_ORDERS;
const ORDER_BODY = JSON.stringify({
  partId: PART_ID,
  orderQuantity: 1,
  address: '12 Spoke Lane, Leeds LS1 4AP',
  number: '+44 113 4960000',
});

interface StockMath {
  stock: number;
  reserved: number;
  orders: number;
}

function checkStock(label: string, math: StockMath, created: number): Check {
  const ok = math.stock + math.reserved === INITIAL_STOCK && math.orders === created;
  return {
    ok,
    note:
      `${label}: stock ${math.stock} + reserved ${math.reserved} ${ok ? '=' : '≠'} ${INITIAL_STOCK}` +
      `, ${math.orders} orders for ${created} answers 201`,
  };
}

type StoredLine = { partId: string; quantity: number };

async function appStockMath(store: Store): Promise<StockMath> {
  const part = await store.get<{ quantity: number }>('parts', PART_ID);
  const orders = await store.query<{ lines: StoredLine[] }>('orders');
  const reserved = orders
    .flatMap((order) => order.data.lines)
    .filter((line) => line.partId === PART_ID)
    .reduce((sum, line) => sum + line.quantity, 0);
  return { stock: part?.data.quantity ?? Number.NaN, reserved, orders: orders.length };
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
  partId: string;
  orderQuantity: number;
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

/**
 * The baseline: the transaction of orders.service.ts createOrder written straight against
 * better-sqlite3, on the table sqlite-store.ts keeps, behind a bare node:http server. The caller's
 * email is read from the token without checking it: the baseline is the floor, not a shop.
 */
function openRawShop(file: string) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE docs (
    collection TEXT NOT NULL,
    id TEXT NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (collection, id)
  ) WITHOUT ROWID`);
  // The same indexes as the store: the floor is the same table, read the best way it can be.
  keepDeclaredIndexes(db, declaredIndexes());
  const wrote = keepPlannerMeasured(db);
  const get = db.prepare<[string, string], { data: string }>(
    'SELECT data FROM docs WHERE collection = ? AND id = ?',
  );
  const set = db.prepare<[string, string, string]>(
    'INSERT INTO docs (collection, id, data) VALUES (?, ?, ?) ON CONFLICT (collection, id) DO UPDATE SET data = excluded.data',
  );
  const unpaidOf = db.prepare<[string, string], { id: string; data: string }>(
    "SELECT id, data FROM docs WHERE collection = 'orders' AND json_extract(data, '$.email') = ? AND json_extract(data, '$.status') = ? ORDER BY json_extract(data, '$.expiresAt') ASC, id ASC",
  );
  const { id: _id, ...seeded } = seedParts.find((part) => part.id === PART_ID)!;
  set.run('parts', PART_ID, JSON.stringify({ ...seeded, quantity: INITIAL_STOCK }));

  const place = db.transaction(
    (email: string, name: string, input: OrderInput, now: Date): [number, unknown] => {
      const row = get.get('parts', input.partId);
      if (!row) return [404, { error: 'Part not found' }];
      const part = JSON.parse(row.data) as PartFields;
      const live = unpaidOf
        .all(email, 'unpaid')
        .filter(
          (order) =>
            (JSON.parse(order.data) as { expiresAt: string }).expiresAt > now.toISOString(),
        );
      if (live.length >= DEFAULT_MAX_UNPAID_ORDERS)
        return [409, { error: 'Too many unpaid orders' }];
      if (input.orderQuantity < part.order) return [422, { error: 'Below the minimum order' }];
      if (input.orderQuantity > part.quantity) return [409, { error: 'Not enough stock' }];
      const id = randomUUID().replace(/-/g, '').slice(0, 20);
      const at = now.toISOString();
      const line = {
        partId: input.partId,
        partName: part.productName,
        img: part.img,
        price: part.price,
        quantity: input.orderQuantity,
        lineTotal: part.price * input.orderQuantity,
      };
      set.run(
        'parts',
        input.partId,
        JSON.stringify({ ...part, quantity: part.quantity - line.quantity }),
      );
      set.run(
        'orders',
        id,
        JSON.stringify({
          partId: line.partId,
          partName: line.partName,
          img: line.img,
          price: line.price,
          orderQuantity: line.quantity,
          totalPrice: line.lineTotal,
          lines: [line],
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
      const text = `Thank you for your order of ${line.quantity} × ${line.partName}. Pay within 30 minutes to keep it.`;
      for (const [kind, to] of [
        ['order_placed', email],
        ['shop_new_order', 'shop@sprocket.test'],
      ] as const) {
        set.run(
          'mail',
          `${id}-${kind}`,
          JSON.stringify({
            to,
            message: { subject: `Order ${id}: ${line.partName}`, text, html: `<p>${text}</p>` },
            kind,
            about: id,
            createdAt: at,
          }),
        );
      }
      return [201, { acknowledged: true, insertedId: id }];
    },
  );

  const stockMath = (): StockMath => {
    const part = JSON.parse(get.get('parts', PART_ID)!.data) as PartFields;
    const orders = db
      .prepare<[], { data: string }>("SELECT data FROM docs WHERE collection = 'orders'")
      .all()
      .map((row) => JSON.parse(row.data) as { lines: StoredLine[] });
    const reserved = orders
      .flatMap((order) => order.lines)
      .filter((line) => line.partId === PART_ID)
      .reduce((sum, line) => sum + line.quantity, 0);
    return { stock: part.quantity, reserved, orders: orders.length };
  };

  return { db, place, wrote, stockMath };
}

export const orders: Benchmark = {
  name: 'orders',
  async run({ settings, loader }) {
    const secret = randomBytes(32).toString('hex');
    const customers = Math.ceil(settings.orders / ORDERS_PER_CUSTOMER);
    const now = new Date();
    const requests: LoadRequest[] = Array.from({ length: customers }, (_, i) => {
      const token = signAccessToken(
        new TextEncoder().encode(secret),
        { uid: `bench-${i}`, email: `rider-${i}@bench.test`, name: `Rider ${i}` },
        now,
      );
      return {
        method: 'POST' as const,
        path: '/api/ordered',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: ORDER_BODY,
      };
    });
    const amount = (kind: 'warm-up' | 'measured') =>
      kind === 'warm-up' ? Math.max(100, Math.floor(settings.orders / 5)) : settings.orders;

    const app: Contender = {
      label: 'app (Hono, SQLite store)',
      async round(kind) {
        const shop = await openShop({ env: { TOKEN_SECRET: secret } });
        await shop.store.update('parts', PART_ID, { quantity: INITIAL_STOCK });
        const server = await serveShop(shop.app);
        return {
          measure: () => runOrders(loader, server.url, requests, amount(kind), settings),
          async check(sample) {
            const math = await appStockMath(shop.store);
            await server.close();
            await shop.close();
            return checkStock('app', math, sample.count);
          },
        };
      },
    };

    const raw: Contender = {
      label: 'bare node:http + raw better-sqlite3',
      async round(kind) {
        const dir = mkdtempSync(join(tmpdir(), 'sprocket-bench-raw-'));
        const shop = openRawShop(join(dir, 'raw.sqlite'));
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
            return checkStock('raw', math, sample.count);
          },
        };
      },
    };

    return [
      await compare({
        benchmark: 'orders',
        name: `POST /api/ordered (${settings.orders} orders per run, ${customers} customers)`,
        unit: 'orders',
        baseline: raw,
        subject: app,
        rounds: settings.rounds,
        // Issue 14, item 3.
        goal: {
          text: '≥ 2,000/s and ≥ 0.4×',
          met: (subject, ratio) => subject.perSecond >= 2000 && ratio >= 0.4,
        },
      }),
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
