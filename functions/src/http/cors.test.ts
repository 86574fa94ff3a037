/** Other web clients: CORS only for SHOP_ALLOWED_ORIGINS, none by default, in every mode. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from '../testing/api-harness.js';

const PARTNER = 'https://partner.example';

const preflight = (api: Harness, origin: string) =>
  fetch(`${api.url}/api/ordered`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });

describe('with SHOP_ALLOWED_ORIGINS', () => {
  let api: Harness;
  beforeAll(async () => {
    api = await startApi({ env: { SHOP_ALLOWED_ORIGINS: `${PARTNER}, https://app.example/` } });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers the preflight and the request of a listed origin', async () => {
    const answer = await preflight(api, PARTNER);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER);
    expect(answer.headers.get('access-control-allow-headers')).toMatch(/authorization/);
    const parts = await fetch(`${api.url}/api/parts`, {
      headers: { origin: 'https://app.example' },
    });
    expect(parts.headers.get('access-control-allow-origin')).toBe('https://app.example');
    // A page of a list tells how many matched in a header the client's script must be let read.
    expect(parts.headers.get('x-total-count')).not.toBeNull();
    expect(parts.headers.get('access-control-expose-headers')).toMatch(/x-total-count/i);
  });

  it('gives an origin that is not listed no CORS headers', async () => {
    const answer = await preflight(api, 'https://evil.example');
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('by default', () => {
  let api: Harness;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it('answers CORS for no origin at all', async () => {
    const answer = await preflight(api, PARTNER);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const parts = await fetch(`${api.url}/api/parts`, { headers: { origin: PARTNER } });
    expect(parts.headers.get('access-control-allow-origin')).toBeNull();
  });
});
