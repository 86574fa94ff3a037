/**
 * The owner's shipping methods, tax table and discount codes (issue 25), and the quote: the
 * checkout's body priced as the order would be, for anyone, before an order exists.
 */
import {
  cartLineKey,
  NO_TAX,
  normalizeDiscountCode,
  normalizeRegion,
  orderMessages,
  type CheckoutQuote,
  type DiscountCode,
  type DiscountCodeSchemaInput,
  type ShippingMethod,
  type ShippingMethodsInput,
  type TaxSettings,
  type TaxSettingsInput,
} from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { conflict, notFound, validationFailed } from '../errors.js';
import { findSellables, sellableLine } from '../stock/variant-stock.js';
import {
  DISCOUNTS,
  discountId,
  normalizePricingRequest,
  priceOrder,
  readPricingContext,
  countCodeUses,
  DISCOUNT_USES,
  newCodeUses,
  prepareCodeUsesRemoval,
  type CodeUser,
  SHIPPING_METHODS_DOC,
  SHOP_SETTINGS,
  TAX_DOC,
  type DiscountDoc,
  type PricingRequest,
  type ShippingMethodsDoc,
  type TaxDoc,
} from './order-pricing.js';
import { auditJson, recordAudit, type AdminAct } from '../audit/audit-log.js';

/** The shop's shipping methods, in the owner's order; none until they are set. */
export async function getShippingMethods(store: Store): Promise<ShippingMethod[]> {
  return (
    (await store.get<ShippingMethodsDoc>(SHOP_SETTINGS, SHIPPING_METHODS_DOC))?.data.methods ?? []
  );
}

/** Replaces the whole list (orders keep the method and price they were placed with). */
export async function setShippingMethods(
  store: Store,
  input: ShippingMethodsInput,
  act: AdminAct,
): Promise<ShippingMethod[]> {
  const methods: ShippingMethod[] = input.map(
    ({ id, name, price, freeOver, countries, pickup }) => {
      const pickupRegion = normalizeRegion(pickup?.region);
      return {
        id,
        name,
        price,
        ...(freeOver !== undefined && { freeOver }),
        ...(countries && {
          countries: [...new Set(countries.map((code) => code.trim().toUpperCase()))],
        }),
        ...(pickup && {
          pickup: {
            country: pickup.country.trim().toUpperCase(),
            ...(pickupRegion !== undefined && { region: pickupRegion }),
          },
        }),
      };
    },
  );
  const doc: ShippingMethodsDoc = { methods, updatedAt: act.at.toISOString() };
  await store.runTransaction(async (tx) => {
    const was = await tx.get<ShippingMethodsDoc>(SHOP_SETTINGS, SHIPPING_METHODS_DOC);
    tx.set(SHOP_SETTINGS, SHIPPING_METHODS_DOC, doc);
    recordAudit(tx, act, {
      kind: 'shipping.changed',
      targetId: SHIPPING_METHODS_DOC,
      before: { methods: auditJson(was?.data.methods ?? []) },
      after: { methods: auditJson(methods) },
    });
  });
  return methods;
}

export async function getTaxSettings(store: Store): Promise<TaxSettings> {
  const doc = await store.get<TaxDoc>(SHOP_SETTINGS, TAX_DOC);
  return doc ? { pricesIncludeTax: doc.data.pricesIncludeTax, rates: doc.data.rates } : NO_TAX;
}

export async function setTaxSettings(
  store: Store,
  input: TaxSettingsInput,
  act: AdminAct,
): Promise<TaxSettings> {
  const settings: TaxSettings = {
    pricesIncludeTax: input.pricesIncludeTax,
    rates: input.rates.map(({ country, region, rate }) => {
      const code = country.trim().toUpperCase();
      const normalized = normalizeRegion(region);
      return normalized === undefined
        ? { country: code, rate }
        : { country: code, region: normalized, rate };
    }),
  };
  await store.runTransaction(async (tx) => {
    const was = await tx.get<TaxDoc>(SHOP_SETTINGS, TAX_DOC);
    tx.set(SHOP_SETTINGS, TAX_DOC, { ...settings, updatedAt: act.at.toISOString() });
    recordAudit(tx, act, {
      kind: 'tax.changed',
      targetId: TAX_DOC,
      before: was
        ? auditJson({ pricesIncludeTax: was.data.pricesIncludeTax, rates: was.data.rates })
        : null,
      after: auditJson(settings),
    });
  });
  return settings;
}

/** Every code, newest first, with how many orders hold a use of it. */
export async function listDiscounts(store: Store): Promise<DiscountCode[]> {
  const docs = await store.query<DiscountDoc>(DISCOUNTS, {
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
  });
  return Promise.all(
    docs.map(async (doc) => {
      const { instanceId: _instanceId, ...code } = doc.data;
      return { ...code, uses: await countCodeUses(store, doc) };
    }),
  );
}

const isoOf = (date: string | undefined) =>
  date ? new Date(Date.parse(date)).toISOString() : undefined;

/**
 * A new code (409 if it exists); dates stored as ISO times, the code upper case. Each is an
 * instance of its own, so one made again after a delete counts its uses afresh (decision 078).
 */
export async function createDiscount(
  store: Store,
  input: DiscountCodeSchemaInput,
  act: AdminAct,
): Promise<DiscountCode> {
  const now = act.at;
  const code = normalizeDiscountCode(input.code);
  const startsAt = isoOf(input.startsAt);
  const endsAt = isoOf(input.endsAt);
  const discount: DiscountDoc = {
    code,
    type: input.type,
    value: input.value,
    ...(input.minSubtotal !== undefined && { minSubtotal: input.minSubtotal }),
    ...(startsAt && { startsAt }),
    ...(endsAt && { endsAt }),
    ...(input.maxUses !== undefined && { maxUses: input.maxUses }),
    oncePerCustomer: input.oncePerCustomer ?? false,
    createdAt: now.toISOString(),
    instanceId: store.newId(),
  };
  const uses = newCodeUses({ id: discountId(code), data: discount });
  await store.runTransaction(async (tx) => {
    if (await tx.get(DISCOUNTS, discountId(code))) {
      throw conflict(`There is a code ${code} already`);
    }
    tx.set(DISCOUNTS, discountId(code), discount);
    tx.set(DISCOUNT_USES, uses.id, uses.doc);
    recordAudit(tx, act, {
      kind: 'discount.created',
      targetId: code,
      before: null,
      after: auditJson(discount),
    });
  });
  const { instanceId: _instanceId, ...created } = discount;
  return { ...created, uses: 0 };
}

/** Deletes the code; orders that used it keep it. 404 if there is no such code. */
export async function deleteDiscount(store: Store, code: string, act: AdminAct): Promise<void> {
  await store.runTransaction(async (tx) => {
    const id = discountId(code);
    const found = await tx.get<DiscountDoc>(DISCOUNTS, id);
    if (!found) throw notFound('Discount code');
    const removeUses = await prepareCodeUsesRemoval(tx, store.stock, found);
    tx.delete(DISCOUNTS, id);
    removeUses();
    recordAudit(tx, act, {
      kind: 'discount.deleted',
      targetId: found.data.code,
      before: auditJson(found.data),
      after: null,
    });
  });
}

/**
 * POST /checkout/quote: the lines at the parts' prices now, with the shipping, code and tax the
 * order would get. Nothing is reserved and nothing counted; a part that is gone is a 409 naming
 * it, as the checkout's. A code once per customer is checked for `user` (a signed-in caller),
 * and again when the order is placed.
 */
export async function quoteCheckout(
  store: Store,
  request: PricingRequest & { items: { partId: string; quantity: number; sku?: string }[] },
  at: { now: Date; currency: string },
  user?: CodeUser,
): Promise<CheckoutQuote> {
  const found = await findSellables(store, request.items);
  const refused = request.items.flatMap((item, index) => {
    const lookup = found[index];
    return lookup && 'refusal' in lookup && lookup.refusal === 'variant'
      ? [[cartLineKey(item.partId, item.sku), lookup.message] as const]
      : [];
  });
  // A line without the variant of a part sold in variants, as the checkout answers it (422).
  if (refused.length > 0) throw validationFailed(Object.fromEntries(refused));
  const sellables = found.map((lookup) => ('sellable' in lookup ? lookup.sellable : null));
  const gone = request.items.filter((_, index) => !sellables[index]);
  if (gone.length > 0) {
    throw conflict(
      orderMessages.someLinesShort(gone.map(() => 'a part that is no longer sold')),
      Object.fromEntries(gone.map((item) => [item.partId, orderMessages.partGone])),
    );
  }
  const pricingRequest = normalizePricingRequest(request);
  const context = await readPricingContext(store, pricingRequest, user, store.stock);
  const pricing = priceOrder(
    request.items.map((item, index) => sellableLine(sellables[index]!, item.quantity)),
    pricingRequest,
    context,
    at,
  );
  const { lines, itemCount, subtotal, discount, shipping, tax, total } = pricing.priced;
  return {
    lines,
    itemCount,
    subtotal,
    discount,
    shipping,
    tax,
    total,
    currency: at.currency,
    pricesIncludeTax: pricing.pricesIncludeTax,
    taxRate: pricing.taxRate,
    ...(pricing.shippingMethod && { shippingMethod: pricing.shippingMethod }),
    ...(pricing.discountCode && { discountCode: pricing.discountCode }),
    shippingOptions: pricing.shippingOptions,
  };
}
