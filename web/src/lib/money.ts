import { formatMoney, type Cents } from '@sprocket/contract';
import { env } from '../config/env.js';

/** Shows cents in the shop currency; every price on screen goes through here (DESIGN §4). */
export const formatPrice = (cents: Cents): string => formatMoney(cents, env.shopCurrency);

/** The shop currency's sign as formatPrice writes it ("$" for USD), for price inputs. */
export const currencySign: string = formatPrice(0).replace(/[\d.,\s]/g, '');
