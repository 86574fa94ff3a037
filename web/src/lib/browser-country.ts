import { isCountryCode } from '@sprocket/contract';

/**
 * Where the browser says the shopper is (en-US: US; en alone: US, its likeliest region), as the
 * country the cart estimates shipping for and the checkout starts from; US when it says nothing.
 * Browser pages only (the cart, the checkout): the server renders neither.
 */
export function browserCountry(): string {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && isCountryCode(region) ? region : 'US';
  } catch {
    return 'US';
  }
}
