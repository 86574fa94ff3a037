import {
  amountExample,
  currencySymbol,
  formatMoney,
  minorUnitDigits,
  parseAmountToCents,
  type Cents,
} from '@sprocket/contract';
import { env } from '../config/env.js';

/** Every price on screen is shown through here, in the shop currency (docs/architecture.md §8). */
export const formatPrice = (cents: Cents): string => formatMoney(cents, env.shopCurrency);

/** The shop currency's sign as formatPrice writes it ("$" for USD), for price inputs. */
export const currencySign: string = currencySymbol(env.shopCurrency);

/** A price as an admin types it in the shop currency ("12.50" in USD, "1250" in JPY). */
export const parsePrice = (text: string): Cents | null =>
  parseAmountToCents(text, env.shopCurrency);

/**
 * A price as a price field shows it, the inverse of parsePrice: 1250 is "12.50" in USD and
 * "1250" in JPY (the Edit Product dialog's price, the catalogue's price range).
 */
export function priceText(cents: Cents): string {
  const digits = minorUnitDigits(env.shopCurrency);
  if (digits === 0) return String(cents);
  const text = String(cents).padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** A price as the price field expects it, for its placeholder ("12.50" in USD, "1250" in JPY). */
export const priceExample: string = amountExample(env.shopCurrency);
