/** The contact form reaches the shop: stored for the Messages screen and mailed (issue 11). */
import type { ContactMessage, InsertResult, Mail } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { CONTACT_MESSAGES_PER_WINDOW, CONTACT_WINDOW_MS } from './contact.routes.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;
const SHOP_EMAIL = 'hello@sprocket.test';

beforeAll(async () => {
  api = await startApi({ env: { SHOP_EMAIL } });
  [admin, customer] = await Promise.all([api.admin(), api.customer('writer')]);
});
afterAll(async () => {
  await api?.close();
});

const message = {
  name: 'Ada Rider',
  email: 'ada@example.com',
  subject: 'Brake pads',
  message: 'Do you have pads for a 2019 disc brake?',
};

/** Each test writes from an address of its own, so the rate limit of one never meets another. */
let addresses = 0;
const send = (body: unknown, from = `203.0.113.${++addresses}`) =>
  api.request<InsertResult>('POST', '/contact', {
    json: body,
    headers: { 'x-forwarded-for': from },
  });

const inbox = async () =>
  (await api.request<ContactMessage[]>('GET', '/contact-messages', { token: admin.token })).body;

describe('POST /contact', () => {
  it('needs no account, stores the message and mails the shop with Reply-To the sender', async () => {
    const sent = await send(message);
    expect(sent).toMatchObject({ status: 201, body: { acknowledged: true } });
    const id = sent.body.insertedId;
    const stored = (await inbox()).find((entry) => entry._id === id);
    expect(stored).toEqual({
      _id: id,
      ...message,
      createdAt: expect.any(String),
      handled: false,
    });
    const mail = (await api.request<Mail[]>('GET', '/mail', { token: admin.token })).body.find(
      (entry) => entry.about === id,
    );
    expect(mail).toMatchObject({
      to: SHOP_EMAIL,
      replyTo: 'ada@example.com',
      kind: 'shop_contact_message',
      message: { subject: 'Contact form: Brake pads' },
    });
    expect(mail?.message.text).toContain('Do you have pads for a 2019 disc brake?');
  });

  it('is checked with the contract schema, and a refused message writes nothing', async () => {
    const before = await api.snapshot();
    const refused = await send({ name: '', email: 'not an email', message: '' });
    expect(refused).toMatchObject({
      status: 422,
      body: {
        error: {
          fields: {
            name: 'Name is required',
            email: 'Email is not valid',
            message: 'Message is required',
          },
        },
      },
    });
    expect(await api.snapshot()).toEqual(before);
  });

  it(`takes ${CONTACT_MESSAGES_PER_WINDOW} messages from one address in a while, then asks it to wait`, async () => {
    const from = '198.51.100.7';
    // The window is fixed on the app's clock: all of them fall into one.
    api.startRateWindow(CONTACT_WINDOW_MS);
    const statuses: number[] = [];
    for (let i = 0; i <= CONTACT_MESSAGES_PER_WINDOW; i += 1) {
      statuses.push((await send(message, from)).status);
    }
    expect(statuses).toEqual([...Array(CONTACT_MESSAGES_PER_WINDOW).fill(201), 429]);
    const limited = await send(message, from);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not held up.
    expect((await send(message, '198.51.100.8')).status).toBe(201);
  });
});

describe('the Messages screen', () => {
  it('lists the newest first and marks a message handled, and not handled again', async () => {
    const first = (await send({ ...message, subject: 'First' })).body.insertedId;
    const second = (await send({ ...message, subject: 'Second' })).body.insertedId;
    const ids = (await inbox()).map((entry) => entry._id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));

    const handled = await api.request<ContactMessage>('PATCH', `/contact-messages/${first}`, {
      token: admin.token,
      json: { handled: true },
    });
    expect(handled).toMatchObject({
      status: 200,
      body: { _id: first, handled: true, handledBy: admin.email, handledAt: expect.any(String) },
    });
    const reopened = await api.request<ContactMessage>('PATCH', `/contact-messages/${first}`, {
      token: admin.token,
      json: { handled: false },
    });
    expect(reopened.body.handled).toBe(false);
  });

  it('is for admins only', async () => {
    const id = (await send(message)).body.insertedId;
    expect((await api.request('GET', '/contact-messages', { token: customer.token })).status).toBe(
      403,
    );
    expect((await api.request('GET', '/contact-messages')).status).toBe(401);
    const patch = (token?: string) =>
      api.request('PATCH', `/contact-messages/${id}`, { token, json: { handled: true } });
    expect((await patch(customer.token)).status).toBe(403);
    expect((await patch()).status).toBe(401);
  });

  it('answers 404 for a message that does not exist and 422 without a handled flag', async () => {
    const patch = (id: string, json: unknown) =>
      api.request('PATCH', `/contact-messages/${id}`, { token: admin.token, json });
    expect((await patch('no-such-message', { handled: true })).status).toBe(404);
    const id = (await send(message)).body.insertedId;
    expect(await patch(id, {})).toMatchObject({
      status: 422,
      body: { error: { fields: { handled: 'Handled is required' } } },
    });
  });
});
