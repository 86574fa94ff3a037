/**
 * Identity by account, not by address (issue 21 items 2 and 3): rights and records belong to the
 * Firebase account they were given to, and an accessToken ends with its account.
 */
import type { Order, SavedAddressResult, User } from '@sprocket/contract';
import { userMessages } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CHECK_MS } from '../../auth/account-check.js';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi();
  admin = await api.admin();
});
afterAll(async () => {
  await api?.close();
});

const enc = encodeURIComponent;
const address = { address: '7 Spoke Street, Hubton', number: '5550177' };

async function orderAs(user: TestUser): Promise<string> {
  const partId = await api.addPart({ order: 1, quantity: 20 });
  const placed = await api.request<{ insertedId: string }>('POST', '/ordered', {
    token: user.token,
    json: { partId, orderQuantity: 1, ...address },
  });
  expect(placed.status).toBe(201);
  return placed.body.insertedId;
}

const promote = (email: string) =>
  api.request('PUT', `/user/admin/${enc(email)}`, { token: admin.token });

/** Someone else signs up with `email` after its account was deleted, and gets a token. */
async function squat(email: string, verified = false): Promise<TestUser> {
  const user = await api.signUp('squatter', { email, verified });
  return { ...user, token: await api.tokenFor(user) };
}

describe('an address that passes to another account', () => {
  it('gives a stranger none of a deleted colleague’s admin rights or records', async () => {
    const colleague = await api.customer('colleague');
    expect((await promote(colleague.email)).status).toBe(200);
    const orderId = await orderAs(colleague);
    await api.request('PUT', '/profiles/me/address', {
      token: colleague.token,
      json: { name: 'Col League', ...address },
    });
    await api.adminAuth.deleteUser(colleague.uid);

    const stranger = await squat(colleague.email);
    expect((await api.request('GET', '/users', { token: stranger.token })).status).toBe(403);
    expect(
      (await api.request('GET', `/admin/${enc(colleague.email)}`, { token: stranger.token })).body,
    ).toEqual({ admin: false });
    const orders = await api.request<Order[]>('GET', `/ordered?email=${enc(colleague.email)}`, {
      token: stranger.token,
    });
    expect(orders).toMatchObject({ status: 200, body: [] });
    expect(
      (await api.request('GET', `/ordered/${orderId}`, { token: stranger.token })).status,
    ).toBe(403);
    const saved = await api.request<SavedAddressResult>('GET', '/profiles/me/address', {
      token: stranger.token,
    });
    expect(JSON.stringify(saved.body)).not.toContain('Spoke Street');
    // The admins still see the order, under the address it was placed with.
    const byAdmin = await api.request<Order[]>('GET', `/ordered?email=${enc(colleague.email)}`, {
      token: admin.token,
    });
    expect(byAdmin.body.map((order) => order._id)).toContain(orderId);
  });

  it('lets a verified holder claim a deleted account’s orders, but not its role', async () => {
    const rider = await api.customer('returning-rider');
    expect((await promote(rider.email)).status).toBe(200);
    const orderId = await orderAs(rider);
    await api.adminAuth.deleteUser(rider.uid);

    const again = await squat(rider.email, true);
    const orders = await api.request<Order[]>('GET', `/ordered?email=${enc(rider.email)}`, {
      token: again.token,
    });
    expect(orders.body.map((order) => order._id)).toEqual([orderId]);
    expect((await api.request('GET', '/users', { token: again.token })).status).toBe(403);
  });

  it('refuses the earlier account’s token as soon as another account holds the address', async () => {
    const first = await api.customer('first-holder');
    expect((await api.request('GET', '/cart', { token: first.token })).status).toBe(200);
    await api.adminAuth.deleteUser(first.uid);
    await squat(first.email);
    expect((await api.request('GET', '/cart', { token: first.token })).status).toBe(401);
  });
});

describe('Make Admin', () => {
  it('shows whether each address is verified and refuses to promote an unverified one', async () => {
    const unverified = await api.customer('unverified-colleague', { verified: false });
    const users = await api.request<User[]>('GET', '/users', { token: admin.token });
    expect(users.body.find((user) => user.email === unverified.email)).toMatchObject({
      verified: false,
    });
    const refused = await promote(unverified.email);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: userMessages.promoteUnverified } },
    });
    expect((await api.request('GET', '/users', { token: unverified.token })).status).toBe(403);
  });
});

describe('a token ends with its account', () => {
  it('refuses changes at once, and reads within half a minute, once the account is deleted', async () => {
    const customer = await api.customer('deleted-customer');
    const partId = await api.addPart({ order: 1, quantity: 20 });
    expect((await api.request('GET', '/cart', { token: customer.token })).status).toBe(200);
    await api.adminAuth.deleteUser(customer.uid);

    const order = await api.request('POST', '/ordered', {
      token: customer.token,
      json: { partId, orderQuantity: 1, ...address },
    });
    expect(order.status).toBe(401);
    api.advanceClock(ACCOUNT_CHECK_MS + 1000);
    try {
      expect((await api.request('GET', '/cart', { token: customer.token })).status).toBe(401);
    } finally {
      api.advanceClock(-(ACCOUNT_CHECK_MS + 1000));
    }
  });

  it('refuses a disabled account, and a disabled admin at once', async () => {
    const colleague = await api.customer('disabled-admin');
    expect((await promote(colleague.email)).status).toBe(200);
    expect((await api.request('GET', '/users', { token: colleague.token })).status).toBe(200);
    await api.adminAuth.updateUser(colleague.uid, { disabled: true });
    expect((await api.request('GET', '/users', { token: colleague.token })).status).toBe(401);
    const partId = await api.addPart({ order: 1, quantity: 20 });
    const cartChange = await api.request('PUT', `/cart/items/${partId}`, {
      token: colleague.token,
      json: { quantity: 1 },
    });
    expect(cartChange.status).toBe(401);
  });

  it('refuses tokens issued before the account’s sessions were revoked', async () => {
    const customer = await api.customer('revoked');
    // Firebase keeps the revocation time to the second: the token must be from a second before.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await api.adminAuth.revokeRefreshTokens(customer.uid);
    const partId = await api.addPart({ order: 1, quantity: 20 });
    const changed = await api.request('DELETE', `/cart/items/${partId}`, { token: customer.token });
    expect(changed.status).toBe(401);
  });
});
