import { TOKEN_REQUESTS_PER_MINUTE } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from '../../testing/api-harness.js';

let api: Harness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const enc = encodeURIComponent;

describe('PUT /user/{email}: the accessToken', () => {
  it('exchanges a Firebase ID token for a one-hour token and records the user', async () => {
    const user = await api.signUp('token', { name: 'Tina Token' });
    const response = await api.request<{ token: string }>('PUT', `/user/${enc(user.email)}`, {
      token: user.idToken,
      json: { email: user.email },
    });
    expect(response.status).toBe(200);
    const [, payload] = response.body.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      number
    >;
    expect(claims.exp! - claims.iat!).toBe(3600);

    const admin = await api.admin();
    const users = await api.request<{ email: string; role?: string }[]>('GET', '/users', {
      token: admin.token,
    });
    expect(users.body).toContainEqual(expect.objectContaining({ email: user.email }));
    expect(users.body.find((u) => u.email === user.email)?.role).toBeUndefined();

    const orders = await api.request('GET', `/ordered?email=${enc(user.email)}`, {
      token: response.body.token,
    });
    expect(orders.status).toBe(200);
  });

  it('matches the email case-insensitively', async () => {
    const user = await api.signUp('case');
    const response = await api.request('PUT', `/user/${enc(user.email.toUpperCase())}`, {
      token: user.idToken,
    });
    expect(response.status).toBe(200);
  });

  it('refuses a missing, forged or foreign ID token', async () => {
    const user = await api.signUp('refused');
    const other = await api.signUp('other');
    const path = `/user/${enc(user.email)}`;
    expect((await api.request('PUT', path)).status).toBe(401);
    expect((await api.request('PUT', path, { token: 'not-a-token' })).status).toBe(401);
    // An accessToken is not an ID token.
    const customer = await api.customer();
    expect(
      (await api.request('PUT', `/user/${enc(customer.email)}`, { token: customer.token })).status,
    ).toBe(401);
    const foreign = await api.request('PUT', path, { token: other.idToken });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: { code: 'forbidden' } });
  });

  it('makes the SHOP_ADMIN_EMAILS accounts admins, with the admin custom claim', async () => {
    const admin = await api.admin();
    const status = await api.request('GET', `/admin/${enc(admin.email)}`, { token: admin.token });
    expect(status.body).toEqual({ admin: true });
    const account = await api.adminAuth.getUser(admin.uid);
    expect(account.customClaims).toMatchObject({ admin: true });
  });

  it(`answers 429 after ${TOKEN_REQUESTS_PER_MINUTE} token requests for one email in a minute`, async () => {
    api.startRateWindow(60_000);
    const user = await api.signUp('limited');
    const path = `/user/${enc(user.email)}`;
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE; i += 1) {
      expect((await api.request('PUT', path, { token: user.idToken })).status).toBe(200);
    }
    const limited = await api.request('PUT', path, { token: user.idToken });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('bearer tokens', () => {
  it('refuses a bad or tampered token with 401', async () => {
    const customer = await api.customer();
    const path = `/ordered?email=${enc(customer.email)}`;
    expect((await api.request('GET', path)).status).toBe(401);
    expect((await api.request('GET', path, { token: 'garbage' })).status).toBe(401);
    const [header, payload, signature] = customer.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'someone@else.test' })).toString(
      'base64url',
    );
    const tampered = await api.request('GET', path, { token: `${header}.${forged}.${signature}` });
    expect(tampered.status).toBe(401);
    expect(tampered.body).toMatchObject({ error: { code: 'unauthenticated' } });
  });

  it('expires a token after one hour', async () => {
    const customer = await api.customer();
    const path = `/ordered?email=${enc(customer.email)}`;
    api.advanceClock(59 * 60 * 1000);
    expect((await api.request('GET', path, { token: customer.token })).status).toBe(200);
    api.advanceClock(2 * 60 * 1000);
    expect((await api.request('GET', path, { token: customer.token })).status).toBe(401);
    api.advanceClock(-61 * 60 * 1000);
  });
});

describe('GET /admin/{email}', () => {
  it('answers the caller about themselves, and admins about anyone', async () => {
    const customer = await api.customer();
    const other = await api.customer('other');
    const admin = await api.admin();
    const path = `/admin/${enc(customer.email)}`;
    expect(await api.request('GET', path, { token: customer.token })).toMatchObject({
      status: 200,
      body: { admin: false },
    });
    expect(await api.request('GET', path, { token: admin.token })).toMatchObject({
      status: 200,
      body: { admin: false },
    });
    expect((await api.request('GET', path, { token: other.token })).status).toBe(403);
    expect((await api.request('GET', path)).status).toBe(401);
  });
});

describe('PUT /user/admin/{email}: promotion', () => {
  it('makes a user an admin at once, in the store and as a custom claim', async () => {
    const admin = await api.admin();
    const customer = await api.customer('promoted');
    const path = `/user/admin/${enc(customer.email)}`;
    expect((await api.request('GET', '/users', { token: customer.token })).status).toBe(403);

    const promoted = await api.request('PUT', path, { token: admin.token });
    expect(promoted).toMatchObject({
      status: 200,
      body: { result: { acknowledged: true, modifiedCount: 1 } },
    });
    // The same accessToken is now an admin's: the role is read from the store on every call.
    expect((await api.request('GET', '/users', { token: customer.token })).status).toBe(200);
    expect((await api.adminAuth.getUser(customer.uid)).customClaims).toMatchObject({ admin: true });
    const users = await api.request<{ email: string; role?: string }[]>('GET', '/users', {
      token: admin.token,
    });
    expect(users.body.find((u) => u.email === customer.email)?.role).toBe('admin');

    const again = await api.request('PUT', path, { token: admin.token });
    expect(again.body).toEqual({ result: { acknowledged: true, modifiedCount: 0 } });
  });

  it('promotes a stored user that has no Auth account', async () => {
    const admin = await api.admin();
    const customer = await api.customer('deleted');
    await api.adminAuth.deleteUser(customer.uid);
    const promoted = await api.request('PUT', `/user/admin/${enc(customer.email)}`, {
      token: admin.token,
    });
    expect(promoted).toMatchObject({ status: 200, body: { result: { modifiedCount: 1 } } });
  });

  it('answers 404 for an unknown user and 403/401 for non-admins', async () => {
    const admin = await api.admin();
    const customer = await api.customer();
    const other = await api.customer('other');
    const unknown = await api.request('PUT', '/user/admin/nobody%40sprocket.test', {
      token: admin.token,
    });
    expect(unknown.status).toBe(404);
    const path = `/user/admin/${enc(other.email)}`;
    expect((await api.request('PUT', path, { token: customer.token })).status).toBe(403);
    expect(
      (await api.request('PUT', `/user/admin/${enc(customer.email)}`, { token: customer.token }))
        .status,
    ).toBe(403);
    expect((await api.request('PUT', path)).status).toBe(401);
    expect(
      (await api.request('GET', `/admin/${enc(other.email)}`, { token: admin.token })).body,
    ).toEqual({
      admin: false,
    });
  });
});
