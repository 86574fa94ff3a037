import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/render.js';
import {
  ACCESS_TOKEN_KEY,
  api,
  ApiError,
  getAccessToken,
  newIdempotencyKey,
  setAccessToken,
  setAccessTokenRenewer,
} from './api-client.js';

afterEach(() => setAccessTokenRenewer(null));

describe('api client', () => {
  it('sends JSON to the API base with the stored accessToken', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token-1');
    const calls = stubFetch(() => ({ status: 201, body: { acknowledged: true, insertedId: 'x' } }));

    await expect(api.post('/reviews', { rating: 5 })).resolves.toEqual({
      acknowledged: true,
      insertedId: 'x',
    });
    expect(calls).toEqual([
      {
        url: '/api/reviews',
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: 'Bearer token-1',
        },
        body: { rating: 5 },
      },
    ]);
  });

  it('sends no authorization header when nobody is signed in', async () => {
    const calls = stubFetch(() => ({ body: [] }));
    await api.get('/parts');
    expect(calls[0]?.headers).not.toHaveProperty('authorization');
  });

  it("turns the API's error body into an ApiError with status, code, message and fields", async () => {
    stubFetch(() => ({
      status: 422,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Fix the form',
          fields: { number: 'invalid input' },
        },
      },
    }));
    const error = await api.post('/ordered', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'validation_failed',
      message: 'Fix the form',
      fields: { number: 'invalid input' },
    });
  });

  it('describes failures without an error body and unreachable servers', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(api.get('/parts')).rejects.toMatchObject({ status: 502, code: 'unavailable' });

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.get('/parts')).rejects.toMatchObject({ status: 0, code: 'network' });
  });

  it('renews an expired accessToken once and repeats the request', async () => {
    setAccessToken('expired');
    setAccessTokenRenewer(async () => {
      setAccessToken('fresh');
      return 'fresh';
    });
    const calls = stubFetch(({ headers }) =>
      headers.authorization === 'Bearer fresh'
        ? { body: { admin: true } }
        : { status: 401, body: { error: { code: 'unauthenticated', message: 'expired' } } },
    );

    await expect(api.get('/admin/a%40b.c')).resolves.toEqual({ admin: true });
    expect(calls.map((call) => call.headers.authorization)).toEqual([
      'Bearer expired',
      'Bearer fresh',
    ]);
    expect(getAccessToken()).toBe('fresh');
  });

  it('gives up with the 401 when nobody can be renewed', async () => {
    setAccessTokenRenewer(async () => null);
    const calls = stubFetch(() => ({
      status: 401,
      body: { error: { code: 'unauthenticated', message: 'Sign in' } },
    }));
    await expect(api.get('/users')).rejects.toMatchObject({ status: 401, message: 'Sign in' });
    expect(calls).toHaveLength(1);
  });

  it('reads a page of a list and its total from X-Total-Count', async () => {
    const calls = stubFetch(() => ({
      body: [{ _id: 'o1' }, { _id: 'o2' }],
      headers: { 'X-Total-Count': '32' },
    }));
    await expect(api.page('/ordered?page=2&pageSize=2')).resolves.toEqual({
      items: [{ _id: 'o1' }, { _id: 'o2' }],
      total: 32,
    });
    expect(calls[0]).toMatchObject({ url: '/api/ordered?page=2&pageSize=2', method: 'GET' });
  });

  it("counts the page's own items when the server sends no total", async () => {
    stubFetch(() => ({ body: [{ _id: 'u1' }] }));
    await expect(api.page('/users?page=1')).resolves.toEqual({ items: [{ _id: 'u1' }], total: 1 });
  });

  it('sends a file as its own bytes with its type', async () => {
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'wheel.png', {
      type: 'image/png',
    });
    const calls = stubFetch(() => ({ status: 201, body: { url: '/api/files/abc.png' } }));
    await expect(api.post('/parts/images', file)).resolves.toEqual({ url: '/api/files/abc.png' });
    expect(calls[0]?.headers['content-type']).toBe('image/png');
    expect(calls[0]?.body).toBe(file);
  });
});

describe('a request with an Idempotency-Key (docs/decisions/062)', () => {
  const busy = (status: number, code: string, retryAfter?: string) => ({
    status,
    body: { error: { code, message: 'The shop is busy; try again shortly' } },
    headers: retryAfter === undefined ? undefined : { 'Retry-After': retryAfter },
  });

  it('asks again with the same key after a network error and a busy shop, then has the answer', async () => {
    let call = 0;
    const calls = stubFetch(() => {
      call += 1;
      if (call === 1) throw new TypeError('Failed to fetch');
      if (call === 2) return busy(503, 'unavailable', '0');
      return { status: 201, body: { acknowledged: true, insertedId: 'order-1' } };
    });
    const key = newIdempotencyKey();
    await expect(api.post('/checkout', { items: [] }, { idempotencyKey: key })).resolves.toEqual({
      acknowledged: true,
      insertedId: 'order-1',
    });
    expect(calls.map((sent) => sent.headers['idempotency-key'])).toEqual([key, key, key]);
  });

  it('asks again while the first attempt is still being answered (409 with Retry-After)', async () => {
    let call = 0;
    const calls = stubFetch(() =>
      (call += 1) === 1
        ? busy(409, 'conflict', '0')
        : { status: 201, body: { acknowledged: true, insertedId: 'order-2' } },
    );
    await api.post('/ordered', {}, { idempotencyKey: newIdempotencyKey() });
    expect(calls).toHaveLength(2);
  });

  it('does not ask again after a final answer: sold out is sold out', async () => {
    const calls = stubFetch(() => ({
      status: 409,
      body: { error: { code: 'conflict', message: 'Only 3 available' } },
    }));
    await expect(
      api.post('/checkout', {}, { idempotencyKey: newIdempotencyKey() }),
    ).rejects.toMatchObject({ status: 409, message: 'Only 3 available' });
    expect(calls).toHaveLength(1);
  });

  it('gives up after three retries, with the last answer', async () => {
    const calls = stubFetch(() => busy(503, 'unavailable', '0'));
    await expect(
      api.post('/checkout', {}, { idempotencyKey: newIdempotencyKey() }),
    ).rejects.toMatchObject({ status: 503, retryAfterSeconds: 0 });
    expect(calls).toHaveLength(4);
  });

  it('without a key, a request is sent once, as before', async () => {
    const calls = stubFetch(() => busy(503, 'unavailable', '0'));
    await expect(api.post('/reviews', {})).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });

  it('makes a new key for each attempt', () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
