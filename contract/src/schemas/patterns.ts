/**
 * The shapes of text that more than one schema or screen checks, each written once here
 * (docs/conventions.md §5). The shop's money text is read by `parseAmountToCents` in money.ts.
 */

/** A phone number has 6 to 15 characters (docs/product.md §9). */
export const PHONE_MIN = 6;
export const PHONE_MAX = 15;

/** An order's phone number, as people write it: digits, spaces, brackets, dashes, a leading +. */
export const PHONE_PATTERN = /^\+?[0-9 ()-]+$/;

/** A profile's contact number: digits only (docs/product.md §5.2). */
export const PHONE_DIGITS_PATTERN = /^[0-9]+$/;

/** A web address: http or https, without spaces. */
export const WEB_ADDRESS_PATTERN = /^https?:\/\/\S+$/;

/** A path on this site, such as the catalogue's own images (/parts/chain.svg). */
const SITE_PATH_PATTERN = /^\/\S*$/;

/** Whether a part's image can be shown: a web address or a path on this site. */
export const isImageUrl = (text: string): boolean =>
  WEB_ADDRESS_PATTERN.test(text) || SITE_PATH_PATTERN.test(text);
