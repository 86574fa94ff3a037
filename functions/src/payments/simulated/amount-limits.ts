/** Stripe's limits on an intent's amount (a minimum per currency, a maximum), with its messages. */
import { formatMoney } from '@sprocket/contract';
import { GatewayRequestError } from '../port.js';

const MAX_AMOUNT = 99_999_999;

/**
 * Stripe's minimum charge per currency, in that currency's minor unit (docs.stripe.com/currencies,
 * "Minimum and maximum charge amounts"); other currencies are checked by Stripe after conversion,
 * which a simulation cannot do.
 */
const MIN_AMOUNT: Record<string, number> = {
  usd: 50,
  eur: 50,
  gbp: 30,
  jpy: 50,
  aud: 50,
  cad: 50,
  chf: 50,
  nzd: 50,
  sgd: 50,
  inr: 50,
  brl: 50,
  dkk: 250,
  nok: 300,
  sek: 300,
  pln: 200,
  czk: 1500,
  hkd: 400,
  mxn: 1000,
};

/** The amount rules of Stripe's API that a shop can run into, with Stripe's messages. */
export function checkAmount(amount: number, currency: string): void {
  if (!Number.isInteger(amount) || amount < 1) {
    throw new GatewayRequestError('This value must be greater than or equal to 1.');
  }
  const minimum = MIN_AMOUNT[currency];
  if (minimum !== undefined && amount < minimum) {
    throw new GatewayRequestError(
      `Amount must be at least ${formatMoney(minimum, currency)} ${currency}`,
    );
  }
  if (amount > MAX_AMOUNT) {
    throw new GatewayRequestError(
      `Amount must be no more than ${formatMoney(MAX_AMOUNT, currency)}`,
    );
  }
}
