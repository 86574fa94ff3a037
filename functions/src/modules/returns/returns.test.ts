/**
 * Returns a customer asks for (issue 37 item 2, docs/decisions/098), over HTTP on the store the
 * suite runs on: the customer (or a guest with the order's link) asks, an admin approves or
 * refuses, and receives the parts, which refunds what was paid for them with their stock back.
 * Each step is on the order's timeline, mailed and in the audit log; each refusal is a plain error.
 */
import {
  ORDER_TOKEN_HEADER,
  type AuditEntry,
  type CheckoutResult,
  type Order,
  type OrderReturn,
  type ReturnSettings,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { newNetworkAddress } from '../../testing/network-address.js';
import type { MailDoc } from '../mail/mail.service.js';

let api: Harness;
let customer: TestUser;
let stranger: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [customer, stranger, admin] = await Promise.all([
    api.customer('returns'),
    api.customer('returns-stranger'),
    api.admin(),
  ]);
});
afterAll(async () => {
  await api?.close();
});

const DAY = 24 * 60 * 60_000;
type Answer<T> = T & { error?: { code: string; message: string; fields?: Record<string, string> } };

/** Takes an order of `token`'s caller from paid to delivered, as the admin does. */
async function deliver(id: string) {
  const steps: [string, string, unknown][] = [
    ['PUT', `/ordered/${id}`, { delivertext: true }],
    ['POST', `/ordered/${id}/ship`, { carrier: 'Bike Courier', trackingNumber: 'BC-1234' }],
    ['POST', `/ordered/${id}/delivered`, {}],
  ];
  for (const [method, path, json] of steps) {
    expect((await api.request(method, path, { token: admin.token, json })).status).toBe(200);
  }
}

/** A delivered order of the customer: 3 × part A at $12.00 (line 0) and 1 × part B at $40.00. */
async function deliveredOrder(user: TestUser = customer) {
  const [a, b] = await Promise.all([
    api.addPart({ order: 1, quantity: 10, price: 1200, productName: 'Return chain' }),
    api.addPart({ order: 1, quantity: 10, price: 4000, productName: 'Return saddle' }),
  ]);
  const placed = await api.checkout(user, [
    { partId: a, quantity: 3 },
    { partId: b, quantity: 1 },
  ]);
  expect(placed.status).toBe(201);
  const id = placed.body.insertedId;
  expect((await api.pay(user, id)).status).toBe(200);
  await deliver(id);
  return { id, parts: [a, b] };
}

const ask = (
  id: string,
  lines: unknown,
  options: { token?: string; link?: string; retryWhileBusy?: boolean } = {},
) =>
  api.request<Answer<OrderReturn>>('POST', `/ordered/${id}/returns`, {
    json: { lines },
    retryWhileBusy: options.retryWhileBusy,
    ...(options.link
      ? { headers: { [ORDER_TOKEN_HEADER]: options.link } }
      : { token: options.token ?? customer.token }),
  });

const adminStep = (id: string, step: 'approve' | 'refuse' | 'receive', json: unknown = {}) =>
  api.request<Answer<OrderReturn>>('POST', `/admin/returns/${id}/${step}`, {
    token: admin.token,
    json,
  });

const orderOf = async (id: string, token = customer.token) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token })).body;

const mailOf = async (id: string) => (await api.store.get<MailDoc>('mail', id))?.data;

const auditOf = async (orderId: string) =>
  (
    await api.request<AuditEntry[]>('GET', `/admin/audit?q=${orderId}`, { token: admin.token })
  ).body.filter((entry) => entry.targetId === orderId);

describe('a return, step by step', () => {
  let orderId: string;
  let parts: string[];
  let returned: OrderReturn;

  it('the customer asks to return units of a delivered order, with a reason and a note', async () => {
    ({ id: orderId, parts } = await deliveredOrder());
    const asked = await ask(orderId, [
      { line: 0, quantity: 2, reason: 'too_small', note: 'Fits a 10-speed, mine is 12' },
    ]);
    expect(asked.status).toBe(201);
    returned = asked.body;
    expect(returned).toMatchObject({
      orderId,
      status: 'asked',
      email: customer.email,
      lines: [
        {
          line: 0,
          partName: 'Return chain',
          quantity: 2,
          reason: 'too_small',
          note: 'Fits a 10-speed, mine is 12',
        },
      ],
      // What was paid for two units: no code, no tax, free shipping.
      amount: 2400,
    });

    const order = await orderOf(orderId);
    expect(order.status).toBe('delivered');
    expect(order.returns).toEqual([returned]);
    expect(Date.parse(order.returnableUntil ?? '')).toBe(
      Date.parse(order.completedAt ?? '') + 30 * DAY,
    );
    expect(order.timeline.at(-1)).toMatchObject({
      status: 'delivered',
      actor: 'customer',
      returnStep: 'asked',
      note: '2 × Return chain (Too small)',
    });

    const mail = await mailOf(`${orderId}-return_asked-${returned._id}`);
    expect(mail).toMatchObject({ to: customer.email, kind: 'return_asked' });
    expect(mail?.message.text).toContain('Fits a 10-speed, mine is 12');
    expect(await mailOf(`${returned._id}-shop_return_asked`)).toMatchObject({
      kind: 'shop_return_asked',
      replyTo: customer.email,
    });
    expect((await auditOf(orderId)).map((entry) => entry.kind)).toContain('order.returnAsked');
  });

  it('lists it for the admins, by step', async () => {
    const asked = await api.request<OrderReturn[]>('GET', '/admin/returns?status=asked', {
      token: admin.token,
    });
    expect(asked.status).toBe(200);
    expect(asked.body.map((one) => one._id)).toContain(returned._id);
    const approved = await api.request<OrderReturn[]>('GET', '/admin/returns?status=approved', {
      token: admin.token,
    });
    expect(approved.body.map((one) => one._id)).not.toContain(returned._id);
    const all = await api.request<OrderReturn[]>('GET', '/admin/returns', { token: admin.token });
    expect(all.body.map((one) => one._id)).toContain(returned._id);

    expect(
      (await api.request('GET', '/admin/returns?status=lost', { token: admin.token })).status,
    ).toBe(422);
    expect((await api.request('GET', '/admin/returns', { token: customer.token })).status).toBe(
      403,
    );
  });

  it('refuses a second return of the same units (409), and takes the units left', async () => {
    const again = await ask(orderId, [{ line: 0, quantity: 2, reason: 'damaged' }]);
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('Return chain: only 1 not already in a return');
    const left = await ask(orderId, [{ line: 0, quantity: 1, reason: 'changed_mind' }]);
    expect(left.status).toBe(201);
    // The admin refuses that one with a reason: its unit may be asked for again.
    const refused = await adminStep(left.body._id, 'refuse', { reason: 'Opened and used' });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status: 'refused', refusal: 'Opened and used' });
    const mail = await mailOf(`${orderId}-return_refused-${left.body._id}`);
    expect(mail?.message.text).toContain('Opened and used');
    expect((await orderOf(orderId)).timeline.at(-1)).toMatchObject({
      actor: 'admin',
      returnStep: 'refused',
      note: 'Reason: Opened and used',
    });
    expect((await adminStep(left.body._id, 'approve', { instructions: 'Send it' })).status).toBe(
      409,
    );
  });

  it('the admin approves with instructions, mailed to the customer', async () => {
    expect((await adminStep(returned._id, 'receive')).status).toBe(409);
    const approved = await adminStep(returned._id, 'approve', {
      instructions: 'Post them to Sprocket Returns, 1 Spoke Street, with the order number.',
    });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', approvedAt: expect.any(String) });
    const mail = await mailOf(`${orderId}-return_approved-${returned._id}`);
    expect(mail?.to).toBe(customer.email);
    expect(mail?.message.text).toContain('Post them to Sprocket Returns, 1 Spoke Street');
    expect(mail?.message.text).toContain('$24.00');
    expect((await adminStep(returned._id, 'approve', { instructions: 'Again' })).status).toBe(409);
    expect((await adminStep(returned._id, 'refuse', { reason: 'No' })).status).toBe(409);
    const blank = await adminStep(returned._id, 'approve', { instructions: '  ' });
    expect(blank.status).toBe(422);
  });

  it('receives the parts: refunds what was paid for them and puts them back on the shelf', async () => {
    const before = await api.stockOf(parts[0]!);
    const received = await adminStep(returned._id, 'receive');
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({
      status: 'received',
      amount: 2400,
      refundId: expect.stringMatching(/^re_/),
      receivedAt: expect.any(String),
    });
    expect(await api.stockOf(parts[0]!)).toBe(before + 2);

    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'delivered', refunded: 2400, refundState: 'partial' });
    expect(order.refunds).toEqual([
      expect.objectContaining({
        refundId: received.body.refundId,
        amount: 2400,
        lines: [{ line: 0, quantity: 2 }],
        restocked: true,
      }),
    ]);
    expect(order.timeline.at(-1)).toMatchObject({
      actor: 'admin',
      returnStep: 'received',
      note: '2 × Return chain (Too small); $24.00 refunded; stock returned',
    });
    const mail = await mailOf(`${orderId}-return_received-${returned._id}`);
    expect(mail?.message.text).toContain('refunded $24.00');
    expect((await auditOf(orderId)).map((entry) => entry.kind)).toEqual(
      expect.arrayContaining([
        'order.returnAsked',
        'order.returnRefused',
        'order.returnApproved',
        'order.returnReceived',
        'order.refund',
      ]),
    );
    // Received once: the parts are not refunded twice.
    expect((await adminStep(returned._id, 'receive')).status).toBe(409);
    // The refunded units cannot be asked back again; the one unit left can.
    expect((await ask(orderId, [{ line: 0, quantity: 2, reason: 'other' }])).status).toBe(422);
  });
});

describe('what a return refuses', () => {
  it('an order not delivered yet (409)', async () => {
    const part = await api.addPart({ order: 1, quantity: 5, price: 1000 });
    const placed = await api.checkout(customer, [{ partId: part, quantity: 1 }]);
    const id = placed.body.insertedId;
    expect((await api.pay(customer, id)).status).toBe(200);
    const refused = await ask(id, [{ line: 0, quantity: 1, reason: 'damaged' }]);
    expect(refused.status).toBe(409);
    expect(refused.body.error?.message).toBe('Only a delivered order can be returned');
    expect((await orderOf(id)).returnableUntil).toBeUndefined();
  });

  it("somebody else's order (403), and no token (401)", async () => {
    const { id } = await deliveredOrder();
    const refused = await ask(id, [{ line: 0, quantity: 1, reason: 'damaged' }], {
      token: stranger.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe(
      'Only the customer of this order can ask to return it',
    );
    const admins = await ask(id, [{ line: 0, quantity: 1, reason: 'damaged' }], {
      token: admin.token,
    });
    expect(admins.status).toBe(403);
    const none = await api.request('POST', `/ordered/${id}/returns`, {
      json: { lines: [{ line: 0, quantity: 1, reason: 'damaged' }] },
    });
    expect(none.status).toBe(401);
    expect((await ask('no-such-order', [{ line: 0, quantity: 1, reason: 'damaged' }])).status).toBe(
      404,
    );
  });

  it('bad lines and quantities (422), writing nothing', async () => {
    const { id } = await deliveredOrder();
    const before = await api.snapshot();
    const cases: [unknown, string][] = [
      [[], 'Choose at least one part to return'],
      [[{ line: 0, quantity: 0, reason: 'damaged' }], 'Return at least 1'],
      [[{ line: 0, quantity: 1.5, reason: 'damaged' }], 'Quantity must be a whole number'],
      [[{ line: 0, quantity: 1, reason: 'bored' }], 'Choose a reason'],
      [[{ line: 5, quantity: 1, reason: 'damaged' }], 'This order has no such line'],
      [[{ line: 0, quantity: 4, reason: 'damaged' }], 'Return chain: at most 3 can be returned'],
      [
        [
          { line: 1, quantity: 1, reason: 'damaged' },
          { line: 1, quantity: 1, reason: 'other' },
        ],
        'Each line once',
      ],
      [[{ line: 0, quantity: 1, reason: 'other', note: 'x'.repeat(501) }], 'Note must be at most'],
    ];
    for (const [lines, message] of cases) {
      const refused = await ask(id, lines);
      expect(refused.status, JSON.stringify(lines)).toBe(422);
      expect(refused.body.error?.message).toContain(message);
    }
    expect(await api.snapshot()).toEqual(before);
  });

  it('two returns of the same units asked at once: one is taken, the other refused (409)', async () => {
    const { id } = await deliveredOrder();
    // Asked again after a 503's Retry-After, as the web client does: on a busy Firestore all four
    // transactions may be turned away at first, and a refusal must then still be a 409.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        ask(id, [{ line: 1, quantity: 1, reason: 'wrong_part' }], { retryWhileBusy: true }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    expect((await orderOf(id)).returns).toHaveLength(1);
  });

  it('admins only for the admin steps, and a return that does not exist is a 404', async () => {
    const { id } = await deliveredOrder();
    const asked = await ask(id, [{ line: 0, quantity: 1, reason: 'damaged' }]);
    for (const step of ['approve', 'refuse', 'receive'] as const) {
      const mine = await api.request('POST', `/admin/returns/${asked.body._id}/${step}`, {
        token: customer.token,
        json: { instructions: 'x', reason: 'x' },
      });
      expect(mine.status).toBe(403);
    }
    expect((await adminStep('no-such-return', 'approve', { instructions: 'x' })).status).toBe(404);
    expect((await adminStep('no-such-return', 'receive')).status).toBe(404);
  });
});

describe("a guest's return through the order's link", () => {
  it('asks with the link; another order link is refused', async () => {
    const part = await api.addPart({
      order: 1,
      quantity: 5,
      price: 1500,
      productName: 'Guest tyre',
    });
    const placed = await api.request<CheckoutResult>('POST', '/checkout', {
      json: {
        items: [{ partId: part, quantity: 2 }],
        address: '1 Chainring Road, Gearford',
        number: '+1 555 0100',
        country: 'US',
        email: `guest-returns-${Date.now()}@example.com`,
        name: 'Grace Guest',
      },
      headers: { 'x-forwarded-for': newNetworkAddress() },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId;
    const link = placed.body.orderToken ?? '';
    const paid = await api.request<{ transactionId: string }>(
      'POST',
      '/payments/simulated/confirm',
      {
        json: {
          clientSecret: placed.body.payment?.clientSecret,
          cardNumber: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        },
        headers: { [ORDER_TOKEN_HEADER]: link },
      },
    );
    expect(paid.status).toBe(200);
    await deliver(id);

    const { id: other } = await deliveredOrder();
    expect((await ask(other, [{ line: 0, quantity: 1, reason: 'other' }], { link })).status).toBe(
      403,
    );
    const asked = await ask(id, [{ line: 0, quantity: 1, reason: 'damaged', note: 'Split' }], {
      link,
    });
    expect(asked.status).toBe(201);
    const seen = await api.request<Order>('GET', `/ordered/${id}`, {
      headers: { [ORDER_TOKEN_HEADER]: link },
    });
    expect(seen.body.returns?.map((one) => one.status)).toEqual(['asked']);
    // The guest's mail carries a fresh link to the order's page, where the return shows.
    const mail = await mailOf(`${id}-return_asked-${asked.body._id}`);
    expect(mail?.message.text).toContain(`${api.publicUrl}/checkout/order/${id}#token=`);
    const entry = (await auditOf(id)).find((one) => one.kind === 'order.returnAsked');
    expect(entry).toMatchObject({ byUid: 'guest', byEmail: seen.body.email });
  });
});

describe('the return window', () => {
  it('is 30 days after delivery unless the owner sets it; outside it a return is refused (409)', async () => {
    const { id } = await deliveredOrder();
    const settings = await api.request<ReturnSettings>('GET', '/admin/return-settings', {
      token: admin.token,
    });
    expect(settings.body).toEqual({ windowDays: 30 });
    expect(
      (
        await api.request('PUT', '/admin/return-settings', {
          token: admin.token,
          json: { windowDays: 400 },
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await api.request('PUT', '/admin/return-settings', {
          token: customer.token,
          json: { windowDays: 40 },
        })
      ).status,
    ).toBe(403);

    api.advanceClock(31 * DAY);
    // A day past the window: the tokens of a month ago have long expired.
    const [token, adminToken] = await Promise.all([api.tokenFor(customer), api.tokenFor(admin)]);
    const late = await ask(id, [{ line: 0, quantity: 1, reason: 'damaged' }], { token });
    expect(late.status).toBe(409);
    expect(late.body.error?.message).toMatch(
      /^The time to return this order ended on \d+ \w+ \d{4}$/,
    );

    const longer = await api.request<ReturnSettings>('PUT', '/admin/return-settings', {
      token: adminToken,
      json: { windowDays: 40 },
    });
    expect(longer.body).toEqual({ windowDays: 40 });
    expect((await ask(id, [{ line: 0, quantity: 1, reason: 'damaged' }], { token })).status).toBe(
      201,
    );
    const audit = await api.request<AuditEntry[]>('GET', '/admin/audit?kind=returns.changed', {
      token: adminToken,
    });
    expect(audit.body[0]).toMatchObject({
      targetName: 'Return window',
      before: { windowDays: 30 },
      after: { windowDays: 40 },
    });
  });
});
