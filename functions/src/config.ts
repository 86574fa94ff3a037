/**
 * The one typed config of the functions (CONVENTIONS habit 5): the only module that reads
 * process.env. It is read on the first request, not at import, because `firebase deploy` loads
 * the bundle to discover its functions without any of these settings.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export type StoreConfig = { kind: 'sqlite'; path: string } | { kind: 'firestore' };

export interface Config {
  store: StoreConfig;
  /** HS256 key of the accessToken. */
  tokenSecret: Uint8Array;
  /** Lower-cased emails that become admins when they first get a token. */
  adminEmails: string[];
  currency: string;
  payments: 'simulated' | 'stripe';
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  simulatedWebhookSecret?: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

/**
 * The repository's .data/ folder. src/config.ts and the bundle lib/index.js both sit two levels
 * below the repository root, so the same relative URL works for both.
 */
const LOCAL_DATA_DIR = fileURLToPath(new URL('../../.data/', import.meta.url));

const MIN_SECRET_LENGTH = 32;

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const value = env[name]?.trim() || fallback;
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

function optional(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/**
 * TOKEN_SECRET wins; otherwise TOKEN_SECRET_FILE. In the local mode (SQLite) a missing file is
 * created with a random secret, so `npm start` needs no setup and tokens survive a restart.
 */
function readTokenSecret(env: Env, local: boolean): Uint8Array {
  const direct = optional(env, 'TOKEN_SECRET');
  let secret = direct;
  if (!secret) {
    const file =
      optional(env, 'TOKEN_SECRET_FILE') ?? (local ? `${LOCAL_DATA_DIR}token-secret` : undefined);
    if (!file) throw new ConfigError('TOKEN_SECRET (or TOKEN_SECRET_FILE) is required');
    if (!existsSync(file)) {
      if (!local) throw new ConfigError(`TOKEN_SECRET_FILE ${file} does not exist`);
      mkdirSync(dirname(file), { recursive: true });
      // 'wx' so that two emulator workers starting at once cannot overwrite each other's secret.
      try {
        writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    secret = readFileSync(file, 'utf8').trim();
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`The token secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return new TextEncoder().encode(secret);
}

export function loadConfig(env: Env = process.env): Config {
  const storeKind = oneOf(env, 'STORE', ['sqlite', 'firestore'], 'sqlite');
  const store: StoreConfig =
    storeKind === 'sqlite'
      ? { kind: 'sqlite', path: optional(env, 'SQLITE_PATH') ?? `${LOCAL_DATA_DIR}sprocket.sqlite` }
      : { kind: 'firestore' };
  const payments = oneOf(env, 'PAYMENTS', ['simulated', 'stripe'], 'simulated');
  const currency = (optional(env, 'SHOP_CURRENCY') ?? 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) {
    throw new ConfigError(`SHOP_CURRENCY must be a three-letter currency code (got "${currency}")`);
  }
  const adminEmails = (env.SHOP_ADMIN_EMAILS ?? '')
    .split(',')
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
  for (const email of adminEmails) {
    if (!email.includes('@'))
      throw new ConfigError(`SHOP_ADMIN_EMAILS has an invalid email: "${email}"`);
  }
  const config: Config = {
    store,
    tokenSecret: readTokenSecret(env, store.kind === 'sqlite'),
    adminEmails,
    currency,
    payments,
    stripeSecretKey: optional(env, 'STRIPE_SECRET_KEY'),
    stripeWebhookSecret: optional(env, 'STRIPE_WEBHOOK_SECRET'),
    simulatedWebhookSecret: optional(env, 'SIMULATED_WEBHOOK_SECRET'),
  };
  if (payments === 'stripe' && (!config.stripeSecretKey || !config.stripeWebhookSecret)) {
    throw new ConfigError('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return config;
}

/** Whether the code runs inside the Firebase functions emulator (it sets this, also at discovery). */
export function inFunctionsEmulator(env: Env = process.env): boolean {
  return env.FUNCTIONS_EMULATOR === 'true';
}
