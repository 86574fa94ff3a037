/** The shop's shipping methods and which of them a shopper may choose (issue 25 item 3). */
import type { Cents } from '../money.js';
import { shippingOf } from './pricing.js';

/** A way the shop sends an order (PUT /admin/shipping-methods), amounts in minor units. */
export type ShippingMethod = {
  /** A short stable name the checkout sends back (`shippingMethodId`): "standard". */
  id: string;
  /** What the shopper reads: "Standard", "Express", "Pick up in the shop". */
  name: string;
  price: Cents;
  /** Free once the goods (after any discount) cost at least this much. */
  freeOver?: Cents;
  /** The countries it goes to (ISO 3166-1 alpha-2); everywhere when absent. */
  countries?: string[];
};

/** One method as a shopper sees it for their goods: what it costs them. */
export type ShippingOption = {
  id: string;
  name: string;
  /** What it costs for these goods (0 once they reach `freeOver`). */
  price: Cents;
};

/**
 * The methods that go to `country`. While the country is not known yet (the cart), every method
 * counts: the cart's estimate is the cheapest the shopper could get.
 */
export function shippingMethodsFor(
  methods: readonly ShippingMethod[],
  country: string | undefined,
): ShippingMethod[] {
  if (country === undefined) return [...methods];
  return methods.filter((method) => !method.countries || method.countries.includes(country));
}

/** The methods for `country` with what each costs for goods worth `goods`. */
export function shippingOptions(
  methods: readonly ShippingMethod[],
  goods: Cents,
  country: string | undefined,
): ShippingOption[] {
  return shippingMethodsFor(methods, country).map(({ id, name, price, freeOver }) => ({
    id,
    name,
    price: shippingOf(goods, { price, freeOver }),
  }));
}

/** The cheapest way to send goods worth `goods` (the cart's estimate), or undefined if none. */
export function cheapestShipping(
  methods: readonly ShippingMethod[],
  goods: Cents,
  country?: string,
): ShippingMethod | undefined {
  let best: { method: ShippingMethod; price: Cents } | undefined;
  for (const method of shippingMethodsFor(methods, country)) {
    const price = shippingOf(goods, method);
    if (!best || price < best.price) best = { method, price };
  }
  return best?.method;
}

export const shippingMessages = {
  unknown: 'Choose one of the shipping methods offered',
  notTo: (name: string, country: string) => `${name} does not deliver to ${country}`,
} as const;
