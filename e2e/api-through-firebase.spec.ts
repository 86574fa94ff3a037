/**
 * The API as other clients meet it through Firebase (hosting rewrite → functions emulator →
 * the Functions Framework's Express app): a malformed JSON body gets the API's own JSON 400, not
 * Express's HTML error page, and oversized bodies get their 413 without stopping the emulators.
 */
import { describe, expect, it } from 'vitest';
import { SHOP_URL } from './support/browser.js';
import { paceSignIn } from './support/sign-in-pace.js';

const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const CUSTOMER = { email: 'customer@sprocket.test', password: 'sprocket-customer-pass' };

async function customerToken(): Promise<string> {
  const signIn = await fetch(`${AUTH}/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CUSTOMER, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  await paceSignIn(CUSTOMER.email);
  const exchange = await fetch(`${SHOP_URL}/api/user/${encodeURIComponent(CUSTOMER.email)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${idToken}` },
  });
  return ((await exchange.json()) as { token: string }).token;
}

describe('malformed JSON through Firebase', () => {
  it('is answered by the API with its JSON 400', async () => {
    const token = await customerToken();
    const response = await fetch(`${SHOP_URL}/api/ordered`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"partId": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({
      error: { code: 'bad_request', message: 'The request body must be valid JSON' },
    });
  });

  it('still lets a well-formed body through', async () => {
    const token = await customerToken();
    const response = await fetch(`${SHOP_URL}/api/ordered`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        partId: 'no-such-part',
        address: '1 Road',
        number: '5550100',
        orderQuantity: 1,
      }),
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('oversized bodies through Firebase', () => {
  it('are refused with 413, twenty in a row, and the suite still takes an order', async () => {
    const oversized = JSON.stringify({ message: 'x'.repeat(1024 * 1024) });
    for (let i = 0; i < 20; i += 1) {
      const response = await fetch(`${SHOP_URL}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': i % 2 ? 'application/json' : 'application/x-unknown' },
        body: oversized,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    }
    const parts = (await (await fetch(`${SHOP_URL}/api/parts`)).json()) as {
      _id: string;
      quantity: number;
    }[];
    const part = parts.find((candidate) => candidate.quantity >= 10);
    expect(part).toBeDefined();
    const token = await customerToken();
    const order = await fetch(`${SHOP_URL}/api/ordered`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        partId: part!._id,
        address: '1 Chainring Road, Gearford',
        number: '+1 555 0100',
        orderQuantity: 2,
      }),
    });
    expect(order.status).toBe(201);
    const { insertedId } = (await order.json()) as { insertedId: string };
    // Given back: the journeys that follow count the seeded stock.
    const cancelled = await fetch(`${SHOP_URL}/api/ordered/${insertedId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.status).toBe(200);
  });
});
