import { vi } from 'vitest';
import type {
  CheckoutPayment,
  OrderToPay,
  PaymentOutcome,
  WalletTap,
} from '../lib/checkout-payment.js';

/**
 * A stand-in for the payments feature's fields on the checkout page: `check` answers what the
 * test says (null: complete), `pay` answers the outcomes given, in turn ("paid" once they run
 * out), and the wallet is a button that taps as the real ones do.
 */
export function fakeCheckoutPayment({
  problem = null,
  outcomes = [],
}: { problem?: string | null; outcomes?: PaymentOutcome[] } = {}) {
  const queue = [...outcomes];
  const pay = vi.fn((order: OrderToPay): Promise<PaymentOutcome> =>
    Promise.resolve(queue.shift() ?? { status: 'paid', transactionId: `pi_${order.orderId}` }),
  );
  const check = vi.fn(() => Promise.resolve(problem));
  const setAmount = vi.fn();
  const walletPay = vi.fn((order: OrderToPay): Promise<PaymentOutcome> =>
    Promise.resolve({ status: 'paid', transactionId: `pi_wallet_${order.orderId}` }),
  );
  const payment: CheckoutPayment = {
    wallets: (tap: WalletTap) => (
      <button
        type="button"
        onClick={() =>
          void tap.ready().then((ready) => (ready ? tap.placeAndPay(walletPay) : undefined))
        }
      >
        Test wallet
      </button>
    ),
    fields: <p>the card fields</p>,
    setAmount,
    check,
    pay,
  };
  return { payment, pay, check, setAmount, walletPay };
}
