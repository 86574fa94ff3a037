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
  // Reviews are written here to check who may change them, not who may write them.
  api = await startApi({
    env: { ...MANY_ORDERS, SHOP_REVIEWS_REQUIRE_PURCHASE: 'false', SHOP_REVIEWS_PER_HOUR: '1000' },
  });
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

/** The owner's order, brought on through the lifecycle: processing, or shipped. */
async function ownerOrderIn(status: 'processing' | 'shipped'): Promise<string> {
  const id = await ownerOrder(true);
  await api.request('PUT', `/ordered/${id}`, { token: admin.token, json: { delivertext: true } });
  if (status === 'shipped') {
    await api.request('POST', `/ordered/${id}/ship`, {
      token: admin.token,
      json: { carrier: 'DHL', trackingNumber: 'JD014600003828470001' },
    });
  }
  return id;
}

/** A review by the owner of a new part; its id. */
async function ownerReview(): Promise<string> {
  const partId = await api.addPart();
  const added = await api.request<{ insertedId: string }>('POST', '/reviews', {
    token: owner.token,
    json: { partId, review: 'Solid', rating: 4 },
  });
  return added.body.insertedId;
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
    call: 'PATCH /parts/{id}',
    prepare: async () => ({
      method: 'PATCH',
      path: `/parts/${await api.addPart()}`,
      json: { price: 999 },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'POST /parts/{id}/views',
    prepare: async () => ({ method: 'POST', path: `/parts/${await api.addPart()}/views` }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'GET /stats',
    prepare: async () => ({ method: 'GET', path: '/stats' }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
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
    call: 'GET /ordered?q=&status=&sort=&page=',
    prepare: async () => ({
      method: 'GET',
      path: '/ordered?q=test&status=unpaid&sort=-totalPrice&page=1',
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'GET /ordered?email=&page=',
    prepare: async () => ({ method: 'GET', path: `/ordered?email=${enc(owner.email)}&page=1` }),
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
    call: 'POST /checkout',
    prepare: async () => ({
      method: 'POST',
      path: '/checkout',
      json: {
        items: [{ partId: await api.addPart(), quantity: 2 }],
        address: '1 Road',
        number: '5550100',
        country: 'US',
      },
    }),
    expected: { anonymous: 401, owner: 201, other: 201, admin: 201 },
  },
  {
    // A guest names an email (docs/decisions/066); a signed-in caller's email is its account's.
    call: 'POST /checkout (with an email: a guest without a token)',
    prepare: async () => ({
      method: 'POST',
      path: '/checkout',
      json: {
        items: [{ partId: await api.addPart(), quantity: 2 }],
        address: '1 Road',
        number: '5550100',
        country: 'US',
        email: `guest-${api.store.newId().toLowerCase()}@example.com`,
      },
    }),
    expected: { anonymous: 201, owner: 201, other: 201, admin: 201 },
  },
  {
    call: 'POST /ordered/{id}/cancel',
    prepare: async () => ({ method: 'POST', path: `/ordered/${await ownerOrder()}/cancel` }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 200 },
  },
  {
    // A guest's order placed with the owner's address: only that verified account may take it.
    call: 'POST /ordered/{id}/claim',
    prepare: async () => {
      const placed = await api.request<{ insertedId: string; orderToken: string }>(
        'POST',
        '/checkout',
        {
          json: {
            items: [{ partId: await api.addPart({ order: 1 }), quantity: 1 }],
            address: '1 Road',
            number: '5550100',
            country: 'US',
            email: owner.email,
          },
        },
      );
      return {
        method: 'POST',
        path: `/ordered/${placed.body.insertedId}/claim`,
        json: { orderToken: placed.body.orderToken },
      };
    },
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    call: 'POST /ordered/{id}/ship',
    prepare: async () => ({
      method: 'POST',
      path: `/ordered/${await ownerOrderIn('processing')}/ship`,
      json: { carrier: 'DHL', trackingNumber: 'JD014600003828470001' },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'POST /ordered/{id}/delivered',
    prepare: async () => ({
      method: 'POST',
      path: `/ordered/${await ownerOrderIn('shipped')}/delivered`,
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'POST /ordered/{id}/refund',
    prepare: async () => ({
      method: 'POST',
      path: `/ordered/${await ownerOrder(true)}/refund`,
      json: { restock: true },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'GET /admin/parts.csv',
    prepare: async () => ({ method: 'GET', path: '/admin/parts.csv' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    // The file's rows and refusals are parts-csv.test.ts's; here, who gets through.
    call: 'POST /admin/parts/import',
    prepare: async () => ({ method: 'POST', path: '/admin/parts/import?dryRun=true', json: {} }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 415 },
  },
  {
    call: 'GET /admin/orders.csv',
    prepare: async () => ({ method: 'GET', path: '/admin/orders.csv?from=2026-01-01' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'GET /cart',
    prepare: async () => ({ method: 'GET', path: '/cart' }),
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'PUT /cart/items/{partId}',
    prepare: async () => ({
      method: 'PUT',
      path: `/cart/items/${await api.addPart()}`,
      json: { quantity: 2 },
    }),
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'DELETE /cart/items/{partId}',
    prepare: async () => ({ method: 'DELETE', path: `/cart/items/${await api.addPart()}` }),
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'POST /cart/merge',
    prepare: async () => ({
      method: 'POST',
      path: '/cart/merge',
      json: { items: [{ partId: await api.addPart(), quantity: 2 }] },
    }),
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'GET /mail',
    prepare: async () => ({ method: 'GET', path: '/mail' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'POST /contact',
    prepare: async () => ({
      method: 'POST',
      path: '/contact',
      json: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    }),
    expected: { anonymous: 201, owner: 201, other: 201, admin: 201 },
  },
  {
    call: 'GET /contact-messages',
    prepare: async () => ({ method: 'GET', path: '/contact-messages' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'PATCH /contact-messages/{id}',
    prepare: async () => ({
      method: 'PATCH',
      path: `/contact-messages/${await api.addContactMessage()}`,
      json: { handled: true },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
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
    call: 'GET /reviews?partId=',
    prepare: async () => ({ method: 'GET', path: `/reviews?partId=${await api.addPart()}` }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'PATCH /reviews/{id}',
    prepare: async () => ({
      method: 'PATCH',
      path: `/reviews/${await ownerReview()}`,
      json: { rating: 2 },
    }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 403 },
  },
  {
    call: 'DELETE /reviews/{id} (an admin gives a reason)',
    prepare: async () => ({
      method: 'DELETE',
      path: `/reviews/${await ownerReview()}`,
      json: { reason: 'Spam' },
    }),
    expected: { anonymous: 401, owner: 200, other: 403, admin: 200 },
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
    call: 'GET /profiles/me/address',
    prepare: async () => ({ method: 'GET', path: '/profiles/me/address' }),
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'PUT /profiles/me/address',
    prepare: async () => ({
      method: 'PUT',
      path: '/profiles/me/address',
      json: { name: 'Ada', address: '1 Road', number: '5550100' },
    }),
    expected: { anonymous: 401, owner: 200, other: 200, admin: 200 },
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
    call: 'GET /users?q=&role=&sort=&page=',
    prepare: async () => ({
      method: 'GET',
      path: '/users?q=sprocket&role=customer&sort=email&page=1',
    }),
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
  {
    call: 'GET /shipping-methods',
    prepare: async () => ({ method: 'GET', path: '/shipping-methods' }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
  },
  {
    call: 'PUT /admin/shipping-methods',
    prepare: async () => ({
      method: 'PUT',
      path: '/admin/shipping-methods',
      json: [{ id: 'standard', name: 'Standard', price: 500 }],
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'GET /admin/tax',
    prepare: async () => ({ method: 'GET', path: '/admin/tax' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'PUT /admin/tax',
    prepare: async () => ({
      method: 'PUT',
      path: '/admin/tax',
      json: { pricesIncludeTax: false, rates: [{ country: 'US', region: 'CA', rate: 7.25 }] },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'GET /admin/tracking-carriers',
    prepare: async () => ({ method: 'GET', path: '/admin/tracking-carriers' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'PUT /admin/tracking-carriers',
    prepare: async () => ({
      method: 'PUT',
      path: '/admin/tracking-carriers',
      json: { carriers: [{ name: 'GLS', urlTemplate: 'https://gls-group.com/track/{number}' }] },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'GET /admin/discounts',
    prepare: async () => ({ method: 'GET', path: '/admin/discounts' }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'POST /admin/discounts',
    prepare: async () => ({
      method: 'POST',
      path: '/admin/discounts',
      json: { code: `ROLE${Math.random().toString(36).slice(2, 10)}`, type: 'percent', value: 5 },
    }),
    expected: { anonymous: 401, owner: 403, other: 403, admin: 201 },
  },
  {
    call: 'DELETE /admin/discounts/{code}',
    prepare: async () => {
      const code = `GONE${Math.random().toString(36).slice(2, 10)}`.toUpperCase();
      await api.request('POST', '/admin/discounts', {
        token: admin.token,
        json: { code, type: 'fixed', value: 100 },
      });
      return { method: 'DELETE', path: `/admin/discounts/${code}` };
    },
    expected: { anonymous: 401, owner: 403, other: 403, admin: 200 },
  },
  {
    call: 'POST /checkout/quote',
    prepare: async () => ({
      method: 'POST',
      path: '/checkout/quote',
      // The method PUT /admin/shipping-methods above set.
      json: {
        items: [{ partId: await api.addPart(), quantity: 1 }],
        shippingMethodId: 'standard',
        country: 'US',
      },
    }),
    expected: { anonymous: 200, owner: 200, other: 200, admin: 200 },
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
