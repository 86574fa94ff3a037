/**
 * What every order action is given (OrderDeps, built once by app.ts), and who places an order
 * (Buyer: an account or a guest).
 */
import type { AccessClaims } from '../../auth/access-token.js';
import type { Config } from '../../config.js';
import type { PaymentGateway } from '../../payments/port.js';
import type { Store } from '../../store/port.js';

/** What the order rules need: the store, the gateway (to cancel intents), the clock and limits. */
export interface OrderDeps {
  store: Store;
  gateway: PaymentGateway;
  clock: () => Date;
  config: Pick<
    Config,
    | 'unpaidHoldMinutes'
    | 'maxUnpaidOrders'
    | 'maxUnpaidUnits'
    | 'currency'
    | 'shopEmail'
    | 'tokenSecret'
    | 'publicUrl'
    | 'timeZone'
    | 'lowStock'
  >;
}

/**
 * Who places an order: a signed-in account, or a guest known only by the address they typed and
 * where they came from (issue 25 item 7), whose order belongs to no account until a verified
 * holder of the address claims it with its link (guest-orders.ts, docs/decisions/080).
 */
export type Buyer = AccessClaims | GuestBuyer;
export interface GuestBuyer {
  guest: true;
  /** Lower-cased. */
  email: string;
  /** The name the guest typed, if any. */
  name?: string;
  /** The network address the order came from (http/rate-limit.ts clientAddress). */
  networkAddress: string;
}

export const isGuest = (buyer: Buyer): buyer is GuestBuyer => 'guest' in buyer;
