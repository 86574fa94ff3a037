/**
 * The role table of docs/product.md §6, row by row: for each call, who gets through and what everyone
 * else gets. Each caller works on a fresh resource, so a success never hides another caller's result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../testing/api-harness.js';

let api: Harness;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [owner, other, admin] = await Promise.all([
    api.customer('owner'),
    api.customer('other'),
    api.admin(),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const enc = encodeURIComponent;
type Caller = 'anonymous' | 'owner' | 'other' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'owner', 'other', 'admin'];

interface Call {
  method: string;
  path: string;
  json?: unknown;
}

interface Row {
  call: string;
  /** Builds a fresh resource (owned by `owner` where ownership applies) and the request. */
  prepare: () => Promise<Call>;
  expected: Record<Caller, number>;
}

const tokenOf = (caller: Caller) =>
  caller === 'anonymous' ? undefined : { owner, other, admin }[caller].token;

async function ownerOrder(paid = false): Promise<string> {
  const partId = await api.addPart();
  const placed = await api.request<{ insertedId: string }>('POST', '/ordered', {
    token: owner.token,
    json: { partId, userName: 'Owner', address: '1 Road', number: '5550100', orderQuantity: 2 },
  });
  if (paid) await api.pay(owner, placed.body.insertedId);
  return placed.body.insertedId;
}

const part = {
  productName: 'Matrix part',
  img: '/parts/matrix.svg',
  order: 1,
  quantity: 5,
  price: 500,
  description: 'For the role table.',
};
const profile = {
  degree: 'BSc',
  cgpa: '3.5',
  address: '1 Road',
  number: '5550100',
  linkedin: 'https://linkedin.com/in/x',
};

const rows: Row[] = [
  {
    call: 'GET /parts',
    prepare: async () => ({ method: 'GET', path: '/parts' }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'GET /parts/{id}',
    prepare: async () => ({ method: 'GET', path: `/parts/${await api.addPart()}` }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'POST /parts',
    prepare: async () => ({ method: 'POST', path: '/parts', json: part }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 201 },
  },
  {
    call: 'PUT /parts/{id}',
    prepare: async () => ({
      method: 'PUT',
      path: `/parts/${await api.addPart()}`,
      json: { addQuantity: 1 },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'DELETE /parts/{id}',
    prepare: async () => ({ method: 'DELETE', path: `/parts/${await api.addPart()}` }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'POST /ordered',
    prepare: async () => ({
      method: 'POST',
      path: '/ordered',
      json: {
        partId: await api.addPart(),
        userName: 'X',
        address: '1 Road',
        number: '5550100',
        orderQuantity: 2,
      },
    }),
    expected: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  {
    call: 'GET /ordered',
    prepare: async () => ({ method: 'GET', path: '/ordered' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'GET /ordered?email=',
    prepare: async () => ({ method: 'GET', path: `/ordered?email=${enc(owner.email)}` }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    call: 'GET /ordered/{id}',
    prepare: async () => ({ method: 'GET', path: `/ordered/${await ownerOrder()}` }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    call: 'PUT /ordered/{id}',
    prepare: async () => ({
      method: 'PUT',
      path: `/ordered/${await ownerOrder(true)}`,
      json: { delivertext: true },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'PATCH /ordered/{id}',
    prepare: async () => {
      const id = await ownerOrder();
      const paid = await api.pay(owner, id);
      return {
        method: 'PATCH',
        path: `/ordered/${id}`,
        json: { transactionId: paid.body.transactionId },
      };
    },
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    call: 'POST /create-payment-intent',
    prepare: async () => ({
      method: 'POST',
      path: '/create-payment-intent',
      json: { orderId: await ownerOrder() },
    }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    call: 'POST /payments/simulated/confirm',
    prepare: async () => {
      const id = await ownerOrder();
      const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
        token: owner.token,
        json: { orderId: id },
      });
      return {
        method: 'POST',
        path: '/payments/simulated/confirm',
        json: {
          clientSecret: intent.body.clientSecret,
          cardNumber: '4242424242424242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 1,
          cvc: '123',
        },
      };
    },
    // The client secret is the capability, as with Stripe; any signed-in caller holding it may confirm.
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'DELETE /ordered/{id}',
    prepare: async () => ({ method: 'DELETE', path: `/ordered/${await ownerOrder()}` }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    call: 'GET /reviews',
    prepare: async () => ({ method: 'GET', path: '/reviews' }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'POST /reviews',
    prepare: async () => {
      const productName = `Reviewed ${api.store.newId()}`;
      await api.addPart({ productName });
      return {
        method: 'POST',
        path: '/reviews',
        json: { productName, img: '/x.svg', review: 'Good', rating: 4 },
      };
    },
    expected: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  {
    call: 'POST /profiles',
    prepare: async () => ({ method: 'POST', path: '/profiles', json: profile }),
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'GET /profiles?email=',
    prepare: async () => ({ method: 'GET', path: `/profiles?email=${enc(owner.email)}` }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    call: 'GET /admin/{email}',
    prepare: async () => ({ method: 'GET', path: `/admin/${enc(owner.email)}` }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    call: 'GET /users',
    prepare: async () => ({ method: 'GET', path: '/users' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'PUT /user/admin/{email}',
    prepare: async () => {
      const target = await api.customer('target');
      return { method: 'PUT', path: `/user/admin/${enc(target.email)}` };
    },
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
];

describe('the role table (docs/product.md §6)', () => {
  for (const row of rows) {
    it(row.call, async () => {
      const actual: Partial<Record<Caller, number>> = {};
      for (const caller of CALLERS) {
        const call = await row.prepare();
        const response = await api.request(call.method, call.path, {
          token: tokenOf(caller),
          json: call.json,
        });
        actual[caller] = response.status;
      }
      expect(actual).toEqual(row.expected);
    });
  }

  it('PUT /user/{email}: only the holder of an ID token for that email', async () => {
    const holder = await api.signUp('holder');
    const stranger = await api.signUp('stranger');
    const path = `/user/${enc(holder.email)}`;
    const statuses = {
      anonymous: (await api.request('PUT', path)).status,
      owner: (await api.request('PUT', path, { token: holder.idToken })).status,
      other: (await api.request('PUT', path, { token: stranger.idToken })).status,
      admin: (await api.request('PUT', path, { token: admin.idToken })).status,
    };
    expect(statuses).toEqual({ anonymous: 401, owner: 200, other: 403, admin: 403 });
  });
});
