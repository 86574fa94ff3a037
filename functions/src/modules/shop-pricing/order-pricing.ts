/**
 * What an order costs beyond its lines (issue 25): the shipping method chosen, a discount code and
 * the tax of the address, read from the store and priced by the contract's one function
 * (priceLines). The checkout reads and prices in its transaction, so a code's uses are counted in
 * the same commit as the order (decision 060); the quote reads and prices the same way outside
 * one. Where the order goes is the contract's deliveryOf, for the quote and the order alike
 * (decision 077); only the spec's one-part purchase (POST /ordered) costs its lines alone.
 */
import {
  deliveryOf,
  deliveryRequestOf,
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
import type { DocData, StoredDoc, Transaction } from '../../store/port.js';
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
export type DiscountDoc = DiscountCode &
  DocData & {
    /**
     * This code's own: a code deleted and created again is another instance, with uses of its own
     * (docs/decisions/078). Absent on codes created before: each of those is its only instance.
     */
    instanceId?: string;
  };
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
  discount: StoredDoc<DiscountDoc> | null;
  /** Whether this customer has used the (once-per-customer) code already. */
  redeemed: boolean;
}

/** Reads in a transaction or from the store: both answer `get` the same way. */
type DocReader = Pick<Transaction, 'get'>;

/**
 * Reads what `request` needs to be priced: the methods and the tax table, the code and, for a
 * code once per customer with its `user` known, whether they used this instance of it.
 */
export async function readPricingContext(
  reader: DocReader,
  request: PricingRequest,
  user?: CodeUser,
): Promise<PricingContext> {
  const code = request.discountCode;
  const [methodsDoc, taxDoc, discount] = await Promise.all([
    reader.get<ShippingMethodsDoc>(SHOP_SETTINGS, SHIPPING_METHODS_DOC),
    reader.get<TaxDoc>(SHOP_SETTINGS, TAX_DOC),
    code ? reader.get<DiscountDoc>(DISCOUNTS, discountId(code)) : null,
  ]);
  // Its id names the instance, so it is read once the code is.
  const redemptions =
    discount?.data.oncePerCustomer && user
      ? await Promise.all(
          redemptionsOf(discount.data, user).checked.map((id) =>
            reader.get<RedemptionDoc>(DISCOUNT_REDEMPTIONS, id),
          ),
        )
      : [];
  return {
    methods: methodsDoc?.data.methods ?? [],
    tax: taxDoc
      ? { pricesIncludeTax: taxDoc.data.pricesIncludeTax, rates: taxDoc.data.rates }
      : NO_TAX,
    discount,
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
  let discount: DiscountCode | undefined;
  if (request.discountCode) {
    const { subtotal } = priceLines(lines);
    const refusal = discountRefusal(context.discount?.data ?? null, request.discountCode, {
      subtotal,
      now: at.now,
      usedByCustomer: context.redeemed,
      formatAmount: (amount) => formatMoney(amount, at.currency),
    });
    if (refusal) {
      const fields = { discountCode: refusal.message };
      throw refusal.status === 409 ? conflict(refusal.message, fields) : validationFailed(fields);
    }
    discount = context.discount?.data;
  }
  const taxRate = taxRateFor(context.tax, place.country, place.region);
  const { pricesIncludeTax } = context.tax;
  const priced = priceLines(lines, {
    shipping: method,
    discount,
    tax: { rate: taxRate, pricesIncludeTax },
  });
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
  total: number;
  taxRate: number;
  pricesIncludeTax: boolean;
  shippingMethod?: OrderShippingMethod;
  discountCode?: string;
  discountInstance?: string;
  country?: string;
  region?: string;
} {
  const { subtotal, discount, shipping, tax, total } = pricing.priced;
  return {
    subtotal,
    discount,
    shipping,
    tax,
    total,
    taxRate: pricing.taxRate,
    pricesIncludeTax: pricing.pricesIncludeTax,
    ...(pricing.shippingMethod && { shippingMethod: pricing.shippingMethod }),
    ...(pricing.discountCode && { discountCode: pricing.discountCode }),
    ...(pricing.discountInstance && { discountInstance: pricing.discountInstance }),
    ...pricing.place,
  };
}

/**
 * The writes that count one use of the order's code, in the order's transaction (its read of the
 * code is what makes two checkouts of the last use contend): uses + 1, and for a code once per
 * customer the user's redemptions, whose ids the order keeps to give them back (`redemptions`).
 * Nothing without a code.
 */
export function prepareDiscountUse(
  tx: Transaction,
  discount: StoredDoc<DiscountDoc> | null,
  pricing: OrderPricing<PricingLine>,
  use: { user: CodeUser; orderId: string; now: Date },
): { redemptions: string[]; apply: () => void } {
  if (!discount || pricing.discountCode === undefined) return { redemptions: [], apply: () => {} };
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
      tx.update(DISCOUNTS, discount.id, { uses: discount.data.uses + 1 });
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
  const sameInstance = discount?.data.instanceId === instanceId;
  return () => {
    if (discount && sameInstance && discount.data.uses > 0) {
      tx.update(DISCOUNTS, discount.id, { uses: discount.data.uses - 1 });
    }
    for (const redemption of redemptions) {
      if (redemption?.data.orderId === order.id) {
        tx.delete(DISCOUNT_REDEMPTIONS, redemption.id);
      }
    }
  };
}
