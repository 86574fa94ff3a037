import {
  awaitsPayment,
  mailboxOf,
  checkoutSchema,
  claimOrderSchema,
  confirmPaymentSchema,
  guestCheckoutSchema,
  deliverOrderSchema,
  idParamsSchema,
  ordersListQuerySchema,
  placeOrderSchema,
  refundOrderSchema,
  shipOrderSchema,
} from '@sprocket/contract';
import type {
  CheckoutResult,
  ClaimOrderResult,
  GuestCheckoutInput,
  DeleteResult,
  InsertResult,
  Order,
  PaymentIntentResult,
  PaymentRecordedResult,
  UpdateResult,
} from '@sprocket/contract';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AccessClaims } from '../../auth/access-token.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import {
  adminOnly,
  assertOwnerOrAdmin,
  requireUser,
  requireUserOrGuest,
  requireUserOrOrderLink,
} from '../../http/access.js';
import { signOrderToken, verifyOrderToken } from '../../auth/order-token.js';
import { claimGuestOrder } from './guest-orders.js';
import { toOrder, type OrderCaller } from './order-record.js';
import { forbidden, validationFailed } from '../errors.js';
import {
  checkAmount,
  clientAddress,
  countAmount,
  memoryRateCounter,
  rateLimit,
  type AmountLimit,
} from '../../http/rate-limit.js';
import { validate, validateParams, validateQuery } from '../../http/validate.js';
import { idempotent } from '../../http/idempotency.js';
import { normalizeEmail } from '../../store/ids.js';
import { isAdmin } from '../users/users.service.js';
import { asksForAnything, pageResponse } from '../list-query.js';
import { queryOrders } from './order-list.js';
import { adminAct } from '../audit/audit-log.js';
import type { OrderDeps } from './order-deps.js';
import { getOrder, listOrders } from './order-reads.js';
import { placeOrder } from './actions/place-order.js';
import { checkout } from './actions/checkout.js';
import { deliverOrder } from './actions/deliver-order.js';
import { deleteOrder } from './actions/delete-order.js';
import { cancelOrder } from './actions/cancel-order.js';
import { shipOrder } from './actions/ship-order.js';
import { markOrderDelivered } from './actions/mark-order-delivered.js';
import { refundOrder } from './actions/refund-order.js';

/** The window an account's and an address's allowance of unpaid units counts in. */
export const UNITS_WINDOW_MS = 60 * 60_000;

/** The app's variables of a context whatever its route added (the body, the params). */
const vars = (c: Context) => c as Context<AppEnv>;

/**
 * What a limit counts a buyer by: the account, or a guest's mailbox among guests only, so that a
 * guest typing a customer's address spends none of the customer's allowance (decision 080).
 */
const buyerKey = (c: Context, what: 'order' | 'units') => {
  const guest = vars(c).get('guest');
  return guest
    ? `${what}-guest:${mailboxOf(guest.email)}`
    : `${what}-account:${vars(c).get('caller').uid}`;
};

/**
 * What the order routes ask of payments, which app.ts wires in (payments depends on orders, never
 * the reverse): the intent of an order just placed, so the page can take the card at once (null
 * when the gateway cannot be reached: the page asks again through POST /create-payment-intent),
 * and a payment the customer's page reports.
 */
export interface OrderPayments {
  intentFor(orderId: string, caller: OrderCaller): Promise<PaymentIntentResult | null>;
  confirm(input: {
    orderId: string;
    caller: OrderCaller;
    transactionId: string;
  }): Promise<{ modifiedCount: 0 | 1 }>;
}

/**
 * What the order's page shows of its returns (docs/decisions/098), which app.ts wires in from
 * returns/ (returns depends on orders, never the reverse).
 */
export type OrderReturnsView = (
  order: Order,
) => Promise<Pick<Order, 'returns' | 'returnableUntil'>>;

export function ordersRoutes(
  deps: AppDeps,
  orders: OrderDeps,
  payments: OrderPayments,
  returnsOf: OrderReturnsView,
) {
  const user = requireUser(deps);
  const admin = adminOnly(deps);
  // The order's page and payment: its customer, or the holder of its private link.
  const orderPage = requireUserOrOrderLink(deps);
  const order = validateParams(idParamsSchema, { notFound: 'Order' });
  const counter = deps.rateCounter ?? memoryRateCounter();
  // One allowance for both ways of ordering: the spec's purchase and the checkout.
  const placementLimit = rateLimit({
    what: 'Too many orders in a short time',
    // A shopper places a few orders a minute; a script placing more is cut off. A guest's are
    // counted by the email they give (docs/decisions/066).
    limit: deps.config.ordersPerMinute,
    windowMs: 60_000,
    key: (c) => buyerKey(c, 'order'),
    counter,
    clock: deps.clock,
  });
  // Guests' orders per network address too: a new email on every request is no way around.
  const guestAddressLimit = rateLimit({
    what: 'Too many orders in a short time',
    limit: deps.config.ordersPerMinute,
    windowMs: 60_000,
    key: (c) =>
      vars(c).get('guest')
        ? `order-guest-address:${clientAddress(c, deps.config.proxyHops)}`
        : undefined,
    counter,
    clock: deps.clock,
  });

  /**
   * Units reserved in the last hour, per account and per network address, whatever became of the
   * orders: deleting or cancelling an unpaid order gives its stock back, not the allowance, so
   * holding the catalogue by placing and deleting orders runs out (issue 21).
   */
  const reserving = async (c: Context, units: number, place: () => Promise<string>) => {
    const limits: AmountLimit[] = [
      { key: buyerKey(c, 'units'), limit: 2 * deps.config.maxUnpaidUnits },
      {
        key: `units-address:${clientAddress(c, deps.config.proxyHops)}`,
        // Generous: a household, an office or the local suite shares one address.
        limit: 10 * deps.config.maxUnpaidUnits,
      },
    ];
    const what = 'Too many units ordered without payment in the last hour';
    // An order over the cap itself is the service's plain 409, not a rate limit.
    const asked = Math.min(units, deps.config.maxUnpaidUnits);
    await checkAmount(counter, limits, asked, UNITS_WINDOW_MS, deps.clock().getTime(), what);
    const insertedId = await place();
    await countAmount(counter, limits, units, UNITS_WINDOW_MS, deps.clock().getTime());
    return insertedId;
  };
  /**
   * The order for its owner or an admin (403 for anyone else), with an expired hold settled, and
   * who the caller is to it.
   */
  const orderForOwnerOrAdmin = async (
    caller: AccessClaims,
    id: string,
  ): Promise<{ found: Order; actor: 'customer' | 'admin' }> => {
    const { order: found, own } = await getOrder(orders, id, caller);
    // The owner never changes, so checking before the transaction is as good as inside it.
    if (own) return { found, actor: 'customer' };
    if (!(await isAdmin(deps.store, caller))) throw forbidden();
    return { found, actor: 'admin' };
  };

  /** The admin's act for the audit log when an admin makes the change; none for its customer. */
  const actOf = (c: Context, actor: 'customer' | 'admin') =>
    actor === 'admin' ? adminAct(c, deps.clock) : undefined;

  /**
   * POST /checkout's answer: the order placed and its payment intent; a guest's also carries the
   * order's private link token, as mailed (docs/decisions/066).
   */
  const checkoutAnswer = async (c: Context, insertedId: string) => {
    const guest = vars(c).get('guest');
    const caller: OrderCaller = guest ? { orderLink: insertedId } : vars(c).get('caller');
    const { order } = await getOrder(orders, insertedId, caller);
    // An order of 0.00 is paid as it is placed: there is nothing to take (docs/decisions/078).
    const payment = awaitsPayment(order) ? await payments.intentFor(insertedId, caller) : null;
    const orderToken = guest
      ? signOrderToken(
          deps.config.tokenSecret,
          { orderId: insertedId, email: order.email },
          deps.clock(),
        )
      : undefined;
    return c.json(
      {
        acknowledged: true,
        insertedId,
        order,
        payment,
        ...(orderToken ? { orderToken } : {}),
      } satisfies CheckoutResult,
      201,
    );
  };
  const placedAnswer = (c: Context, insertedId: string) =>
    c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);

  // A retry with the same Idempotency-Key answers the first answer (docs/decisions/062); keys
  // are the account's, or a guest's email's. Before the limits, so a retry is not counted as
  // another order.
  const onceByKey = (recover: (c: Context, orderId: string) => Promise<Response>) =>
    idempotent({
      store: deps.store,
      clock: deps.clock,
      scope: (c) => {
        const guest = vars(c).get('guest');
        return guest ? `guest:${guest.email}` : `account:${vars(c).get('caller').uid}`;
      },
      recover,
    });
  const validateCheckout = validate(checkoutSchema);
  const validateGuestCheckout = validate(guestCheckoutSchema);
  // A guest's body is the checkout's with their email and name (the handler reads them then).
  const validateAnyCheckout = createMiddleware((c, next) =>
    vars(c).get('guest') ? validateGuestCheckout(c, next) : validateCheckout(c, next),
  ) as unknown as typeof validateCheckout;
  /** The order an order link's holder asks about must be the link's own (403 otherwise). */
  const callerFor = (c: Context, orderId: string): OrderCaller => {
    const link = vars(c).get('orderLink');
    if (!link) return vars(c).get('caller');
    if (link.orderId !== orderId) throw forbidden('This order link is for another order');
    return { orderLink: link.orderId };
  };

  return (
    new Hono<AppEnv>()
      .post(
        '/ordered',
        user,
        onceByKey(async (c, orderId) => placedAnswer(c, orderId)),
        placementLimit,
        validate(placeOrderSchema),
        async (c) => {
          const body = c.get('body');
          const caller = c.get('caller');
          const insertedId = await reserving(c, body.orderQuantity, () =>
            placeOrder(orders, caller, body, c.get('idempotency')),
          );
          return placedAnswer(c, insertedId);
        },
      )
      .post(
        '/checkout',
        requireUserOrGuest(deps),
        onceByKey((c, orderId) => checkoutAnswer(c, orderId)),
        placementLimit,
        guestAddressLimit,
        validateAnyCheckout,
        async (c) => {
          const body = c.get('body');
          const units = body.items.reduce((sum, item) => sum + item.quantity, 0);
          // A guest's order is mailed to the email they gave, and counted by it and by where
          // they came from, among guests (docs/decisions/066 and 080).
          const guestBody = c.get('guest') ? (body as GuestCheckoutInput) : undefined;
          const buyer = guestBody
            ? {
                guest: true as const,
                email: normalizeEmail(guestBody.email),
                name: guestBody.name,
                networkAddress: clientAddress(c, deps.config.proxyHops),
              }
            : c.get('caller');
          const insertedId = await reserving(c, units, () =>
            checkout(orders, buyer, body, c.get('idempotency')),
          );
          return checkoutAnswer(c, insertedId);
        },
      )
      // The customer's page reports the payment the gateway confirmed; the server checks it with
      // the gateway before it marks the order paid, and answers the order as it is now.
      .patch('/ordered/:id', orderPage, order, validate(confirmPaymentSchema), async (c) => {
        const { id } = c.get('params');
        const caller = callerFor(c, id);
        const { modifiedCount } = await payments.confirm({
          orderId: id,
          caller,
          transactionId: c.get('body').transactionId,
        });
        const { order: now } = await getOrder(orders, id, caller);
        return c.json({
          acknowledged: true,
          modifiedCount,
          order: now,
        } satisfies PaymentRecordedResult);
      })
      .get('/ordered', user, validateQuery(ordersListQuerySchema), async (c) => {
        const caller = c.get('caller');
        const { email, ...listQuery } = c.get('query');
        if (email === undefined) {
          if (!(await isAdmin(deps.store, caller))) throw forbidden('Only admins see all orders');
        } else {
          await assertOwnerOrAdmin(deps, caller, email);
        }
        const own = email !== undefined && normalizeEmail(email) === caller.email;
        // A customer's own list is their account's: not an earlier account's with the address,
        // nor a guest's placed with it until they claim it (POST /ordered/{id}/claim).
        const found = await listOrders(
          orders,
          email === undefined ? undefined : normalizeEmail(email),
          own ? caller : undefined,
        );
        // Without list parameters, the original API's answer: every order, oldest first.
        return pageResponse(
          c,
          asksForAnything(listQuery)
            ? queryOrders(found, listQuery, deps.clock())
            : { items: found, total: found.length },
        );
      })
      .get('/ordered/:id', orderPage, order, async (c) => {
        const { id } = c.get('params');
        const found = c.get('orderLink')
          ? (await getOrder(orders, id, callerFor(c, id))).order
          : (await orderForOwnerOrAdmin(c.get('caller'), id)).found;
        // The one order's page also shows its returns (docs/decisions/098).
        return c.json({ ...found, ...(await returnsOf(found)) } satisfies Order);
      })
      .put('/ordered/:id', ...admin, order, validate(deliverOrderSchema), async (c) => {
        const modifiedCount = await deliverOrder(
          orders,
          c.get('params').id,
          adminAct(c, deps.clock),
        );
        return c.json({ acknowledged: true, modifiedCount } satisfies UpdateResult);
      })
      .delete('/ordered/:id', user, order, async (c) => {
        const { id } = c.get('params');
        const { actor } = await orderForOwnerOrAdmin(c.get('caller'), id);
        await deleteOrder(orders, id, actor, actOf(c, actor));
        return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
      })
      // A verified account at a guest order's address makes it its own with the order's link
      // (docs/decisions/080): the address alone proves nothing, as anyone may type it.
      .post('/ordered/:id/claim', user, order, validate(claimOrderSchema), async (c) => {
        const { id } = c.get('params');
        const link = verifyOrderToken(
          deps.config.tokenSecret,
          c.get('body').orderToken,
          deps.clock(),
        );
        if (!link) {
          throw validationFailed({ orderToken: 'This order link is not valid or has expired' });
        }
        if (link.orderId !== id) throw forbidden('This order link is for another order');
        const { claimed, order: owned } = await claimGuestOrder(deps.store, id, c.get('caller'));
        return c.json({
          acknowledged: true,
          claimed,
          order: toOrder(owned),
        } satisfies ClaimOrderResult);
      })
      .post('/ordered/:id/cancel', user, order, async (c) => {
        const { id } = c.get('params');
        const { actor } = await orderForOwnerOrAdmin(c.get('caller'), id);
        return c.json(await cancelOrder(orders, id, actor, actOf(c, actor)));
      })
      .post('/ordered/:id/ship', ...admin, order, validate(shipOrderSchema), async (c) =>
        c.json(await shipOrder(orders, c.get('params').id, c.get('body'), adminAct(c, deps.clock))),
      )
      .post('/ordered/:id/delivered', ...admin, order, async (c) =>
        c.json(await markOrderDelivered(orders, c.get('params').id, adminAct(c, deps.clock))),
      )
      .post('/ordered/:id/refund', ...admin, order, validate(refundOrderSchema), async (c) =>
        c.json(
          await refundOrder(orders, c.get('params').id, c.get('body'), adminAct(c, deps.clock)),
        ),
      )
  );
}
