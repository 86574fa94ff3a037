/**
 * The API under test: the real app (createApp) served over HTTP on a free port, a real SQLite file
 * in a temporary folder, and the real Firebase Auth emulator for ID tokens. Run through
 * `npm run test:api`, which starts the emulator (scripts/with-auth-emulator.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { createApp, shopListener, type ShopApp } from '../app.js';
import { pageListener, withRenderedPages, type PageFiles } from '../http/pages.js';
import { firebaseIdentity } from '../auth/identity.js';
import { loadConfig } from '../config.js';
import { localFileStorage, type WriteFile } from '../files/local.js';
import { gatewayFromConfig, type GatewayOptions } from '../payments/gateway-from-config.js';
import type { PaymentGateway } from '../payments/port.js';
import type { SimulatedGateway } from '../payments/simulated/simulated-gateway.js';
import { StoreUnavailableError, type DocData, type Store } from '../store/port.js';
import { openFirestoreStore } from '../store/firestore/firestore-store.js';
import { openSqliteStore, type SqliteStore } from '../store/sqlite/sqlite-store.js';
import { ORDER_TOKEN_HEADER, type InsertResult, type Order, type Part } from '@sprocket/contract';
import { freePort } from './free-port.js';
import { serveLocally } from './serve-locally.js';
import { InProcessFirestore } from './in-process-firestore.js';
import { OFFICIAL_FIRESTORE_HOST } from './official-firestore.js';
import { deadline } from '../../../scripts/test-deadlines.js';

export const PROJECT_ID = 'demo-sprocket';
/** Signs the simulated gateway's webhook events in the API tests, so tests can sign their own. */
export const TEST_WEBHOOK_SECRET = 'whsec_api_tests_only';
const COLLECTIONS = [
  'parts',
  'orders',
  'reviews',
  'profiles',
  'users',
  'carts',
  'mail',
  'contactMessages',
  'savedAddresses',
] as const;

export interface TestUser {
  uid: string;
  email: string;
  name: string;
  idToken: string;
  /** The API's accessToken. */
  token: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  /** An accessToken (or ID token for PUT /user/{email}), sent as a bearer token. */
  token?: string;
  /** Serialised as JSON. */
  json?: unknown;
  /** Sent as is, for malformed bodies and CSV files. */
  raw?: string;
  /** Extra request headers (e.g. X-Forwarded-For, to speak from another address). */
  headers?: Record<string, string>;
  /**
   * Asks again after each 503's Retry-After, as a client should, until another answer: Firestore
   * turns away what contends too long for one document, where SQLite queues it.
   */
  retryWhileBusy?: boolean;
}

function authEmulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!host) {
    throw new Error(
      'The API tests need the Firebase Auth emulator: run them with `npm run test:api` ' +
        '(scripts/with-auth-emulator.ts starts it and sets FIREBASE_AUTH_EMULATOR_HOST).',
    );
  }
  return host;
}

const unique = () => randomBytes(5).toString('hex');

/** A private address that stands for the holder of `token`. */
function addressOf(token: string): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(token).digest();
  return `10.${a}.${b}.${c}`;
}

export interface Harness {
  url: string;
  /** The shop's public origin as the app was configured with it (SHOP_PUBLIC_URL). */
  publicUrl: string;
  /** SHOP_ADMIN_EMAILS of this app. */
  adminEmails: string[];
  /** The app's routes as its router lists them (Hono's `app.routes`: each handler of each call). */
  routes: ShopApp['routes'];
  /** The app's store, for looking at what was written (and writing set-ups). */
  store: Store;
  /**
   * What happens at the simulated provider outside the shop (a Dashboard refund, a dispute):
   * each delivers its signed event to the app's webhook (docs/decisions/069).
   */
  provider: SimulatedGateway['provider'];
  /**
   * The SQLite side, in the default mode: the app's own connection (so `simulateFullDisk` fills
   * the app's disk) and its file. Undefined when the suite runs against Firestore.
   */
  sqlite: { store: SqliteStore; file: string } | undefined;
  adminAuth: Auth;
  request<T = unknown>(
    method: string,
    path: string,
    options?: RequestOptions,
  ): Promise<ApiResponse<T>>;
  /**
   * A new Auth emulator account with an ID token (no accessToken yet). `admin` uses the address
   * listed in SHOP_ADMIN_EMAILS; the email is unverified unless `verified` is set.
   */
  signUp(
    label: string,
    options?: { admin?: boolean; email?: string; name?: string; verified?: boolean },
  ): Promise<Omit<TestUser, 'token'>>;
  /**
   * Verifies the account's email as a person would: asks the Auth emulator to send the
   * verification email, follows the link it kept, and signs in again. Returns the new ID token.
   */
  verifyEmail(user: Omit<TestUser, 'token'>): Promise<string>;
  /** Signs in with the account's password: a fresh ID token. */
  signIn(email: string): Promise<string>;
  /**
   * A new account that has exchanged its ID token for an accessToken; its email is verified (as
   * a shopper's is once they follow the link) unless `verified: false`.
   */
  customer(label?: string, options?: { verified?: boolean }): Promise<TestUser>;
  /** A new account listed in SHOP_ADMIN_EMAILS, with its email verified, signed in. */
  admin(): Promise<TestUser>;
  /** The sweep that cancels unpaid orders whose hold ran out (a schedule in production). */
  sweep(): Promise<number>;
  tokenFor(user: Omit<TestUser, 'token'>): Promise<string>;
  addPart(fields?: Partial<PartFields> & { createdAt?: string }): Promise<string>;
  /**
   * The user's checkout of `items` (part and quantity), sent to a street in the US (a shop with no
   * shipping methods sends for nothing): the answer, 201 with the order's id when it was placed.
   */
  checkout(
    user: TestUser,
    items: { partId: string; quantity: number }[],
  ): Promise<ApiResponse<InsertResult>>;
  /** A message from the contact form, written straight to the store (no address limit); its id. */
  addContactMessage(message?: string): Promise<string>;
  /** A part's stock as the catalogue shows it to anyone. */
  stockOf(partId: string): Promise<number>;
  /** Pays the user's order through the simulated gateway with `card`; the response of the confirm. */
  pay(
    user: TestUser,
    orderId: string,
    card?: string,
  ): Promise<ApiResponse<{ transactionId?: string }>>;
  /**
   * Pays a guest's order with its private link's token through the simulated gateway, as the
   * order's page does, and reports the payment; the report's response.
   */
  payAsGuest(orderId: string, orderToken: string): Promise<ApiResponse<{ order: Order }>>;
  /** Every document of every collection, to show that a failed request wrote nothing. */
  snapshot(): Promise<Record<string, { id: string; data: DocData }[]>>;
  /** Moves the app's clock forward (token expiry). */
  advanceClock(ms: number): void;
  /**
   * Moves the app's clock to the start of the next fixed rate window of `windowMs`, so the
   * requests a test counts all fall in one window however slow the machine is.
   */
  startRateWindow(windowMs: number): void;
  /**
   * While on, every transaction and increment of the app fails as an unreachable database does
   * (the harness's own `store` keeps working, so tests can look at what was written).
   */
  storeOutage(on: boolean): void;
  /** How many of the app's transactions the outage has refused so far. */
  refusedTransactions(): number;
  close(): Promise<void>;
}

export interface PartFields {
  productName: string;
  img: string;
  order: number;
  quantity: number;
  price: number;
  description: string;
}

/**
 * For suites that place many orders from one account: the per-customer limits (3 unpaid orders of
 * 50 units, 10 orders a minute) have tests of their own and would only get in the way there.
 */
export const MANY_ORDERS: Record<string, string> = {
  SHOP_MAX_UNPAID_ORDERS: '1000',
  SHOP_MAX_UNPAID_UNITS: '1000000',
  SHOP_ORDERS_PER_MINUTE: '10000',
};

export interface StartOptions {
  /** Settings over the harness's own, as loadConfig reads them (e.g. PAYMENTS). */
  env?: Record<string, string>;
  /** The page renderer's files: the rendered pages are served in front, as index.ts does. */
  pages?: PageFiles;
  /** How uploaded files are written (a full disk: one that writes to /dev/full). */
  writeFile?: WriteFile;
  /** The adapter, when a suite is about one (a flash sale on Firestore); else TEST_STORE. */
  store?: 'sqlite' | 'firestore';
  /** With PAYMENTS=stripe: where the Stripe adapter sends its calls (a local stand-in). */
  stripeClient?: GatewayOptions['stripeClient'];
}

/** The app's view of the store: the real one, unless an outage is switched on. */
function withOutageSwitch(store: Store, isDown: () => boolean): Store {
  const down = () => Promise.reject(new StoreUnavailableError('The test switched the store off'));
  return {
    ...store,
    runTransaction: (fn) => (isDown() ? down() : store.runTransaction(fn)),
    increment: (collection, id, fields, create) =>
      isDown() ? down() : store.increment(collection, id, fields, create),
  };
}

/**
 * Which adapter the suite runs against: SQLite (the default), or Firestore on an in-process
 * emulator with `SPROCKET_TEST_STORE=firestore` (`npm run test:api:firestore`).
 */
export const TEST_STORE: 'sqlite' | 'firestore' =
  process.env.SPROCKET_TEST_STORE === 'firestore' ? 'firestore' : 'sqlite';

/** The official Firestore emulator, when one runs; without it the in-process one is used. */
const OFFICIAL_FIRESTORE = OFFICIAL_FIRESTORE_HOST;

/**
 * A case that needs real transaction isolation (many requests at once on the same documents): it
 * runs against SQLite, the official Firestore emulator, and the in-process one, which
 * testing/in-process-firestore.ts makes isolate transactions (docs/decisions/038).
 */
export function itNeedsIsolation(name: string, fn: () => Promise<void>): void {
  it(name, fn, TEST_STORE === 'firestore' ? CONTENDED_TIMEOUT_MS : undefined);
}

/**
 * The official emulator settles transactions that contend for a document by letting one wait
 * until its lock times out (seconds each), and the client asks again after Retry-After.
 */
const CONTENDED_TIMEOUT_MS = deadline(300_000);

/** The store under test, and how to put it away. */
async function openTestStore(
  dir: string,
  run: string,
  kind: 'sqlite' | 'firestore',
): Promise<{ store: Store; sqlite: Harness['sqlite']; close(): Promise<void> }> {
  if (kind === 'sqlite') {
    const file = join(dir, 'api.sqlite');
    const store = openSqliteStore(file);
    return { store, sqlite: { store, file }, close: () => store.close() };
  }
  // The official emulator is shared, so each run keeps its data in a project of its own.
  const emulator = OFFICIAL_FIRESTORE ? undefined : new InProcessFirestore();
  let host = OFFICIAL_FIRESTORE;
  if (emulator) {
    const port = await freePort();
    await emulator.start(port);
    host = `127.0.0.1:${port}`;
  }
  const app = initializeApp({ projectId: `${PROJECT_ID}-${run}` }, `api-test-store-${run}`);
  const db = getFirestore(app);
  db.settings({ host, ssl: false });
  const store = openFirestoreStore(db);
  return {
    store,
    sqlite: undefined,
    async close() {
      await store.close();
      await deleteApp(app);
      emulator?.stop();
    },
  };
}

export async function startApi(options: StartOptions = {}): Promise<Harness> {
  const emulator = authEmulatorHost();
  const dir = mkdtempSync(join(tmpdir(), 'sprocket-api-'));
  const run = unique();
  const storeKind = options.store ?? TEST_STORE;
  const testStore = await openTestStore(dir, run, storeKind);
  const { store } = testStore;
  // The first is api.admin(); the others are for tests of how a listed address becomes an admin.
  const adminEmails = [
    `admin-${run}@sprocket.test`,
    `owner-${run}@sprocket.test`,
    `manager-${run}@sprocket.test`,
  ];
  let clockOffset = 0;
  const clock = () => new Date(Date.now() + clockOffset);

  const firebaseApp = initializeApp({ projectId: PROJECT_ID }, `api-test-${run}`);
  const adminAuth = getAuth(firebaseApp);
  const config = loadConfig({
    STORE: storeKind,
    SQLITE_PATH: join(dir, 'api.sqlite'),
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    SHOP_ADMIN_EMAILS: adminEmails.join(','),
    SIMULATED_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    // Tests write set-ups straight to the store, behind the app's back, and read them through the
    // API at once; the caches' own tests set a max age (docs/decisions/020).
    SHOP_CACHE_MAX_AGE_SECONDS: '0',
    // The harness stands for one proxy in front of the app: a test's X-Forwarded-For ends with the
    // address that proxy saw (docs/decisions/044); what a client wrote before it is not believed.
    SHOP_PROXY_HOPS: '1',
    ...options.env,
  });
  let outage = false;
  let refusedTransactions = 0;
  let gateway: PaymentGateway | undefined;
  const appStore = withOutageSwitch(store, () => {
    if (outage) refusedTransactions += 1;
    return outage;
  });
  const app = createApp({
    store: appStore,
    config,
    identity: firebaseIdentity(adminAuth),
    clock,
    // The gateway stands for the provider, a system of its own: it keeps the real store through
    // the shop's outages, and retries its webhook deliveries quickly (20, 40, 80, 160 ms).
    payments: (deliver) => {
      gateway = gatewayFromConfig(config, store, clock, {
        delivery: { attempts: 5, firstDelayMs: 20 },
        ...(options.stripeClient ? { stripeClient: options.stripeClient } : {}),
      })(deliver);
      return gateway;
    },
    files: localFileStorage(join(dir, 'files'), options.writeFile),
  });
  // Served the way index.ts serves it: the catalogue's fast reads first, then Hono.
  const api = shopListener(app);
  const listener = options.pages ? withRenderedPages(api, pageListener(app, options.pages)) : api;
  const server = await serveLocally(listener);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request: Harness['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    // Each signed-in caller speaks from an address of its own, as shoppers at home do, so the
    // per-address limits of one test's customers never meet another's; a test may set its own.
    headers['x-forwarded-for'] ??= options.token ? addressOf(options.token) : '192.0.2.1';
    let body: string | undefined;
    if (options.json !== undefined) body = JSON.stringify(options.json);
    if (options.raw !== undefined) body = options.raw;
    // JSON unless the test says otherwise (a CSV file: `headers: { 'content-type': 'text/csv' }`).
    const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
    if (body !== undefined && !typed) headers['content-type'] = 'application/json';
    let response = await fetch(`${url}/api${path}`, { method, headers, body });
    while (options.retryWhileBusy && response.status === 503) {
      const seconds = Number(response.headers.get('retry-after'));
      if (!(seconds > 0)) break;
      await response.arrayBuffer();
      // Spread over the second after the wait, so the ones turned away together do not return so.
      await new Promise((resolve) => setTimeout(resolve, (seconds + Math.random()) * 1000));
      response = await fetch(`${url}/api${path}`, { method, headers, body });
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: the test sees the text and fails on it.
    }
    return { status: response.status, body: parsed as never, headers: response.headers };
  };

  const identityToolkit = `http://${emulator}/identitytoolkit.googleapis.com/v1`;
  const postJson = async <T>(url: string, body: unknown): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as T;
    if (!response.ok) throw new Error(`Auth emulator ${url}: ${JSON.stringify(json)}`);
    return json;
  };

  const signIn: Harness['signIn'] = async (email) => {
    const account = await postJson<{ idToken: string }>(
      `${identityToolkit}/accounts:signInWithPassword?key=fake-api-key`,
      { email, password: 'test-password', returnSecureToken: true },
    );
    return account.idToken;
  };

  const verifyEmail: Harness['verifyEmail'] = async (user) => {
    await postJson(`${identityToolkit}/accounts:sendOobCode?key=fake-api-key`, {
      requestType: 'VERIFY_EMAIL',
      idToken: user.idToken,
    });
    // Where the Auth emulator keeps the mail it would have sent (README, "Email links").
    const { oobCodes } = (await (
      await fetch(`http://${emulator}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
    ).json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
    const mail = oobCodes.findLast(
      (code) => code.email === user.email && code.requestType === 'VERIFY_EMAIL',
    );
    if (!mail) throw new Error(`No verification email for ${user.email}`);
    const followed = await fetch(mail.oobLink);
    if (!followed.ok) throw new Error(`The verification link failed: HTTP ${followed.status}`);
    return signIn(user.email);
  };

  const signUp: Harness['signUp'] = async (label, options = {}) => {
    const email =
      options.email ??
      (options.admin ? adminEmails[0]! : `${label}-${run}-${unique()}@sprocket.test`);
    const name = options.name ?? `Test ${label}`;
    const response = await fetch(
      `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email,
          password: 'test-password',
          displayName: name,
          returnSecureToken: true,
        }),
      },
    );
    const account = (await response.json()) as { localId: string; idToken: string };
    if (!response.ok) throw new Error(`Auth emulator signUp failed: ${JSON.stringify(account)}`);
    const user = { uid: account.localId, email, name, idToken: account.idToken };
    return options.verified ? { ...user, idToken: await verifyEmail(user) } : user;
  };

  const tokenFor: Harness['tokenFor'] = async (user) => {
    const response = await request<{ token: string }>(
      'PUT',
      `/user/${encodeURIComponent(user.email)}`,
      // A set-up, not the case under test: asked again after a 503, as the web app would.
      { token: user.idToken, json: { email: user.email }, retryWhileBusy: true },
    );
    if (response.status !== 200)
      throw new Error(`No token for ${user.email}: ${JSON.stringify(response.body)}`);
    return response.body.token;
  };

  let adminUser: TestUser | undefined;
  let partCount = 0;

  return {
    url,
    publicUrl: config.publicUrl,
    routes: app.routes,
    adminEmails,
    store,
    get provider() {
      if (gateway?.name !== 'simulated') throw new Error('Only the simulated gateway has these');
      return (gateway as SimulatedGateway).provider;
    },
    sqlite: testStore.sqlite,
    adminAuth,
    request,
    signUp,
    signIn,
    verifyEmail,
    tokenFor,
    async customer(label = 'customer', { verified = true } = {}) {
      const signedUp = await signUp(label);
      // The Admin SDK marks it verified in one call; verifyEmail follows the link, as a person does.
      const user = verified
        ? await adminAuth
            .updateUser(signedUp.uid, { emailVerified: true })
            .then(async () => ({ ...signedUp, idToken: await signIn(signedUp.email) }))
        : signedUp;
      return { ...user, token: await tokenFor(user) };
    },
    async admin() {
      if (!adminUser) {
        const user = await signUp('admin', { admin: true, name: 'Test Admin', verified: true });
        adminUser = { ...user, token: await tokenFor(user) };
      }
      return adminUser;
    },
    checkout(user, items) {
      return request<InsertResult>('POST', '/checkout', {
        token: user.token,
        json: { items, address: '1 Chainring Road', number: '5550100', country: 'US' },
      });
    },
    async addContactMessage(message = 'Hello') {
      const id = store.newId();
      await store.set('contactMessages', id, {
        name: 'Ada',
        email: 'ada@example.com',
        subject: '',
        message,
        createdAt: new Date().toISOString(),
        handled: false,
      });
      return id;
    },
    async stockOf(partId) {
      return (await request<Part>('GET', `/parts/${partId}`)).body.quantity;
    },
    async pay(user, orderId, card = '4242 4242 4242 4242') {
      const intent = await request<{ clientSecret: string }>('POST', '/create-payment-intent', {
        token: user.token,
        json: { orderId },
      });
      return request('POST', '/payments/simulated/confirm', {
        token: user.token,
        json: {
          clientSecret: intent.body.clientSecret,
          cardNumber: card,
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
          billingName: user.name,
          billingEmail: user.email,
        },
      });
    },
    async payAsGuest(orderId, orderToken) {
      const link = { headers: { [ORDER_TOKEN_HEADER]: orderToken } };
      const intent = await request<{ clientSecret: string }>('POST', '/create-payment-intent', {
        json: { orderId },
        ...link,
      });
      const paid = await request<{ transactionId: string }>('POST', '/payments/simulated/confirm', {
        json: {
          clientSecret: intent.body.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        },
        ...link,
      });
      return request<{ order: Order }>('PATCH', `/ordered/${orderId}`, {
        json: { transactionId: paid.body.transactionId },
        ...link,
      });
    },
    async addPart(fields = {}) {
      partCount += 1;
      const id = store.newId();
      await store.set('parts', id, {
        productName: `Test part ${partCount} ${run}`,
        img: `/parts/test-${partCount}.svg`,
        order: 2,
        quantity: 50,
        price: 1250,
        description: 'A part made for the tests.',
        createdAt: new Date(Date.now() + partCount).toISOString(),
        ...fields,
      });
      return id;
    },
    async snapshot() {
      const entries = await Promise.all(
        COLLECTIONS.map(async (name) => [name, await store.query(name)] as const),
      );
      return Object.fromEntries(entries);
    },
    sweep: () => app.sweepExpiredOrders(),
    advanceClock(ms) {
      clockOffset += ms;
    },
    startRateWindow(windowMs) {
      clockOffset += windowMs - (clock().getTime() % windowMs);
    },
    storeOutage(on) {
      outage = on;
    },
    refusedTransactions: () => refusedTransactions,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps connections alive; close them so close() does not wait for their timeout.
        server.closeAllConnections();
      });
      await testStore.close();
      await deleteApp(firebaseApp);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
