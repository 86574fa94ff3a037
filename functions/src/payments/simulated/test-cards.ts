/**
 * The card checks of the simulated gateway, modelled on Stripe's test mode: the card field's own
 * validation (incomplete or invalid number, expiry, security code) and Stripe's test card numbers
 * with their outcomes and messages (https://docs.stripe.com/testing).
 */

export interface CardInput {
  cardNumber?: string;
  expMonth?: string | number;
  expYear?: string | number;
  cvc?: string;
}

/** Stripe's error object as stripe.js hands it to the page. */
export type CardError = {
  type: 'validation_error' | 'card_error' | 'invalid_request_error';
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
};

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export interface CheckedCard {
  brand: CardBrand;
  last4: string;
  /** What Stripe's test mode does with this number. */
  outcome: CardOutcome;
}

/**
 * What confirming does: pays, is declined, or first asks the cardholder to authenticate (3-D
 * Secure) and pays only once they have.
 */
export type CardOutcome =
  { kind: 'success' } | { kind: 'authenticate' } | { kind: 'error'; error: CardError };

const decline = (code: string, message: string, declineCode?: string): CardOutcome => ({
  kind: 'error',
  error: {
    type: 'card_error',
    code,
    ...(declineCode ? { decline_code: declineCode } : {}),
    message,
  },
});

const SUCCEEDS: CardOutcome = { kind: 'success' };

/** Stripe's test numbers. Any other number that passes the Luhn check is a live card in test mode. */
const TEST_CARDS: ReadonlyMap<string, CardOutcome> = new Map([
  ['4242424242424242', SUCCEEDS],
  ['4000056655665556', SUCCEEDS],
  ['5555555555554444', SUCCEEDS],
  ['2223003122003222', SUCCEEDS],
  ['378282246310005', SUCCEEDS],
  ['6011111111111117', SUCCEEDS],
  // Authentication required on every payment, saved or not (Stripe's 3DS2 test card).
  ['4000002760003184', { kind: 'authenticate' }],
  ['4000000000000002', decline('card_declined', 'Your card was declined.', 'generic_decline')],
  [
    '4000000000009995',
    decline('card_declined', 'Your card has insufficient funds.', 'insufficient_funds'),
  ],
  ['4000000000000069', decline('expired_card', 'Your card has expired.')],
  ['4000000000000127', decline('incorrect_cvc', "Your card's security code is incorrect.")],
  [
    '4000000000000119',
    decline(
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ),
  ],
]);

/** What stripe.js answers when the cardholder fails (or abandons) 3-D Secure. */
export const AUTHENTICATION_FAILED: CardError = {
  type: 'invalid_request_error',
  code: 'payment_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

const LIVE_CARD_IN_TEST_MODE = decline(
  'card_declined',
  'Your card was declined. Your request was in test mode, but used a non test card. ' +
    'For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  'test_mode_live_card',
);

const invalid = (code: string, message: string, param: string): CardError => ({
  type: 'validation_error',
  code,
  message,
  param,
});

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): CardBrand {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

const text = (value: string | number | undefined) => String(value ?? '').trim();

function checkNumber(raw: string): { digits: string; brand: CardBrand } | CardError {
  const digits = raw.replace(/[\s-]/g, '');
  if (digits === '')
    return invalid('incomplete_number', 'Your card number is incomplete.', 'number');
  if (!/^\d+$/.test(digits))
    return invalid('invalid_number', 'Your card number is invalid.', 'number');
  const brand = brandOf(digits);
  const length = brand === 'amex' ? 15 : 16;
  if (digits.length < length) {
    return invalid('incomplete_number', 'Your card number is incomplete.', 'number');
  }
  if (digits.length > length || !passesLuhn(digits)) {
    return invalid('invalid_number', 'Your card number is invalid.', 'number');
  }
  return { digits, brand };
}

function checkExpiry(monthText: string, yearText: string, now: Date): CardError | null {
  if (monthText === '' || yearText === '') {
    return invalid('incomplete_expiry', "Your card's expiration date is incomplete.", 'exp');
  }
  const month = /^\d{1,2}$/.test(monthText) ? Number(monthText) : NaN;
  if (!(month >= 1 && month <= 12)) {
    return invalid('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  if (!/^(\d{2}|\d{4})$/.test(yearText)) {
    return invalid('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  // Two digits mean this century, as in the card field's MM / YY.
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) {
    return invalid(
      'invalid_expiry_year_past',
      "Your card's expiration year is in the past.",
      'exp_year',
    );
  }
  if (year > thisYear + 50) {
    return invalid('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    return invalid(
      'invalid_expiry_month_past',
      "Your card's expiration date is in the past.",
      'exp_month',
    );
  }
  return null;
}

function checkCvc(cvc: string, brand: CardBrand): CardError | null {
  const length = brand === 'amex' ? 4 : 3;
  if (!/^\d*$/.test(cvc) || cvc.length > length) {
    return invalid('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  }
  if (cvc.length < length) {
    return invalid('incomplete_cvc', "Your card's security code is incomplete.", 'cvc');
  }
  return null;
}

/**
 * Checks the card as the card field and Stripe's test mode would: a validation error for what
 * the field itself rejects, otherwise the card with what confirming it will do.
 */
export function checkCard(card: CardInput, now: Date): CheckedCard | CardError {
  const number = checkNumber(text(card.cardNumber));
  if ('code' in number) return number;
  const expiryError = checkExpiry(text(card.expMonth), text(card.expYear), now);
  if (expiryError) return expiryError;
  const cvcError = checkCvc(text(card.cvc), number.brand);
  if (cvcError) return cvcError;
  return {
    brand: number.brand,
    last4: number.digits.slice(-4),
    outcome: TEST_CARDS.get(number.digits) ?? LIVE_CARD_IN_TEST_MODE,
  };
}
