import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SECRET = 'a'.repeat(64);
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sprocket-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('defaults to the local mode: SQLite under .data/, USD, simulated payments', () => {
    const config = loadConfig({ TOKEN_SECRET: SECRET });
    expect(config.store).toEqual({
      kind: 'sqlite',
      path: expect.stringMatching(/\/\.data\/sprocket\.sqlite$/),
    });
    expect(config.files).toEqual({ kind: 'local', dir: expect.stringMatching(/\/\.data\/files$/) });
    expect(config).toMatchObject({ currency: 'USD', payments: 'simulated', adminEmails: [] });
  });

  it('normalises SHOP_ADMIN_EMAILS', () => {
    const config = loadConfig({
      TOKEN_SECRET: SECRET,
      SHOP_ADMIN_EMAILS: ' Admin@Sprocket.test, ,b@x.test',
    });
    expect(config.adminEmails).toEqual(['admin@sprocket.test', 'b@x.test']);
  });

  it('reads a list setting as a JSON array too, the form Firebase list parameters take', () => {
    const config = loadConfig({
      TOKEN_SECRET: SECRET,
      SHOP_ADMIN_EMAILS: '["Owner@Spokes.example","b@x.test"]',
    });
    expect(config.adminEmails).toEqual(['owner@spokes.example', 'b@x.test']);
    expect(() => loadConfig({ TOKEN_SECRET: SECRET, SHOP_ADMIN_EMAILS: '[1]' })).toThrow(
      /SHOP_ADMIN_EMAILS must be a list of text values/,
    );
  });

  it('generates the local token secret once and keeps it in its file', () => {
    const file = join(tempDir(), 'nested', 'token-secret');
    const first = loadConfig({ TOKEN_SECRET_FILE: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadConfig({ TOKEN_SECRET_FILE: file });
    expect(second.tokenSecret).toEqual(first.tokenSecret);
    expect(new TextDecoder().decode(first.tokenSecret)).toBe(readFileSync(file, 'utf8'));
  });

  it.each([
    [{ STORE: 'mongo', TOKEN_SECRET: SECRET }, /STORE must be one of sqlite, firestore/],
    [
      { TOKEN_SECRET: SECRET, FILE_STORAGE: 's3' },
      /FILE_STORAGE must be one of local, cloud-storage/,
    ],
    [{ TOKEN_SECRET: 'short' }, /at least 32 characters/],
    [{ STORE: 'firestore' }, /TOKEN_SECRET .* is required/],
    [{ STORE: 'firestore', TOKEN_SECRET_FILE: '/nonexistent/secret' }, /does not exist/],
    [{ TOKEN_SECRET: SECRET, PAYMENTS: 'stripe' }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
    [{ TOKEN_SECRET: SECRET, SHOP_CURRENCY: 'dollars' }, /three-letter currency code/],
    [{ TOKEN_SECRET: SECRET, SHOP_ADMIN_EMAILS: 'admin' }, /invalid email/],
    [{ TOKEN_SECRET: SECRET, SHOP_UNPAID_HOLD_MINUTES: '0' }, /SHOP_UNPAID_HOLD_MINUTES must be/],
    [{ TOKEN_SECRET: SECRET, SHOP_MAX_UNPAID_ORDERS: '2.5' }, /SHOP_MAX_UNPAID_ORDERS must be/],
    [{ TOKEN_SECRET: SECRET, SHOP_ALLOWED_ORIGINS: 'partner.example' }, /SHOP_ALLOWED_ORIGINS/],
  ])('fails fast with a clear message on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('loadConfig in Cloud Functions (K_SERVICE set, not the emulator)', () => {
  const cloud = { K_SERVICE: 'api', TOKEN_SECRET: SECRET, SHOP_PUBLIC_URL: 'https://shop.example' };
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

  it.each([
    [{}, /STORE must be "firestore" in Cloud Functions/],
    [{ STORE: 'sqlite' }, /STORE must be "firestore"/],
    [{ STORE: 'firestore' }, /PAYMENTS must be "stripe" in Cloud Functions/],
    [{ STORE: 'firestore', PAYMENTS: 'simulated' }, /SHOP_ALLOW_SIMULATED_PAYMENTS=true/],
    [{ STORE: 'firestore', PAYMENTS: 'stripe' }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
  ])('refuses to start with %j, naming the setting', (env, message) => {
    expect(() => loadConfig({ ...cloud, ...env })).toThrow(message);
  });

  it('starts with Firestore and Stripe, and needs no Stripe secret for an explicit demo shop', () => {
    expect(
      loadConfig({ ...cloud, STORE: 'firestore', PAYMENTS: 'stripe', ...stripe }),
    ).toMatchObject({ store: { kind: 'firestore' }, payments: 'stripe' });
    const demo = loadConfig({
      ...cloud,
      STORE: 'firestore',
      PAYMENTS: 'simulated',
      SHOP_ALLOW_SIMULATED_PAYMENTS: 'true',
    });
    expect(demo.payments).toBe('simulated');
  });

  it('needs the shop’s public address, an origin', () => {
    const production = { ...cloud, STORE: 'firestore', PAYMENTS: 'stripe', ...stripe };
    expect(loadConfig(production).publicUrl).toBe('https://shop.example');
    expect(() => loadConfig({ ...production, SHOP_PUBLIC_URL: '' })).toThrow(
      /SHOP_PUBLIC_URL is required in Cloud Functions/,
    );
    expect(() => loadConfig({ ...production, SHOP_PUBLIC_URL: 'shop.example/path' })).toThrow(
      /SHOP_PUBLIC_URL must be the shop's address/,
    );
    expect(loadConfig({ TOKEN_SECRET: SECRET }).publicUrl).toBe('http://127.0.0.1:5000');
  });

  it('keeps the local defaults under the emulator', () => {
    const local = loadConfig({ ...cloud, FUNCTIONS_EMULATOR: 'true' });
    expect(local).toMatchObject({
      store: { kind: 'sqlite' },
      payments: 'simulated',
      files: { kind: 'local' },
    });
  });

  it('keeps uploads in Cloud Storage, and refuses the instance’s own disk', () => {
    const production = { ...cloud, STORE: 'firestore', PAYMENTS: 'stripe', ...stripe };
    expect(loadConfig(production).files).toEqual({ kind: 'cloud-storage' });
    expect(() => loadConfig({ ...production, FILE_STORAGE: 'local' })).toThrow(
      /FILE_STORAGE must be "cloud-storage" in Cloud Functions/,
    );
  });
});

describe('shop settings', () => {
  it('defaults to a 30-minute hold, 3 unpaid orders of 50 units, 10 orders a minute and no CORS origins', () => {
    expect(loadConfig({ TOKEN_SECRET: SECRET })).toMatchObject({
      unpaidHoldMinutes: 30,
      maxUnpaidOrders: 3,
      maxUnpaidUnits: 50,
      proxyHops: 0,
      ordersPerMinute: 10,
      allowedOrigins: [],
    });
  });

  it('reads them from the environment', () => {
    const config = loadConfig({
      TOKEN_SECRET: SECRET,
      SHOP_UNPAID_HOLD_MINUTES: '45',
      SHOP_MAX_UNPAID_ORDERS: '5',
      SHOP_MAX_UNPAID_UNITS: '80',
      SHOP_PROXY_HOPS: '2',
      SHOP_ORDERS_PER_MINUTE: '20',
      SHOP_ALLOWED_ORIGINS: 'https://a.example, https://b.example/',
    });
    expect(config).toMatchObject({
      unpaidHoldMinutes: 45,
      maxUnpaidOrders: 5,
      maxUnpaidUnits: 80,
      proxyHops: 2,
      ordersPerMinute: 20,
      allowedOrigins: ['https://a.example', 'https://b.example'],
    });
  });

  it('keeps the catalogue snapshot and the Business Summary 60 seconds unless told otherwise', () => {
    expect(loadConfig({ TOKEN_SECRET: SECRET }).cacheMaxAgeMs).toBe(60_000);
    expect(
      loadConfig({ TOKEN_SECRET: SECRET, SHOP_CACHE_MAX_AGE_SECONDS: '0' }).cacheMaxAgeMs,
    ).toBe(0);
    for (const bad of ['-1', '1.5', '1e3', '3601']) {
      expect(() => loadConfig({ TOKEN_SECRET: SECRET, SHOP_CACHE_MAX_AGE_SECONDS: bad })).toThrow(
        /SHOP_CACHE_MAX_AGE_SECONDS must be a whole number from 0 to 3600/,
      );
    }
  });

  it('counts sales in the days of SHOP_TIME_ZONE (UTC unless told) and low stock at SHOP_LOW_STOCK (5)', () => {
    expect(loadConfig({ TOKEN_SECRET: SECRET })).toMatchObject({ timeZone: 'UTC', lowStock: 5 });
    expect(
      loadConfig({ TOKEN_SECRET: SECRET, SHOP_TIME_ZONE: 'Europe/Berlin', SHOP_LOW_STOCK: '0' }),
    ).toMatchObject({ timeZone: 'Europe/Berlin', lowStock: 0 });
    expect(() => loadConfig({ TOKEN_SECRET: SECRET, SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(
      /SHOP_TIME_ZONE must be an IANA time zone like Europe\/Berlin \(got "Mars\/Olympus"\)/,
    );
    for (const bad of ['-1', 'few', '2.5']) {
      expect(() => loadConfig({ TOKEN_SECRET: SECRET, SHOP_LOW_STOCK: bad })).toThrow(
        /SHOP_LOW_STOCK must be a whole number from 0 to 1000000/,
      );
    }
  });

  it("sends the shop's mail to SHOP_EMAIL, else to the first admin, else to shop@sprocket.test", () => {
    const admins = 'Owner@Shop.example, second@shop.example';
    expect(loadConfig({ TOKEN_SECRET: SECRET, SHOP_EMAIL: 'Orders@Shop.example' }).shopEmail).toBe(
      'orders@shop.example',
    );
    expect(loadConfig({ TOKEN_SECRET: SECRET, SHOP_ADMIN_EMAILS: admins }).shopEmail).toBe(
      'owner@shop.example',
    );
    expect(loadConfig({ TOKEN_SECRET: SECRET }).shopEmail).toBe('shop@sprocket.test');
    expect(() => loadConfig({ TOKEN_SECRET: SECRET, SHOP_EMAIL: 'the shop' })).toThrow(
      /SHOP_EMAIL/,
    );
  });
});
