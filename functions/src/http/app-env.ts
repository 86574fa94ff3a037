import type { AccessClaims } from '../auth/access-token.js';
import type { Identity } from '../auth/identity.js';
import type { Config } from '../config.js';
import type { Store } from '../store/port.js';

/** What createApp wires together; tests build it with a real SQLite file and the Auth emulator. */
export interface AppDeps {
  store: Store;
  config: Config;
  identity: Identity;
  clock: () => Date;
  // The payments gateway port joins these deps with the payments issue.
}

/** Hono's environment: the signed-in caller, set by requireUser. */
export type AppEnv = { Variables: { caller: AccessClaims } };
