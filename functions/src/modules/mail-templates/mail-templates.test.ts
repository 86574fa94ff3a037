/**
 * Mails the owner words (issue 37 item 5, docs/decisions/107) over HTTP: admins list each
 * mail's template, the customers' and the shop's notes to itself, save their own words (an unknown placeholder refused by name, nothing
 * saved), preview them with a real order, and reset them to the default; a real order's mail then
 * reads the owner's words with the customer's own escaped, and each change is audited. Runs on
 * SQLite and, with SPROCKET_TEST_STORE=firestore, on Firestore.
 */
import {
  apiPaths,
  BRAND_DEFAULTS,
  MAIL_TEMPLATE_DEFAULTS,
  orderNumber,
  TEMPLATED_MAIL_KINDS,
  type ApiErrorBody,
  type AuditEntry,
  type Mail,
  type MailTemplate,
  type MailTemplatePreview,
  type MailTemplateText,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

const SHOP_EMAIL = 'orders@sprocket.test';
let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: { ...MANY_ORDERS, SHOP_EMAIL } });
  admin = await api.admin();
  // A customer whose name is markup and Markdown: it must reach the mail as words.
  const marked = await api.signUp('templated', {
    name: 'Ada <b>Bold</b> & *Co*',
    verified: true,
  });
  customer = { ...marked, token: await api.tokenFor(marked) };
});
afterAll(async () => {
  await api?.close();
});

const list = async (token = admin.token) =>
  api.request<MailTemplate[]>('GET', apiPaths.adminMailTemplates(), { token });
const shipped = async () => (await list()).body.find((each) => each.kind === 'order_shipped')!;
const save = (kind: string, json: Partial<MailTemplateText>, token = admin.token) =>
  api.request<MailTemplate & ApiErrorBody>('PUT', apiPaths.adminMailTemplate(kind), {
    token,
    json,
  });
const reset = (kind: string, token = admin.token) =>
  api.request<MailTemplate>('DELETE', apiPaths.adminMailTemplate(kind), { token });
const preview = (kind: string, order?: string, token = admin.token) =>
  api.request<MailTemplatePreview & ApiErrorBody>(
    'GET',
    apiPaths.adminMailTemplatePreview(kind, order),
    { token },
  );
const auditOf = async (kind: string) =>
  (
    await api.request<AuditEntry[]>('GET', apiPaths.adminAudit({ q: kind }), {
      token: admin.token,
    })
  ).body.filter((entry) => entry.targetId === kind);

/** The customer's order of two chains, paid and shipped with DHL: its id. */
async function shippedOrder(): Promise<string> {
  const partId = await api.addPart({ productName: 'Chain 11s', price: 2599, order: 1 });
  const placed = await api.checkout(customer, [{ partId, quantity: 2 }]);
  expect(placed.status).toBe(201);
  const id = placed.body.insertedId;
  expect((await api.pay(customer, id)).status).toBe(200);
  const ship = await api.request('POST', apiPaths.shipOrder(id), {
    token: admin.token,
    json: { carrier: 'DHL', trackingNumber: 'JD014600003828470001' },
  });
  expect(ship.status).toBe(200);
  return id;
}

const shippedMailOf = async (id: string) =>
  (await api.request<Mail[]>('GET', apiPaths.mail(), { token: admin.token })).body.find(
    (mail) => mail.about === id && mail.kind === 'order_shipped',
  );

const OWNERS_WORDS: MailTemplateText = {
  subject: 'Good news, {{customerName}}: order {{orderNumber}} is on its way',
  body: [
    'Hi {{customerName}},',
    'Your parts are **on their way** with {{carrier}}. Follow them: {{trackingLink}}',
    '{{orderLines}}',
    '<script>alert(1)</script> Ride safe!',
    '{{shopSignature}}',
  ].join('\n\n'),
};

describe('mail templates', () => {
  it('lists every mail to a customer with its default words and placeholders, for admins only', async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.map((each) => each.kind)).toEqual(TEMPLATED_MAIL_KINDS);
    const template = body.find((each) => each.kind === 'order_shipped')!;
    expect(template).toMatchObject({
      custom: false,
      subject: MAIL_TEMPLATE_DEFAULTS.order_shipped.subject,
      body: MAIL_TEMPLATE_DEFAULTS.order_shipped.body,
      default: { subject: MAIL_TEMPLATE_DEFAULTS.order_shipped.subject },
    });
    expect(template.placeholders).toContainEqual({
      name: 'trackingLink',
      description: expect.stringContaining("The carrier's tracking page"),
    });
    expect((await list(customer.token)).status).toBe(403);
    expect((await api.request('GET', apiPaths.adminMailTemplates())).status).toBe(401);
  });

  it('refuses an unknown placeholder by name, a table in the subject and an empty subject, saving nothing', async () => {
    const before = (await list()).body;
    const unknown = await save('order_shipped', { ...OWNERS_WORDS, body: 'Hi {{firstName}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.message).toBe(
      'Unknown placeholder {{firstName}}: this mail can use {{shopName}}, {{shopSignature}}, ' +
        '{{customerName}}, {{orderNumber}}, {{orderTotal}}, {{orderLines}}, {{deliveryAddress}}, ' +
        '{{phone}}, {{orderPageLink}}, {{carrier}}, {{trackingNumber}}, {{trackingLink}}',
    );
    const table = await save('order_paid', { subject: 'Yours: {{orderLines}}', body: 'Paid.' });
    expect(table.status).toBe(400);
    expect(table.body.error?.message).toBe(
      '{{orderLines}} is a table: it can be in the body, not in the subject',
    );
    const empty = await save('order_paid', { subject: ' ', body: 'Paid.' });
    expect(empty.status).toBe(422);
    expect(empty.body.error?.fields).toEqual({ subject: 'Subject is required' });
    expect((await save('no_such_mail', OWNERS_WORDS)).status).toBe(404);
    expect((await save('order_shipped', OWNERS_WORDS, customer.token)).status).toBe(403);
    expect((await list()).body).toEqual(before);
  });

  it("saves the owner's words, which the next real mail reads, the customer's words escaped", async () => {
    const saved = await save('order_shipped', OWNERS_WORDS);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...OWNERS_WORDS,
      custom: true,
      savedAt: expect.any(String),
    });
    expect(await shipped()).toMatchObject({ ...OWNERS_WORDS, custom: true });

    const id = await shippedOrder();
    const mail = await shippedMailOf(id);
    expect(mail?.to).toBe(customer.email);
    expect(mail?.message.subject).toBe(
      `Good news, Ada <b>Bold</b> & *Co*: order ${orderNumber(id)} is on its way`,
    );
    const trackUrl =
      'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600003828470001&submit=1';
    expect(mail?.message.text).toContain('Hi Ada <b>Bold</b> & *Co*,');
    expect(mail?.message.text).toContain(`Follow them: ${trackUrl}`);
    expect(mail?.message.text).toContain('2 × Chain 11s');
    const html = mail?.message.html ?? '';
    expect(html).toContain('<p>Hi Ada &lt;b&gt;Bold&lt;/b&gt; &amp; *Co*,</p>');
    expect(html).toContain('<strong>on their way</strong> with DHL');
    const escapedUrl = trackUrl.replace(/&/g, '&amp;');
    expect(html).toContain(`<a href="${escapedUrl}">${escapedUrl}</a>`);
    expect(html).toContain('<td align="right">$51.98</td>');
    // Neither the owner's markup nor the customer's is markup in the mail.
    expect(html).not.toMatch(/<script|<b>|<em>Co/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ride safe!');
    expect(html).toContain(`<p>${BRAND_DEFAULTS.name}</p>`);

    const [entry] = await auditOf('order_shipped');
    expect(entry).toMatchObject({
      kind: 'template.saved',
      byEmail: admin.email,
      targetName: 'Mail template: Order shipped',
      before: { subject: MAIL_TEMPLATE_DEFAULTS.order_shipped.subject },
      after: { subject: OWNERS_WORDS.subject },
    });
  });

  it('previews a template with the latest order, or the one asked for', async () => {
    const first = await shippedOrder();
    const latest = await shippedOrder();
    const newest = await preview('order_shipped');
    expect(newest.status).toBe(200);
    expect(newest.body).toMatchObject({ orderNumber: orderNumber(latest), to: customer.email });
    expect(newest.body.message.subject).toBe(
      `Good news, Ada <b>Bold</b> & *Co*: order ${orderNumber(latest)} is on its way`,
    );
    expect(newest.body.values).toMatchObject({
      customerName: 'Ada <b>Bold</b> & *Co*',
      carrier: 'DHL',
      shopName: BRAND_DEFAULTS.name,
    });
    const chosen = await preview('order_shipped', first);
    expect(chosen.body.orderNumber).toBe(orderNumber(first));
    expect(chosen.body.message.subject).toContain(`order ${orderNumber(first)} is on its way`);
    // The short number a mail shows finds its order too, whatever its case.
    const byNumber = await preview('order_shipped', ` ${orderNumber(first).toLowerCase()}`);
    expect(byNumber.body.message.subject).toBe(chosen.body.message.subject);
    expect((await preview('order_shipped', 'ZZZZZZZZ')).status).toBe(404);
    expect((await preview('order_shipped', `${first}x`)).status).toBe(404);
    // The mails about no order read theirs from it too.
    const cart = await preview('cart_reminder', first);
    expect(cart.body.message.text).toContain('2 × Chain 11s');
    expect(cart.body.message.text).toContain('Hello Ada <b>Bold</b> & *Co*,');
    expect((await preview('return_refused', first)).body.message.text).toContain(
      'We cannot take these parts back:',
    );
    expect((await preview('order_shipped', 'no-such-order')).status).toBe(404);
    expect((await preview('order_shipped', 'a/b')).status).toBe(404);
    expect((await preview('no_such_mail')).status).toBe(404);
    expect((await preview('order_shipped', undefined, customer.token)).status).toBe(403);
  });

  it('resets a template to its default, which the next mail reads again', async () => {
    const was = await reset('order_shipped');
    expect(was.status).toBe(200);
    expect(was.body).toMatchObject({
      custom: false,
      subject: MAIL_TEMPLATE_DEFAULTS.order_shipped.subject,
    });
    expect(was.body.savedAt).toBeUndefined();
    const id = await shippedOrder();
    expect((await shippedMailOf(id))?.message.subject).toBe(
      `${BRAND_DEFAULTS.name}: your order ${orderNumber(id)} is on its way`,
    );
    const [entry] = await auditOf('order_shipped');
    expect(entry).toMatchObject({ kind: 'template.reset', byEmail: admin.email });
    // A template at its default already: nothing to reset, nothing in the log.
    expect((await reset('order_shipped')).status).toBe(200);
    expect(await auditOf('order_shipped')).toHaveLength(2);
  });
});

describe("the shop's notes to itself in the owner's words", () => {
  const mailOf = async (about: string, kind: string) =>
    (await api.request<Mail[]>('GET', apiPaths.mail(), { token: admin.token })).body.find(
      (mail) => mail.about === about && mail.kind === kind,
    );

  it("a new order: the saved words, the customer's name and address as words", async () => {
    const saved = await save('shop_new_order', {
      subject: 'Sold! {{orderNumber}} to {{customerName}}',
      body: '**{{customerName}}** ({{customerEmail}}) owes {{orderTotal}}.\n\n{{orderLines}}',
    });
    expect(saved.status).toBe(200);
    const partId = await api.addPart({ productName: 'Brake pads', price: 1500, order: 1 });
    const placed = await api.checkout(customer, [{ partId, quantity: 1 }]);
    const id = placed.body.insertedId;
    const mail = await mailOf(id, 'shop_new_order');
    expect(mail).toMatchObject({ replyTo: customer.email });
    expect(mail?.message.subject).toBe(`Sold! ${orderNumber(id)} to Ada <b>Bold</b> & *Co*`);
    expect(mail?.message.text).toContain(`**Ada <b>Bold</b> & *Co*** (${customer.email}) owes`);
    expect(mail?.message.html).toContain(
      `<p><strong>Ada &lt;b&gt;Bold&lt;/b&gt; &amp; *Co*</strong> (${customer.email}) owes`,
    );
    expect(mail?.message.html).toContain('<td>1 × Brake pads</td>');
    expect(mail?.message.html).not.toMatch(/<b>|<em>Co/);
  });

  it("a contact message: the saved words, the visitor's text never markup; previewed with the latest message", async () => {
    const refused = await save('shop_contact_message', {
      subject: 'Message about {{orderNumber}}',
      body: '{{contactMessage}}',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/^Unknown placeholder \{\{orderNumber\}\}/);
    const saved = await save('shop_contact_message', {
      subject: '{{senderName}} asks: {{contactSubject}}',
      body: 'From *{{senderName}}*:\n\n> {{contactMessage}}',
    });
    expect(saved.status).toBe(200);
    const sent = await api.request<{ insertedId: string }>('POST', apiPaths.contact(), {
      json: {
        name: 'Eve <i>Hacker</i>',
        email: 'eve@example.com',
        subject: 'Pads',
        message: '<script>alert(1)</script>\n[win](https://evil.example) **now**',
      },
    });
    expect(sent.status).toBe(201);
    const mail = await mailOf(sent.body.insertedId, 'shop_contact_message');
    expect(mail).toMatchObject({ replyTo: 'eve@example.com' });
    expect(mail?.message.subject).toBe('Eve <i>Hacker</i> asks: Pads');
    expect(mail?.message.html).toBe(
      '<p>From <em>Eve &lt;i&gt;Hacker&lt;/i&gt;</em>:</p>\n<blockquote>\n' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;<br>[win](https://evil.example) **now**</p>\n' +
        '</blockquote>\n',
    );

    const previewed = await preview('shop_contact_message');
    expect(previewed.status).toBe(200);
    expect(previewed.body).toMatchObject({
      contactMessageId: sent.body.insertedId,
      values: { senderName: 'Eve <i>Hacker</i>', contactSubject: 'Pads' },
      message: { subject: 'Eve <i>Hacker</i> asks: Pads' },
    });
    expect(previewed.body.orderNumber).toBeUndefined();
    expect((await reset('shop_contact_message')).body.custom).toBe(false);
  });

  it("previews the admins' notes with a real order, addressed to the admin who looks", async () => {
    const id = await shippedOrder();
    const low = await preview('shop_low_stock', id);
    expect(low.body).toMatchObject({ orderNumber: orderNumber(id), to: admin.email });
    expect(low.body.message.subject).toMatch(/^Low stock: Chain 11s \(\d+ left\)$/);
    const disputed = await preview('shop_payment_disputed', id);
    expect(disputed.body.message.subject).toBe(
      `Payment disputed: $51.98 for order ${orderNumber(id)}`,
    );
    expect(disputed.body.message.text).toContain(`(${customer.email})`);
    expect((await preview('shop_new_order', id)).body.to).toBe(SHOP_EMAIL);
  });
});
