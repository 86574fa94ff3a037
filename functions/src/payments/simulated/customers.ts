/** The simulated Customers and the cards saved to them (Stripe's Customer and PaymentMethod). */
import { createHash } from 'node:crypto';
import type { DocData, StoredDoc, Transaction } from '../../store/port.js';
import type { PaymentGateway } from '../port.js';
import type { SimulatedContext } from './context.js';
import { alphanumeric } from './random-id.js';
import type { CardBrand } from './test-cards.js';

export const SIMULATED_CUSTOMERS = 'simulatedCustomers';

/** A card as the simulated gateway keeps it (Stripe's PaymentMethod of type card). */
export type SimulatedCard = {
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  wallet: string | null;
  /** Whether the issuer asks for 3-D Secure on every payment (Stripe's 4000 0027 6000 3184). */
  authenticate: boolean;
};

/** A card saved to a simulated Customer. */
type SimulatedPaymentMethod = SimulatedCard & {
  id: string;
  /** Unix seconds. */
  created: number;
};

type SimulatedCustomerDoc = {
  accountId: string;
  email: string;
  created: number;
  paymentMethods: SimulatedPaymentMethod[];
} & DocData;

export type SimulatedCustomer = StoredDoc<SimulatedCustomerDoc>;

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,64}$/;
const isCustomerId = (value: string) => CUSTOMER_ID.test(value);

/** Reads an intent's Customer in `tx`: null when it has none (a guest's order). */
export async function customerIn(
  tx: Transaction,
  customerId: string | null | undefined,
): Promise<SimulatedCustomer | null> {
  return customerId ? await tx.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, customerId) : null;
}

/** Saves a card that paid to the Customer in `tx` (`setup_future_usage: 'off_session'`). */
export function saveCard(
  tx: Transaction,
  customer: SimulatedCustomer,
  card: SimulatedCard,
  unixNow: () => number,
): void {
  const saved: SimulatedPaymentMethod = {
    id: `pm_${alphanumeric(12)}`,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    wallet: card.wallet,
    authenticate: card.authenticate,
    created: unixNow(),
  };
  tx.update(SIMULATED_CUSTOMERS, customer.id, {
    paymentMethods: [...customer.data.paymentMethods, saved],
  });
}

/** The port's Customer calls: one Customer per account, its saved cards listed and detached. */
export function simulatedCustomers({
  store,
  unixNow,
}: SimulatedContext): Pick<
  PaymentGateway,
  'createCustomer' | 'listPaymentMethods' | 'detachPaymentMethod'
> {
  return {
    createCustomer: async ({ accountId, email, idempotencyKey }) => {
      const customerId = `cus_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 14)}`;
      await store.runTransaction(async (tx) => {
        if (await tx.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, customerId)) return;
        tx.set(SIMULATED_CUSTOMERS, customerId, {
          accountId,
          email,
          created: unixNow(),
          paymentMethods: [],
        } satisfies SimulatedCustomerDoc);
      });
      return { customerId };
    },

    async listPaymentMethods(customerId) {
      const customer = isCustomerId(customerId)
        ? await store.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, customerId)
        : null;
      return [...(customer?.data.paymentMethods ?? [])]
        .sort((a, b) => b.created - a.created)
        .map(({ id, brand, last4, expMonth, expYear, wallet }) => ({
          id,
          brand,
          last4,
          expMonth,
          expYear,
          wallet,
        }));
    },

    async detachPaymentMethod(customerId, paymentMethodId) {
      if (!isCustomerId(customerId)) return false;
      return store.runTransaction(async (tx) => {
        const customer = await tx.get<SimulatedCustomerDoc>(SIMULATED_CUSTOMERS, customerId);
        const methods = customer?.data.paymentMethods ?? [];
        const kept = methods.filter((method) => method.id !== paymentMethodId);
        if (kept.length === methods.length) return false;
        tx.update(SIMULATED_CUSTOMERS, customerId, { paymentMethods: kept });
        return true;
      });
    },
  };
}
