/**
 * The one typed config of the functions (docs/conventions.md §6): the only module that reads
 * process.env. It is read on the first request, not at import, because `firebase deploy` loads
 * the bundle to discover its functions without any of these settings.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CURRENCY_CODE_PATTERN,
  DEFAULT_MAX_UNPAID_ORDERS,
  DEFAULT_MAX_UNPAID_UNITS,
  DEFAULT_UNPAID_HOLD_MINUTES,
} from '@sprocket/contract';

export type StoreConfig = { kind: 'sqlite'; path: string } | { kind: 'firestore' };

/** Where uploaded files go: a local folder the API serves, or Cloud Storage for Firebase. */
export type FilesConfig = { kind: 'local'; dir: string } | { kind: 'cloud-storage' };

export interface Config {
  store: StoreConfig;
  files: FilesConfig;
  /** HS256 key of the accessToken. */
  tokenSecret: Uint8Array;
  /** Lower-cased emails that become admins when they first get a token. */
  adminEmails: string[];
  currency: string;
  payments: 'simulated' | 'stripe';
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  simulatedWebhookSecret?: string;
  /** How long an unpaid order holds its stock before it is cancelled. */
  unpaidHoldMinutes: number;
  /** How many unpaid orders one customer may hold at once. */
  maxUnpaidOrders: number;
  /**
   * How many units one customer's unpaid orders may hold together; also sets how many units an
   * account (twice this) and a network address (ten times) may reserve in an hour.
   */
  maxUnpaidUnits: number;
  /** How many orders one account may place per minute. */
  ordersPerMinute: number;
  /** Whether only customers with a paid order of a part may review it (default yes). */
  reviewsRequirePurchase: boolean;
  /** Reviews one account may write in an hour; one network address may write twice as many. */
  reviewsPerHour: number;
  /** Origins of other web clients the API answers CORS for (none by default). */
  allowedOrigins: string[];
  /**
   * How old the catalogue snapshot and the Business Summary may be when they are served; 0 reads
   * them afresh on every request (docs/decisions/020).
   */
  cacheMaxAgeMs: number;
  /** Where the shop's own mail goes (new orders, contact messages), and its From address. */
  shopEmail: string;
  /**
   * How many proxies in front of the app append to X-Forwarded-For: the client's address is the
   * entry the first of them wrote (docs/decisions/044). 2 in Cloud Functions behind Hosting, 0
   * elsewhere (the socket's peer).
   */
  proxyHops: number;
  /**
   * The shop's public origin (SHOP_PUBLIC_URL, like https://shop.example): canonical URLs, the
   * sitemap and the absolute image URLs are written on it. Required in Cloud Functions.
   */
  publicUrl: string;
  /**
   * The shop's IANA time zone (SHOP_TIME_ZONE, default UTC): the days of the sales figures
   * (docs/decisions/070).
   */
  timeZone: string;
  /** Units at or below which a part or variant is low on stock, unless the part sets its own. */
  lowStock: number;
}

/**
 * The defaults of the shop's numeric and yes/no settings, in their environment form: loadConfig
 * reads them, and the Firebase parameters (deploy-params.ts) offer them when a deploy asks.
 */
export const SETTING_DEFAULTS = {
  SHOP_CURRENCY: 'USD',
  SHOP_UNPAID_HOLD_MINUTES: String(DEFAULT_UNPAID_HOLD_MINUTES),
  SHOP_MAX_UNPAID_ORDERS: String(DEFAULT_MAX_UNPAID_ORDERS),
  SHOP_MAX_UNPAID_UNITS: String(DEFAULT_MAX_UNPAID_UNITS),
  SHOP_ORDERS_PER_MINUTE: '10',
  SHOP_REVIEWS_PER_HOUR: '5',
  SHOP_REVIEWS_REQUIRE_PURCHASE: 'true',
  SHOP_CACHE_MAX_AGE_SECONDS: '60',
  /** Behind Hosting in Cloud Functions; 0 elsewhere (see Config.proxyHops). */
  SHOP_PROXY_HOPS: '2',
  SHOP_TIME_ZONE: 'UTC',
  SHOP_LOW_STOCK: '5',
} as const;

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

function positiveInteger(env: Env, name: keyof typeof SETTING_DEFAULTS, max: number): number {
  const text = optional(env, name) ?? SETTING_DEFAULTS[name];
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < 1 || value > max) {
    throw new ConfigError(`${name} must be a whole number from 1 to ${max} (got "${text}")`);
  }
  return value;
}

function wholeNumber(env: Env, name: string, fallback: string, max: number): number {
  const text = optional(env, name) ?? fallback;
  if (!/^[0-9]+$/.test(text) || Number(text) > max) {
    throw new ConfigError(`${name} must be a whole number from 0 to ${max} (got "${text}")`);
  }
  return Number(text);
}

/**
 * A list setting: comma-separated, or a JSON array of strings (the form Firebase's list
 * parameters take at run time).
 */
function list(env: Env, name: string): string[] {
  const text = env[name]?.trim() ?? '';
  let items: unknown = text.split(',');
  if (text.startsWith('[')) {
    try {
      items = JSON.parse(text);
    } catch {
      throw new ConfigError(`${name} is not a JSON list (got "${text}")`);
    }
  }
  if (!Array.isArray(items) || !items.every((item) => typeof item === 'string')) {
    throw new ConfigError(`${name} must be a list of text values (got "${text}")`);
  }
  return items.map((item) => item.trim()).filter(Boolean);
}

function origins(env: Env, name: string): string[] {
  const allowed = list(env, name).map((origin) => origin.replace(/\/$/, ''));
  for (const origin of allowed) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(
        `${name} has an invalid origin: "${origin}" (like https://shop.example)`,
      );
    }
  }
  return allowed;
}

/** Where the local suite's Hosting emulator serves the shop (scripts/suite.ts). */
const LOCAL_PUBLIC_URL = 'http://127.0.0.1:5000';

/** SHOP_PUBLIC_URL: an origin, without a path or a trailing slash. */
function publicUrl(env: Env): string {
  const text = optional(env, 'SHOP_PUBLIC_URL')?.replace(/\/$/, '');
  if (text === undefined) {
    if (inCloudFunctions(env)) {
      throw new ConfigError(
        "SHOP_PUBLIC_URL is required in Cloud Functions: the shop's address, like https://<project-id>.web.app",
      );
    }
    return LOCAL_PUBLIC_URL;
  }
  if (!/^https?:\/\/[^/\s?#]+$/.test(text)) {
    throw new ConfigError(
      `SHOP_PUBLIC_URL must be the shop's address, like https://shop.example (got "${text}")`,
    );
  }
  return text;
}

/** The owner's mailbox: SHOP_EMAIL, else the first admin address, else the seeded shop's. */
function shopEmail(env: Env, adminEmails: string[]): string {
  const email = optional(env, 'SHOP_EMAIL')?.toLowerCase();
  if (email === undefined) return adminEmails[0] ?? 'shop@sprocket.test';
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) {
    throw new ConfigError(`SHOP_EMAIL must be an email address (got "${email}")`);
  }
  return email;
}

/**
 * Whether the code runs in Cloud Functions proper: the runtime sets K_SERVICE, and the emulator
 * sets FUNCTIONS_EMULATOR as well.
 */
export function inCloudFunctions(env: Env = process.env): boolean {
  return Boolean(env.K_SERVICE) && env.FUNCTIONS_EMULATOR !== 'true';
}

/**
 * In production nothing is left to a default that would make the shop unsafe: the store must be
 * Firestore and the gateway Stripe, unless the owner says in so many words that card payments may
 * be simulated (a demo shop).
 */
function checkProduction(env: Env): void {
  if (env.STORE?.trim() !== 'firestore') {
    throw new ConfigError(
      `STORE must be "firestore" in Cloud Functions (got "${env.STORE?.trim() ?? ''}"); set it in functions/.env.<project-id>`,
    );
  }
  const payments = env.PAYMENTS?.trim();
  const simulatedAllowed = env.SHOP_ALLOW_SIMULATED_PAYMENTS?.trim() === 'true';
  if (payments !== 'stripe' && !(payments === 'simulated' && simulatedAllowed)) {
    throw new ConfigError(
      `PAYMENTS must be "stripe" in Cloud Functions (got "${payments ?? ''}"); simulated payments need SHOP_ALLOW_SIMULATED_PAYMENTS=true as well`,
    );
  }
  // An instance's disk is its memory and is gone when the instance is.
  if (env.FILE_STORAGE?.trim() === 'local') {
    throw new ConfigError('FILE_STORAGE must be "cloud-storage" in Cloud Functions (got "local")');
  }
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

/** FILE_STORAGE: Cloud Storage in Cloud Functions, a local folder (FILES_DIR) everywhere else. */
function filesConfig(env: Env): FilesConfig {
  const cloud = inCloudFunctions(env);
  const kind = oneOf(
    env,
    'FILE_STORAGE',
    ['local', 'cloud-storage'],
    cloud ? 'cloud-storage' : 'local',
  );
  return kind === 'local'
    ? { kind, dir: optional(env, 'FILES_DIR') ?? `${LOCAL_DATA_DIR}files` }
    : { kind };
}

/** SHOP_TIME_ZONE: a zone the runtime knows (Intl), like Europe/Berlin. */
function timeZone(env: Env): string {
  const zone = optional(env, 'SHOP_TIME_ZONE') ?? SETTING_DEFAULTS.SHOP_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    throw new ConfigError(
      `SHOP_TIME_ZONE must be an IANA time zone like Europe/Berlin (got "${zone}")`,
    );
  }
  return zone;
}

export function loadConfig(env: Env = process.env): Config {
  if (inCloudFunctions(env)) checkProduction(env);
  const storeKind = oneOf(env, 'STORE', ['sqlite', 'firestore'], 'sqlite');
  const store: StoreConfig =
    storeKind === 'sqlite'
      ? { kind: 'sqlite', path: optional(env, 'SQLITE_PATH') ?? `${LOCAL_DATA_DIR}sprocket.sqlite` }
      : { kind: 'firestore' };
  const payments = oneOf(env, 'PAYMENTS', ['simulated', 'stripe'], 'simulated');
  const currency = (optional(env, 'SHOP_CURRENCY') ?? SETTING_DEFAULTS.SHOP_CURRENCY).toUpperCase();
  if (!CURRENCY_CODE_PATTERN.test(currency)) {
    throw new ConfigError(`SHOP_CURRENCY must be a three-letter currency code (got "${currency}")`);
  }
  const adminEmails = list(env, 'SHOP_ADMIN_EMAILS').map((email) => email.toLowerCase());
  for (const email of adminEmails) {
    if (!email.includes('@'))
      throw new ConfigError(`SHOP_ADMIN_EMAILS has an invalid email: "${email}"`);
  }
  const config: Config = {
    store,
    files: filesConfig(env),
    tokenSecret: readTokenSecret(env, store.kind === 'sqlite'),
    adminEmails,
    currency,
    payments,
    stripeSecretKey: optional(env, 'STRIPE_SECRET_KEY'),
    stripeWebhookSecret: optional(env, 'STRIPE_WEBHOOK_SECRET'),
    simulatedWebhookSecret: optional(env, 'SIMULATED_WEBHOOK_SECRET'),
    unpaidHoldMinutes: positiveInteger(env, 'SHOP_UNPAID_HOLD_MINUTES', 7 * 24 * 60),
    maxUnpaidOrders: positiveInteger(env, 'SHOP_MAX_UNPAID_ORDERS', 1000),
    maxUnpaidUnits: positiveInteger(env, 'SHOP_MAX_UNPAID_UNITS', 1_000_000),
    ordersPerMinute: positiveInteger(env, 'SHOP_ORDERS_PER_MINUTE', 10_000),
    reviewsPerHour: positiveInteger(env, 'SHOP_REVIEWS_PER_HOUR', 10_000),
    reviewsRequirePurchase:
      oneOf(
        env,
        'SHOP_REVIEWS_REQUIRE_PURCHASE',
        ['true', 'false'],
        SETTING_DEFAULTS.SHOP_REVIEWS_REQUIRE_PURCHASE,
      ) === 'true',
    allowedOrigins: origins(env, 'SHOP_ALLOWED_ORIGINS'),
    cacheMaxAgeMs:
      wholeNumber(
        env,
        'SHOP_CACHE_MAX_AGE_SECONDS',
        SETTING_DEFAULTS.SHOP_CACHE_MAX_AGE_SECONDS,
        3600,
      ) * 1000,
    shopEmail: shopEmail(env, adminEmails),
    publicUrl: publicUrl(env),
    timeZone: timeZone(env),
    lowStock: wholeNumber(env, 'SHOP_LOW_STOCK', SETTING_DEFAULTS.SHOP_LOW_STOCK, 1_000_000),
    proxyHops: wholeNumber(
      env,
      'SHOP_PROXY_HOPS',
      inCloudFunctions(env) ? SETTING_DEFAULTS.SHOP_PROXY_HOPS : '0',
      5,
    ),
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
