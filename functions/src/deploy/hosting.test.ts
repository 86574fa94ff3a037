/**
 * firebase.json's hosting rules (docs/decisions/015-hosting-headers-and-stale-chunks.md): the
 * security headers, the caching, and a chunk Hosting lacks sent to the function (decision 053).
 * The rules are checked on their own, then served by the hosting emulator from firebase-tools
 * with the real web build, on ports of its own (the local suite owns 5000, 5001 and 9099).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_PAGES } from '../http/pages.js';
import { freePort } from '../testing/free-port.js';
import { deadline } from '../../../scripts/test-deadlines.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
/** A demo project of its own, so this emulator never meets another suite's hub. */
const HOSTING_PROJECT = 'demo-sprocket-hosting';

interface HeaderRule {
  source?: string;
  regex?: string;
  headers: { key: string; value: string }[];
}
interface HostingConfig {
  public: string;
  predeploy?: string[];
  rewrites: { source?: string; regex?: string; destination?: string; function?: object }[];
  headers: HeaderRule[];
}
const hosting = (
  JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { hosting: HostingConfig }
).hosting;

const headerOf = (key: string) =>
  hosting.headers.flatMap((rule) => rule.headers).find((header) => header.key === key)?.value;
const CSP = headerOf('Content-Security-Policy') ?? '';
const directives = new Map(
  CSP.split(';').map((part) => {
    const [name = '', ...sources] = part.trim().split(/\s+/);
    return [name, sources] as const;
  }),
);

describe('the hosting rules', () => {
  it('allows exactly what the app loads', () => {
    expect(Object.fromEntries(directives)).toEqual({
      'default-src': ["'self'"],
      'script-src': [
        "'self'",
        'https://apis.google.com',
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'https:'],
      'font-src': ["'self'"],
      'connect-src': [
        "'self'",
        'https://identitytoolkit.googleapis.com',
        'https://securetoken.googleapis.com',
        'https://api.stripe.com',
      ],
      'frame-src': [
        'https://*.firebaseapp.com',
        'https://js.stripe.com',
        'https://*.js.stripe.com',
        'https://hooks.stripe.com',
      ],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'object-src': ["'none'"],
    });
    expect(CSP).not.toContain('unsafe-eval');
    // The Auth emulator's origin is added by the local suite only (scripts/suite.ts).
    expect(CSP).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  it('sends the other security headers', () => {
    expect(headerOf('X-Content-Type-Options')).toBe('nosniff');
    expect(headerOf('X-Frame-Options')).toBe('DENY');
    expect(headerOf('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(headerOf('Strict-Transport-Security')).toMatch(/^max-age=31536000; includeSubDomains$/);
    expect(headerOf('Permissions-Policy')).toMatch(
      /camera=\(\), microphone=\(\), geolocation=\(\)/,
    );
  });

  it('keeps no copy of the pages the browser renders, nor of app.html', () => {
    const noCache = hosting.headers
      .filter((rule) =>
        rule.headers.some((h) => h.key === 'Cache-Control' && h.value === 'no-cache'),
      )
      .map((rule) => rule.source);
    expect(noCache).toEqual(['/app.html', ...BROWSER_PAGES]);
    // The pages the function renders carry its own Cache-Control (docs/decisions/056).
    expect(noCache).not.toContain('**');
  });
});

describe('the hosting emulator with these rules', () => {
  let dir: string;
  let emulator: ChildProcess | undefined;
  let base: string;
  let indexHtml: string;
  let output = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sprocket-hosting-'));
    const built = spawnSync(
      'npx',
      ['vite', 'build', '--mode', 'emulator', '--outDir', join(dir, 'dist'), '--logLevel', 'error'],
      { cwd: join(ROOT, 'web'), encoding: 'utf8', timeout: deadline(120_000) },
    );
    if (built.status !== 0) throw new Error(`the web build failed:\n${built.stderr}`);
    indexHtml = readFileSync(join(dir, 'dist', 'app.html'), 'utf8');

    const [port, hub, logging] = [await freePort(), await freePort(), await freePort()];
    const { predeploy: _predeploy, ...rules } = hosting;
    writeFileSync(
      join(dir, 'firebase.json'),
      JSON.stringify({
        hosting: { ...rules, public: 'dist' },
        emulators: {
          singleProjectMode: true,
          hosting: { host: '127.0.0.1', port },
          hub: { host: '127.0.0.1', port: hub },
          logging: { host: '127.0.0.1', port: logging },
          ui: { enabled: false },
        },
      }),
    );
    base = `http://127.0.0.1:${port}`;
    emulator = spawn(
      join(ROOT, 'node_modules', '.bin', 'firebase'),
      [
        'emulators:start',
        '--only',
        'hosting',
        '--project',
        HOSTING_PROJECT,
        '--config',
        join(dir, 'firebase.json'),
      ],
      { cwd: dir, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    emulator.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    emulator.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const giveUpAt = Date.now() + deadline(60_000);
    for (;;) {
      if (emulator.exitCode !== null) throw new Error(`the hosting emulator exited:\n${output}`);
      try {
        await fetch(`${base}/`);
        break;
      } catch {
        if (Date.now() > giveUpAt)
          throw new Error(`the hosting emulator did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    }
  }, deadline(180_000));

  afterAll(async () => {
    if (emulator && emulator.exitCode === null) {
      const exited = new Promise((resolve) => emulator?.once('exit', resolve));
      emulator.kill('SIGINT');
      await exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves pages with the security headers and no caching', async () => {
    // The public pages go to the function, which this emulator does not run (the browser
    // journeys load them through the whole suite); these are app.html.
    for (const page of ['/app.html', '/dashboard/orders', '/cart', '/login', '/checkout/o1/done']) {
      const response = await fetch(`${base}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toContain('<div id="root">');
      expect(response.headers.get('cache-control'), page).toBe('no-cache');
      expect(response.headers.get('content-security-policy'), page).toBe(CSP);
      expect(response.headers.get('x-content-type-options'), page).toBe('nosniff');
      expect(response.headers.get('strict-transport-security'), page).toBe(
        headerOf('Strict-Transport-Security'),
      );
    }
  });

  it('loads the app only from its own scripts, which the CSP allows', () => {
    const scripts = [...indexHtml.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc="\/assets\/[^"]+\.js"/);
      expect(body.trim()).toBe('');
    }
  });

  it('caches the content-hashed assets for a year', async () => {
    const entry = /<script[^>]*\bsrc="(\/assets\/[^"]+\.js)"/.exec(indexHtml)?.[1];
    const response = await fetch(`${base}${entry}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('sends a chunk it does not have to the function, never answering it with the app', async () => {
    // The function answers 404 for a file no release has (release-skew.test.ts); this emulator
    // runs no function, so its rewrite fails instead.
    const response = await fetch(`${base}/assets/parts-Gone1234.js`);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(await response.text()).not.toContain('<div id="root">');
  });
});
