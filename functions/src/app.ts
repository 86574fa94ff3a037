/** createApp(deps): the backend's single wiring point (docs/conventions.md §4). */
import { API_BASE, TOTAL_COUNT_HEADER } from '@sprocket/contract';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { AppDeps, AppEnv, InjectedDeps } from './http/app-env.js';
import type { PaymentGateway } from './payments/port.js';
import { errorBody, handleError, statusOfError } from './http/errors.js';
import { withFastReads, type FastReadOptions } from './modules/parts/fast-reads.js';
import { publicCacheControl } from './http/public-json.js';
import {
  declaredLength,
  drainRequestBody,
  OVERSIZED_BODY_DRAIN_BYTES,
} from './http/request-body.js';
import { pruneRateWindows } from './store/rate-windows.js';
import { pruneIdempotencyKeys } from './store/idempotency-keys.js';
import { absoluteImages } from './http/absolute-images.js';
import { orderTargetName } from './modules/audit/audit-log.js';
import { auditRoutes } from './modules/audit/audit.routes.js';
import { brandRoutes, LOGO_UPLOAD_PATH } from './modules/brand/brand.routes.js';
import { brandSettings, type BrandReader } from './modules/brand/brand.service.js';
import { categoriesRoutes } from './modules/categories/categories.routes.js';
import { bulkRoutes, PARTS_IMPORT_PATH } from './modules/bulk/bulk.routes.js';
import { remindLeftCarts } from './modules/cart-reminders/cart-reminders.js';
import { cartRoutes } from './modules/cart/cart.routes.js';
import { customersRoutes } from './modules/customers/customers.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { IMAGE_UPLOAD_PATH, imagesRoutes } from './modules/images/images.routes.js';
import { mailRoutes } from './modules/mail/mail.routes.js';
import type { MailShop } from './modules/mail/mail.service.js';
import { mailTemplatesRoutes } from './modules/mail-templates/mail-templates.routes.js';
import { mailTemplates } from './modules/mail-templates/mail-templates.service.js';
import { ordersRoutes } from './modules/orders/orders.routes.js';
import { ADMIN_PAGES_PATH, pagesRoutes } from './modules/pages/pages.routes.js';
import { expireUnpaidOrders } from './modules/orders/actions/expire-orders.js';
import type { OrderDeps } from './modules/orders/order-deps.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import {
  orderPaymentsOf,
  receiveWebhook,
  type PaymentDeps,
} from './modules/payments/payments.service.js';
import { catalogueSnapshot } from './modules/parts/catalogue-snapshot.js';
import { partsRoutes } from './modules/parts/parts.routes.js';
import { feedsRoutes } from './modules/feeds/feeds.routes.js';
import { profilesRoutes } from './modules/profiles/profiles.routes.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { shopPricingRoutes } from './modules/shop-pricing/shop-pricing.routes.js';
import { trackingRoutes } from './modules/tracking/tracking.routes.js';
import { returnsRoutes } from './modules/returns/returns.routes.js';
import { returnsOfOrder } from './modules/returns/returns.service.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { salesRoutes } from './modules/sales/sales.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { isAdmin, userHolding } from './modules/users/users.service.js';
import { accountRecords } from './modules/accounts/account-handover.js';
import { accountChecker } from './auth/account-check.js';
import { withWriteListener } from './store/write-listener.js';
import { ORDER_EVENTS } from './modules/orders/order-events.js';
import { orderOutbox } from './modules/orders/order-outbox.js';
import { auditOfEvents, lowStockOfEvents } from './modules/orders/order-event-handlers.js';
import { ORDERS, type OrderDoc } from './modules/orders/order-record.js';
import { PARTS, type PartDoc } from './modules/stock/part-record.js';
import { salesDaysOfEvents } from './modules/sales/sales-days.js';
import { customerTotalsOfEvents } from './modules/customers/customer-totals.js';
import { orderMailsOfEvents } from './modules/orders/order-mails.js';
import { intentsOfEvents } from './modules/payments/intents.js';
import { withRestockEvents } from './modules/stock-alerts/restock-events.js';
import { restockOutbox } from './modules/stock-alerts/restock-outbox.js';
import { RESTOCKS } from './modules/stock-alerts/stock-alert-record.js';
import { stockAlertsRoutes } from './modules/stock-alerts/stock-alerts.routes.js';
import type { Store } from './store/port.js';

export type { AppDeps, InjectedDeps } from './http/app-env.js';

/** Bodies are small JSON documents; anything bigger is refused, its content never parsed. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** The methods whose bodies the API reads (no GET, HEAD or OPTIONS route reads one). */
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The API, and the sweep that cancels unpaid orders whose hold ran out (run on a schedule). */
export type ShopApp = Hono<AppEnv> & {
  sweepExpiredOrders(): Promise<number>;
  /** Applies the orders' pending events (the trigger on a new one; docs/decisions/084). */
  applyOrderEvents(): Promise<void>;
  /** What shopListener needs to answer catalogue reads before Hono. */
  fastReads: FastReadOptions;
  /** The shop's public origin (config.publicUrl), for the pages rendered beside the API. */
  publicUrl: string;
};

const paymentDepsOf = (
  gateway: PaymentGateway,
  deps: AppDeps,
  brand: BrandReader,
): PaymentDeps => ({
  store: deps.store,
  gateway,
  clock: deps.clock,
  currency: deps.config.currency,
  timeZone: deps.config.timeZone,
  shopName: async () => (await brand.get()).name,
});

export function createApp(injected: InjectedDeps): ShopApp {
  const catalogue = catalogueSnapshot(
    injected.store,
    injected.clock,
    injected.config.cacheMaxAgeMs,
    injected.config.publicUrl,
  );
  // What follows from the orders' changes, applied from their events (docs/decisions/084); the
  // handlers need the gateway, made below.
  const handlers: Parameters<typeof orderOutbox>[1][number][] = [];
  const events = orderOutbox(injected.store, handlers);
  // In production a Firestore trigger applies them; here, the app after each change that made one.
  const applyInline = (injected.orderEvents ?? 'inline') === 'inline';
  // Every module gets this store, so a write to parts or reviews drops the catalogue snapshot,
  // whichever module makes it, and one that only counts stock mends it (docs/decisions/020, 072).
  // The back-in-stock mails that follow each rise of stock (docs/decisions/100), applied by the
  // app after the change, as the orders' events are here.
  const restocks = restockOutbox({
    store: injected.store,
    clock: injected.clock,
    config: injected.config,
    // The readers are made below, on the listened store; the first restock runs after them.
    brand: () => mailShop(),
  });
  const listened = withWriteListener(injected.store, (collection, writes) => {
    catalogue.written(collection, writes);
    if (collection === ORDER_EVENTS && applyInline) events.kick();
    if (collection === RESTOCKS) restocks.kick();
  });
  // Every rise of stock, whichever module makes it, leaves a restock in its transaction.
  const store: Store = {
    ...listened,
    stock: withRestockEvents(listened.stock, {
      clock: injected.clock,
      newId: () => injected.store.newId(),
    }),
  };
  const deps: AppDeps = {
    ...injected,
    store,
    // One for every route, so what it knows of an account is shared, and forgotten at once when
    // the account loses its address here (decision 048).
    accounts:
      injected.accounts ??
      accountChecker({
        identity: injected.identity,
        holderOf: (email) => userHolding(store, email),
        clock: injected.clock,
      }),
    // The role behind http/access.ts's admin checks: http/ imports no module (issue 34).
    isAdmin: (caller) => isAdmin(store, caller),
  };
  const app = new Hono<AppEnv>().basePath(API_BASE);
  // A request is answered once the events it made are applied: the shop reads the same here as
  // before the outbox (the mails, the Overview's figures), and production lags by its trigger.
  app.use(async (_c, next) => {
    await next();
    await events.settled();
    await restocks.settled();
  });
  app.use(absoluteImages(deps.config.publicUrl));
  if (deps.config.allowedOrigins.length > 0) {
    // Other web clients (a native app's web view, a partner's site) named in SHOP_ALLOWED_ORIGINS.
    // The shop's own pages are same-origin through the hosting rewrite and need none.
    app.use(
      cors({
        origin: deps.config.allowedOrigins,
        allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
        // x-order-token: a guest order's private link (docs/decisions/066).
        allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-order-token'],
        // How many a list query matched, which a client pages by.
        exposeHeaders: [TOTAL_COUNT_HEADER],
        maxAge: 600,
      }),
    );
  }
  // Only on methods that carry a body: the check reads the request's body stream, which makes
  // @hono/node-server build a full Request; skipping it on GETs measured 1.5–1.8× the throughput
  // of GET /parts/{id} (issue 14; the bench's `body limit` case). A Node request that declares
  // its length is judged by it without building one (http/request-body.ts).
  const tooLarge = async (c: Context) => {
    // Answered once the body is read (up to a bound), so the sender is never cut off mid-write;
    // a connection whose body was left unread cannot carry another request.
    const drained = await drainRequestBody(c, OVERSIZED_BODY_DRAIN_BYTES);
    return c.json(
      errorBody('payload_too_large', `The request body is over ${BODY_LIMIT_BYTES} bytes`),
      413,
      drained ? undefined : { connection: 'close' },
    );
  };
  const jsonBodyLimit = bodyLimit({ maxSize: BODY_LIMIT_BYTES, onError: tooLarge });
  // The image upload and the CSV import send bodies that are not JSON; their routes have their
  // own, larger limits, and so do a page's, whose text may be long (docs/decisions/094).
  const ownLimits = new Set(
    [IMAGE_UPLOAD_PATH, PARTS_IMPORT_PATH, LOGO_UPLOAD_PATH].map((path) => API_BASE + path),
  );
  const pagesPath = API_BASE + ADMIN_PAGES_PATH;
  app.on(BODY_METHODS, '*', async (c, next) => {
    if (ownLimits.has(c.req.path)) return next();
    if (c.req.path === pagesPath || c.req.path.startsWith(`${pagesPath}/`)) return next();
    const length = declaredLength(c);
    if (length === undefined) return jsonBodyLimit(c, next);
    if (length > BODY_LIMIT_BYTES) return tooLarge(c);
    await next();
  });
  // The simulated gateway's events take the webhook's own path in process: the signature is
  // checked and the event applied by receiveWebhook, as for one Stripe delivers, with no request
  // through the router (issue 22); the gateway retries while the answer is a 5xx.
  // The shop's name and contact details, which pages and customers' mails carry (decision 104).
  const brand = brandSettings(store, deps.config.cacheMaxAgeMs, deps.clock);
  const gateway: PaymentGateway = deps.payments(async (rawBody, signature) => {
    try {
      await receiveWebhook(payments, rawBody, signature);
      return { status: 200 };
    } catch (error) {
      const status = statusOfError(error);
      if (status >= 500) console.error('A simulated payment event failed:', error);
      return { status };
    }
  });
  const payments = paymentDepsOf(gateway, deps, brand);
  // The owner's words for the customers' mails (decision 107), kept as the brand is.
  const templates = mailTemplates(store, deps.config.cacheMaxAgeMs, deps.clock);
  const mailShop = async (): Promise<MailShop> => {
    const [{ name, email, phone, address }, saved] = await Promise.all([
      brand.get(),
      templates.get(),
    ]);
    return { name, email, phone, address, templates: saved };
  };
  const orders: OrderDeps = {
    store: deps.store,
    gateway,
    clock: deps.clock,
    config: deps.config,
  };
  handlers.push(
    salesDaysOfEvents(deps.config.timeZone),
    customerTotalsOfEvents,
    orderMailsOfEvents(deps.config, mailShop),
    auditOfEvents,
    lowStockOfEvents(injected.store, deps.config.lowStock, deps.clock),
    intentsOfEvents(injected.store, gateway, deps.clock),
  );
  // Events and restocks a crash or a kill -9 left pending are applied at start.
  events.kick();
  restocks.kick();
  app.route('/', imagesRoutes(deps));
  app.route('/', partsRoutes(deps, catalogue));
  app.route('/', stockAlertsRoutes(deps, mailShop));
  app.route(
    '/',
    feedsRoutes(deps, catalogue, async () => (await brand.get()).name),
  );
  // Before usersRoutes, whose GET /admin/{email} would take /admin/parts.csv for an address.
  app.route('/', bulkRoutes(deps));
  app.route(
    '/',
    auditRoutes(deps, {
      part: async (id) => (await store.get<PartDoc>(PARTS, id))?.data.productName,
      order: async (id) => {
        const order = await store.get<OrderDoc>(ORDERS, id);
        return order ? orderTargetName(order.id, order.data) : undefined;
      },
    }),
  );
  app.route('/', customersRoutes(deps));
  // Before the users' routes: GET /admin/{email} would take /admin/sales.
  app.route('/', salesRoutes(deps));
  app.route('/', shopPricingRoutes(deps));
  app.route('/', trackingRoutes(deps));
  // Before the users' routes: GET /admin/{email} would take /admin/pages.
  app.route('/', pagesRoutes(deps));
  app.route('/', brandRoutes(deps, brand));
  app.route('/', mailTemplatesRoutes(deps, templates, mailShop));
  app.route(
    '/',
    categoriesRoutes(deps, async () => {
      const view = await catalogue.all();
      return { categories: view.categories, parts: view.partCounts() };
    }),
  );
  // Before the users' routes: GET /admin/{email} would take /admin/returns.
  app.route('/', returnsRoutes(deps, orders));
  app.route(
    '/',
    ordersRoutes(deps, orders, orderPaymentsOf(payments), (order) => returnsOfOrder(orders, order)),
  );
  app.route('/', paymentsRoutes(deps, payments));
  app.route('/', reviewsRoutes(deps));
  app.route('/', profilesRoutes(deps));
  app.route('/', usersRoutes(deps, accountRecords(deps)));
  app.route('/', cartRoutes(deps));
  app.route('/', mailRoutes(deps));
  app.route('/', contactRoutes(deps));
  app.route('/', statsRoutes(deps, catalogue));
  app.notFound((c) =>
    c.json(errorBody('not_found', `No such call: ${c.req.method} ${c.req.path}`), 404),
  );
  app.onError(handleError);
  return Object.assign(app, {
    async sweepExpiredOrders() {
      await pruneRateWindows(deps.store, deps.clock());
      await pruneIdempotencyKeys(deps.store, deps.clock());
      const expired = await expireUnpaidOrders(orders);
      // And whatever events are left (a crash's, a trigger that failed).
      events.kick();
      restocks.kick();
      await Promise.all([events.settled(), restocks.settled()]);
      // Carts left behind, reminded once (issue 37 item 4); a failure waits for the next sweep.
      await remindLeftCarts({ ...deps, brand: mailShop }).catch((error: unknown) =>
        console.warn('Cart reminders wait for the next sweep:', error),
      );
      return expired;
    },
    async applyOrderEvents() {
      events.kick();
      await events.settled();
    },
    fastReads: {
      catalogue,
      cacheControl: publicCacheControl(deps.config.cacheMaxAgeMs),
      cors: deps.config.allowedOrigins.length > 0,
    },
    publicUrl: deps.config.publicUrl,
  });
}

/**
 * The app as a Node request listener (Cloud Functions, the bench, the API tests): the
 * catalogue's hottest reads answered from its snapshot first, everything else through Hono.
 * Firebase has already read the body; @hono/node-server takes it from `req.rawBody` intact, which
 * is what the payment webhook's signature check needs.
 */
export const shopListener = (app: ShopApp) =>
  withFastReads(getRequestListener(app.fetch), app.fastReads);
