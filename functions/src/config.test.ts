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
    expect(config).toMatchObject({ currency: 'USD', payments: 'simulated', adminEmails: [] });
  });

  it('normalises SHOP_ADMIN_EMAILS', () => {
    const config = loadConfig({
      TOKEN_SECRET: SECRET,
      SHOP_ADMIN_EMAILS: ' Admin@Sprocket.test, ,b@x.test',
    });
    expect(config.adminEmails).toEqual(['admin@sprocket.test', 'b@x.test']);
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
    [{ TOKEN_SECRET: 'short' }, /at least 32 characters/],
    [{ STORE: 'firestore' }, /TOKEN_SECRET .* is required/],
    [{ STORE: 'firestore', TOKEN_SECRET_FILE: '/nonexistent/secret' }, /does not exist/],
    [{ TOKEN_SECRET: SECRET, PAYMENTS: 'stripe' }, /STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/],
    [{ TOKEN_SECRET: SECRET, SHOP_CURRENCY: 'dollars' }, /three-letter currency code/],
    [{ TOKEN_SECRET: SECRET, SHOP_ADMIN_EMAILS: 'admin' }, /invalid email/],
  ])('fails fast with a clear message on %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
