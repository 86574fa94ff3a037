/**
 * Junk bodies to every writing endpoint (DESIGN §5: no input ever produces a 500). Each endpoint
 * gets whole-body junk, and its valid body with one field (then every field) replaced by a junk
 * value. The bodies are raw JSON text, so that what JSON.stringify cannot say (-0, 1e400, a
 * "__proto__" key) reaches the server too. Any answer below 500 passes: 4xx are other tests' job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@sprocket/contract';
import { BODY_LIMIT_BYTES } from '../app.js';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../testing/api-harness.js';
import { deadline } from '../../../scripts/test-deadlines.js';

/** Text as long as a field could never need, small enough to fit in the body limit. */
const LONG_TEXT = 'x'.repeat(20_000);
const DEEP_ARRAY = `${'['.repeat(2_000)}${']'.repeat(2_000)}`;

/** JSON values put in place of a field, as raw JSON text. */
const JUNK_VALUES = [
  'null',
  'true',
  'false',
  '0',
  '-0',
  '-1',
  '0.5',
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '5e-324',
  '9007199254740993',
  '""',
  '" "',
  '"NaN"',
  '"Infinity"',
  '"-Infinity"',
  '"1e3"',
  '"0x10"',
  '"true"',
  '"\\u0000"',
  '"🚲🚲"',
  '"<script>alert(1)</script>"',
  JSON.stringify(LONG_TEXT),
  '[]',
  '[1]',
  '["1"]',
  '[true]',
  '[[1]]',
  '[null]',
  DEEP_ARRAY,
  '{}',
  '{"toString":1}',
  '{"valueOf":1}',
  '{"toString":1,"valueOf":1}',
  '{"toString":"x"}',
  '{"valueOf":"1"}',
  '[{"toString":1}]',
  '{"__proto__":{"toString":1}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"$gt":""}',
  '{"length":1,"0":"a"}',
];

/** Bodies that are junk as a whole, whatever the endpoint. */
const JUNK_BODIES = [
  '',
  ' ',
  '{',
  '{"a":',
  '{"a":1}}',
  'NaN',
  'Infinity',
  '{"a":NaN}',
  '"text"',
  '[{}]',
  '{"__proto__":{"admin":true}}',
  '{"__proto__":null}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"toString":1,"valueOf":1,"hasOwnProperty":1}',
  '{"":1}',
  '\u0000',
];

/** The one body over the limit (the others stay under it, so that their fields are judged). */
const OVER_LIMIT_BODY = `{"padding":${JSON.stringify('x'.repeat(BODY_LIMIT_BYTES))}}`;
const isOverLimit = (raw: string) => Buffer.byteLength(raw) > BODY_LIMIT_BYTES;

type Fields = Record<string, unknown>;

/** The object `fields` as JSON text, with the named fields' values replaced by raw JSON. */
function jsonWith(fields: Fields, replaced: Record<string, string>): string {
  const names = new Set([...Object.keys(fields), ...Object.keys(replaced)]);
  const members = [...names].map((name) => {
    const value = Object.hasOwn(replaced, name) ? replaced[name] : JSON.stringify(fields[name]);
    return `${JSON.stringify(name)}:${value}`;
  });
  return `{${members.join(',')}}`;
}

/** Every junk body for an endpoint whose valid body is `valid`. */
function junkBodiesFor(valid: Fields): string[] {
  const names = Object.keys(valid);
  const everyField = (value: string) => Object.fromEntries(names.map((name) => [name, value]));
  // The longest text every field can hold at once while the body stays under the limit.
  const longest = Math.floor((BODY_LIMIT_BYTES - 1_000) / Math.max(names.length, 1));
  const bodies = [
    ...JUNK_BODIES,
    OVER_LIMIT_BODY,
    ...JUNK_VALUES,
    // A computed key is an own "__proto__" property, not the object's prototype.
    jsonWith(valid, { ['__proto__']: JSON.stringify(valid) }),
    jsonWith(valid, { constructor: JSON.stringify(valid), toString: '1', valueOf: '1' }),
    jsonWith(valid, everyField(JSON.stringify('y'.repeat(longest)))),
    ...names.flatMap((name) => JUNK_VALUES.map((value) => jsonWith(valid, { [name]: value }))),
    ...(names.length > 1 ? JUNK_VALUES.map((value) => jsonWith(valid, everyField(value))) : []),
  ];
  return [...new Set(bodies)].filter((raw) => raw === OVER_LIMIT_BODY || !isOverLimit(raw));
}

interface Fixtures {
  customer: TestUser;
  admin: TestUser;
  /** A part with plenty of stock for orders and stock changes. */
  partId: string;
  /** A part the fuzzing of DELETE /parts/{id} may delete. */
  doomedPartId: string;
  /** A part with no stock, whose back-in-stock alerts the fuzzing asks for. */
  soldOutPartId: string;
  /** The customer's unpaid order, with its payment intent's client secret. */
  unpaidOrderId: string;
  clientSecret: string;
  /** The customer's paid order. */
  paidOrderId: string;
  /** An order of the customer's that the fuzzing of DELETE /ordered/{id} may cancel. */
  doomedOrderId: string;
  /** A customer whom the fuzzing of PUT /user/admin/{email} may promote or demote. */
  target: TestUser;
  /** The customer's orders for the lifecycle's changes: one to cancel, one in processing, one shipped, one paid to refund. */
  cancellableOrderId: string;
  processingOrderId: string;
  shippedOrderId: string;
  refundableOrderId: string;
  /** The customer's delivered order, which may be returned, and a return asked of it. */
  deliveredOrderId: string;
  returnId: string;
  /** A message from the contact form. */
  contactMessageId: string;
  /** A guest's order placed with the customer's address, and its link's token. */
  guestOrderId: string;
  guestOrderToken: string;
  /** The customer's review to edit, and one the fuzzing of DELETE /reviews/{id} may remove. */
  reviewId: string;
  doomedReviewId: string;
}

/** Who sends the junk: callers that get past the endpoint's access check. */
type Caller = 'customer' | 'admin' | 'customer with an ID token' | 'no one';

interface Endpoint {
  method: string;
  path: (fixtures: Fixtures) => string;
  callers: Caller[];
  /** A valid body; junk replaces its fields one by one. */
  valid: (fixtures: Fixtures) => Fields;
}

function tokenOf(caller: Caller, fixtures: Fixtures): string | undefined {
  switch (caller) {
    case 'customer':
      return fixtures.customer.token;
    case 'admin':
      return fixtures.admin.token;
    case 'customer with an ID token':
      return fixtures.customer.idToken;
    case 'no one':
      return undefined;
  }
}

const enc = encodeURIComponent;

const purchase = (partId: string): Fields => ({
  partId,
  partName: 'Chain',
  userName: 'Fuzzy Rider',
  email: 'fuzzy@example.com',
  address: '1 Spoke Street',
  number: '5550100',
  orderQuantity: 2,
});

const ENDPOINTS: Record<string, Endpoint> = {
  'PUT /admin/tax': {
    method: 'PUT',
    path: () => '/admin/tax',
    callers: ['admin'],
    valid: () => ({ pricesIncludeTax: false, rates: [{ country: 'US', rate: 10 }] }),
  },
  'PUT /admin/tracking-carriers': {
    method: 'PUT',
    path: () => '/admin/tracking-carriers',
    callers: ['admin'],
    valid: () => ({
      carriers: [{ name: 'GLS', urlTemplate: 'https://gls-group.com/track/{number}' }],
    }),
  },
  // Its body is a list: the junk bodies and values sent whole ([null], [1], [{}]) are the ones
  // that matter; the object below is refused whole, its junk fields with it.
  'PUT /admin/shipping-methods': {
    method: 'PUT',
    path: () => '/admin/shipping-methods',
    callers: ['admin'],
    valid: () => ({ id: 'standard', name: 'Standard', price: 700 }),
  },
  'POST /parts': {
    method: 'POST',
    path: () => '/parts',
    callers: ['admin'],
    valid: () => ({
      productName: 'Fuzzed part',
      img: '/parts/fuzz.svg',
      order: 1,
      quantity: 5,
      price: 1250,
      description: 'Made by the fuzz test.',
    }),
  },
  'PUT /parts/{id} (addQuantity)': {
    method: 'PUT',
    path: (f) => `/parts/${f.partId}`,
    callers: ['admin'],
    valid: () => ({ addQuantity: 1 }),
  },
  'PUT /parts/{id} (deliveredQuantity)': {
    method: 'PUT',
    path: (f) => `/parts/${f.partId}`,
    callers: ['admin'],
    valid: () => ({ deliveredQuantity: 100_000 }),
  },
  'DELETE /parts/{id}': {
    method: 'DELETE',
    path: (f) => `/parts/${f.doomedPartId}`,
    callers: ['admin'],
    valid: () => ({}),
  },
  'POST /ordered': {
    method: 'POST',
    path: () => '/ordered',
    callers: ['customer', 'admin'],
    valid: (f) => purchase(f.partId),
  },
  'PUT /ordered/{id}': {
    method: 'PUT',
    path: (f) => `/ordered/${f.paidOrderId}`,
    callers: ['admin'],
    valid: () => ({ delivertext: true }),
  },
  'PATCH /ordered/{id}': {
    method: 'PATCH',
    path: (f) => `/ordered/${f.unpaidOrderId}`,
    callers: ['customer'],
    valid: () => ({ transactionId: 'pi_fuzz', partId: 'any' }),
  },
  'DELETE /ordered/{id}': {
    method: 'DELETE',
    path: (f) => `/ordered/${f.doomedOrderId}`,
    callers: ['customer', 'admin'],
    valid: () => ({}),
  },
  'POST /create-payment-intent': {
    method: 'POST',
    path: () => '/create-payment-intent',
    callers: ['customer'],
    valid: (f) => ({ orderId: f.unpaidOrderId, totalPrice: 2500 }),
  },
  'POST /payments/simulated/confirm': {
    method: 'POST',
    path: () => '/payments/simulated/confirm',
    callers: ['customer'],
    valid: (f) => ({
      clientSecret: f.clientSecret,
      // Declined, so that the order stays unpaid for the other endpoints' junk.
      cardNumber: '4000 0000 0000 0002',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
      billingName: 'Fuzzy Rider',
      billingEmail: 'fuzzy@example.com',
    }),
  },
  'POST /reviews': {
    method: 'POST',
    path: () => '/reviews',
    callers: ['customer', 'admin'],
    valid: (f) => ({
      partId: f.partId,
      productName: 'Chain',
      img: '/parts/chain.svg',
      review: 'Runs smoothly.',
      rating: 4,
    }),
  },
  'POST /profiles': {
    method: 'POST',
    path: () => '/profiles',
    callers: ['customer', 'admin'],
    valid: () => ({
      displayName: 'Fuzzy Rider',
      photoURL: 'https://example.com/me.png',
      degree: 'BSc',
      cgpa: '3.75',
      address: '1 Spoke Street',
      number: '5550100',
      linkedin: 'https://www.linkedin.com/in/fuzzy',
    }),
  },
  'POST /checkout': {
    method: 'POST',
    path: () => '/checkout',
    callers: ['customer', 'admin'],
    valid: (f) => ({
      items: [{ partId: f.partId, quantity: 2 }],
      address: '1 Spoke Street',
      number: '5550100',
      country: 'US',
      saveAddress: true,
    }),
  },
  'POST /ordered/{id}/cancel': {
    method: 'POST',
    path: (f) => `/ordered/${f.cancellableOrderId}/cancel`,
    callers: ['customer', 'admin'],
    valid: () => ({}),
  },
  'POST /ordered/{id}/ship': {
    method: 'POST',
    path: (f) => `/ordered/${f.processingOrderId}/ship`,
    callers: ['admin'],
    valid: () => ({ carrier: 'DHL', trackingNumber: 'JD014600003828470001' }),
  },
  'POST /ordered/{id}/delivered': {
    method: 'POST',
    path: (f) => `/ordered/${f.shippedOrderId}/delivered`,
    callers: ['admin'],
    valid: () => ({}),
  },
  'POST /ordered/{id}/refund': {
    method: 'POST',
    path: (f) => `/ordered/${f.refundableOrderId}/refund`,
    callers: ['admin'],
    valid: () => ({ restock: true }),
  },
  'POST /ordered/{id}/returns': {
    method: 'POST',
    path: (f) => `/ordered/${f.deliveredOrderId}/returns`,
    callers: ['customer'],
    valid: () => ({ lines: [{ line: 0, quantity: 1, reason: 'damaged', note: 'Bent' }] }),
  },
  'POST /admin/returns/{id}/approve': {
    method: 'POST',
    path: (f) => `/admin/returns/${f.returnId}/approve`,
    callers: ['admin'],
    valid: () => ({ instructions: 'Post it to 1 Spoke Street' }),
  },
  'POST /admin/returns/{id}/refuse': {
    method: 'POST',
    path: (f) => `/admin/returns/${f.returnId}/refuse`,
    callers: ['admin'],
    valid: () => ({ reason: 'Used' }),
  },
  'POST /admin/returns/{id}/receive': {
    method: 'POST',
    path: (f) => `/admin/returns/${f.returnId}/receive`,
    callers: ['admin'],
    valid: () => ({}),
  },
  'PUT /admin/return-settings': {
    method: 'PUT',
    path: () => '/admin/return-settings',
    callers: ['admin'],
    valid: () => ({ windowDays: 30 }),
  },
  'PUT /cart/items/{partId}': {
    method: 'PUT',
    path: (f) => `/cart/items/${f.partId}`,
    callers: ['customer'],
    valid: () => ({ quantity: 2 }),
  },
  'DELETE /cart/items/{partId}': {
    method: 'DELETE',
    path: (f) => `/cart/items/${f.partId}`,
    callers: ['customer'],
    valid: () => ({}),
  },
  'POST /cart/merge': {
    method: 'POST',
    path: () => '/cart/merge',
    callers: ['customer'],
    valid: (f) => ({ items: [{ partId: f.partId, quantity: 1 }] }),
  },
  'PUT /profiles/me/address': {
    method: 'PUT',
    path: () => '/profiles/me/address',
    callers: ['customer'],
    valid: () => ({ name: 'Fuzzy Rider', address: '1 Spoke Street', number: '5550100' }),
  },
  'PUT /profiles/me/preferences': {
    method: 'PUT',
    path: () => '/profiles/me/preferences',
    callers: ['customer'],
    valid: () => ({ cartReminders: false }),
  },
  'POST /admin/pages': {
    method: 'POST',
    path: () => '/admin/pages',
    callers: ['admin'],
    valid: () => ({
      slug: 'fuzzed-page',
      title: 'Fuzzed page',
      description: 'A page the fuzzing writes.',
      footer: 'none',
      published: false,
      markdown: '# Fuzzed\n\nSome *text*.',
    }),
  },
  'PUT /admin/pages/{slug}': {
    method: 'PUT',
    path: () => '/admin/pages/fuzzed-page',
    callers: ['admin'],
    valid: () => ({
      slug: 'fuzzed-page',
      title: 'Fuzzed page, again',
      description: '',
      footer: 'legal',
      published: true,
      markdown: 'Written again.',
    }),
  },
  'DELETE /admin/pages/{slug}': {
    method: 'DELETE',
    path: () => '/admin/pages/fuzzed-page',
    callers: ['admin'],
    valid: () => ({}),
  },
  'PUT /admin/brand': {
    method: 'PUT',
    path: () => '/admin/brand',
    callers: ['admin'],
    valid: () => ({
      name: 'Fuzzed Cycles',
      accent: '#1565c0',
      logo: null,
      email: 'fuzzy@example.com',
      phone: '+1 555 0100',
      address: '1 Spoke Street',
      social: { instagram: 'https://www.instagram.com/fuzzed' },
    }),
  },
  'PUT /admin/mail-templates/{kind}': {
    method: 'PUT',
    path: () => '/admin/mail-templates/order_paid',
    callers: ['admin'],
    valid: () => ({ subject: 'Paid: {{orderNumber}}', body: 'Thanks, **{{customerName}}**.' }),
  },
  'DELETE /admin/mail-templates/{kind}': {
    method: 'DELETE',
    path: () => '/admin/mail-templates/order_paid',
    callers: ['admin'],
    valid: () => ({}),
  },
  'POST /admin/categories': {
    method: 'POST',
    path: () => '/admin/categories',
    callers: ['admin'],
    valid: () => ({ name: 'Fuzzed bags', specs: ['speeds'] }),
  },
  'PUT /admin/categories/order': {
    method: 'PUT',
    path: () => '/admin/categories/order',
    callers: ['admin'],
    valid: () => ({
      ids: [
        'drivetrain',
        'wheels-and-tyres',
        'brakes',
        'cockpit',
        'saddles',
        'pedals',
        'lights',
        'accessories',
      ],
    }),
  },
  'PATCH /admin/categories/{id}': {
    method: 'PATCH',
    path: () => '/admin/categories/lights',
    callers: ['admin'],
    valid: () => ({ name: 'Lights', specs: ['lightPosition', 'lumens'], hidden: false }),
  },
  'DELETE /admin/categories/{id}': {
    method: 'DELETE',
    path: () => '/admin/categories/fuzzed-nothing',
    callers: ['admin'],
    valid: () => ({}),
  },
  'POST /contact': {
    method: 'POST',
    path: () => '/contact',
    // Anyone may write; the address limit answers 429 once enough messages got through.
    callers: ['no one'],
    valid: () => ({
      name: 'Fuzzy Rider',
      email: 'fuzzy@example.com',
      subject: 'Spokes',
      message: 'Do you sell spokes?',
    }),
  },
  'POST /parts/{id}/alerts': {
    method: 'POST',
    path: (f) => `/parts/${f.soldOutPartId}/alerts`,
    // A guest names an address; a signed-in customer's is the account's.
    callers: ['no one', 'customer'],
    valid: () => ({ email: 'fuzzy@example.com', sku: 'CHAIN-1' }),
  },
  'POST /alerts/confirm': {
    method: 'POST',
    path: () => '/alerts/confirm',
    callers: ['no one'],
    valid: () => ({ token: 'a.mailed.link' }),
  },
  'POST /alerts/unsubscribe': {
    method: 'POST',
    path: () => '/alerts/unsubscribe',
    callers: ['no one'],
    valid: () => ({ token: 'a.mailed.link' }),
  },
  'PATCH /contact-messages/{id}': {
    method: 'PATCH',
    path: (f) => `/contact-messages/${f.contactMessageId}`,
    callers: ['admin'],
    valid: () => ({ handled: true }),
  },
  'PUT /user/admin/{email}': {
    method: 'PUT',
    path: (f) => `/user/admin/${enc(f.target.email)}`,
    callers: ['admin'],
    valid: () => ({ admin: true }),
  },
  'PUT /user/{email}': {
    method: 'PUT',
    path: (f) => `/user/${enc(f.customer.email)}`,
    // This call takes the Firebase ID token; it is rate-limited, and a 429 is a fine answer.
    callers: ['customer with an ID token'],
    valid: (f) => ({ email: f.customer.email }),
  },
  'PATCH /parts/{id}': {
    method: 'PATCH',
    path: (f) => `/parts/${f.partId}`,
    callers: ['admin'],
    valid: () => ({ price: 1300, description: 'Edited by the fuzz test.' }),
  },
  'POST /admin/sales/rebuild': {
    method: 'POST',
    path: () => '/admin/sales/rebuild',
    callers: ['admin'],
    valid: () => ({}),
  },
  'POST /admin/discounts': {
    method: 'POST',
    path: () => '/admin/discounts',
    callers: ['admin'],
    valid: () => ({ code: 'FUZZ10', type: 'percent', value: 10 }),
  },
  'DELETE /admin/discounts/{code}': {
    method: 'DELETE',
    path: () => '/admin/discounts/FUZZ10',
    callers: ['admin'],
    valid: () => ({}),
  },
  'POST /checkout/quote': {
    method: 'POST',
    path: () => '/checkout/quote',
    callers: ['customer', 'no one'],
    valid: (f) => ({ items: [{ partId: f.partId, quantity: 2 }], country: 'US', region: 'CA' }),
  },
  'POST /ordered/{id}/claim': {
    method: 'POST',
    path: (f) => `/ordered/${f.guestOrderId}/claim`,
    callers: ['customer'],
    valid: (f) => ({ orderToken: f.guestOrderToken }),
  },
  'DELETE /payment-methods/{id}': {
    method: 'DELETE',
    path: () => '/payment-methods/pm_fuzz',
    callers: ['customer'],
    valid: () => ({}),
  },
  'POST /payments/simulated/authenticate': {
    method: 'POST',
    path: () => '/payments/simulated/authenticate',
    callers: ['customer'],
    valid: (f) => ({ clientSecret: f.clientSecret, outcome: 'fail' }),
  },
  'PATCH /reviews/{id}': {
    method: 'PATCH',
    path: (f) => `/reviews/${f.reviewId}`,
    callers: ['customer'],
    valid: () => ({ review: 'Still runs smoothly.', rating: 5 }),
  },
  'DELETE /reviews/{id}': {
    method: 'DELETE',
    path: (f) => `/reviews/${f.doomedReviewId}`,
    callers: ['admin'],
    valid: () => ({ reason: 'Spam' }),
  },
  'POST /parts/{id}/views': {
    method: 'POST',
    path: (f) => `/parts/${f.partId}/views`,
    // Anyone's view counts; the address limit answers 429 once enough got through.
    callers: ['no one'],
    valid: () => ({}),
  },
  'POST /payments/webhook': {
    method: 'POST',
    path: () => '/payments/webhook',
    // The provider calls it: no token, and junk bodies carry no valid signature.
    callers: ['no one'],
    valid: (f) => ({
      id: 'evt_fuzz',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_fuzz', metadata: { orderId: f.unpaidOrderId } } },
    }),
  },
};

let api: Harness;
let fixtures: Fixtures;

async function placeOrder(user: TestUser, partId: string): Promise<string> {
  const placed = await api.request<{ insertedId: string }>('POST', '/ordered', {
    token: user.token,
    json: purchase(partId),
  });
  if (placed.status !== 201) throw new Error(`No order: ${JSON.stringify(placed.body)}`);
  return placed.body.insertedId;
}

beforeAll(async () => {
  // Without the per-customer order limits, every junk order reaches the body check (not a 429).
  api = await startApi({ env: MANY_ORDERS });
  const [customer, admin, target] = await Promise.all([
    api.customer('fuzz'),
    api.admin(),
    api.customer('fuzz-target'),
  ]);
  const partId = await api.addPart({ quantity: 100_000, order: 2 });
  const doomedPartId = await api.addPart();
  const soldOutPartId = await api.addPart({ quantity: 0 });
  const paidOrderId = await placeOrder(customer, partId);
  const paid = await api.pay(customer, paidOrderId);
  if (paid.status !== 200) throw new Error(`Not paid: ${JSON.stringify(paid.body)}`);
  const unpaidOrderId = await placeOrder(customer, partId);
  const intent = await api.request<{ clientSecret: string }>('POST', '/create-payment-intent', {
    token: customer.token,
    json: { orderId: unpaidOrderId },
  });
  const doomedOrderId = await placeOrder(customer, partId);
  const cancellableOrderId = await placeOrder(customer, partId);
  const paidOrder = async () => {
    const id = await placeOrder(customer, partId);
    await api.pay(customer, id);
    return id;
  };
  const processingOrderId = await paidOrder();
  const shippedOrderId = await paidOrder();
  const refundableOrderId = await paidOrder();
  for (const id of [processingOrderId, shippedOrderId]) {
    await api.request('PUT', `/ordered/${id}`, { token: admin.token, json: { delivertext: true } });
  }
  await api.request('POST', `/ordered/${shippedOrderId}/ship`, {
    token: admin.token,
    json: { carrier: 'DHL', trackingNumber: 'JD014600003828470001' },
  });
  const deliveredOrderId = await paidOrder();
  for (const [path, json] of [
    [`/ordered/${deliveredOrderId}`, { delivertext: true }],
    [
      `/ordered/${deliveredOrderId}/ship`,
      { carrier: 'DHL', trackingNumber: 'JD014600003828470001' },
    ],
    [`/ordered/${deliveredOrderId}/delivered`, {}],
  ] as const) {
    await api.request(path.endsWith(deliveredOrderId) ? 'PUT' : 'POST', path, {
      token: admin.token,
      json,
    });
  }
  const asked = await api.request<{ _id: string }>('POST', `/ordered/${deliveredOrderId}/returns`, {
    token: customer.token,
    json: { lines: [{ line: 0, quantity: 1, reason: 'damaged' }] },
  });
  if (asked.status !== 201) throw new Error(`No return: ${JSON.stringify(asked.body)}`);
  const contact = await api.request<{ insertedId: string }>('POST', '/contact', {
    json: { name: 'Ada', email: 'ada@example.com', message: 'Hello' },
    headers: { 'x-forwarded-for': '192.0.2.1' },
  });
  const guestOrder = await api.request<{ insertedId: string; orderToken?: string }>(
    'POST',
    '/checkout',
    {
      json: {
        items: [{ partId, quantity: 2 }],
        name: 'Fuzzy Guest',
        email: customer.email,
        address: '1 Spoke Street',
        number: '5550100',
        country: 'US',
      },
      headers: { 'x-forwarded-for': '192.0.2.2' },
    },
  );
  if (guestOrder.status !== 201)
    throw new Error(`No guest order: ${JSON.stringify(guestOrder.body)}`);
  // One review a part for each customer: the second is of another part the customer bought.
  const review = async (part: string) => {
    const posted = await api.request<{ insertedId: string }>('POST', '/reviews', {
      token: customer.token,
      json: {
        partId: part,
        productName: 'Chain',
        img: '/parts/chain.svg',
        review: 'Runs smoothly.',
        rating: 4,
      },
    });
    if (posted.status !== 201) throw new Error(`No review: ${JSON.stringify(posted.body)}`);
    return posted.body.insertedId;
  };
  const secondPartId = await api.addPart({ quantity: 100, order: 2 });
  await api.pay(customer, await placeOrder(customer, secondPartId));
  fixtures = {
    guestOrderId: guestOrder.body.insertedId,
    guestOrderToken: guestOrder.body.orderToken ?? '',
    reviewId: await review(partId),
    doomedReviewId: await review(secondPartId),
    cancellableOrderId,
    processingOrderId,
    shippedOrderId,
    refundableOrderId,
    deliveredOrderId,
    returnId: asked.body._id,
    contactMessageId: contact.body.insertedId,
    customer,
    admin,
    partId,
    doomedPartId,
    soldOutPartId,
    unpaidOrderId,
    clientSecret: intent.body.clientSecret,
    paidOrderId,
    doomedOrderId,
    target,
  };
});
afterAll(async () => {
  await api?.close();
});

interface Answer {
  status: number;
  text: string;
}

async function send(
  method: string,
  path: string,
  token: string | undefined,
  raw: string,
): Promise<Answer> {
  const response = await fetch(`${api.url}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: raw,
  });
  return { status: response.status, text: await response.text() };
}

const shorten = (text: string) =>
  text.length > 160 ? `${text.slice(0, 160)}… (${text.length} chars)` : text;

/**
 * Routes that write but read no JSON body the junk could reach, and why: their bodies are files,
 * checked by their own tests with junk files.
 */
const NOT_JSON: Record<string, string> = {
  'POST /parts/images': 'an image file (images.test.ts)',
  'POST /admin/parts/import': 'a CSV file (parts-csv.test.ts)',
  'POST /admin/brand/logo': 'an image file (brand.test.ts)',
};

/** A route as the router or ENDPOINTS names it, with its parameters' names left out. */
const routeShape = (route: string) => route.replace(/ \(.*\)$/, '').replace(/\{\w+\}|:\w+/g, '{}');

describe('junk bodies', () => {
  it('go to every route that writes, as the router lists them', () => {
    const fuzzed = new Set(Object.keys(ENDPOINTS).map(routeShape));
    const writes = api.routes
      // `/*` is middleware (the body limit, the JSON check), not a route.
      .filter(
        ({ method, path }) =>
          ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && !path.endsWith('*'),
      )
      .map(({ method, path }) => `${method} ${path.slice(API_BASE.length)}`);
    expect(writes).toContain('POST /checkout');
    expect(
      [...new Set(writes)].filter(
        (route) => !fuzzed.has(routeShape(route)) && !(route in NOT_JSON),
      ),
    ).toEqual([]);
  });

  it.each(Object.entries(ENDPOINTS))(
    'never get a 5xx from %s',
    async (name, endpoint) => {
      const path = endpoint.path(fixtures);
      const bodies = junkBodiesFor(endpoint.valid(fixtures));
      expect(bodies.length).toBeGreaterThanOrEqual(50);
      const failures: string[] = [];
      // A 401 or 403 would mean the junk never reached the body check: the test would prove nothing.
      const turnedAway: string[] = [];
      for (const caller of endpoint.callers) {
        const token = tokenOf(caller, fixtures);
        for (const raw of bodies) {
          const call = `${name} as ${caller}: ${shorten(raw)}`;
          let response: Answer;
          try {
            response = await send(endpoint.method, path, token, raw);
          } catch (error) {
            // A dropped connection is a failure as much as a 500 is.
            failures.push(
              `${call} → no answer (${String(error)}, ${String((error as Error).cause)})`,
            );
            continue;
          }
          const answer = `${call} → ${response.status}`;
          if (response.status >= 500) failures.push(`${answer} ${shorten(response.text)}`);
          if (response.status === 401 || response.status === 403) turnedAway.push(answer);
        }
      }
      expect(failures).toEqual([]);
      expect(turnedAway).toEqual([]);
      // POST /parts sends some hundred junk bodies per caller since the merchandising fields: on a
      // busy machine that took past the suite's 30 s (scaled) per test.
    },
    deadline(90_000),
  );
});
