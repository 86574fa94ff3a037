/** Who may become and stay an admin (issue 8: verified identity, demotion, revocation). */
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

async function adminStatus(email: string, token: string) {
  return (await api.request<{ admin: boolean }>('GET', `/admin/${enc(email)}`, { token })).body;
}

describe('admin rights from SHOP_ADMIN_EMAILS', () => {
  it('are not given to an unverified sign-up for a listed address, and are once it is verified', async () => {
    const owner = await api.signUp('owner', { email: api.adminEmails[1] });
    const unverified = await api.tokenFor(owner);
    expect(await adminStatus(owner.email, unverified)).toEqual({ admin: false });
    expect((await api.request('GET', '/users', { token: unverified })).status).toBe(403);
    expect((await api.adminAuth.getUser(owner.uid)).customClaims?.admin).toBeUndefined();

    // The link the Auth emulator kept (GET /emulator/v1/projects/<project>/oobCodes), followed.
    const verifiedIdToken = await api.verifyEmail(owner);
    const verified = await api.tokenFor({ ...owner, idToken: verifiedIdToken });
    expect(await adminStatus(owner.email, verified)).toEqual({ admin: true });
    expect((await api.adminAuth.getUser(owner.uid)).customClaims).toMatchObject({ admin: true });
  });

  it('give no new accessToken to a disabled account or a revoked token', async () => {
    const customer = await api.signUp('disabled', { verified: true });
    const path = `/user/${enc(customer.email)}`;
    expect((await api.request('PUT', path, { token: customer.idToken })).status).toBe(200);

    // Revocation counts whole seconds: a sign-in in the same second as it would still count.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await api.adminAuth.revokeRefreshTokens(customer.uid);
    const revoked = await api.request('PUT', path, { token: customer.idToken });
    expect(revoked).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } });

    const fresh = await api.signIn(customer.email);
    expect((await api.request('PUT', path, { token: fresh })).status).toBe(200);
    await api.adminAuth.updateUser(customer.uid, { disabled: true });
    expect((await api.request('PUT', path, { token: fresh })).status).toBe(401);
  });
});

describe('PUT /user/admin/{email} with { "admin": false }: demotion', () => {
  it('takes admin rights away at once, removes the claim, and survives the next sign-in', async () => {
    const admin = await api.admin();
    const owner = await api.signUp('listed', { email: api.adminEmails[2], verified: true });
    const ownerToken = await api.tokenFor(owner);
    expect(await adminStatus(owner.email, ownerToken)).toEqual({ admin: true });

    const demoted = await api.request('PUT', `/user/admin/${enc(owner.email)}`, {
      token: admin.token,
      json: { admin: false },
    });
    expect(demoted).toMatchObject({
      status: 200,
      body: { result: { acknowledged: true, modifiedCount: 1 } },
    });
    // The same accessToken is a customer's now: the role is read from the store on every call.
    expect((await api.request('GET', '/users', { token: ownerToken })).status).toBe(403);
    expect((await api.adminAuth.getUser(owner.uid)).customClaims?.admin).toBeUndefined();

    // Listed in SHOP_ADMIN_EMAILS, yet a demotion sticks at the next sign-in.
    const again = await api.tokenFor({ ...owner, idToken: await api.signIn(owner.email) });
    expect(await adminStatus(owner.email, again)).toEqual({ admin: false });

    // Demoting a customer changes nothing; promoting brings the rights back.
    const repeat = await api.request('PUT', `/user/admin/${enc(owner.email)}`, {
      token: admin.token,
      json: { admin: false },
    });
    expect(repeat.body).toEqual({ result: { acknowledged: true, modifiedCount: 0 } });
    const promoted = await api.request('PUT', `/user/admin/${enc(owner.email)}`, {
      token: admin.token,
      json: { admin: true },
    });
    expect(promoted.body).toEqual({ result: { acknowledged: true, modifiedCount: 1 } });
    expect((await api.adminAuth.getUser(owner.uid)).customClaims).toMatchObject({ admin: true });
  });

  it('refuses to demote the last admin', async () => {
    const solo = await startApi();
    try {
      const admin = await solo.admin();
      const refused = await solo.request('PUT', `/user/admin/${enc(admin.email)}`, {
        token: admin.token,
        json: { admin: false },
      });
      expect(refused).toMatchObject({
        status: 409,
        body: { error: { code: 'conflict', message: expect.stringMatching(/at least one admin/) } },
      });
      expect(await solo.request('GET', '/users', { token: admin.token })).toMatchObject({
        status: 200,
      });
    } finally {
      await solo.close();
    }
  });

  it('is for admins only, and refuses a body that is not a yes or no', async () => {
    const admin = await api.admin();
    const customer = await api.customer('not-admin');
    const path = `/user/admin/${enc(admin.email)}`;
    expect(
      (await api.request('PUT', path, { token: customer.token, json: { admin: false } })).status,
    ).toBe(403);
    const junk = await api.request('PUT', `/user/admin/${enc(customer.email)}`, {
      token: admin.token,
      json: { admin: 'maybe' },
    });
    expect(junk).toMatchObject({
      status: 422,
      body: { error: { fields: { admin: expect.any(String) } } },
    });
  });
});

describe('GET /users', () => {
  it('shows admins what Make Admin needs: id, email, role and whether the address is verified', async () => {
    const admin = await api.admin();
    await api.customer('listed-user');
    const users = await api.request<Record<string, unknown>[]>('GET', '/users', {
      token: admin.token,
    });
    expect(users.status).toBe(200);
    for (const user of users.body) {
      expect(['_id', 'email', 'role', 'verified']).toEqual(
        expect.arrayContaining(Object.keys(user)),
      );
    }
  });
});
