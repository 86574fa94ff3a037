import type { Profile } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi();
  [customer, other, admin] = await Promise.all([
    api.customer(),
    api.customer('other'),
    api.admin(),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const enc = encodeURIComponent;
const profile = {
  email: 'spoofed@elsewhere.test',
  displayName: 'Casey Customer',
  photoURL: 'https://example.com/casey.png',
  degree: 'BSc Mechanical Engineering',
  cgpa: '3.75',
  address: '1 Chainring Road',
  number: '5550100',
  linkedin: 'https://www.linkedin.com/in/casey',
};

describe('POST /profiles and GET /profiles?email=', () => {
  it("upserts the caller's own profile and returns it as a one-element array", async () => {
    const created = await api.request('POST', '/profiles', {
      token: customer.token,
      json: profile,
    });
    expect(created).toMatchObject({ status: 200, body: { acknowledged: true } });
    const updated = await api.request('POST', '/profiles', {
      token: customer.token,
      json: { ...profile, degree: 'MSc' },
    });
    expect(updated).toMatchObject({ status: 200, body: { acknowledged: true, modifiedCount: 1 } });

    const read = await api.request<Profile[]>('GET', `/profiles?email=${enc(customer.email)}`, {
      token: customer.token,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual([{ ...profile, degree: 'MSc', email: customer.email }]);
    const byAdmin = await api.request<Profile[]>('GET', `/profiles?email=${enc(customer.email)}`, {
      token: admin.token,
    });
    expect(byAdmin.body).toHaveLength(1);
  });

  it('answers an empty array for someone without a profile', async () => {
    const read = await api.request('GET', `/profiles?email=${enc(other.email)}`, {
      token: other.token,
    });
    expect(read).toMatchObject({ status: 200, body: [] });
  });

  it('keeps a profile from other customers and from anonymous callers', async () => {
    await api.request('POST', '/profiles', { token: customer.token, json: profile });
    const path = `/profiles?email=${enc(customer.email)}`;
    expect((await api.request('GET', path, { token: other.token })).status).toBe(403);
    expect((await api.request('GET', path)).status).toBe(401);
    expect((await api.request('POST', '/profiles', { json: profile })).status).toBe(401);
    expect((await api.request('GET', '/profiles', { token: customer.token })).status).toBe(422);
  });

  it.each([
    ['5 digits', '12345', 422],
    ['6 digits', '123456', 200],
    ['15 digits', '123456789012345', 200],
    ['16 digits', '1234567890123456', 422],
    ['a non-numeric number', '555-0100', 422],
  ])('checks the contact number: %s', async (_label, number, status) => {
    const response = await api.request('POST', '/profiles', {
      token: other.token,
      json: { ...profile, number },
    });
    expect(response.status).toBe(status);
    if (status === 422)
      expect(response.body).toMatchObject({ error: { fields: { number: expect.any(String) } } });
  });

  it('requires degree, CGPA, address, number and LinkedIn; name and photo are optional', async () => {
    const response = await api.request('POST', '/profiles', { token: other.token, json: {} });
    expect(response.status).toBe(422);
    const fields = (response.body as { error: { fields: Record<string, string> } }).error.fields;
    expect(Object.keys(fields).sort()).toEqual(['address', 'cgpa', 'degree', 'linkedin', 'number']);
    const minimal = { ...profile, displayName: undefined, photoURL: undefined };
    expect(
      (await api.request('POST', '/profiles', { token: other.token, json: minimal })).status,
    ).toBe(200);
  });
});
