/**
 * The shop's shipping methods, which of them a shopper may choose (issue 25 item 3), and where an
 * order goes, which sets its tax (issue 33 item 2, docs/decisions/077).
 */
import type { Cents } from '../money.js';
import { normalizeRegion } from './countries.js';
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
  /**
   * Set for a method that sends nothing: the shopper collects the parts at this place, the
   * shop's, whose tax the order pays. The only way to order without a country of one's own.
   */
  pickup?: Place;
};

/** A country (ISO 3166-1 alpha-2, upper case) and, for the tax of some, a region of it. */
export type Place = { country: string; region?: string };

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
  return methods.filter((method) => country === undefined || goesTo(method, country));
}

/** Whether a shopper in `country` may choose `method`: a pickup is open to anyone. */
const goesTo = (method: ShippingMethod, country: string): boolean =>
  method.pickup !== undefined || !method.countries || method.countries.includes(country);

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
  noCountry: 'Choose a country',
} as const;

/** What a checkout says about where its parts go: the chosen method and the shopper's place. */
export interface DeliveryRequest {
  shippingMethodId?: string;
  /** Upper case, as normalised; none while not chosen. */
  country?: string;
  region?: string;
}

/**
 * A checkout's delivery fields as compared (the page's form and the API's body alike): the
 * country upper case, the region trimmed and upper case, an empty value as none chosen.
 */
export function deliveryRequestOf(fields: {
  shippingMethodId?: string;
  country?: string;
  region?: string;
}): DeliveryRequest {
  const shippingMethodId = fields.shippingMethodId?.trim();
  const country = fields.country?.trim().toUpperCase();
  const region = normalizeRegion(fields.region);
  return {
    ...(shippingMethodId && { shippingMethodId }),
    ...(country && { country }),
    ...(region !== undefined && { region }),
  };
}

/** The method an order ships by (none in a shop without methods) and the place it is taxed at. */
export interface Delivery {
  method?: ShippingMethod;
  place: Place;
}

/**
 * Where an order goes, or why it cannot go, by field (the checkout page, the quote and the
 * checkout all ask this, docs/decisions/077): a shop with methods needs one of them; an order
 * that is sent needs a country the method goes to, and is taxed there; a pickup is taxed at the
 * shop's place and needs no country. A shop without methods sends for nothing, to a country.
 */
export function deliveryOf(
  methods: readonly ShippingMethod[],
  request: DeliveryRequest,
): { delivery: Delivery; refusal?: undefined } | { refusal: Record<string, string> } {
  const { shippingMethodId, country, region } = request;
  const method =
    shippingMethodId === undefined
      ? undefined
      : methods.find((candidate) => candidate.id === shippingMethodId);
  const refusal: Record<string, string> = {};
  if (!method && (shippingMethodId !== undefined || methods.length > 0)) {
    refusal.shippingMethodId = shippingMessages.unknown;
  }
  if (method?.pickup) return { delivery: { method, place: method.pickup } };
  if (country === undefined) refusal.country = shippingMessages.noCountry;
  else if (method && !goesTo(method, country)) {
    refusal.shippingMethodId = shippingMessages.notTo(method.name, country);
  }
  if (country === undefined || Object.keys(refusal).length > 0) return { refusal };
  return {
    delivery: { ...(method && { method }), place: { country, ...(region && { region }) } },
  };
}
