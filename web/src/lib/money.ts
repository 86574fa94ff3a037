import { formatMoney, type Cents } from '@sprocket/contract';
import { env } from '../config/env.js';

/** Shows cents in the shop currency; every price on screen goes through here (DESIGN §4). */
export const formatPrice = (cents: Cents): string => formatMoney(cents, env.shopCurrency);
