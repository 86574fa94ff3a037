/** Rate limits that cannot be turned against someone else (issue 8, item 5). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_REQUESTS_PER_MINUTE } from '@sprocket/contract';
import { TOKEN_REQUESTS_PER_ADDRESS_PER_MINUTE } from '../modules/users/users.routes.js';
import { openSqliteStore } from '../store/sqlite/sqlite-store.js';
import { deadline } from '../../../scripts/test-deadlines.js';
import { startApi, type Harness } from '../testing/api-harness.js';
import { CONTACT_MESSAGES_PER_WINDOW } from '../modules/contact/contact.routes.js';
import { pruneRateWindows, RATE_LIMITS } from '../store/rate-windows.js';
import { clientAddress, memoryRateCounter, storeRateCounter } from './rate-limit.js';
import { Hono } from 'hono';

let api: Harness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const enc = encodeURIComponent;
const ATTACKER = { 'x-forwarded-for': '203.0.113.66' };
const VICTIM = { 'x-forwarded-for': '198.51.100.7' };

describe('PUT /user/{email}', () => {
  it('junk requests naming a victim’s email cannot stop the victim signing in', async () => {
    api.startRateWindow(60_000);
    const victim = await api.signUp('victim');
    const path = `/user/${enc(victim.email)}`;
    const statuses = new Set<number>();
    for (let i = 0; i < TOKEN_REQUESTS_PER_ADDRESS_PER_MINUTE + 20; i += 1) {
      const junk = await api.request('PUT', path, { token: `junk-${i}`, headers: ATTACKER });
      statuses.add(junk.status);
    }
    // The attacker's own address ran out; every junk token was refused before that.
    expect([...statuses].sort()).toEqual([401, 429]);
    const limited = await api.request('PUT', path, { token: 'junk', headers: ATTACKER });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const signIn = await api.request('PUT', path, { token: victim.idToken, headers: VICTIM });
    expect(signIn.status).toBe(200);
  });

  it(`limits one account to ${TOKEN_REQUESTS_PER_MINUTE} tokens a minute, with Retry-After`, async () => {
    api.startRateWindow(60_000);
    const user = await api.signUp('eager');
    const path = `/user/${enc(user.email)}`;
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i += 1) {
      expect((await api.request('PUT', path, { token: user.idToken })).status).toBe(200);
    }
    const limited = await api.request('PUT', path, { token: user.idToken });
    expect(limited).toMatchObject({ status: 429, body: { error: { code: 'rate_limited' } } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await api.signUp('unaffected');
    expect(
      (await api.request('PUT', `/user/${enc(other.email)}`, { token: other.idToken })).status,
    ).toBe(200);
  });
});

describe('the client address (issue 21 item 4): only what the platform appended counts', () => {
  const addressOf = async (proxyHops: number, forwardedFor?: string) => {
    const app = new Hono().get('/', (c) => c.text(clientAddress(c, proxyHops)));
    const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
    return (await app.request('/', { headers })).text();
  };

  it('behind Hosting (2 hops) is the entry the CDN appended, whatever the client wrote first', async () => {
    // client wrote "victim, 10.9.9.9"; Hosting's CDN appended the client; Google's front end the CDN.
    expect(await addressOf(2, '198.51.100.7, 10.9.9.9, 203.0.113.66, 151.101.1.1')).toBe(
      '203.0.113.66',
    );
    expect(await addressOf(2, '203.0.113.66, 151.101.1.1')).toBe('203.0.113.66');
  });

  it('with fewer hops than proxies, or no proxies at all, believes no header', async () => {
    expect(await addressOf(2, '198.51.100.7')).toBe('unknown-proxy-path');
    expect(await addressOf(0, '198.51.100.7')).not.toBe('198.51.100.7');
  });
});

describe('limits a client cannot steer with X-Forwarded-For', () => {
  // This harness stands for one proxy: the last entry is the address it saw, the rest the client's.
  const through = (written: string, seen: string) => ({ 'x-forwarded-for': `${written}, ${seen}` });

  it('61 junk sign-ins written as from the victim’s address leave the victim’s allowance alone', async () => {
    api.startRateWindow(60_000);
    const victim = await api.signUp('spoofed-victim');
    const path = `/user/${enc(victim.email)}`;
    const victimAddress = '192.0.2.77';
    for (let i = 0; i <= TOKEN_REQUESTS_PER_ADDRESS_PER_MINUTE; i += 1) {
      await api.request('PUT', path, {
        token: `junk-${i}`,
        headers: through(victimAddress, '203.0.113.99'),
      });
    }
    const junk = await api.request('PUT', path, {
      token: 'junk',
      headers: through(victimAddress, '203.0.113.99'),
    });
    expect(junk.status).toBe(429);
    const signIn = await api.request('PUT', path, {
      token: victim.idToken,
      headers: { 'x-forwarded-for': victimAddress },
    });
    expect(signIn.status).toBe(200);
    // Even from the flooded address itself (a shared network, or the local suite, where every
    // request comes from 127.0.0.1): only refused tokens count against an address.
    const fromThere = await api.request('PUT', path, {
      token: victim.idToken,
      headers: through(victimAddress, '203.0.113.99'),
    });
    expect(fromThere.status).toBe(200);
  });

  it('a new X-Forwarded-For on every message does not reset the contact limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < CONTACT_MESSAGES_PER_WINDOW + 3; i += 1) {
      const sent = await api.request('POST', '/contact', {
        json: { name: 'Spoof', email: 'spoof@example.com', message: `Message ${i}` },
        headers: through(`10.0.${i}.1`, '203.0.113.120'),
      });
      statuses.push(sent.status);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(CONTACT_MESSAGES_PER_WINDOW);
    expect(statuses.slice(CONTACT_MESSAGES_PER_WINDOW)).toEqual([429, 429, 429]);
  });

  it('a new X-Forwarded-For on every view counts the part once', async () => {
    const partId = await api.addPart();
    for (let i = 0; i < 30; i += 1) {
      await api.request('POST', `/parts/${partId}/views`, {
        headers: through(`10.1.${i}.1`, '203.0.113.121'),
        retryWhileBusy: true,
      });
    }
    const summary = await api.request<{ counted: boolean }>('POST', `/parts/${partId}/views`, {
      headers: through('10.1.99.1', '203.0.113.121'),
    });
    expect(summary.body).toEqual({ counted: false });
  });
});

describe('the store-backed counter (production: one count across function instances)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sprocket-rate-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts the hits of two instances together, per window, and prunes ended windows', async () => {
    const file = join(dir, 'rate.sqlite');
    const first = openSqliteStore(file);
    const second = openSqliteStore(file);
    try {
      const now = Date.parse('2030-01-01T10:00:30Z');
      const [a, b] = [storeRateCounter(first), storeRateCounter(second)];
      await a.hit('k', 60_000, now);
      await b.hit('k', 60_000, now);
      const third = await a.hit('k', 60_000, now + 1000);
      expect(third).toEqual({ count: 3, resetAt: Date.parse('2030-01-01T10:01:00Z') });
      expect((await b.hit('other', 60_000, now)).count).toBe(1);
      expect((await b.hit('k', 60_000, now + 60_000)).count).toBe(1);

      expect(await pruneRateWindows(first, new Date(now + 31_000))).toBe(2);
      expect(await first.query(RATE_LIMITS)).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('the in-memory counter (one process: locally and in the suite)', () => {
  it('keeps counting past its pruning size, and drops ended windows once they end', async () => {
    const counter = memoryRateCounter();
    const windowMs = 60_000;
    const start = 10 * windowMs;
    // A launch: more keys than the counter prunes above, all inside one window.
    for (let i = 0; i < 10_050; i += 1) await counter.hit(`rider-${i}`, windowMs, start);
    expect(await counter.hit('rider-7', windowMs, start + 1)).toEqual({
      count: 2,
      resetAt: start + windowMs,
    });
    // The next window starts every key afresh, the pruned ones too.
    const next = start + windowMs;
    expect((await counter.hit('rider-7', windowMs, next)).count).toBe(1);
    expect((await counter.hit('rider-10049', windowMs, next)).count).toBe(1);
  });

  it('answers a hit in constant time with many live windows (a sweep only once one has ended)', async () => {
    const counter = memoryRateCounter();
    const windowMs = 60_000;
    for (let i = 0; i < 30_000; i += 1) await counter.hit(`rider-${i}`, windowMs, 0);
    const started = performance.now();
    for (let i = 0; i < 5_000; i += 1) await counter.hit(`rider-${i}`, windowMs, 1);
    // A sweep of 30,000 windows on every hit took seconds here; 5,000 hits take a few ms.
    expect(performance.now() - started).toBeLessThan(deadline(500));
  });
});
