/** Malformed and hostile requests: the right 4xx, never a 500, and nothing written. */
import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../app.js';
import { startApi, type Harness, type TestUser } from '../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: { SHOP_REVIEWS_REQUIRE_PURCHASE: 'false' } });
  [customer, admin] = await Promise.all([api.customer(), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

describe('request bodies', () => {
  it.each([
    ['malformed JSON', '{"partId": '],
    ['an empty body', ''],
    ['a JSON array', '[1,2]'],
    ['a JSON string', '"hello"'],
    ['JSON null', 'null'],
  ])('answers 400 to %s', async (_label, raw) => {
    const before = await api.snapshot();
    const response = await api.request('POST', '/ordered', { token: customer.token, raw });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: { code: 'bad_request', message: expect.any(String) },
    });
    expect(await api.snapshot()).toEqual(before);
  });

  it(`answers 413 to a body over ${BODY_LIMIT_BYTES} bytes`, async () => {
    const partId = await api.addPart();
    const big = JSON.stringify({ partId, address: 'x'.repeat(BODY_LIMIT_BYTES) });
    const response = await api.request('POST', '/ordered', { token: customer.token, raw: big });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('reads an oversized body before its 413, so 20 of them leave the connection to the next request', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Set<Socket>();
    const send = (method: string, path: string, body?: string, token?: string) =>
      new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
        const req = httpRequest(`${api.url}/api${path}`, {
          method,
          agent,
          headers: {
            'content-type': 'application/json',
            ...(token && { authorization: `Bearer ${token}` }),
          },
        });
        req.on('socket', (socket) => sockets.add(socket));
        req.on('error', reject);
        req.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              connection: response.headers.connection,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        });
        req.end(body);
      });
    const oversized = JSON.stringify({ review: 'x'.repeat(BODY_LIMIT_BYTES * 2) });
    try {
      for (let i = 0; i < 20; i += 1) {
        const refused = await send('POST', '/reviews', oversized);
        expect(refused.status).toBe(413);
        expect(refused.connection).not.toBe('close');
      }
      const partId = await api.addPart({ quantity: 5 });
      const order = await send(
        'POST',
        '/ordered',
        JSON.stringify({
          partId,
          address: '1 Chainring Road, Gearford',
          number: '+1 555 0100',
          orderQuantity: 2,
        }),
        customer.token,
      );
      expect(order.status, order.body).toBe(201);
      expect(sockets.size).toBe(1);
      // Given back, so the customer's unpaid orders stay as the other cases expect.
      const { insertedId } = JSON.parse(order.body) as { insertedId: string };
      const cancelled = await send('DELETE', `/ordered/${insertedId}`, undefined, customer.token);
      expect(cancelled.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it('answers 413 to an oversized body sent in chunks, without a length', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 5) return controller.close();
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${api.url}/api/reviews`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('reads a JSON body the same with its length declared, sent in chunks, or with a byte order mark', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const json = JSON.stringify({
      partId,
      address: '1 Spoke Street',
      number: '5550100',
      orderQuantity: 1,
    });
    const send = (body: string | ReadableStream<Uint8Array>) =>
      fetch(`${api.url}/api/ordered`, {
        method: 'POST',
        headers: { authorization: `Bearer ${customer.token}`, 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit);
    const bytes = new TextEncoder().encode(json);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, 10));
        controller.enqueue(bytes.slice(10));
        controller.close();
      },
    });
    for (const body of [json, chunked, `\uFEFF${json}`]) {
      const response = await send(body);
      expect(response.status).toBe(201);
    }
    expect((await api.request<{ quantity: number }>('GET', `/parts/${partId}`)).body.quantity).toBe(
      7,
    );
  });

  it('accepts a body just under the limit and judges it on its fields', async () => {
    const partId = await api.addPart();
    const json = {
      partId,
      address: 'x'.repeat(BODY_LIMIT_BYTES - 200),
      number: '5550100',
      orderQuantity: 2,
    };
    const response = await api.request('POST', '/ordered', { token: customer.token, json });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: { fields: { address: 'invalid input' } } });
  });
});

describe('field types', () => {
  it('refuses an object or array where text belongs, and ignores keys like "constructor"', async () => {
    const productName = `Typed part ${api.store.newId()}`;
    await api.addPart({ productName });
    const review = { productName, img: '/x.svg', review: 'Fine', rating: 3 };
    const wrong = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { ...review, review: { text: 'Fine' }, productName: [productName] },
    });
    expect(wrong).toMatchObject({
      status: 422,
      body: { error: { fields: { review: 'Must be text', productName: 'Must be text' } } },
    });
    const odd = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { ...review, constructor: { prototype: { admin: true } }, toString: 1 },
    });
    expect(odd.status).toBe(201);
  });
});

describe('unknown calls', () => {
  it('answers 404 with the error shape', async () => {
    const response = await api.request('GET', '/no-such-call');
    expect(response).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    expect(
      (await api.request('POST', '/reviews/x', { token: customer.token, json: {} })).status,
    ).toBe(404);
  });
});

describe('hostile input', () => {
  const weirdIds = [
    '..',
    '.',
    '__name__',
    'a%2Fb',
    '%00',
    'x'.repeat(600),
    '%F0%9F%9A%B2',
    "'; DROP TABLE docs; --",
  ];
  const weirdBodies: unknown[] = [
    { partId: { $gt: '' }, orderQuantity: 2, address: 'a', number: '555010' },
    { orderQuantity: 1e308, price: -1, rating: Number.MAX_SAFE_INTEGER },
    {
      productName: ['a'],
      img: { url: 1 },
      order: '1',
      quantity: true,
      price: null,
      description: 5,
    },
    { addQuantity: '2', deliveredQuantity: '3', delivertext: 'true', rating: '4', review: {} },
    { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
    {
      degree: '🚲'.repeat(500),
      cgpa: '4.00',
      address: '\u0000',
      number: '123456',
      linkedin: 'http://x',
    },
  ];

  it('never answers a 5xx, whatever the id or body', async () => {
    const partId = await api.addPart();
    const calls: [string, string][] = [
      ['GET', '/parts/:id'],
      ['PUT', '/parts/:id'],
      ['DELETE', '/parts/:id'],
      ['GET', '/ordered/:id'],
      ['PUT', '/ordered/:id'],
      ['DELETE', '/ordered/:id'],
      ['GET', '/admin/:id'],
      ['PUT', '/user/admin/:id'],
      ['PUT', '/user/:id'],
      ['GET', '/ordered?email=:id'],
      ['GET', '/profiles?email=:id'],
      ['PATCH', '/parts/:id'],
      ['POST', '/parts/:id/views'],
      ['GET', '/parts?q=:id'],
      ['GET', '/ordered?q=:id'],
      ['GET', '/users?q=:id'],
    ];
    const failures: string[] = [];
    const check = async (method: string, path: string, json?: unknown) => {
      for (const token of [admin.token, customer.token]) {
        const response = await api.request(method, path, { token, json });
        if (response.status >= 500)
          failures.push(`${method} ${path} ${JSON.stringify(json)} → ${response.status}`);
      }
    };
    for (const [method, template] of calls) {
      for (const id of weirdIds) {
        await check(
          method,
          template.replace(':id', id),
          method === 'PUT' ? { addQuantity: 1, delivertext: true } : undefined,
        );
      }
    }
    for (const json of weirdBodies) {
      for (const path of ['/parts', '/ordered', '/reviews', '/profiles', `/parts/${partId}`]) {
        await check(path.startsWith('/parts/') ? 'PUT' : 'POST', path, json);
      }
      await check('PATCH', `/parts/${partId}`, json);
    }
    expect(failures).toEqual([]);
  });
});
