/**
 * Placing an order, shared by the purchase (place-order.ts) and the checkout (checkout.ts): the
 * one transaction that reads the parts, the buyer's unpaid orders and the code, checks the holds
 * and the half share, prices the lines, takes the stock and writes the order and its event.
 */
import {
  cartLineKey,
  checkOrderQuantity,
  formatMoney,
  isExpired,
  mailboxOf,
  maxHeldOfPart,
  plainName,
  orderMessages,
} from '@sprocket/contract';
import { orderLinkUrl } from '../../../auth/order-token.js';
import { conflict, pricesChanged, type DomainError } from '../../errors.js';
import { isSafeId, normalizeEmail } from '../../../store/ids.js';
import type { Store, StoredDoc, Transaction } from '../../../store/port.js';
import { inTurnForParts } from '../../stock/part-stock.js';
import {
  findSellables,
  prepareTakeStocked,
  sellableLine,
  type Lookup,
  type Sellable,
} from '../../stock/variant-stock.js';
import { changeContext, prepareOrderChange } from '../order-life.js';
import { recordOrderEvent } from '../order-events.js';
import { prepareAllowance } from '../../../store/rate-windows.js';
import { profilesOf } from '../../profiles/profiles.service.js';
import { userName } from '../../users/users.service.js';
import {
  normalizePricingRequest,
  orderAmounts,
  codeUsesOf,
  prepareDiscountUse,
  priceLinesAlone,
  priceOrder,
  readPricingContext,
  type CodeUser,
  type PricingRequest,
} from '../../shop-pricing/order-pricing.js';
import {
  accountHolder,
  guestHolders,
  ORDER_HOLDS,
  orderHoldsId,
  type Holder,
  type OrderHoldsDoc,
} from '../order-holds.js';
import { linesOf, ORDERS, orderSummary, type OrderDoc } from '../order-record.js';
import { isGuest, type Buyer, type OrderDeps } from '../order-deps.js';
import { settleExpired } from './expire-orders.js';

/** Whose unpaid orders the buyer's new one counts with (order-holds.ts); the first is theirs. */
const holdersOf = (buyer: Buyer, maxUnpaidOrders: number): Holder[] =>
  isGuest(buyer)
    ? guestHolders(buyer, maxUnpaidOrders)
    : [accountHolder(buyer.uid, maxUnpaidOrders)];

/** Who takes a use of a code once per customer (docs/decisions/080). */
const codeUserOf = (buyer: Buyer): CodeUser =>
  isGuest(buyer)
    ? { kind: 'guest', email: buyer.email, networkAddress: buyer.networkAddress }
    : { kind: 'account', email: buyer.email };

/**
 * Whose allowance of mailed orders an order takes: a guest's counts among guests by mailbox, so
 * that a stranger's orders never use up the mails of the account at that address.
 */
const mailAllowanceKey = (buyer: Buyer) =>
  isGuest(buyer)
    ? `order-mails:guest:${mailboxOf(buyer.email)}`
    : `order-mails:${normalizeEmail(buyer.email)}`;

/**
 * The name on the order: the customer's profile name, else their account's name, else their
 * email. Never the request body's, which could say anything. A guest's is the one they typed
 * (made plain), never the profile of an account that holds the address.
 */
async function customerName(store: Store, caller: Buyer): Promise<string> {
  if (isGuest(caller)) return plainName(caller.name ?? '') || caller.email;
  const [profile] = await profilesOf(store, caller.email);
  const given = profile?.displayName || caller.name || (await userName(store, caller.email)) || '';
  // Shown in the shop's mails: one short line with no links, whatever was stored before.
  return plainName(given) || caller.email;
}

/** Orders a day whose customer is mailed, per address; later ones are in My Orders only. */
export const MAILED_ORDERS_PER_DAY = 5;
const DAY_MS = 24 * 60 * 60_000;

/** A line that cannot be had as asked, and why. */
interface ShortLine {
  partId: string;
  /** The variant asked for, if any. */
  sku?: string;
  /** The part's name, when the part still exists. */
  partName?: string;
  /** `variant`: no sku for a part sold in variants, or one it does not have (a 422). */
  kind: 'gone' | 'below_minimum' | 'over_stock' | 'variant';
  message: string;
}

/** The line a part gone or a variant refused makes (modules/stock/variant-stock.ts). */
const refusedLine = (
  lookup: Exclude<Lookup, { sellable: Sellable }>,
  partId: string,
  sku: string | undefined,
): ShortLine =>
  lookup.refusal === 'gone'
    ? { partId, sku, kind: 'gone', message: orderMessages.partGone }
    : { partId, sku, partName: lookup.partName, kind: 'variant', message: lookup.message };

interface NewOrder {
  /** `sku`: the variant, for a part sold in variants (docs/decisions/064). */
  items: { partId: string; quantity: number; sku?: string }[];
  address: string;
  number: string;
  /** The total the shopper was shown, if they say: another total now is refused (409). */
  expectedTotal?: number;
  /**
   * Where it goes and a code (issue 25); none for the spec's one-part purchase, which costs its
   * lines alone.
   */
  pricing?: PricingRequest;
  /**
   * Reads in the order's transaction and records the new order's id with what asked for it (the
   * request's idempotency key, docs/decisions/062), so the two commit together.
   */
  recordResult?: OrderRecorder;
}

/** See NewOrder.recordResult. */
export type OrderRecorder = (tx: Transaction) => Promise<(orderId: string) => void>;

/**
 * Places an order of one or more lines: reads every part, checks each quantity against the part's
 * minimum order and stock, and reserves the stock of every line in the same transaction that
 * writes the order and its mails, or refuses with `refuse(shortLines)` and writes nothing. Price,
 * part details and the customer's email and name come from the store and the token, never from
 * the body. The order holds its stock for the unpaid hold; a customer holds at most
 * `maxUnpaidOrders` at once, so one account cannot lock parts away from everyone else. `alsoDo`
 * reads within the transaction and returns more writes (the checkout's cart and address book).
 */
export async function createOrder(
  deps: OrderDeps,
  caller: Buyer,
  request: NewOrder,
  refuse: (shortLines: ShortLine[]) => DomainError,
  alsoDo?: (tx: Transaction, now: Date, userName: string) => Promise<() => void>,
): Promise<string> {
  const { store, config } = deps;
  const unsafe = request.items.filter((item) => !isSafeId(item.partId));
  if (unsafe.length > 0) {
    throw refuse(
      unsafe.map(({ partId }) => ({ partId, kind: 'gone', message: orderMessages.partGone })),
    );
  }
  const userName = await customerName(store, caller);
  const pricingRequest = request.pricing && normalizePricingRequest(request.pricing);
  const id = store.newId();
  const holders = holdersOf(caller, config.maxUnpaidOrders);
  // In turn with this instance's other orders on these parts (docs/decisions/063).
  const inTurn = inTurnForParts(
    store,
    request.items.map((item) => item.partId),
  );
  for (;;) {
    const now = deps.clock();
    const expired = await inTurn.runTransaction(async (tx) => {
      // What the order reads that depends on nothing else, at once (each round trip holds the
      // part's turn, docs/decisions/063): each line's part (and its variant's stock), the holders'
      // orders that may still be unpaid (read by id, never by a query, decision 035), the code
      // and its uses left (docs/decisions/084), the customer's mail allowance (below), and what
      // the checkout's own writes and the request's idempotency record read.
      const mailed = isGuest(caller) || caller.emailVerified;
      const [found, holdsDocs, pricingContext, mailAllowance, more, recordOrder] =
        await Promise.all([
          findSellables(tx, request.items),
          Promise.all(
            holders.map(({ holder }) => tx.get<OrderHoldsDoc>(ORDER_HOLDS, orderHoldsId(holder))),
          ),
          pricingRequest && readPricingContext(tx, pricingRequest, codeUserOf(caller)),
          mailed
            ? prepareAllowance(tx, mailAllowanceKey(caller), MAILED_ORDERS_PER_DAY, DAY_MS, now)
            : undefined,
          alsoDo?.(tx, now, userName),
          request.recordResult?.(tx),
        ]);
      const sellables = found.map((lookup) => ('sellable' in lookup ? lookup.sellable : null));
      const stocked = sellables.map((sellable) => sellable?.stocked ?? null);
      // The lines' stock and a use of the code, taken in one read of the ledger.
      const codeUses = codeUsesOf(pricingContext);
      const [held, take, stockNow] = await Promise.all([
        Promise.all(
          [...new Set(holdsDocs.flatMap((doc) => doc?.data.orderIds ?? []))].map((orderId) =>
            tx.get<OrderDoc>(ORDERS, orderId),
          ),
        ),
        prepareTakeStocked(
          store.stock,
          tx,
          [...stocked, codeUses],
          [...request.items.map((item) => item.quantity), 1],
        ),
        // Counted outside the transaction: a count inside would hold every shard of the part, so
        // each order on it would wait for all the others (a flash sale, docs/decisions/063).
        store.stock.count(
          store,
          stocked.flatMap((doc) => (doc ? [doc] : [])),
        ),
      ]);
      const unpaid = held.filter(
        (doc): doc is StoredDoc<OrderDoc> => doc?.data.status === 'unpaid',
      );
      // Each holder's: guests count only orders no account has claimed since.
      const unpaidOf = holders.map(({ guests }, index) => {
        const ids = new Set(holdsDocs[index]?.data.orderIds ?? []);
        return unpaid.filter((doc) => ids.has(doc.id) && (!guests || doc.data.guest === true));
      });
      const lapsed = unpaid.filter((order) => isExpired(order.data, now));
      // Their stock goes back before this order is weighed, so it may have it: settled, then
      // tried again (one read of the customer's holds per order when none has lapsed).
      if (lapsed.length > 0) return lapsed;
      for (const [index, { max }] of holders.entries()) {
        if ((unpaidOf[index]?.length ?? 0) < max) continue;
        // The buyer's own first; then a guest's network address, shared with other guests.
        throw conflict(
          index === 0
            ? orderMessages.tooManyUnpaid(max)
            : orderMessages.tooManyUnpaidFromAddress(max),
        );
      }
      const own = unpaidOf[0] ?? [];
      checkHeldUnits(config.maxUnpaidUnits, own, request.items, sellables, stockNow);
      // The customer is mailed only at an address the identity provider vouched for, and about a
      // few orders a day: the account may have been opened with a stranger's address (issue 21).
      // A guest's order is mailed (its private link goes nowhere else), within the guests' own
      // allowance for that mailbox (decision 080).
      const mailTheCustomer = mailAllowance?.granted === true;
      const shortLines = request.items.flatMap(({ partId, quantity, sku }, index): ShortLine[] => {
        const lookup = found[index]!;
        if ('refusal' in lookup) return [refusedLine(lookup, partId, sku)];
        const { part, name } = lookup.sellable;
        const stock = take.short[index] ?? quantity;
        const problem = checkOrderQuantity({ order: part.data.order, quantity: stock }, quantity);
        return problem ? [{ partId, sku, partName: name, ...problem }] : [];
      });
      if (shortLines.length > 0) throw refuse(shortLines);

      const orderLines = request.items.map((item, index) =>
        sellableLine(sellables[index]!, item.quantity),
      );
      const pricing =
        pricingRequest && pricingContext
          ? priceOrder(orderLines, pricingRequest, pricingContext, {
              now,
              currency: config.currency,
            })
          : priceLinesAlone(orderLines);
      const { lines } = pricing.priced;
      const summary = orderSummary(pricing.priced);
      if (request.expectedTotal !== undefined && request.expectedTotal !== summary.totalPrice) {
        throw pricesChanged(
          orderMessages.pricesChanged(
            formatMoney(summary.totalPrice, config.currency),
            formatMoney(request.expectedTotal, config.currency),
          ),
          {
            lines: Object.fromEntries(
              lines.map((line) => [cartLineKey(line.partId, line.sku), line.price]),
            ),
            total: summary.totalPrice,
          },
        );
      }
      const useCode = prepareDiscountUse(tx, pricingContext, pricing, {
        user: codeUserOf(caller),
        orderId: id,
        now,
        usedUp: codeUses !== null && take.short[stocked.length] !== undefined,
      });
      // Nothing to pay: paid as it is placed, never held unpaid (docs/decisions/078).
      const free = pricing.priced.total === 0;
      const order: OrderDoc = {
        ...summary,
        ...orderAmounts(pricing),
        ...(useCode.redemptions.length > 0 && { discountRedemptions: useCode.redemptions }),
        lines,
        timeline: [{ status: 'unpaid', at: now.toISOString(), actor: 'customer' }],
        email: caller.email,
        ...(isGuest(caller) ? { guest: true } : { uid: caller.uid }),
        userName,
        address: request.address,
        number: request.number,
        paid: false,
        status: 'unpaid',
        createdAt: now.toISOString(),
        ...(!free && {
          expiresAt: new Date(now.getTime() + config.unpaidHoldMinutes * 60_000).toISOString(),
        }),
        mailCustomer: mailTheCustomer,
      };
      // Paid as every paid order is (order-life.ts): sales, the customer's totals, the mail.
      const payment = free
        ? await prepareOrderChange(
            changeContext(deps, tx, now),
            { id, data: order },
            {
              action: 'pay',
              actor: 'system',
              fields: { paid: true, paidAt: now.toISOString() },
              note: 'nothing to pay',
              mail: 'order_paid',
            },
          )
        : undefined;
      useCode.apply();
      take.apply();
      if (mailTheCustomer) mailAllowance?.take();
      // A free order is written once, paid, by its payment below.
      if (!payment) tx.set(ORDERS, id, order);
      recordOrder?.(id);
      holders.forEach(({ holder }, index) => {
        const holdsNow: OrderHoldsDoc = {
          holder,
          orderIds: [...(unpaidOf[index] ?? []).map((doc) => doc.id), ...(free ? [] : [id])],
        };
        tx.set(ORDER_HOLDS, orderHoldsId(holder), holdsNow);
      });
      // A guest's confirmation carries the order's private link (docs/decisions/066).
      const orderLink = isGuest(caller)
        ? orderLinkUrl(config, { orderId: id, email: caller.email }, now)
        : undefined;
      // The mails and the low-stock records follow from its event (docs/decisions/084).
      recordOrderEvent(tx, store.newId(), {
        kind: 'place',
        orderId: id,
        at: now.toISOString(),
        order,
        mail: { kind: 'order_placed', ...(orderLink && { orderLink }) },
        tellShop: true,
      });
      payment?.apply();
      more?.();
      return [];
    });
    if (expired.length === 0) return id;
    await settleExpired(deps, expired);
  }
}

/**
 * One account may not hold the shop's stock away from everyone else (issue 21): its unpaid orders
 * together hold at most `maxUnits` units, and at most half of any part (maxHeldOfPart). A 409 with
 * a plain message otherwise; lines the shop cannot supply at all are left to the stock check.
 */
function checkHeldUnits(
  maxUnits: number,
  unpaid: StoredDoc<OrderDoc>[],
  items: NewOrder['items'],
  sellables: (Sellable | null)[],
  /** The stock of each sellable present, counted a moment ago (outside the transaction). */
  stock: number[],
): void {
  // By part, or by variant for a part sold in variants: each variant is its own stock.
  const heldByPart = new Map<string, number>();
  for (const { data } of unpaid) {
    for (const line of linesOf(data)) {
      const key = cartLineKey(line.partId, line.sku);
      heldByPart.set(key, (heldByPart.get(key) ?? 0) + line.quantity);
    }
  }
  const held = [...heldByPart.values()].reduce((sum, units) => sum + units, 0);
  const asked = items.reduce((sum, item) => sum + item.quantity, 0);
  if (held + asked > maxUnits) throw conflict(orderMessages.tooManyUnits(maxUnits, held));

  const present = sellables.flatMap((sellable, index) => (sellable ? [{ sellable, index }] : []));
  // The share is a limit on hoarding, and a count a moment old is as good for it.
  const over = present.flatMap(({ sellable, index }, at) => {
    const quantity = items[index]?.quantity ?? 0;
    const inStock = stock[at] ?? 0;
    // More than the shop has at all is the stock check's message, not this one.
    if (quantity > inStock) return [];
    const key = cartLineKey(sellable.part.id, sellable.sku);
    const theirs = heldByPart.get(key) ?? 0;
    const max = maxHeldOfPart(inStock + theirs, sellable.part.data.order);
    return theirs + quantity > max
      ? [{ key, message: orderMessages.overHalfStock(sellable.name, max) }]
      : [];
  });
  if (over.length > 0) {
    throw conflict(
      over.map((line) => line.message).join('. '),
      Object.fromEntries(over.map((line) => [line.key, line.message])),
    );
  }
}
