/** The address book entry the checkout prefills from (issue 11). */
import type { SavedAddressResult } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness } from '../../testing/api-harness.js';

let api: Harness;
beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const PATH = '/profiles/me/address';
const entry = {
  name: 'Ada Rider',
  address: '1 Spoke Street, Gearford',
  number: '+44 1174960000',
};

describe('GET and PUT /profiles/me/address', () => {
  it('keeps one entry per customer and answers it', async () => {
    const customer = await api.customer('book');
    const other = await api.customer('other-book');
    const saved = await api.request<SavedAddressResult>('PUT', PATH, {
      token: customer.token,
      json: { ...entry, email: 'ignored@elsewhere.test' },
    });
    expect(saved).toMatchObject({ status: 200, body: { savedAddress: entry } });
    const read = await api.request<SavedAddressResult>('GET', PATH, { token: customer.token });
    expect(read.body).toEqual({ savedAddress: entry });
    const theirs = await api.request<SavedAddressResult>('GET', PATH, { token: other.token });
    expect(theirs.body).toEqual({ savedAddress: null });
  });

  it("falls back to the profile's address and number", async () => {
    const customer = await api.customer('profiled');
    await api.request('POST', '/profiles', {
      token: customer.token,
      json: {
        displayName: 'Casey Profile',
        degree: 'BSc',
        cgpa: '3.5',
        address: '9 Cassette Close',
        number: '5550100',
        linkedin: 'https://www.linkedin.com/in/casey',
      },
    });
    const read = await api.request<SavedAddressResult>('GET', PATH, { token: customer.token });
    expect(read.body).toEqual({
      savedAddress: { name: 'Casey Profile', address: '9 Cassette Close', number: '5550100' },
    });
  });

  it('checks the fields with the order form rules, and needs a signed-in caller', async () => {
    const customer = await api.customer('bad-book');
    const refused = await api.request('PUT', PATH, {
      token: customer.token,
      json: { name: '', address: '', number: 'call me' },
    });
    expect(refused).toMatchObject({
      status: 422,
      body: {
        error: {
          fields: { name: 'Name is required', address: 'invalid input', number: 'invalid input' },
        },
      },
    });
    expect((await api.request('GET', PATH)).status).toBe(401);
    expect((await api.request('PUT', PATH, { json: entry })).status).toBe(401);
  });
});
