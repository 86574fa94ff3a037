/** The shop's tax table and the rate that applies to an address (issue 25 item 4). */
import { normalizeRegion } from './countries.js';

/** A rate for a country, or for one region of it. `rate` is a percentage such as 7.25. */
export type TaxRate = {
  country: string;
  region?: string;
  rate: number;
};

/** GET/PUT /admin/tax: whether the shop's prices hold the tax already, and the rates. */
export type TaxSettings = {
  pricesIncludeTax: boolean;
  rates: TaxRate[];
};

/** A shop that has set nothing: no tax anywhere. */
export const NO_TAX: TaxSettings = { pricesIncludeTax: false, rates: [] };

/**
 * The rate for an address: the region's own when the table has one, else the country's (a row
 * without a region), else 0. The most specific row wins; rows do not add up (decision 059).
 */
export function taxRateFor(
  settings: TaxSettings,
  country: string | undefined,
  region: string | undefined,
): number {
  if (country === undefined) return 0;
  const wanted = normalizeRegion(region);
  const ofCountry = settings.rates.filter((row) => row.country === country);
  const regional =
    wanted === undefined
      ? undefined
      : ofCountry.find((row) => normalizeRegion(row.region) === wanted);
  return (
    (regional ?? ofCountry.find((row) => normalizeRegion(row.region) === undefined))?.rate ?? 0
  );
}
