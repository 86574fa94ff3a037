import type { AccountChecker } from '../auth/account-check.js';
import type { VerifiedAccessClaims } from '../auth/access-token.js';
import type { OrderLinkClaims } from '../auth/order-token.js';
import type { Identity, VerifiedIdentity } from '../auth/identity.js';
import type { Config } from '../config.js';
import type { FileStorage } from '../files/port.js';
import type { PaymentGateway } from '../payments/port.js';
import type { DeliverWebhook } from '../payments/port.js';
import type { Store } from '../store/port.js';
import type { RateCounter } from './rate-limit.js';

/**
 * What createApp is handed: index.ts builds the real ones; tests build them with a real SQLite
 * file and the Auth emulator.
 */
export interface InjectedDeps {
  store: Store;
  config: Config;
  identity: Identity;
  clock: () => Date;
  /**
   * Makes the payment gateway. It is handed the app's own webhook endpoint, through which the
   * simulated gateway delivers its signed events (Stripe's are delivered over the internet).
   */
  payments: (deliverWebhook: DeliverWebhook) => PaymentGateway;
  /** Where uploaded images are kept (a local folder, or Cloud Storage in production). */
  files: FileStorage;
  /** Where rate-limit counts live: in memory by default, in the store in production. */
  rateCounter?: RateCounter;
  /** Whether a token's account is still current; createApp makes one shared by every route. */
  accounts?: AccountChecker;
  /**
   * Who applies the orders' events (docs/decisions/084): the app after each change (`inline`,
   * the default, the local suite) or a Firestore trigger (`trigger`, production).
   */
  orderEvents?: 'inline' | 'trigger';
}

/**
 * What every route is given: the injected deps, and what createApp wires from the users module
 * for the bearer middleware (http/access.ts), since http/ imports no module (issue 34).
 */
export interface AppDeps extends InjectedDeps {
  /** The injected checker, or the one createApp made. */
  accounts: AccountChecker;
  /** Whether the caller's account holds admin rights now, asked of the store each time. */
  isAdmin: (caller: { uid: string; email: string }) => Promise<boolean>;
}

/**
 * Hono's environment: the signed-in caller, set by requireUser (or, on the token exchange, by the
 * ID token check, which also keeps the verified identity). On the routes a guest may call
 * (http/access.ts): `guest`, a checkout without a token, with the body's email; or
 * `orderLink`, the order a private link's token opens (docs/decisions/066). Unset otherwise.
 */
export type AppEnv = {
  Variables: {
    caller: VerifiedAccessClaims;
    identity: VerifiedIdentity;
    guest: { email: string } | undefined;
    orderLink: OrderLinkClaims | undefined;
  };
};
