/**
 * Shipping methods, tax, discount codes and the totals of an order (issue 25 items 3–6), over
 * HTTP against the real app, on SQLite and (npm run test:api:firestore) on Firestore.
 */
import {
  BRAND_DEFAULTS,
  orderNumber,
  type ApiErrorBody,
  type CheckoutQuote,
  type CheckoutResult,
  type DiscountCode,
  type InsertResult,
  type Order,
  type ShippingMethod,
  type TaxSettings,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  itNeedsIsolation,
  MANY_ORDERS,
  startApi,
  type Harness,
  type TestUser,
} from '../../testing/api-harness.js';
import { newNetworkAddress } from '../../testing/network-address.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

const METHODS: ShippingMethod[] = [
  { id: 'standard', name: 'Standard', price: 599, freeOver: 10_000 },
  { id: 'express', name: 'Express', price: 1499 },
  { id: 'domestic', name: 'Domestic', price: 700, countries: ['US'] },
  { id: 'pickup', name: 'Pick up in the shop', price: 0, pickup: { country: 'US', region: 'CA' } },
];
const TAX: TaxSettings = {
  pricesIncludeTax: false,
  rates: [
    { country: 'US', rate: 0 },
    { country: 'US', region: 'CA', rate: 7.25 },
    { country: 'DE', rate: 19 },
  ],
};

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [admin, customer] = await Promise.all([api.admin(), api.customer('pricing')]);
  expect(
    (await api.request('PUT', '/admin/shipping-methods', { token: admin.token, json: METHODS }))
      .status,
  ).toBe(200);
  expect((await api.request('PUT', '/admin/tax', { token: admin.token, json: TAX })).status).toBe(
    200,
  );
});
afterAll(async () => {
  await api?.close();
});

const address = { address: '1 Chainring Road, Gearford', number: '+1 555 0100' };
/** Where a test's order goes when where is not what it is about. */
const sent = { shippingMethodId: 'standard', country: 'US' };
let codes = 0;
/** A code of its own for each test, so counts never mix. */
const newCode = async (terms: Record<string, unknown>) => {
  codes += 1;
  const code = `T${codes}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
  const created = await api.request<DiscountCode>('POST', '/admin/discounts', {
    token: admin.token,
    json: { code, ...terms },
  });
  expect(created.status).toBe(201);
  return code;
};

const quote = (json: Record<string, unknown>) =>
  api.request<CheckoutQuote & ApiErrorBody>('POST', '/checkout/quote', { json });

const checkout = (user: TestUser, json: Record<string, unknown>) =>
  api.request<CheckoutResult & ApiErrorBody>('POST', '/checkout', {
    token: user.token,
    json: { ...address, ...json },
  });

const orderOf = async (user: TestUser, id: string) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token: user.token })).body;

describe('the owner’s settings', () => {
  it('answers the shipping methods to anyone, as set', async () => {
    const methods = await api.request<ShippingMethod[]>('GET', '/shipping-methods');
    expect(methods).toMatchObject({ status: 200, body: METHODS });
  });

  it('answers the tax table to an admin, regions in upper case', async () => {
    await api.request('PUT', '/admin/tax', {
      token: admin.token,
      json: {
        ...TAX,
        rates: [
          ...TAX.rates.slice(0, 1),
          { country: 'us', region: 'ca ', rate: 7.25 },
          TAX.rates[2],
        ],
      },
    });
    const tax = await api.request<TaxSettings>('GET', '/admin/tax', { token: admin.token });
    expect(tax).toMatchObject({ status: 200, body: TAX });
  });

  it('refuses settings that do not make sense, field by field (422)', async () => {
    const methods = await api.request<ApiErrorBody>('PUT', '/admin/shipping-methods', {
      token: admin.token,
      json: [
        { id: 'x', name: '', price: -1, countries: ['XX'] },
        { id: 'x', name: 'X', price: 1 },
      ],
    });
    expect(methods.status).toBe(422);
    expect(methods.body.error.fields).toMatchObject({
      'methods[0].name': 'Each method needs a name',
      'methods[0].price': 'Price cannot be negative',
      'methods[0].countries[0]': 'Choose a country (a two-letter code such as US)',
    });
    const tax = await api.request<ApiErrorBody>('PUT', '/admin/tax', {
      token: admin.token,
      json: { pricesIncludeTax: 'yes', rates: [{ country: 'US', rate: 250 }] },
    });
    expect(tax.status).toBe(422);
    expect(tax.body.error.fields).toMatchObject({ 'rates[0].rate': 'Rate is at most 100' });
    const code = await api.request<ApiErrorBody>('POST', '/admin/discounts', {
      token: admin.token,
      json: { code: 'x', type: 'half', value: 0 },
    });
    expect(code.status).toBe(422);
    expect(Object.keys(code.body.error.fields ?? {}).sort()).toEqual(['code', 'type', 'value']);
  });

  it('lists, refuses twice and deletes codes', async () => {
    const code = await newCode({ type: 'fixed', value: 500, maxUses: 3 });
    const again = await api.request('POST', '/admin/discounts', {
      token: admin.token,
      json: { code: code.toLowerCase(), type: 'percent', value: 5 },
    });
    expect(again.status).toBe(409);
    const list = await api.request<DiscountCode[]>('GET', '/admin/discounts', {
      token: admin.token,
    });
    expect(list.body.find((row) => row.code === code)).toMatchObject({
      type: 'fixed',
      value: 500,
      maxUses: 3,
      uses: 0,
    });
    expect(
      (await api.request('DELETE', `/admin/discounts/${code}`, { token: admin.token })).status,
    ).toBe(200);
    expect(
      (await api.request('DELETE', `/admin/discounts/${code}`, { token: admin.token })).status,
    ).toBe(404);
  });
});

describe('POST /checkout/quote', () => {
  it('adds the chosen method and the tax of the address, and offers the methods that go there', async () => {
    const partId = await api.addPart({ price: 2000, quantity: 10, order: 1 });
    const answer = await quote({
      items: [{ partId, quantity: 2 }],
      shippingMethodId: 'express',
      country: 'us',
      region: 'ca',
    });
    // 7.25 % of 4000 = 290.
    expect(answer.body).toMatchObject({
      subtotal: 4000,
      shipping: 1499,
      tax: 290,
      total: 4000 + 1499 + 290,
      taxRate: 7.25,
      shippingMethod: { id: 'express', name: 'Express', price: 1499 },
    });
    expect(answer.body.shippingOptions.map((option) => option.id)).toEqual([
      'standard',
      'express',
      'domestic',
      'pickup',
    ]);
    const germany = await quote({
      items: [{ partId, quantity: 6 }],
      country: 'DE',
      shippingMethodId: 'standard',
    });
    // Free over 100.00 with 120.00 of goods; 19 % of 12000 = 2280.
    expect(germany.body).toMatchObject({ shipping: 0, tax: 2280, total: 14_280 });
    expect(germany.body.shippingOptions.map((option) => option.id)).toEqual([
      'standard',
      'express',
      'pickup',
    ]);
  });

  it('says why a method or a code does not apply, in plain words', async () => {
    const partId = await api.addPart({ price: 1000, quantity: 10, order: 1 });
    const items = [{ partId, quantity: 1 }];
    const domestic = await quote({ items, shippingMethodId: 'domestic', country: 'DE' });
    expect(domestic.status).toBe(422);
    expect(domestic.body.error.fields).toEqual({
      shippingMethodId: 'Domestic does not deliver to DE',
    });
    const unknown = await quote({ items, ...sent, discountCode: 'nosuchcode' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.message).toBe(
      'There is no discount code NOSUCHCODE. Check how it is spelt.',
    );
    const big = await newCode({ type: 'percent', value: 10, minSubtotal: 5000 });
    const small = await quote({ items, ...sent, discountCode: big });
    expect(small.status).toBe(422);
    expect(small.body.error.fields?.discountCode).toBe(
      `The code ${big} needs a subtotal of at least $50.00: add $40.00 more to use it.`,
    );
    const later = await newCode({ type: 'percent', value: 10, startsAt: '2999-01-01' });
    expect((await quote({ items, ...sent, discountCode: later })).body.error.message).toBe(
      `The code ${later} can be used from Jan 1, 2999.`,
    );
    const gone = await quote({ items: [{ partId: 'no-such-part', quantity: 1 }], ...sent });
    expect(gone.status).toBe(409);
  });
});

describe('POST /checkout with shipping, a code and tax', () => {
  it('stores the amounts, charges the total, and the order shows what the quote said', async () => {
    const partId = await api.addPart({ price: 2599, quantity: 10, order: 1 });
    const code = await newCode({ type: 'percent', value: 10 });
    const body = {
      items: [{ partId, quantity: 2 }],
      shippingMethodId: 'standard',
      discountCode: code.toLowerCase(),
      country: 'US',
      region: 'CA',
    };
    const quoted = (await quote(body)).body;
    // 5198 − 520 = 4678; shipping 599; 7.25 % of 4678 = 339.155 → 339.
    expect(quoted).toMatchObject({ subtotal: 5198, discount: 520, shipping: 599, tax: 339 });
    expect(quoted.total).toBe(4678 + 599 + 339);

    const placed = await checkout(customer, { ...body, expectedTotal: quoted.total });
    expect(placed.status).toBe(201);
    const order = await orderOf(customer, placed.body.insertedId);
    expect(order).toMatchObject({
      subtotal: quoted.subtotal,
      discount: quoted.discount,
      shipping: quoted.shipping,
      tax: quoted.tax,
      total: quoted.total,
      totalPrice: quoted.total,
      shippingMethod: { id: 'standard', name: 'Standard', price: 599 },
      discountCode: code,
      country: 'US',
      region: 'CA',
      taxRate: 7.25,
    });
    // The payment is for the total: the simulated gateway's intent carries it, and paying works.
    const paid = await api.pay(customer, placed.body.insertedId);
    expect(paid.status).toBe(200);
    expect((await orderOf(customer, placed.body.insertedId)).status).toBe('paid');
    const mails = await api.request<{ message: { text: string } }[]>('GET', '/mail', {
      token: admin.token,
    });
    const placedMail = mails.body.find(
      (mail) =>
        mail.message.text.includes(orderNumber(placed.body.insertedId)) &&
        mail.message.text.includes('Subtotal'),
    );
    expect(placedMail?.message.text).toContain(`Discount (${code})`);
    expect(placedMail?.message.text).toContain('Tax (7.25 %)');
  });

  it('keeps the country and region in the address book for the next checkout', async () => {
    const partId = await api.addPart({ price: 1000, quantity: 10, order: 1 });
    const buyer = await api.customer('address-book');
    const placed = await checkout(buyer, {
      items: [{ partId, quantity: 1 }],
      shippingMethodId: 'standard',
      country: 'us',
      region: ' ca',
      saveAddress: true,
    });
    expect(placed.status).toBe(201);
    const saved = await api.request<{ savedAddress: Record<string, string> }>(
      'GET',
      '/profiles/me/address',
      { token: buyer.token },
    );
    expect(saved.body.savedAddress).toMatchObject({ ...address, country: 'US', region: 'CA' });
  });

  it('refuses a total other than the one shown (409), counting shipping and tax', async () => {
    const partId = await api.addPart({ price: 1000, quantity: 10, order: 1 });
    const placed = await checkout(customer, {
      items: [{ partId, quantity: 1 }],
      shippingMethodId: 'express',
      country: 'US',
      expectedTotal: 1000,
    });
    expect(placed.status).toBe(409);
  });

  it('keeps original clients’ totals: POST /ordered, the spec’s purchase, costs its lines', async () => {
    const partId = await api.addPart({ price: 1250, quantity: 10, order: 1 });
    const ordered = await api.request<InsertResult>('POST', '/ordered', {
      token: customer.token,
      json: { partId, orderQuantity: 2, ...address },
    });
    expect(ordered.status).toBe(201);
    expect(await orderOf(customer, ordered.body.insertedId)).toMatchObject({
      totalPrice: 2500,
      subtotal: 2500,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 2500,
    });
  });

  it('prices included tax as the share of the prices, adding nothing', async () => {
    const shop = await startApi({ env: MANY_ORDERS });
    try {
      const owner = await shop.admin();
      await shop.request('PUT', '/admin/tax', {
        token: owner.token,
        json: { pricesIncludeTax: true, rates: [{ country: 'DE', rate: 19 }] },
      });
      const partId = await shop.addPart({ price: 1190, quantity: 10, order: 1 });
      const answer = await shop.request<CheckoutQuote>('POST', '/checkout/quote', {
        json: { items: [{ partId, quantity: 1 }], country: 'DE' },
      });
      expect(answer.body).toMatchObject({
        subtotal: 1190,
        tax: 190,
        total: 1190,
        pricesIncludeTax: true,
      });
    } finally {
      await shop.close();
    }
  });

  it('lets a customer use a code once when it says so, and gives a cancelled order’s use back', async () => {
    const partId = await api.addPart({ price: 1000, quantity: 10, order: 1 });
    const code = await newCode({ type: 'fixed', value: 300, oncePerCustomer: true, maxUses: 10 });
    const items = [{ partId, quantity: 1 }];
    const first = await checkout(customer, { items, ...sent, discountCode: code });
    expect(first.status).toBe(201);
    expect((await orderOf(customer, first.body.insertedId)).total).toBe(700 + 599);
    const second = await checkout(customer, { items, ...sent, discountCode: code });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe(`You have already used the code ${code}.`);
    // The quote says so to the signed-in customer before they try; to anyone else it applies.
    const asked = await api.request<ApiErrorBody>('POST', '/checkout/quote', {
      token: customer.token,
      json: { items, ...sent, discountCode: code },
    });
    expect(asked).toMatchObject({
      status: 409,
      body: { error: { fields: { discountCode: `You have already used the code ${code}.` } } },
    });
    expect((await quote({ items, ...sent, discountCode: code })).status).toBe(200);

    const cancelled = await api.request('POST', `/ordered/${first.body.insertedId}/cancel`, {
      token: customer.token,
    });
    expect(cancelled.status).toBe(200);
    const list = await api.request<DiscountCode[]>('GET', '/admin/discounts', {
      token: admin.token,
    });
    expect(list.body.find((row) => row.code === code)?.uses).toBe(0);
    expect((await checkout(customer, { items, ...sent, discountCode: code })).status).toBe(201);
  });

  itNeedsIsolation(
    '20 checkouts at once with a code for 5 uses: exactly 5 discounted orders, 15 told it is used up (409)',
    async () => {
      const partId = await api.addPart({ price: 1000, quantity: 100, order: 1 });
      const code = await newCode({ type: 'percent', value: 20, maxUses: 5 });
      const buyers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => api.customer(`code-rush-${index}`)),
      );
      const results = await Promise.all(
        buyers.map((buyer) =>
          api.request<InsertResult & ApiErrorBody>('POST', '/checkout', {
            token: buyer.token,
            json: { items: [{ partId, quantity: 1 }], ...address, ...sent, discountCode: code },
            retryWhileBusy: true,
          }),
        ),
      );
      const statuses = results.map((result) => result.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(15);
      for (const refused of results.filter((result) => result.status === 409)) {
        expect(refused.body.error.message).toBe(`The code ${code} has been used up.`);
      }
      const placed = await Promise.all(
        results.flatMap((result, index) =>
          result.status === 201 ? [orderOf(buyers[index]!, result.body.insertedId)] : [],
        ),
      );
      expect(placed.map((order) => [order.discount, order.total])).toEqual(
        Array.from({ length: 5 }, () => [200, 800 + 599]),
      );
      const list = await api.request<DiscountCode[]>('GET', '/admin/discounts', {
        token: admin.token,
      });
      expect(list.body.find((row) => row.code === code)?.uses).toBe(5);
    },
  );
});

describe('where the parts go (issue 33 item 2): tax and shipping cannot be left out', () => {
  const choose = 'Choose one of the shipping methods offered';

  it('refuses an order without a method or a country, or to a country its method does not go to, field by field; the quote says the same', async () => {
    const partId = await api.addPart({ price: 10_000, quantity: 50, order: 1 });
    const items = [{ partId, quantity: 1 }];
    const cases: [Record<string, string>, Record<string, string>][] = [
      [{ shippingMethodId: 'standard' }, { country: 'Choose a country' }],
      [{ shippingMethodId: 'standard', region: 'CA' }, { country: 'Choose a country' }],
      [{}, { shippingMethodId: choose, country: 'Choose a country' }],
      [{ country: 'US', region: 'CA' }, { shippingMethodId: choose }],
      [{ shippingMethodId: 'domestic' }, { country: 'Choose a country' }],
      [
        { shippingMethodId: 'domestic', country: 'FR' },
        { shippingMethodId: 'Domestic does not deliver to FR' },
      ],
      [{ shippingMethodId: 'by-air', country: 'US' }, { shippingMethodId: choose }],
    ];
    for (const [where, fields] of cases) {
      const placed = await checkout(customer, { items, ...where });
      expect({ where, status: placed.status, fields: placed.body.error?.fields }).toEqual({
        where,
        status: 422,
        fields,
      });
      const quoted = await quote({ items, ...where });
      expect({ where, status: quoted.status, fields: quoted.body.error?.fields }).toEqual({
        where,
        status: 422,
        fields,
      });
    }
    // Sent within the US to California: 100.00 + 7.00 shipping + 7.25 % of the goods.
    const body = { items, shippingMethodId: 'domestic', country: 'US', region: 'CA' };
    const quoted = await quote(body);
    expect(quoted.body).toMatchObject({ shipping: 700, tax: 725, total: 10_000 + 700 + 725 });
    const placed = await checkout(customer, { ...body, expectedTotal: quoted.body.total });
    expect(placed.status).toBe(201);
    expect(await orderOf(customer, placed.body.insertedId)).toMatchObject({
      total: quoted.body.total,
      country: 'US',
      region: 'CA',
    });
  });

  it('lets a shopper pick up in the shop without a country, taxed at the shop’s place', async () => {
    const partId = await api.addPart({ price: 10_000, quantity: 50, order: 1 });
    const items = [{ partId, quantity: 1 }];
    for (const where of [{}, { country: 'FR' }, { country: 'DE', region: 'BY' }]) {
      const body = { items, shippingMethodId: 'pickup', ...where };
      const quoted = await quote(body);
      expect(quoted.body).toMatchObject({ shipping: 0, tax: 725, total: 10_725, taxRate: 7.25 });
      const placed = await checkout(customer, body);
      expect(placed.status).toBe(201);
      expect(await orderOf(customer, placed.body.insertedId)).toMatchObject({
        total: 10_725,
        shippingMethod: { id: 'pickup', name: 'Pick up in the shop', price: 0 },
        country: 'US',
        region: 'CA',
      });
    }
  });

  it('in a shop without methods sends for nothing, needs a country, and offers no pickup', async () => {
    const shop = await startApi({ env: MANY_ORDERS });
    try {
      const [owner, buyer] = await Promise.all([shop.admin(), shop.customer('no-methods')]);
      await shop.request('PUT', '/admin/tax', {
        token: owner.token,
        json: { pricesIncludeTax: false, rates: [{ country: 'US', rate: 10 }] },
      });
      const partId = await shop.addPart({ price: 10_000, quantity: 10, order: 1 });
      const place = (where: Record<string, string>) =>
        shop.request<CheckoutResult & ApiErrorBody>('POST', '/checkout', {
          token: buyer.token,
          json: { items: [{ partId, quantity: 1 }], ...address, ...where },
        });
      expect((await place({})).body.error.fields).toEqual({ country: 'Choose a country' });
      expect((await place({ shippingMethodId: 'pickup' })).body.error.fields).toEqual({
        shippingMethodId: choose,
        country: 'Choose a country',
      });
      const placed = await place({ country: 'US' });
      expect(placed.status).toBe(201);
      expect(placed.body.order).toMatchObject({ shipping: 0, tax: 1000, total: 11_000 });
    } finally {
      await shop.close();
    }
  });

  it('takes a pickup method from the owner only with the shop’s country, and not beside countries', async () => {
    const refused = await api.request<ApiErrorBody>('PUT', '/admin/shipping-methods', {
      token: admin.token,
      json: [
        { id: 'a', name: 'A', price: 0, pickup: {} },
        { id: 'b', name: 'B', price: 0, pickup: { country: 'US' }, countries: ['US'] },
        { id: 'c', name: 'C', price: 0, pickup: 'the shop' },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toMatchObject({
      'methods[0].pickup.country': 'Say which country the shop is in',
      'methods[1].countries': 'A pickup is open to every shopper: leave countries out',
      'methods[2].pickup': 'Pickup must be the shop’s country and region',
    });
  });
});

describe('an order of 0.00 (issue 33 item 12)', () => {
  it('is paid at once, without a payment intent, as a paid order: stock sold, sales, totals and mails follow', async () => {
    const partId = await api.addPart({ price: 2500, quantity: 10, order: 1 });
    const code = await newCode({ type: 'percent', value: 100 });
    const buyer = await api.customer('free-order');
    const paidOrders = async () =>
      (await api.store.query<{ orders: number }>('salesDays')).reduce(
        (sum, day) => sum + day.data.orders,
        0,
      );
    const paidBefore = await paidOrders();
    // Picked up in the shop: no shipping, and the tax of nothing is nothing.
    const body = {
      items: [{ partId, quantity: 2 }],
      shippingMethodId: 'pickup',
      discountCode: code,
    };
    expect((await quote(body)).body.total).toBe(0);
    const placed = await checkout(buyer, { ...body, expectedTotal: 0 });
    expect(placed.status).toBe(201);
    expect(placed.body.payment).toBeNull();
    const id = placed.body.insertedId;
    const order = await orderOf(buyer, id);
    expect(order).toMatchObject({ total: 0, status: 'paid', paid: true });
    expect(order.expiresAt).toBeUndefined();
    expect(order.timeline?.map((entry) => [entry.status, entry.actor])).toEqual([
      ['unpaid', 'customer'],
      ['paid', 'system'],
    ]);
    // Its two units are sold, not held: nothing to expire, nothing to pay.
    expect((await api.request<{ quantity: number }>('GET', `/parts/${partId}`)).body.quantity).toBe(
      8,
    );
    const intent = await api.request<ApiErrorBody>('POST', '/create-payment-intent', {
      token: buyer.token,
      json: { orderId: id },
    });
    expect(intent).toMatchObject({
      status: 409,
      body: { error: { message: 'This order is already paid' } },
    });
    expect(await api.store.get('paymentIntents', id)).toBeNull();
    expect(await paidOrders()).toBe(paidBefore + 1);
    const totals = await api.store.query<{ email: string; orders: number }>('customerTotals');
    expect(totals.find((doc) => doc.data.email === buyer.email)?.data.orders).toBe(1);
    const mails = await api.request<{ to: string; message: { subject: string } }[]>(
      'GET',
      '/mail',
      {
        token: admin.token,
      },
    );
    expect(
      mails.body.filter((mail) => mail.to === buyer.email).map((mail) => mail.message.subject),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^${BRAND_DEFAULTS.name}: payment received for `)),
      ]),
    );
  });
});

describe('whose use a code counts (issue 33 items 4 and 5)', () => {
  const uniqueName = () => Math.random().toString(36).slice(2, 10);
  /** A guest's checkout with the address they typed, from a network address of its own. */
  const asGuest = (email: string, json: Record<string, unknown>) =>
    api.request<CheckoutResult & ApiErrorBody>('POST', '/checkout', {
      json: { ...address, ...sent, ...json, email },
      headers: { 'x-forwarded-for': newNetworkAddress() },
    });

  it('counts a code once per mailbox, however its address is written', async () => {
    const partId = await api.addPart({ price: 1000, quantity: 50, order: 1 });
    const items = [{ partId, quantity: 1 }];
    const code = await newCode({ type: 'percent', value: 10, oncePerCustomer: true });
    const name = uniqueName();
    expect((await asGuest(`${name}.lee+1@gmail.com`, { items, discountCode: code })).status).toBe(
      201,
    );
    for (const written of [
      `${name}.lee+2@gmail.com`,
      ` ${name.toUpperCase()}LEE@Gmail.com `,
      `${name}.l.e.e@googlemail.com`,
    ]) {
      const again = await asGuest(written, { items, discountCode: code });
      expect({ written, status: again.status, message: again.body.error?.message }).toEqual({
        written,
        status: 409,
        message: `You have already used the code ${code}.`,
      });
    }
    // A signed-in customer's address with a tag is the customer's mailbox too.
    const buyer = await api.customer('mailbox');
    expect((await checkout(buyer, { items, ...sent, discountCode: code })).status).toBe(201);
    const [local, domain] = buyer.email.split('@');
    const tagged = await asGuest(`${local}+again@${domain}`, { items, discountCode: code });
    expect(tagged.status).toBe(409);
  });

  it('starts a code made again after a delete at its own count, and a cancelled order gives its use back only to its own code', async () => {
    const partId = await api.addPart({ price: 1000, quantity: 50, order: 1 });
    const items = [{ partId, quantity: 1 }];
    const code = await newCode({ type: 'fixed', value: 500, maxUses: 1, oncePerCustomer: true });
    const [first, second, third] = await Promise.all([
      api.customer('instance-a'),
      api.customer('instance-b'),
      api.customer('instance-c'),
    ]);
    const usesOf = async () =>
      (
        await api.request<DiscountCode[]>('GET', '/admin/discounts', { token: admin.token })
      ).body.find((row) => row.code === code)?.uses;
    const byFirst = await checkout(first, { items, ...sent, discountCode: code });
    expect(byFirst.status).toBe(201);
    expect(
      (await api.request('DELETE', `/admin/discounts/${code}`, { token: admin.token })).status,
    ).toBe(200);
    const again = await api.request<DiscountCode>('POST', '/admin/discounts', {
      token: admin.token,
      json: { code, type: 'fixed', value: 500, maxUses: 1, oncePerCustomer: true },
    });
    expect(again.status).toBe(201);
    expect(again.body).not.toHaveProperty('instanceId');
    expect(await usesOf()).toBe(0);
    // A customer of the old code is a new customer of the new one.
    expect((await checkout(first, { items, ...sent, discountCode: code })).status).toBe(201);
    expect(await usesOf()).toBe(1);
    expect((await checkout(second, { items, ...sent, discountCode: code })).status).toBe(409);

    // The first order took its use from the deleted code: cancelling it gives nothing to this one.
    const cancelled = await api.request('POST', `/ordered/${byFirst.body.insertedId}/cancel`, {
      token: first.token,
    });
    expect(cancelled.status).toBe(200);
    expect(await usesOf()).toBe(1);
    const refused = await checkout(third, { items, ...sent, discountCode: code });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(`The code ${code} has been used up.`);
    expect((await orderOf(first, byFirst.body.insertedId)).discountCode).toBe(code);
  });
});
