/**
 * Guest orders spend no one else's allowances (issue 33 item 3, docs/decisions/080): a stranger's
 * guest checkouts with a customer's address count among guests, by the mailbox typed and the
 * network address, never against the customer's unpaid orders, mails or once-per-customer codes;
 * and such an order joins an account only when the account proves the address (verified) and the
 * order (its private link).
 */
import {
  ORDER_TOKEN_HEADER,
  guestClaimMessages,
  orderMessages,
  type ApiErrorBody,
  type CheckoutResult,
  type ClaimOrderResult,
  type DiscountCode,
  type Order,
} from '@sprocket/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { newNetworkAddress } from '../../testing/network-address.js';
import type { MailDoc } from '../mail/mail.service.js';
import type { OrderDoc } from './order-record.js';

let api: Harness;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi();
  admin = await api.admin();
});
afterAll(async () => {
  await api?.close();
});

/** Where the orders go: a country, in a shop that has set no shipping methods. */
const delivery = { address: '1 Chainring Road, Gearford', number: '+1 555 0100', country: 'US' };
const unique = () => randomBytes(4).toString('hex');
const items = (partId: string) => [{ partId, quantity: 1 }];

type Answer = CheckoutResult & ApiErrorBody;

const asGuest = (email: string, json: Record<string, unknown>, from = newNetworkAddress()) =>
  api.request<Answer>('POST', '/checkout', {
    json: { ...delivery, name: 'Sam Stranger', ...json, email },
    headers: { 'x-forwarded-for': from },
  });

const asCustomer = (customer: TestUser, json: Record<string, unknown>) =>
  api.request<Answer>('POST', '/checkout', {
    token: customer.token,
    json: { ...delivery, ...json },
  });

const myOrders = async (customer: TestUser) =>
  (
    await api.request<Order[]>('GET', `/ordered?email=${encodeURIComponent(customer.email)}`, {
      token: customer.token,
    })
  ).body.map((order) => order._id);

const claim = (customer: TestUser, orderId: string, orderToken: string) =>
  api.request<ClaimOrderResult & ApiErrorBody>('POST', `/ordered/${orderId}/claim`, {
    token: customer.token,
    json: { orderToken },
  });

const newCode = async () => {
  const code = `ONCE${unique()}`.toUpperCase();
  const created = await api.request<DiscountCode>('POST', '/admin/discounts', {
    token: admin.token,
    json: { code, type: 'percent', value: 10, oncePerCustomer: true },
  });
  expect(created.status).toBe(201);
  return code;
};

const used = (code: string) => `You have already used the code ${code}.`;

describe("a stranger's guest orders with a customer's address", () => {
  it("leave the customer's unpaid orders and mails alone; guests' own cap still holds", async () => {
    const partId = await api.addPart({ order: 1, quantity: 100 });
    const victim = await api.customer('victim');
    const stranger = newNetworkAddress();
    for (let n = 0; n < 3; n += 1) {
      expect((await asGuest(victim.email, { items: items(partId) }, stranger)).status).toBe(201);
    }
    // Guests typing that address hold 3, from wherever they come.
    const fourth = await asGuest(victim.email.toUpperCase(), { items: items(partId) });
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe(orderMessages.tooManyUnpaid(3));

    // The customer's own three, each mailed: three guest mails took none of the five a day.
    for (let n = 0; n < 3; n += 1) {
      const own = await asCustomer(victim, { items: items(partId) });
      expect(own.status).toBe(201);
      const mailed = await api.store.get<MailDoc>('mail', `${own.body.insertedId}-order_placed`);
      expect(mailed?.data.to).toBe(victim.email);
    }
    const fourthOwn = await asCustomer(victim, { items: items(partId) });
    expect(fourthOwn.body.error.message).toBe(orderMessages.tooManyUnpaid(3));
  });

  it("do not spend the customer's once-per-customer code", async () => {
    const partId = await api.addPart({ order: 1, quantity: 100, price: 1000 });
    const code = await newCode();
    const victim = await api.customer('code-victim');
    const byStranger = await asGuest(victim.email, { items: items(partId), discountCode: code });
    expect(byStranger.status).toBe(201);
    expect(byStranger.body.order.discount).toBe(100);

    const own = await asCustomer(victim, { items: items(partId), discountCode: code });
    expect(own.status).toBe(201);
    expect(own.body.order.discount).toBe(100);
    // Once for the customer, as ever.
    const again = await asCustomer(victim, { items: items(partId), discountCode: code });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(used(code));
  });

  it("count a guest's use among guests, by the mailbox typed and by the network address", async () => {
    const partId = await api.addPart({ order: 1, quantity: 100, price: 1000 });
    const code = await newCode();
    const [here, there, elsewhere] = [
      newNetworkAddress(),
      newNetworkAddress(),
      newNetworkAddress(),
    ];
    const first = `guest-${unique()}@example.com`;
    const second = `guest-${unique()}@example.com`;
    expect((await asGuest(first, { items: items(partId), discountCode: code }, here)).status).toBe(
      201,
    );
    for (const [email, from] of [
      [first, there],
      [first.replace('@', '+again@'), elsewhere],
      [second, here],
    ] as const) {
      const refused = await asGuest(email, { items: items(partId), discountCode: code }, from);
      expect({ email, from, status: refused.status, message: refused.body.error?.message }).toEqual(
        {
          email,
          from,
          status: 409,
          message: used(code),
        },
      );
    }
    expect(
      (await asGuest(second, { items: items(partId), discountCode: code }, there)).status,
    ).toBe(201);
  });
});

describe('claiming a guest order', () => {
  it('keeps it out of My Orders until a verified account at its address claims it with its link', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const email = `claimer-${unique()}@example.com`;
    const placed = await asGuest(email, { items: items(partId) });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId;
    const link = placed.body.orderToken ?? '';
    expect(placed.body.order.guest).toBe(true);

    // Unverified: not listed, and refused in plain words.
    const account = await api.signUp('claimer', { email });
    const unverified: TestUser = { ...account, token: await api.tokenFor(account) };
    expect(await myOrders(unverified)).not.toContain(id);
    const early = await claim(unverified, id, link);
    expect(early.status).toBe(403);
    expect(early.body.error.message).toBe(guestClaimMessages.unverified);

    // Verified, the address alone still brings nothing: neither the sign-in nor My Orders.
    const idToken = await api.verifyEmail(account);
    const verified: TestUser = {
      ...account,
      idToken,
      token: await api.tokenFor({ ...account, idToken }),
    };
    expect(await myOrders(verified)).not.toContain(id);
    expect((await api.request('GET', `/ordered/${id}`, { token: verified.token })).status).toBe(
      403,
    );

    // The link must be this order's, and a real one.
    const other = await asGuest(email, { items: items(partId) });
    const wrongLink = await claim(verified, id, other.body.orderToken ?? '');
    expect(wrongLink.status).toBe(403);
    expect(wrongLink.body.error.message).toBe('This order link is for another order');
    const forged = await claim(verified, id, 'not-a-link');
    expect(forged.status).toBe(422);
    expect(forged.body.error.fields).toEqual({
      orderToken: 'This order link is not valid or has expired',
    });
    expect(
      (
        await api.request<ApiErrorBody>('POST', `/ordered/${id}/claim`, {
          headers: { [ORDER_TOKEN_HEADER]: link },
          json: { orderToken: link },
        })
      ).status,
    ).toBe(401);

    const claimed = await claim(verified, id, link);
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ acknowledged: true, claimed: true, order: { _id: id } });
    expect(claimed.body.order.guest).toBeUndefined();
    expect(await myOrders(verified)).toContain(id);
    // Only the order claimed: the other guest order stays the guests'.
    expect(await myOrders(verified)).not.toContain(other.body.insertedId);
    expect((await api.request('GET', `/ordered/${id}`, { token: verified.token })).status).toBe(
      200,
    );
    expect((await api.store.get<OrderDoc>('orders', id))?.data).toMatchObject({
      uid: account.uid,
      guest: false,
    });
    // Again changes nothing; the link still opens the order.
    expect((await claim(verified, id, link)).body).toMatchObject({ claimed: false });
    const byLink = await api.request('GET', `/ordered/${id}`, {
      headers: { [ORDER_TOKEN_HEADER]: link },
    });
    expect(byLink.status).toBe(200);
  });

  it('refuses an account at another address, and an order that is an account’s already', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10 });
    const owner = await api.customer('claim-owner');
    const stranger = await api.customer('claim-stranger');
    const placed = await asGuest(owner.email, { items: items(partId) });
    const link = placed.body.orderToken ?? '';

    const refused = await claim(stranger, placed.body.insertedId, link);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(guestClaimMessages.otherAddress);
    expect(await myOrders(stranger)).not.toContain(placed.body.insertedId);

    expect((await claim(owner, placed.body.insertedId, link)).status).toBe(200);
    const late = await claim(stranger, placed.body.insertedId, link);
    expect(late.status).toBe(403);
    expect(late.body.error.message).toBe(guestClaimMessages.otherAccount);
  });

  it("counts a claimed unpaid order among the account's unpaid orders, no longer among the guests'", async () => {
    const partId = await api.addPart({ order: 1, quantity: 100 });
    const customer = await api.customer('claims-unpaid');
    const guestOrders: Answer[] = [];
    for (let n = 0; n < 3; n += 1) {
      guestOrders.push((await asGuest(customer.email, { items: items(partId) })).body);
    }
    const [first] = guestOrders;
    expect((await claim(customer, first?.insertedId ?? '', first?.orderToken ?? '')).status).toBe(
      200,
    );
    // The account holds it and may place two more; guests at the address one more.
    expect((await asCustomer(customer, { items: items(partId) })).status).toBe(201);
    expect((await asCustomer(customer, { items: items(partId) })).status).toBe(201);
    const over = await asCustomer(customer, { items: items(partId) });
    expect(over.body.error.message).toBe(orderMessages.tooManyUnpaid(3));
    expect((await asGuest(customer.email, { items: items(partId) })).status).toBe(201);
    expect((await asGuest(customer.email, { items: items(partId) })).status).toBe(409);
  });
});

describe('guests from one network address', () => {
  it('hold at most ten times the unpaid orders of one customer, whatever addresses they type', async () => {
    const partId = await api.addPart({ order: 1, quantity: 200 });
    const from = newNetworkAddress();
    // SHOP_ORDERS_PER_MINUTE is 10: each ten in a minute of their own.
    for (let minute = 0; minute < 3; minute += 1) {
      api.startRateWindow(60_000);
      for (let n = 0; n < 10; n += 1) {
        const placed = await asGuest(
          `many-${unique()}@example.com`,
          { items: items(partId) },
          from,
        );
        expect(placed.status).toBe(201);
      }
    }
    api.startRateWindow(60_000);
    const over = await asGuest(`many-${unique()}@example.com`, { items: items(partId) }, from);
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(orderMessages.tooManyUnpaidFromAddress(30));
    // A customer at that network address is not a guest there.
    const customer = await api.customer('same-address');
    const own = await api.request('POST', '/checkout', {
      token: customer.token,
      json: { ...delivery, items: items(partId) },
      headers: { 'x-forwarded-for': from },
    });
    expect(own.status).toBe(201);
  });

  it("give a guest's code use back when the order is not paid in time", async () => {
    const partId = await api.addPart({ order: 1, quantity: 100, price: 1000 });
    const code = await newCode();
    const email = `expiring-${unique()}@example.com`;
    const from = newNetworkAddress();
    expect((await asGuest(email, { items: items(partId), discountCode: code }, from)).status).toBe(
      201,
    );
    expect((await asGuest(email, { items: items(partId), discountCode: code }, from)).status).toBe(
      409,
    );
    api.advanceClock(24 * 60 * 60_000);
    expect(await api.sweep()).toBeGreaterThan(0);
    expect((await asGuest(email, { items: items(partId), discountCode: code }, from)).status).toBe(
      201,
    );
  });
});
