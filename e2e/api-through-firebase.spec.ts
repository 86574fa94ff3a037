/**
 * The API as other clients meet it through Firebase (hosting rewrite → functions emulator →
 * the Functions Framework's Express app): a malformed JSON body gets the API's own JSON 400, not
 * Express's HTML error page.
 */
import { describe, expect, it } from 'vitest';
import { SHOP_URL } from './support/browser.js';

const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const CUSTOMER = { email: 'customer@sprocket.test', password: 'sprocket-customer-pass' };

async function customerToken(): Promise<string> {
  const signIn = await fetch(`${AUTH}/accounts:signInWithPassword?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CUSTOMER, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
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
