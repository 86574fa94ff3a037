/**
 * Saved cards (docs/decisions/068): one Customer at the gateway per account, made when the account
 * first opens a payment page, kept in `paymentCustomers/{uid}` per gateway. The cards themselves
 * stay at the gateway (Stripe keeps them; the simulated gateway mirrors it): the shop stores no
 * card data, only which Customer is whose.
 */
import type { SavedCard } from '@sprocket/contract';
import {
  GatewayUnavailableError,
  isPaymentMethodId,
  type PaymentGateway,
} from '../../payments/port.js';
import type { DocData, Store } from '../../store/port.js';
import { notFound, unavailable } from '../errors.js';

export const PAYMENT_CUSTOMERS = 'paymentCustomers';

export type PaymentCustomerDoc = {
  /** The gateway that knows the Customer: another gateway means another Customer. */
  gateway: PaymentGateway['name'];
  customerId: string;
  email: string;
  createdAt: string;
} & DocData;

export interface PaymentMethodsDeps {
  store: Store;
  gateway: PaymentGateway;
  clock: () => Date;
}

function unreachable(error: GatewayUnavailableError) {
  console.error('Payment gateway unavailable:', error);
  return unavailable('The payment provider is not reachable; try again shortly');
}

/** The account's Customer at this gateway, or null when it has none yet. */
export async function customerOf(deps: PaymentMethodsDeps, uid: string): Promise<string | null> {
  const stored = await deps.store.get<PaymentCustomerDoc>(PAYMENT_CUSTOMERS, uid);
  return stored && stored.data.gateway === deps.gateway.name ? stored.data.customerId : null;
}

/**
 * The account's Customer, made at the gateway the first time. Two pages at once get the same one:
 * the idempotency key names the account and the gateway.
 */
export async function ensureCustomer(
  deps: PaymentMethodsDeps,
  account: { uid: string; email: string },
): Promise<string> {
  const known = await customerOf(deps, account.uid);
  if (known) return known;
  let customerId: string;
  try {
    ({ customerId } = await deps.gateway.createCustomer({
      accountId: account.uid,
      email: account.email,
      idempotencyKey: `sprocket-customer-${deps.gateway.name}-${account.uid}`,
    }));
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw unreachable(error);
    throw error;
  }
  await deps.store.set(PAYMENT_CUSTOMERS, account.uid, {
    gateway: deps.gateway.name,
    customerId,
    email: account.email,
    createdAt: deps.clock().toISOString(),
  } satisfies PaymentCustomerDoc);
  return customerId;
}

/**
 * The Customer's saved cards for the payment page, answered with its intent. A gateway that cannot
 * list them now leaves the page with a new card rather than no way to pay.
 */
export async function cardsOf(deps: PaymentMethodsDeps, customerId: string): Promise<SavedCard[]> {
  try {
    return await deps.gateway.listPaymentMethods(customerId);
  } catch (error) {
    if (!(error instanceof GatewayUnavailableError)) throw error;
    console.warn('Saved cards not listed:', error);
    return [];
  }
}

/** GET /payment-methods: the caller's saved cards (none before their first payment page). */
export async function listSavedCards(deps: PaymentMethodsDeps, uid: string): Promise<SavedCard[]> {
  const customerId = await customerOf(deps, uid);
  if (!customerId) return [];
  try {
    return await deps.gateway.listPaymentMethods(customerId);
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw unreachable(error);
    throw error;
  }
}

/** DELETE /payment-methods/{id}: only a card of the caller's own Customer; 404 otherwise. */
export async function removeSavedCard(
  deps: PaymentMethodsDeps,
  uid: string,
  paymentMethodId: string,
): Promise<void> {
  const customerId = await customerOf(deps, uid);
  let removed = false;
  if (customerId && isPaymentMethodId(paymentMethodId)) {
    try {
      removed = await deps.gateway.detachPaymentMethod(customerId, paymentMethodId);
    } catch (error) {
      if (error instanceof GatewayUnavailableError) throw unreachable(error);
      throw error;
    }
  }
  // Someone else's card is answered as no card at all: its id tells nothing.
  if (!removed) throw notFound('Saved card');
}
