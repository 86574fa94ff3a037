/**
 * Guest checkout (issue 25 item 7, docs/decisions/066): an order without an account, its private
 * link (for that order only, for 30 days), the limits per email and per address, and a retry by
 * Idempotency-Key. How such an order joins an account, and what it does not count against, is in
 * guest-allowances.test.ts.
 */
import type { CheckoutResult, Order, PaymentIntentResult } from '@sprocket/contract';
import { ORDER_TOKEN_HEADER } from '@sprocket/contract';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type PartFields } from '../../testing/api-harness.js';
import type { MailDoc } from '../mail/mail.service.js';
import type { OrderDoc } from './order-record.js';
import { newNetworkAddress } from '../../testing/network-address.js';

let api: Harness;

beforeAll(async () => {
  api = await startApi();
});
afterAll(async () => {
  await api?.close();
});

const DAY = 24 * 60 * 60_000;
/** Where the orders go: a country, in a shop that has set no shipping methods. */
const delivery = { address: '1 Chainring Road, Gearford', number: '+1 555 0100', country: 'US' };
const unique = () => randomBytes(4).toString('hex');
const guestEmail = (label: string) => `Guest-${label}-${unique()}@Example.com`;
const fromAddress = () => ({ 'x-forwarded-for': newNetworkAddress() });

const guestCheckout = (
  email: string,
  items: { partId: string; quantity: number }[],
  headers: Record<string, string> = fromAddress(),
  extra: Record<string, unknown> = {},
) =>
  api.request<CheckoutResult>('POST', '/checkout', {
    json: { items, ...delivery, email, name: 'Grace Guest', ...extra },
    headers,
  });

const withLink = (token: string, headers: Record<string, string> = {}) => ({
  headers: { [ORDER_TOKEN_HEADER]: token, ...headers },
});

/** A part whose minimum order is 1. */
const addPart = (fields: Partial<PartFields>) => api.addPart({ order: 1, ...fields });

/** The private link's token from the order's confirmation mail. */
async function mailedToken(orderId: string): Promise<{ token: string; mail: MailDoc }> {
  const mail = await api.store.get<MailDoc>('mail', `${orderId}-order_placed`);
  if (!mail) throw new Error(`No confirmation mail for ${orderId}`);
  const match = /\/checkout\/order\/([^#\s]+)#token=([^\s"<]+)/.exec(mail.data.message.text);
  if (!match?.[2]) throw new Error(`No private link in: ${mail.data.message.text}`);
  expect(decodeURIComponent(match[1] ?? '')).toBe(orderId);
  return { token: decodeURIComponent(match[2]), mail: mail.data };
}

describe('POST /checkout as a guest', () => {
  it('places the order for the email, answers as for a customer, and mails the private link', async () => {
    const part = await addPart({ productName: 'Guest chain', price: 2500, quantity: 10 });
    const email = guestEmail('places');
    const placed = await guestCheckout(email, [{ partId: part, quantity: 2 }]);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      acknowledged: true,
      insertedId: expect.any(String),
      order: {
        email: email.toLowerCase(),
        userName: 'Grace Guest',
        status: 'unpaid',
        totalPrice: 5000,
        ...delivery,
      },
      payment: {
        clientSecret: expect.stringMatching(/^pi_/),
        gateway: 'simulated',
        // A guest has no account, so no saved cards (decision 068).
        savesCards: false,
        savedCards: [],
      },
      orderToken: expect.any(String),
    });
    expect(await api.stockOf(part)).toBe(8);

    const id = placed.body.insertedId;
    const stored = await api.store.get<OrderDoc>('orders', id);
    expect(stored?.data).toMatchObject({ guest: true, email: email.toLowerCase() });
    expect(stored?.data.uid).toBeUndefined();

    const { token, mail } = await mailedToken(id);
    expect(mail.to).toBe(email.toLowerCase());
    expect(mail.message.text).toContain(`${api.publicUrl}/checkout/order/${id}#token=`);
    expect(mail.message.html).toContain(`<a href="${api.publicUrl}/checkout/order/${id}#token=`);
    // The answer's token (signed in the same moment, give or take a second) opens it as well.
    for (const link of [token, placed.body.orderToken ?? '']) {
      expect((await api.request('GET', `/ordered/${id}`, withLink(link))).status).toBe(200);
    }
  });

  it('keeps original clients as they were: no token and no email is a 401; a token places for its account', async () => {
    const part = await addPart({ quantity: 10 });
    const none = await api.request('POST', '/checkout', {
      json: { items: [{ partId: part, quantity: 1 }], ...delivery },
      headers: fromAddress(),
    });
    expect(none.status).toBe(401);

    const customer = await api.customer('guest-token');
    const placed = await api.request<CheckoutResult>('POST', '/checkout', {
      token: customer.token,
      json: { items: [{ partId: part, quantity: 1 }], ...delivery, email: 'someone@else.example' },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.order.email).toBe(customer.email);
    expect(placed.body.orderToken).toBeUndefined();

    const badToken = await api.request('POST', '/checkout', {
      token: 'not-a-token',
      json: { items: [{ partId: part, quantity: 1 }], ...delivery, email: guestEmail('bad') },
    });
    expect(badToken.status).toBe(401);
  });

  it('checks the guest fields: a valid email, a plain name and an address without links', async () => {
    const part = await addPart({ quantity: 10 });
    const refused = await guestCheckout(
      'not-an-email',
      [{ partId: part, quantity: 1 }],
      fromAddress(),
      {
        name: 'Visit www.evil.example',
        address: 'Open https://evil.example now',
      },
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: {
        fields: {
          email: 'Email is not valid',
          name: 'A name cannot contain a web or email address',
          address: 'An address cannot contain a web or email address',
        },
      },
    });
    expect(await api.stockOf(part)).toBe(10);
  });
});

describe('the private link', () => {
  let part: string;
  let first: { id: string; token: string };
  let second: { id: string; token: string };

  beforeAll(async () => {
    part = await addPart({ productName: 'Linked saddle', price: 4000, quantity: 20 });
    const email = guestEmail('link');
    const headers = fromAddress();
    const a = await guestCheckout(email, [{ partId: part, quantity: 1 }], headers);
    const b = await guestCheckout(email, [{ partId: part, quantity: 1 }], headers);
    first = { id: a.body.insertedId, token: (await mailedToken(a.body.insertedId)).token };
    second = { id: b.body.insertedId, token: (await mailedToken(b.body.insertedId)).token };
  });

  it('opens its own order and no other', async () => {
    const own = await api.request<Order>('GET', `/ordered/${first.id}`, withLink(first.token));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ _id: first.id, status: 'unpaid', totalPrice: 4000 });

    const other = await api.request('GET', `/ordered/${second.id}`, withLink(first.token));
    expect(other.status).toBe(403);
    const intent = await api.request('POST', '/create-payment-intent', {
      json: { orderId: second.id },
      ...withLink(first.token),
    });
    expect(intent.status).toBe(403);
  });

  it('opens nothing else: lists, changes and other calls need a sign-in', async () => {
    const link = withLink(first.token);
    expect((await api.request('GET', '/ordered', link)).status).toBe(401);
    expect((await api.request('DELETE', `/ordered/${first.id}`, link)).status).toBe(401);
    expect((await api.request('POST', `/ordered/${first.id}/cancel`, link)).status).toBe(401);
    expect((await api.request('GET', '/cart', link)).status).toBe(401);
    // Nor does it stand in for an accessToken, or the other way round.
    expect((await api.request('GET', `/ordered/${first.id}`, { token: first.token })).status).toBe(
      401,
    );
    const customer = await api.customer('link-swap');
    expect(
      (await api.request('GET', `/ordered/${first.id}`, withLink(customer.token))).status,
    ).toBe(401);
  });

  it('refuses a forged link', async () => {
    const [header, body, signature = ''] = first.token.split('.');
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    // The second order's id under the first's signature.
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: second.id })).toString(
      'base64url',
    );
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [
      `${header}.${swapped}.${signature}`,
      `${header}.${body}.${flipped}`,
      'x',
    ]) {
      const seen = await api.request('GET', `/ordered/${second.id}`, withLink(forged));
      expect(seen.status).toBe(401);
      const mine = await api.request('GET', `/ordered/${first.id}`, withLink(forged));
      expect(mine.status).toBe(401);
    }
  });

  it('lets the guest pay the order without an account', async () => {
    const intent = await api.request<PaymentIntentResult>('POST', '/create-payment-intent', {
      json: { orderId: second.id },
      ...withLink(second.token),
    });
    expect(intent.status).toBe(200);
    // The first order's link cannot confirm the second's intent.
    const card = {
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
    };
    const foreign = await api.request('POST', '/payments/simulated/confirm', {
      json: card,
      ...withLink(first.token),
    });
    expect(foreign.status).toBe(403);
    const paid = await api.request<{ transactionId: string }>(
      'POST',
      '/payments/simulated/confirm',
      { json: card, ...withLink(second.token) },
    );
    expect(paid.status).toBe(200);
    const recorded = await api.request<{ order: Order }>('PATCH', `/ordered/${second.id}`, {
      json: { transactionId: paid.body.transactionId },
      ...withLink(second.token),
    });
    expect(recorded.status).toBe(200);
    expect(recorded.body.order).toMatchObject({ paid: true, status: 'paid' });
    const seen = await api.request<Order>('GET', `/ordered/${second.id}`, withLink(second.token));
    expect(seen.body.status).toBe('paid');
  });
});

describe('limits for guests', () => {
  it('holds at most SHOP_MAX_UNPAID_ORDERS unpaid orders per email, whatever the address', async () => {
    const part = await addPart({ quantity: 50 });
    const email = guestEmail('holds');
    for (let n = 0; n < 3; n += 1) {
      expect((await guestCheckout(email, [{ partId: part, quantity: 1 }])).status).toBe(201);
    }
    // The same address typed otherwise, from another network address.
    const fourth = await guestCheckout(email.toUpperCase(), [{ partId: part, quantity: 1 }]);
    expect(fourth.status).toBe(409);
    expect(fourth.body).toMatchObject({
      error: { message: expect.stringContaining('You already have 3 unpaid orders') },
    });
    expect(await api.stockOf(part)).toBe(47);
  });

  it('counts orders a minute per email and per network address', async () => {
    const part = await addPart({ quantity: 200 });
    api.startRateWindow(60_000);
    const address = fromAddress();
    // Per address: a new email each time (SHOP_ORDERS_PER_MINUTE is 10).
    const answers = [];
    for (let n = 0; n < 11; n += 1) {
      answers.push(
        (await guestCheckout(guestEmail(`rate${n}`), [{ partId: part, quantity: 1 }], address))
          .status,
      );
    }
    expect(answers.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(answers[10]).toBe(429);

    // Per email: a new address each time; unpaid holds stop it at 3, the minute's count at 10.
    const email = guestEmail('rate-email');
    const byEmail = [];
    for (let n = 0; n < 11; n += 1) {
      byEmail.push((await guestCheckout(email, [{ partId: part, quantity: 1 }])).status);
    }
    expect(byEmail.slice(0, 3)).toEqual([201, 201, 201]);
    expect(byEmail.slice(3, 10).every((status) => status === 409)).toBe(true);
    expect(byEmail[10]).toBe(429);
  });
});

describe('a retry as a guest', () => {
  it('answers the first order again for the same Idempotency-Key and email, holding the stock once', async () => {
    const part = await addPart({ quantity: 10 });
    const email = guestEmail('retry');
    const key = `guest-retry-${unique()}`;
    const headers = { ...fromAddress(), 'Idempotency-Key': key };
    const first = await guestCheckout(email, [{ partId: part, quantity: 2 }], headers);
    const again = await guestCheckout(email, [{ partId: part, quantity: 2 }], headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.insertedId).toBe(first.body.insertedId);
    expect(again.body.orderToken).toBe(first.body.orderToken);
    expect(await api.stockOf(part)).toBe(8);

    // Keys are the email's: another guest's same key places their own order.
    const other = await guestCheckout(
      guestEmail('retry-other'),
      [{ partId: part, quantity: 2 }],
      headers,
    );
    expect(other.status).toBe(201);
    expect(other.body.insertedId).not.toBe(first.body.insertedId);
    // The same key with another body is refused.
    const changed = await guestCheckout(email, [{ partId: part, quantity: 3 }], headers);
    expect(changed.status).toBe(422);
    expect(await api.stockOf(part)).toBe(6);
  });
});

describe('an expired link', () => {
  it("mails a fresh link when the order ships, which lasts 30 days from then: a delivered guest's return window", async () => {
    const part = await addPart({ quantity: 10 });
    const placed = await guestCheckout(guestEmail('shipped'), [{ partId: part, quantity: 1 }]);
    const id = placed.body.insertedId;
    const { token } = await mailedToken(id);
    expect((await api.payAsGuest(id, token)).body.order).toMatchObject({ status: 'paid' });
    api.advanceClock(20 * DAY);
    const admin = await api.admin();
    const shipped = await api.request('POST', `/ordered/${id}/ship`, {
      token: admin.token,
      json: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    const mail = await api.store.get<MailDoc>('mail', `${id}-order_shipped`);
    const link = /\/checkout\/order\/[^#\s]+#token=([^\s"<)]+)/.exec(mail?.data.message.text ?? '');
    expect(link, mail?.data.message.text).not.toBeNull();
    const fresh = decodeURIComponent(link![1]!);
    expect(fresh).not.toBe(token);

    api.advanceClock(15 * DAY);
    const path = `/ordered/${id}`;
    expect((await api.request('GET', path, withLink(token))).status).toBe(401);
    expect((await api.request<Order>('GET', path, withLink(fresh))).body.status).toBe('shipped');
  });

  it('is refused after 30 days', async () => {
    const part = await addPart({ quantity: 10 });
    const placed = await guestCheckout(guestEmail('expiry'), [{ partId: part, quantity: 1 }]);
    const { token } = await mailedToken(placed.body.insertedId);
    const path = `/ordered/${placed.body.insertedId}`;
    api.advanceClock(29 * DAY);
    expect((await api.request('GET', path, withLink(token))).status).toBe(200);
    api.advanceClock(2 * DAY);
    const expired = await api.request('GET', path, withLink(token));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({
      error: { message: 'This order link is not valid or has expired' },
    });
  });
});
