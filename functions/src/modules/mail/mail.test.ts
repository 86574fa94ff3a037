/**
 * The mail the shop writes with each change (docs/decisions/019): Trigger Email documents in the
 * `mail` collection, written with the change or not at all, listed for admins newest first.
 */
import {
  BRAND_DEFAULTS,
  orderNumber,
  type InsertResult,
  type Mail,
  type MailKind,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;
const SHOP_EMAIL = 'orders@sprocket.test';

beforeAll(async () => {
  api = await startApi({ env: { ...MANY_ORDERS, SHOP_EMAIL } });
  [customer, admin] = await Promise.all([api.customer('mailed'), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

const mailbox = async () =>
  (await api.request<Mail[]>('GET', '/mail', { token: admin.token })).body;

/**
 * The mails about one order, oldest first, as `[kind, to]`. Mails written in one transaction share
 * their time; their ids (`<order>-<kind>`) order them then.
 */
async function mailsAbout(id: string): Promise<[MailKind, string][]> {
  return (await mailbox())
    .filter((mail) => mail.about === id)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id))
    .map((mail) => [mail.kind, mail.to]);
}

async function placeOrder(user: TestUser, quantity = 2): Promise<string> {
  const partId = await api.addPart({ productName: 'Chain 11s', price: 2599, order: 1 });
  const placed = await api.request<InsertResult>('POST', '/checkout', {
    token: user.token,
    json: {
      items: [{ partId, quantity }],
      address: '1 Chainring Road',
      number: '5550100',
      country: 'US',
    },
  });
  expect(placed.status).toBe(201);
  return placed.body.insertedId;
}

describe('mail with each change of an order', () => {
  it('placed (customer and shop), paid, shipped: each once, to the right person', async () => {
    const id = await placeOrder(customer);
    await api.pay(customer, id);
    await api.request('PUT', `/ordered/${id}`, { token: admin.token, json: { delivertext: true } });
    await api.request('POST', `/ordered/${id}/ship`, {
      token: admin.token,
      json: { carrier: 'DHL', trackingNumber: 'JD014600003828470001' },
    });
    await api.request('POST', `/ordered/${id}/delivered`, { token: admin.token });
    expect(await mailsAbout(id)).toEqual([
      ['order_placed', customer.email],
      ['shop_new_order', SHOP_EMAIL],
      ['order_paid', customer.email],
      ['order_shipped', customer.email],
    ]);
    const shipped = (await mailbox()).find(
      (mail) => mail.about === id && mail.kind === 'order_shipped',
    );
    expect(shipped?.message.subject).toBe(
      `${BRAND_DEFAULTS.name}: your order ${orderNumber(id)} is on its way`,
    );
    expect(shipped?.message.text).toContain('Tracking number: JD014600003828470001');
    expect(shipped?.message.text).toContain('2 × Chain 11s');
    expect(shipped?.message.html).toContain('<td align="right">$51.98</td>');
  });

  it('cancelled (by the customer, by deleting, by the hold running out) and refunded', async () => {
    const cancelled = await placeOrder(customer);
    await api.request('POST', `/ordered/${cancelled}/cancel`, { token: customer.token });
    const deleted = await placeOrder(customer);
    await api.request('DELETE', `/ordered/${deleted}`, { token: admin.token });
    const expired = await placeOrder(customer);
    api.advanceClock(31 * 60_000);
    try {
      await api.sweep();
    } finally {
      api.advanceClock(-31 * 60_000);
    }
    const refunded = await placeOrder(customer);
    await api.pay(customer, refunded);
    await api.request('POST', `/ordered/${refunded}/refund`, {
      token: admin.token,
      json: { restock: true },
    });

    const kinds = async (id: string) => (await mailsAbout(id)).map(([kind]) => kind);
    for (const id of [cancelled, deleted, expired]) {
      expect(await kinds(id)).toEqual(['order_placed', 'shop_new_order', 'order_cancelled']);
    }
    expect(await kinds(refunded)).toEqual([
      'order_placed',
      'shop_new_order',
      'order_paid',
      'order_refunded',
    ]);
    const texts = (await mailbox()).filter((mail) => mail.kind === 'order_cancelled');
    const textOf = (id: string) => texts.find((mail) => mail.about === id)?.message.text;
    expect(textOf(cancelled)).toContain('You cancelled it.');
    expect(textOf(deleted)).toContain('The shop cancelled it.');
    expect(textOf(expired)).toContain('It was not paid in time');
  });

  it('is not written when the change is refused', async () => {
    const partId = await api.addPart({ quantity: 1, order: 1 });
    const before = await api.snapshot();
    const refused = await api.request('POST', '/checkout', {
      token: customer.token,
      json: {
        items: [{ partId, quantity: 2 }],
        address: '1 Road',
        number: '5550100',
        country: 'US',
      },
    });
    expect(refused.status).toBe(409);
    expect((await api.snapshot()).mail).toEqual(before.mail);
  });

  it('escapes what people typed, in the HTML part', async () => {
    const user = await api.signUp('markup', { name: 'Ada <b>Bold</b> & Co', verified: true });
    const marked = { ...user, token: await api.tokenFor(user) };
    const id = await placeOrder(marked);
    const [placed] = (await mailbox()).filter(
      (mail) => mail.about === id && mail.kind === 'order_placed',
    );
    expect(placed?.message.text).toContain('Hello Ada <b>Bold</b> & Co,');
    expect(placed?.message.html).toContain('Hello Ada &lt;b&gt;Bold&lt;/b&gt; &amp; Co,');
    expect(placed?.message.html).not.toContain('<b>');
  });
});

describe('GET /mail', () => {
  it('lists the newest first, for admins only', async () => {
    await placeOrder(customer);
    const mail = await mailbox();
    const times = mail.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(mail[0]).toMatchObject({
      _id: expect.any(String),
      to: expect.any(String),
      message: { subject: expect.any(String), text: expect.any(String), html: expect.any(String) },
    });
    expect((await api.request('GET', '/mail', { token: customer.token })).status).toBe(403);
    expect((await api.request('GET', '/mail')).status).toBe(401);
  });
});

describe('mail that carries no stranger’s words (issue 21 item 5)', () => {
  const phishing =
    'URGENT: your card was charged $4,999 — call us now or refund at https://evil.example/refund www.evil.example ' +
    'x'.repeat(200);

  it('mails nobody at an unverified address, and the shop sees a short name without links', async () => {
    const stranger = `stranger-${Date.now()}@sprocket.test`;
    const squatter = await api.signUp('squatter', { email: stranger, name: phishing });
    const user = { ...squatter, token: await api.tokenFor(squatter) };
    const id = await placeOrder(user);
    expect((await api.request('DELETE', `/ordered/${id}`, { token: user.token })).status).toBe(200);

    const mails = (await mailbox()).filter((mail) => mail.about === id);
    expect(mails.map((mail) => mail.to)).toEqual([SHOP_EMAIL]);
    const [shopMail] = mails;
    expect(shopMail?.message.text).not.toMatch(/https?:|www\.|evil\.example/);
    const named = /^(.*) <stranger-/.exec(shopMail?.message.text ?? '')?.[1] ?? '';
    expect(named.startsWith('URGENT: your card was charged $4,999')).toBe(true);
    expect([...named].length).toBeLessThanOrEqual(80);
  });

  it('mails a verified customer about at most five orders a day', async () => {
    const busy = await api.customer('busy-day');
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) ids.push(await placeOrder(busy, 1));
    const placedMails = (await mailbox()).filter(
      (mail) => mail.to === busy.email && mail.kind === 'order_placed',
    );
    expect(placedMails.map((mail) => mail.about).sort()).toEqual(ids.slice(0, 5).sort());
    // The sixth is the customer's all the same, in My Orders.
    const sixth = await api.request('GET', `/ordered/${ids[5]}`, { token: busy.token });
    expect(sixth.status).toBe(200);
  });

  it('refuses a link in a profile’s or an address book’s name', async () => {
    const profile = await api.request('POST', '/profiles', {
      token: customer.token,
      json: {
        displayName: 'Pay at evil.example',
        degree: 'BSc',
        cgpa: '3.5',
        contactNumber: '5550100',
        email: customer.email,
      },
    });
    expect(profile.status).toBe(422);
    expect(JSON.stringify(profile.body)).toContain('A name cannot contain a web or email address');
  });
});
