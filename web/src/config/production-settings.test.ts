import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cspAllows, productionSettingProblems } from './production-settings.js';
import { deadline } from '../../../scripts/test-deadlines.js';

const WEB = join(import.meta.dirname, '..', '..');
const firebaseJson = JSON.parse(readFileSync(join(WEB, '..', 'firebase.json'), 'utf8')) as {
  hosting: { headers: { headers: { key: string; value: string }[] }[] };
};
const CSP = firebaseJson.hosting.headers
  .flatMap((rule) => rule.headers)
  .find((header) => header.key === 'Content-Security-Policy')?.value as string;

/** A shop's filled-in web/.env.production. */
const READY = {
  VITE_FIREBASE_API_KEY: 'AIzaSyA-real-looking-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'bike-shop-4711.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'bike-shop-4711',
  VITE_AUTH_EMULATOR_URL: '',
  VITE_API_BASE: '/api',
  VITE_PAYMENTS: 'stripe',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_51Habc',
  VITE_SHOP_CURRENCY: 'JPY',
  MODE: 'production',
  PROD: true,
};

describe('the production build settings', () => {
  it('accepts a filled-in web/.env.production', () => {
    expect(productionSettingProblems(READY, CSP)).toEqual([]);
  });

  it('names every placeholder left from the template', () => {
    const template = Object.fromEntries(
      readFileSync(join(WEB, '.env.production'), 'utf8')
        .split('\n')
        .filter((line) => /^VITE_\w+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(productionSettingProblems(template, CSP)).toEqual([
      'VITE_FIREBASE_API_KEY still has its placeholder "replace-with-your-web-api-key"',
      'VITE_FIREBASE_AUTH_DOMAIN still has its placeholder "replace-with-your-project-id.firebaseapp.com"',
      'VITE_FIREBASE_PROJECT_ID still has its placeholder "replace-with-your-project-id"',
      'VITE_STRIPE_PUBLISHABLE_KEY still has its placeholder "pk_test_replace-with-your-publishable-key"',
    ]);
  });

  it('refuses the Auth emulator and origins the CSP would block', () => {
    expect(
      productionSettingProblems(
        {
          ...READY,
          VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
          VITE_FIREBASE_AUTH_DOMAIN: 'login.bike-shop.example',
          VITE_API_BASE: 'https://api.bike-shop.example/api',
        },
        CSP,
      ),
    ).toEqual([
      'VITE_AUTH_EMULATOR_URL must be empty: production signs in with Firebase Auth',
      "VITE_FIREBASE_AUTH_DOMAIN login.bike-shop.example is not in firebase.json's Content-Security-Policy frame-src, so sign-in could not open its frame",
      "VITE_API_BASE https://api.bike-shop.example is not in firebase.json's Content-Security-Policy connect-src, so the browser would block it",
    ]);
  });

  it('matches CSP sources as browsers do', () => {
    const url = (value: string) => new URL(value);
    expect(cspAllows(['https://*.firebaseapp.com'], url('https://shop.firebaseapp.com/x'))).toBe(
      true,
    );
    expect(cspAllows(['https://*.firebaseapp.com'], url('https://firebaseapp.com'))).toBe(false);
    expect(cspAllows(['https://*.firebaseapp.com'], url('http://shop.firebaseapp.com'))).toBe(
      false,
    );
    expect(cspAllows(['https://api.stripe.com'], url('https://api.stripe.com/v1'))).toBe(true);
    expect(cspAllows(['https://api.stripe.com'], url('https://evil-stripe.com'))).toBe(false);
    expect(cspAllows(['http://127.0.0.1:9099'], url('http://127.0.0.1:9099/a'))).toBe(true);
    expect(cspAllows(['http://127.0.0.1:9099'], url('http://127.0.0.1:9100/a'))).toBe(false);
    expect(cspAllows(['https:'], url('https://images.example.org/a.png'))).toBe(true);
    expect(cspAllows(["'self'"], url('https://anything.example'))).toBe(false);
  });

  it('stops `vite build` with the list before building anything', () => {
    const envDir = mkdtempSync(join(tmpdir(), 'sprocket-env-'));
    try {
      writeFileSync(
        join(envDir, '.env.production'),
        'VITE_FIREBASE_API_KEY=replace-with-your-web-api-key\nVITE_FIREBASE_AUTH_DOMAIN=x.firebaseapp.com\nVITE_FIREBASE_PROJECT_ID=x\n',
      );
      const script = `const { build } = await import('vite');
        await build({ configFile: 'vite.config.ts', mode: 'production', envDir: process.argv[1],
          logLevel: 'silent', build: { outDir: process.argv[1] + '/dist', write: false } });`;
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, envDir], {
        cwd: WEB,
        // Without the VITE_* settings the test runner exports, which would win over the file.
        env: Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')),
        ),
        encoding: 'utf8',
        timeout: deadline(60_000),
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain(
        'The production build needs real settings in web/.env.production (see web/.env.example):\n- VITE_FIREBASE_API_KEY still has its placeholder "replace-with-your-web-api-key"',
      );
    } finally {
      rmSync(envDir, { recursive: true, force: true });
    }
  });
});
