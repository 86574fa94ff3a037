/**
 * The deploy's preflight on configurations a shop owner could leave behind: a complete one, and
 * one placeholder, one missing value or one wrong value each (docs/decisions/052).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDeploy, formatDeployCheck } from './deploy-check.js';
import { deadline } from './test-deadlines.js';

const ROOT = join(import.meta.dirname, '..');
const PROJECT = 'spokes-and-chains';

const COMPLETE = {
  functions: {
    STORE: 'firestore',
    PAYMENTS: 'stripe',
    SHOP_ALLOW_SIMULATED_PAYMENTS: 'false',
    SHOP_ADMIN_EMAILS: 'owner@spokes.example',
    SHOP_PUBLIC_URL: 'https://spokes.example',
    SHOP_CURRENCY: 'EUR',
    SHOP_EMAIL: '',
    SHOP_UNPAID_HOLD_MINUTES: '30',
    SHOP_MAX_UNPAID_ORDERS: '3',
    SHOP_MAX_UNPAID_UNITS: '50',
    SHOP_ORDERS_PER_MINUTE: '10',
    SHOP_TIME_ZONE: 'UTC',
    SHOP_LOW_STOCK: '5',
    SHOP_REVIEWS_REQUIRE_PURCHASE: 'true',
    SHOP_REVIEWS_PER_HOUR: '5',
    SHOP_PROXY_HOPS: '2',
    SHOP_ALLOWED_ORIGINS: '',
    SHOP_CACHE_MAX_AGE_SECONDS: '60',
    SHOP_MIN_INSTANCES: '0',
  } as Record<string, string>,
  web: {
    VITE_FIREBASE_API_KEY: 'AIzaSyFakeKeyForTheTest000000000000000',
    VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
    VITE_FIREBASE_PROJECT_ID: PROJECT,
    VITE_AUTH_EMULATOR_URL: '',
    VITE_API_BASE: '/api',
    VITE_PAYMENTS: 'stripe',
    VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_51FakeKey',
    VITE_SHOP_CURRENCY: 'EUR',
  } as Record<string, string>,
  mail: {
    DATABASE: '(default)',
    DATABASE_REGION: 'eur3',
    AUTH_TYPE: 'UsernamePassword',
    SMTP_CONNECTION_URI: 'smtps://orders@smtp.mailhost.example:465',
    SMTP_PASSWORD: 'projects/${param:PROJECT_NUMBER}/secrets/SHOP_SMTP_PASSWORD/versions/latest',
    MAIL_COLLECTION: 'mail',
    DEFAULT_FROM: '"Spokes <orders@spokes.example>"',
    TTL_EXPIRE_TYPE: 'never',
    TTL_EXPIRE_VALUE: '1',
  } as Record<string, string>,
};

type Config = typeof COMPLETE;
const lines = (values: Record<string, string>) =>
  `${Object.entries(values)
    .map(([name, value]) => `${name}=${value}`)
    .join('\n')}\n`;

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A checkout of this repository's deploy files, with the owner's settings as given. */
function projectWith(change: (config: Config) => void = () => {}): string {
  const config = structuredClone(COMPLETE);
  change(config);
  const root = mkdtempSync(join(tmpdir(), 'sprocket-deploy-check-'));
  roots.push(root);
  for (const dir of ['functions', 'web', 'extensions']) mkdirSync(join(root, dir));
  cpSync(join(ROOT, 'firebase.json'), join(root, 'firebase.json'));
  cpSync(join(ROOT, 'functions', '.env'), join(root, 'functions', '.env'));
  writeFileSync(join(root, '.firebaserc'), JSON.stringify({ projects: { default: PROJECT } }));
  writeFileSync(join(root, 'functions', `.env.${PROJECT}`), lines(config.functions));
  writeFileSync(join(root, 'web', '.env.production'), lines(config.web));
  writeFileSync(join(root, 'extensions', 'firestore-send-email.env'), lines(config.mail));
  return root;
}

const problemsOf = (root: string, project?: string) =>
  checkDeploy(root, project).problems.map((problem) => problem.what);

describe('npm run check:deploy', () => {
  it('passes a complete configuration, and reminds of what it cannot see offline', () => {
    const check = checkDeploy(projectWith());
    expect(check.projectId).toBe(PROJECT);
    expect(check.problems).toEqual([]);
    const text = formatDeployCheck(check);
    expect(text).toContain('Every setting the deploy reads is filled in.');
    expect(text).toContain(
      `https://${PROJECT}.web.app/api/payments/webhook (or your domain's), API version`,
    );
    expect(text).toContain('events: payment_intent.succeeded');
    expect(text).toMatch(/functions:secrets:set STRIPE_WEBHOOK_SECRET/);
  });

  it('takes the project by alias as firebase does', () => {
    expect(problemsOf(projectWith(), 'default')).toEqual([]);
  });

  it('finds the mail extension’s placeholder SMTP address', () => {
    const root = projectWith((config) => {
      config.mail.SMTP_CONNECTION_URI = 'smtps://replace-with-smtp-user@smtp.example.com:465';
    });
    const check = checkDeploy(root);
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]?.what).toMatch(
      /extensions\/firestore-send-email\.env: SMTP_CONNECTION_URI is still the placeholder/,
    );
    expect(check.problems[0]?.fix).toMatch(/set SMTP_CONNECTION_URI=smtps:\/\//);
  });

  it('finds a missing parameter and gives the lines to add', () => {
    const root = projectWith((config) => {
      delete config.functions.SHOP_ADMIN_EMAILS;
    });
    const check = checkDeploy(root);
    expect(check.problems.map((p) => p.what)).toEqual([
      `functions/.env.${PROJECT} gives no value for SHOP_ADMIN_EMAILS (a deploy without a terminal stops; with one it asks)`,
    ]);
    expect(check.problems[0]?.fix).toContain(`cat >> functions/.env.${PROJECT} <<'SETTINGS'`);
    expect(check.problems[0]?.fix).toContain('SHOP_ADMIN_EMAILS=');
  });

  it('finds a whole missing settings file', () => {
    const root = projectWith();
    rmSync(join(root, 'functions', `.env.${PROJECT}`));
    const [missing] = problemsOf(root);
    expect(missing).toMatch(/gives no value for STORE, PAYMENTS, .*SHOP_MIN_INSTANCES/);
  });

  it.each([
    ['STORE', 'sqlite', /STORE must be "firestore"/],
    ['SHOP_MAX_UNPAID_UNITS', 'fifty', /SHOP_MAX_UNPAID_UNITS must be a whole number/],
    ['SHOP_ADMIN_EMAILS', 'owner', /SHOP_ADMIN_EMAILS has an invalid email/],
    ['SHOP_MIN_INSTANCES', '40', /SHOP_MIN_INSTANCES must be at most 10/],
    ['SHOP_REVIEWS_REQUIRE_PURCHASE', 'yes', /must be true or false/],
  ])('refuses %s=%s, as the deploy would', (name, value, message) => {
    const root = projectWith((config) => {
      config.functions[name] = value;
    });
    expect(problemsOf(root)).toEqual([expect.stringMatching(message)]);
  });

  it('finds the web app’s placeholders and a web config that does not match the functions', () => {
    const root = projectWith((config) => {
      config.web.VITE_FIREBASE_API_KEY = 'replace-with-your-web-api-key';
      config.web.VITE_SHOP_CURRENCY = 'USD';
      config.web.VITE_FIREBASE_PROJECT_ID = 'another-shop';
    });
    expect(problemsOf(root)).toEqual([
      'web/.env.production: VITE_FIREBASE_API_KEY still has its placeholder "replace-with-your-web-api-key"',
      'web/.env.production: VITE_FIREBASE_PROJECT_ID is "another-shop", but the deploy goes to "spokes-and-chains"',
      'web/.env.production: VITE_SHOP_CURRENCY is "USD", but the functions\' SHOP_CURRENCY is "EUR"',
    ]);
  });

  it('refuses the local demo project', () => {
    const root = projectWith();
    writeFileSync(
      join(root, '.firebaserc'),
      JSON.stringify({ projects: { default: 'demo-sprocket' } }),
    );
    expect(problemsOf(root)).toEqual([
      '"demo-sprocket" is the local demo project, which cannot be deployed',
    ]);
    expect(problemsOf(root, PROJECT)).toEqual([]);
  });

  // npm, then tsx compiling the checker: past the repo checks' 30 s (90 s in CI) once, in CI run
  // 13 at a load average of 15 with the suite at a lower priority; three times that now.
  it(
    'runs as npm run check:deploy on this checkout, which still has the template’s placeholders',
    async () => {
      const { spawnSync } = await import('node:child_process');
      const run = spawnSync(
        'npm',
        ['run', '--silent', 'check:deploy', '--', '--project', PROJECT],
        {
          cwd: ROOT,
          encoding: 'utf8',
        },
      );
      expect(run.status).toBe(1);
      expect(run.stdout).toContain('SMTP_CONNECTION_URI is still the placeholder');
    },
    deadline(90_000),
  );
});
