/**
 * What an order costs beyond its lines (issue 25): the shipping method chosen, a discount code and
 * the tax of the address, read from the store and priced by the contract's one function
 * (priceLines). The checkout reads and prices in its transaction, so a code's use is taken in
 * the same commit as the order (decision 060); the quote reads and prices the same way outside
 * one. A code's uses left are kept as stock (docs/decisions/084): a checkout takes one from a
 * shard, so checkouts with one code never queue behind the code's document. Where the order goes is the contract's deliveryOf, for the quote and the order alike
 * (decision 077); only the spec's one-part purchase (POST /ordered) costs its lines alone.
 */
import {
  deliveryOf,
  deliveryRequestOf,
  discountMessages,
  discountRefusal,
  formatMoney,
  mailboxOf,
  normalizeDiscountCode,
  NO_TAX,
  priceLines,
  shippingOptions,
  taxRateFor,
  type DiscountCode,
  type OrderShippingMethod,
  type Place,
  type Priced,
  type PricingLine,
  type ShippingMethod,
  type ShippingOption,
  type TaxSettings,
} from '@sprocket/contract';
import { keyId } from '../../store/ids.js';
import type {
  DocData,
  StockLedger,
  Stocked,
  StoreReader,
  StoredDoc,
  Transaction,
} from '../../store/port.js';
import { conflict, validationFailed } from '../errors.js';

/** The shop's settings, one document each: the shipping methods and the tax table. */
export const SHOP_SETTINGS = 'shopSettings';
export const SHIPPING_METHODS_DOC = 'shipping-methods';
export const TAX_DOC = 'tax';
/** Discount codes, one document per code (its id a hash of the upper-case code). */
export const DISCOUNTS = 'discounts';
/**
 * Which customer used which once-per-customer code: one document per code instance and mailbox
 * (docs/decisions/078).
 */
export const DISCOUNT_REDEMPTIONS = 'discountRedemptions';

export interface ShippingMethodsDoc extends DocData {
  methods: ShippingMethod[];
  updatedAt: string;
}
export type TaxDoc = TaxSettings & DocData & { updatedAt: string };
export type DiscountDoc = Omit<DiscountCode, 'uses'> &
  DocData & {
    /**
     * This code's own: a code deleted and created again is another instance, with uses of its own
     * (docs/decisions/078). Absent on codes created before: each of those is its only instance.
     */
    instanceId?: string;
    /** The uses counted here before its uses were kept as stock (DISCOUNT_USES). */
    uses?: number;
  };

/**
 * Each code instance's uses left, as the store's stock (`quantity`, spread over shards on
 * Firestore): one document per instance, made with the code.
 */
export const DISCOUNT_USES = 'discountUses';
type DiscountUsesDoc = { code: string; quantity: number } & DocData;
/** A code without a limit counts its uses all the same, down from this. */
const UNLIMITED_USES = 1_000_000_000;

const usesAllowed = (discount: Pick<DiscountDoc, 'maxUses'>) => discount.maxUses ?? UNLIMITED_USES;

const usesId = (discount: StoredDoc<Pick<DiscountDoc, 'instanceId'>>) =>
  keyId('discount-uses', discount.id, discount.data.instanceId ?? '');

/** The uses left of a code instance, as read, and whether its document is stored yet. */
export interface CodeUsesLeft {
  stocked: Stocked;
  stored: boolean;
}

/** Reads the uses left of `discount` (a code from before they were stock: from its count). */
async function readUsesLeft(
  reader: DocReader,
  discount: StoredDoc<DiscountDoc>,
): Promise<CodeUsesLeft> {
  const id = usesId(discount);
  const doc = await reader.get<DiscountUsesDoc>(DISCOUNT_USES, id);
  const quantity = doc?.data.quantity ?? usesAllowed(discount.data) - (discount.data.uses ?? 0);
  return { stocked: { collection: DISCOUNT_USES, id, quantity }, stored: doc !== null };
}

/** The document a new code's uses start in (written with the code). */
export const newCodeUses = (
  discount: StoredDoc<DiscountDoc>,
): { id: string; doc: DiscountUsesDoc } => ({
  id: usesId(discount),
  doc: { code: discount.data.code, quantity: usesAllowed(discount.data) },
});

/** How many orders hold a use of the code now: counted from its stock, outside a transaction. */
export async function countCodeUses(
  store: StoreReader & { stock: StockLedger },
  discount: StoredDoc<DiscountDoc>,
): Promise<number> {
  const { stocked } = await readUsesLeft(store, discount);
  const [left = 0] = await store.stock.count(store, [stocked]);
  return usesAllowed(discount.data) - left;
}

/** Reads what removing a code's uses needs (its shards); answers the writes. */
export async function prepareCodeUsesRemoval(
  tx: Transaction,
  stock: StockLedger,
  discount: StoredDoc<DiscountDoc>,
): Promise<() => void> {
  const { stocked, stored } = await readUsesLeft(tx, discount);
  if (!stored) return () => {};
  const remove = await stock.prepareRemove(tx, stocked);
  return () => {
    remove();
    tx.delete(DISCOUNT_USES, stocked.id);
  };
}
interface RedemptionDoc extends DocData {
  code: string;
  /** The mailbox that used it (mailboxOf). */
  email: string;
  /** A guest's use: the network address it came from (docs/decisions/080). */
  networkAddress?: string;
  orderId: string;
  at: string;
}

export const discountId = (code: string) => keyId('discount', normalizeDiscountCode(code));

/**
 * Who takes a use of a code once per customer (docs/decisions/078 and 080): an account, by its
 * address's mailbox; or a guest, by the mailbox they typed and their network address, counted
 * among guests only, so that a stranger typing a customer's address spends nothing of theirs.
 */
export type CodeUser =
  { kind: 'account'; email: string } | { kind: 'guest'; email: string; networkAddress: string };

type CodeInstance = { code: string; instanceId?: string };

/** One per instance of the code and key (decision 078: the mailbox, however it was written). */
const redemptionId = (code: CodeInstance, ...key: string[]) =>
  keyId(
    'discount-redemption',
    normalizeDiscountCode(code.code),
    ...(code.instanceId === undefined ? [] : [code.instanceId]),
    ...key,
  );

/** An account's use: by mailbox, as decision 078 keyed every use. */
const accountRedemptionId = (code: CodeInstance, email: string) =>
  redemptionId(code, mailboxOf(email));

/**
 * The redemptions that say `user` used the code (`checked`), and those its use writes
 * (`written`): a guest is refused after an account's use at their mailbox, but their own use is
 * the guests' alone, by mailbox and by network address.
 */
function redemptionsOf(
  code: CodeInstance,
  user: CodeUser,
): { checked: string[]; written: string[] } {
  const account = accountRedemptionId(code, user.email);
  if (user.kind === 'account') return { checked: [account], written: [account] };
  const guest = [
    redemptionId(code, 'guest', mailboxOf(user.email)),
    redemptionId(code, 'guest-address', user.networkAddress),
  ];
  return { checked: [account, ...guest], written: guest };
}

/** What a checkout body adds to its lines: where they go, and a code. */
export interface PricingRequest {
  shippingMethodId?: string;
  discountCode?: string;
  country?: string;
  region?: string;
}

/**
 * The request as it is compared: the delivery fields as the contract compares them (the checkout
 * page too), the code upper case; empty values left out (the schemas accept either case).
 */
export function normalizePricingRequest(request: PricingRequest): PricingRequest {
  const discountCode = request.discountCode ? normalizeDiscountCode(request.discountCode) : '';
  return { ...deliveryRequestOf(request), ...(discountCode && { discountCode }) };
}

/** What pricing an order needs from the store, read before any write. */
export interface PricingContext {
  methods: ShippingMethod[];
  tax: TaxSettings;
  /** The code, with its uses as far as the caller counted them (see readPricingContext). */
  discount: StoredDoc<DiscountCode & DiscountDoc> | null;
  /** The code's uses left, which an order takes one of. */
  usesLeft?: CodeUsesLeft;
  /** Whether this customer has used the (once-per-customer) code already. */
  redeemed: boolean;
}

/** Reads in a transaction or from the store: both answer `get` the same way. */
type DocReader = Pick<Transaction, 'get'>;

/**
 * Reads what `request` needs to be priced: the methods and the tax table, the code and its uses
 * left and, for a code once per customer with its `user` known, whether they used this instance
 * of it. `stock` (outside a transaction: the quote) counts the code's uses, so a code used up is
 * refused; in the order's transaction they are not counted (that would read every shard): its
 * take of a use is what refuses it (prepareDiscountUse).
 */
export async function readPricingContext(
  reader: DocReader,
  request: PricingRequest,
  user?: CodeUser,
  stock?: StockLedger,
): Promise<PricingContext> {
  const code = request.discountCode;
  const [methodsDoc, taxDoc, stored] = await Promise.all([
    reader.get<ShippingMethodsDoc>(SHOP_SETTINGS, SHIPPING_METHODS_DOC),
    reader.get<TaxDoc>(SHOP_SETTINGS, TAX_DOC),
    code ? reader.get<DiscountDoc>(DISCOUNTS, discountId(code)) : null,
  ]);
  // Its id names the instance, so they are read once the code is.
  const [redemptions, usesLeft] = stored
    ? await Promise.all([
        stored.data.oncePerCustomer && user
          ? Promise.all(
              redemptionsOf(stored.data, user).checked.map((id) =>
                reader.get<RedemptionDoc>(DISCOUNT_REDEMPTIONS, id),
              ),
            )
          : [],
        readUsesLeft(reader, stored),
      ])
    : [[], undefined];
  let uses = stored?.data.uses ?? 0;
  if (stored && usesLeft && stock) {
    const [left = 0] = await stock.count(reader as StoreReader, [usesLeft.stocked]);
    uses = usesAllowed(stored.data) - left;
  }
  return {
    methods: methodsDoc?.data.methods ?? [],
    tax: taxDoc
      ? { pricesIncludeTax: taxDoc.data.pricesIncludeTax, rates: taxDoc.data.rates }
      : NO_TAX,
    discount: stored && { id: stored.id, data: { ...stored.data, uses } },
    ...(usesLeft && { usesLeft }),
    redeemed: redemptions.some((redemption) => redemption !== null),
  };
}

/** An order's figures and what they came from, as the order stores them and the quote answers. */
export interface OrderPricing<L extends PricingLine> {
  priced: Priced<L>;
  shippingMethod?: OrderShippingMethod;
  discountCode?: string;
  /** The instance of the code it takes a use of, and gives it back to (decision 078). */
  discountInstance?: string;
  /** Where the order goes (or is picked up), whose tax it pays; none for the spec's purchase. */
  place?: Place;
  taxRate: number;
  pricesIncludeTax: boolean;
  shippingOptions: ShippingOption[];
}

/**
 * Prices `lines` for `request`: refuses, field by field (422), a delivery the contract's deliveryOf
 * refuses (no method where the shop has some, a method that does not go to the country, no
 * country for an order that is sent), and a code that does not apply, in plain words (409 used
 * up or used by this customer already, 422 otherwise; both name the field `discountCode`).
 */
export function priceOrder<L extends PricingLine>(
  lines: readonly L[],
  request: PricingRequest,
  context: PricingContext,
  at: { now: Date; currency: string },
): OrderPricing<L> {
  const found = deliveryOf(context.methods, request);
  if (found.refusal) throw validationFailed(found.refusal);
  const { method, place } = found.delivery;
  const taxRate = taxRateFor(context.tax, place.country, place.region);
  const { pricesIncludeTax } = context.tax;
  // Priced once, with the code typed; its minimum is checked on that subtotal, which no
  // adjustment changes, and a refused code throws before the price is used.
  const typed = request.discountCode ? context.discount?.data : undefined;
  const priced = priceLines(lines, {
    shipping: method,
    discount: typed,
    tax: { rate: taxRate, pricesIncludeTax },
  });
  if (request.discountCode) {
    const refusal = discountRefusal(context.discount?.data ?? null, request.discountCode, {
      subtotal: priced.subtotal,
      now: at.now,
      usedByCustomer: context.redeemed,
      formatAmount: (amount) => formatMoney(amount, at.currency),
    });
    if (refusal) {
      const fields = { discountCode: refusal.message };
      throw refusal.status === 409 ? conflict(refusal.message, fields) : validationFailed(fields);
    }
  }
  const discount = typed;
  const result: OrderPricing<L> = {
    priced,
    place,
    taxRate,
    pricesIncludeTax,
    shippingOptions: shippingOptions(
      context.methods,
      priced.subtotal - priced.discount,
      request.country,
    ),
  };
  if (method) result.shippingMethod = { id: method.id, name: method.name, price: priced.shipping };
  if (discount) {
    result.discountCode = discount.code;
    const instanceId = context.discount?.data.instanceId;
    if (instanceId !== undefined) result.discountInstance = instanceId;
  }
  return result;
}

/**
 * The spec's purchase (POST /ordered): one part at its price times the quantity, as the original
 * clients were shown and pay (spec §9); it names no method, code or place.
 */
export const priceLinesAlone = <L extends PricingLine>(lines: readonly L[]): OrderPricing<L> => ({
  priced: priceLines(lines),
  taxRate: 0,
  pricesIncludeTax: false,
  shippingOptions: [],
});

/** The fields an order stores of its pricing (Order: subtotal … total, method, code, place). */
export function orderAmounts(pricing: OrderPricing<PricingLine>): {
  subtotal: number;
  discount: number;
  shipping: number;
  tax: number;
  taxRate: number;
  pricesIncludeTax: boolean;
  shippingMethod?: OrderShippingMethod;
  discountCode?: string;
  discountInstance?: string;
  country?: string;
  region?: string;
} {
  // The total is stored once, as the original API's totalPrice (orderSummary).
  const { subtotal, discount, shipping, tax } = pricing.priced;
  return {
    subtotal,
    discount,
    shipping,
    tax,
    taxRate: pricing.taxRate,
    pricesIncludeTax: pricing.pricesIncludeTax,
    ...(pricing.shippingMethod && { shippingMethod: pricing.shippingMethod }),
    ...(pricing.discountCode && { discountCode: pricing.discountCode }),
    ...(pricing.discountInstance && { discountInstance: pricing.discountInstance }),
    ...pricing.place,
  };
}

/**
 * The code's uses left that an order with this context takes one of, or null (no code): taken
 * with the order's stock, in the same read of the ledger (prepareTakeStocked).
 */
export const codeUsesOf = (context: PricingContext | undefined): Stocked | null =>
  context?.discount && context.usesLeft ? context.usesLeft.stocked : null;

/**
 * The order's use of its code, in the order's transaction, once its unit of the uses left
 * (codeUsesOf) was read with the stock: a 409 when none was left (`usedUp`); for a code once per
 * customer the user's redemptions, whose ids the order keeps to give them back (`redemptions`).
 * `apply` writes them, and a code's uses from before they were stock, before the stock's writes.
 * Nothing without a code.
 */
export function prepareDiscountUse(
  tx: Transaction,
  context: PricingContext | undefined,
  pricing: OrderPricing<PricingLine>,
  use: { user: CodeUser; orderId: string; now: Date; usedUp: boolean },
): { redemptions: string[]; apply: () => void } {
  const discount = context?.discount;
  const usesLeft = context?.usesLeft;
  if (!discount || !usesLeft || pricing.discountCode === undefined) {
    return { redemptions: [], apply: () => {} };
  }
  if (use.usedUp) {
    const message = discountMessages.usedUp(discount.data.code);
    throw conflict(message, { discountCode: message });
  }
  const redemptions = discount.data.oncePerCustomer
    ? redemptionsOf(discount.data, use.user).written
    : [];
  const redemption: RedemptionDoc = {
    code: discount.data.code,
    email: mailboxOf(use.user.email),
    ...(use.user.kind === 'guest' && { networkAddress: use.user.networkAddress }),
    orderId: use.orderId,
    at: use.now.toISOString(),
  };
  return {
    redemptions,
    apply: () => {
      if (!usesLeft.stored) {
        const { code } = discount.data;
        tx.set(DISCOUNT_USES, usesLeft.stocked.id, { code, quantity: usesLeft.stocked.quantity });
      }
      for (const id of redemptions) tx.set(DISCOUNT_REDEMPTIONS, id, redemption);
    },
  };
}

/**
 * An unpaid order cancelled or expired gives its code's use back, so abandoned checkouts do not
 * use a limited code up (decision 060): to the instance of the code it took it from, or to
 * nothing once that code was deleted, even if one of the same name was made since (decision 078).
 * Reads now, in the change's transaction; writes on apply.
 */
export async function prepareDiscountReturn(
  tx: Transaction,
  stock: StockLedger,
  order: StoredDoc<{
    discountCode?: string;
    discountInstance?: string;
    discountRedemptions?: string[];
    email: string;
  }>,
): Promise<() => void> {
  const { discountCode: code, discountInstance: instanceId } = order.data;
  if (!code) return () => {};
  // The redemptions it wrote; an order placed before it kept them wrote its address's only.
  const written = order.data.discountRedemptions ?? [
    accountRedemptionId(
      { code, ...(instanceId !== undefined && { instanceId }) },
      order.data.email,
    ),
  ];
  const [discount, redemptions] = await Promise.all([
    tx.get<DiscountDoc>(DISCOUNTS, discountId(code)),
    Promise.all(written.map((id) => tx.get<RedemptionDoc>(DISCOUNT_REDEMPTIONS, id))),
  ]);
  const sameInstance = discount !== null && discount.data.instanceId === instanceId;
  const usesLeft = sameInstance ? await readUsesLeft(tx, discount) : undefined;
  const giveBack = usesLeft?.stored
    ? await stock.prepareReturn(tx, [{ doc: usesLeft.stocked, units: 1 }])
    : undefined;
  return () => {
    if (usesLeft && !usesLeft.stored && discount && (discount.data.uses ?? 0) > 0) {
      // A code from before its uses were stock: its count, one fewer.
      tx.update(DISCOUNTS, discount.id, { uses: (discount.data.uses ?? 0) - 1 });
    }
    giveBack?.();
    for (const redemption of redemptions) {
      if (redemption?.data.orderId === order.id) {
        tx.delete(DISCOUNT_REDEMPTIONS, redemption.id);
      }
    }
  };
}
