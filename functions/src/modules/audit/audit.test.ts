/**
 * The audit log over HTTP (issue 27 item 4): each admin change leaves one entry with who, when,
 * what and the values before and after, written with the change or not at all; GET /admin/audit
 * filters and pages it for admins; nothing changes or removes an entry through the API. Every
 * admin-only route that writes, as the router lists them, leaves one (issue 33 item 8).
 */
import {
  API_BASE,
  apiPaths,
  BRAND_DEFAULTS,
  TOTAL_COUNT_HEADER,
  type AuditEntry,
  type AuditKind,
  type InsertResult,
  type Order,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { isAdminCheck } from '../../http/access.js';
import { AUDIT_LOG, type AuditDoc } from './audit-log.js';

let api: Harness;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [admin, customer] = await Promise.all([api.admin(), api.customer('audited')]);
});
afterAll(async () => {
  await api?.close();
});

const audit = (query: Parameters<typeof apiPaths.adminAudit>[0] = {}, token = admin.token) =>
  api.request<AuditEntry[]>('GET', apiPaths.adminAudit(query), { token });

/** The newest entries about `targetId`, newest first. */
const entriesOf = async (targetId: string) =>
  (await audit({ pageSize: 100 })).body.filter((entry) => entry.targetId === targetId);

/** Every entry as the store holds it, to show that nothing changed one. */
const storedLog = async () =>
  (await api.store.query('auditLog')).map(({ id, data }) => ({ id, data }));

describe('the audit log of admin changes', () => {
  it('records a price change with the admin, the time and the price before and after', async () => {
    const partId = await api.addPart({ price: 1250, productName: 'Audited chain' });
    const changed = await api.request('PATCH', apiPaths.part(partId), {
      token: admin.token,
      json: { price: 1399 },
    });
    expect(changed.status).toBe(200);
    const [entry, ...more] = await entriesOf(partId);
    expect(more).toEqual([]);
    expect(entry).toEqual({
      _id: expect.any(String),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      byUid: admin.uid,
      byEmail: admin.email,
      kind: 'part.price',
      targetId: partId,
      targetName: 'Audited chain',
      before: { price: 1250 },
      after: { price: 1399 },
    });
    expect(Math.abs(Date.parse(entry!.at) - Date.now())).toBeLessThan(60_000);
  });

  it('records stock, product added and removed, each with what was there', async () => {
    const added = await api.request<InsertResult>('POST', apiPaths.parts(), {
      token: admin.token,
      json: {
        productName: 'Audited saddle',
        img: '/parts/saddle.svg',
        order: 1,
        quantity: 4,
        price: 5200,
        description: 'A saddle the audit log follows.',
      },
    });
    expect(added.status).toBe(201);
    const id = added.body.insertedId;
    await api.request('PUT', apiPaths.part(id), { token: admin.token, json: { addQuantity: 6 } });
    await api.request('DELETE', apiPaths.part(id), { token: admin.token });
    const entries = await entriesOf(id);
    // Each by the part's name, the removed part's too.
    expect(entries.map((entry) => entry.targetName)).toEqual(Array(3).fill('Audited saddle'));
    expect(entries.map(({ kind, before, after }) => ({ kind, before, after }))).toEqual([
      {
        kind: 'part.removed',
        before: expect.objectContaining({ productName: 'Audited saddle', quantity: 10 }),
        after: null,
      },
      { kind: 'part.stock', before: { quantity: 4 }, after: { quantity: 10 } },
      {
        kind: 'part.added',
        before: null,
        after: expect.objectContaining({ productName: 'Audited saddle', price: 5200, quantity: 4 }),
      },
    ]);
  });

  it('records an admin giving and taking admin rights', async () => {
    const account = await api.signUp('promoted', { verified: true });
    await api.tokenFor(account);
    const path = apiPaths.promote(account.email);
    expect((await api.request('PUT', path, { token: admin.token })).status).toBe(200);
    const demote = { token: admin.token, json: { admin: false } };
    expect((await api.request('PUT', path, demote)).status).toBe(200);
    const entries = await entriesOf(account.email);
    expect(
      entries.map(({ kind, byEmail, before, after }) => ({ kind, byEmail, before, after })),
    ).toEqual([
      {
        kind: 'admin.revoked',
        byEmail: admin.email,
        before: { admin: true },
        after: { admin: false },
      },
      {
        kind: 'admin.granted',
        byEmail: admin.email,
        before: { admin: false },
        after: { admin: true },
      },
    ]);
  });

  it('records an order shipped straight from paid, with its carrier and tracking number', async () => {
    const partId = await api.addPart({ order: 1, quantity: 10, price: 2000 });
    const placed = await api.request<InsertResult>('POST', '/ordered', {
      token: customer.token,
      json: { partId, address: '1 Road', number: '5550100', orderQuantity: 1 },
    });
    const id = placed.body.insertedId;
    await api.pay(customer, id);
    const shipped = await api.request<Order>('POST', apiPaths.shipOrder(id), {
      token: admin.token,
      json: { carrier: 'DHL', trackingNumber: 'JD0146 0000 3828 4750 93' },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'DHL', trackingNumber: 'JD014600003828475093' },
    });
    expect(shipped.body.timeline.map((entry) => entry.status)).toEqual([
      'unpaid',
      'paid',
      'shipped',
    ]);
    const [entry] = await entriesOf(id);
    expect(entry).toMatchObject({
      kind: 'order.ship',
      targetName: expect.stringMatching(new RegExp(`^Order ${id.slice(0, 8).toUpperCase()} · .+`)),
      byEmail: admin.email,
      before: { status: 'paid' },
      after: {
        status: 'shipped',
        shipment: { carrier: 'DHL', trackingNumber: 'JD014600003828475093' },
      },
    });
  });

  it('records a catalogue import, discount codes and the tax table with what changed', async () => {
    const partId = await api.addPart({ price: 1000 });
    const imported = await api.request('POST', apiPaths.importParts(), {
      token: admin.token,
      headers: { 'content-type': 'text/csv' },
      raw: `id,price\n${partId},12.50\n`,
    });
    expect(imported.status).toBe(200);
    const [importEntry] = (await audit({ kind: 'parts.imported' })).body;
    // One entry per part the file changed, by the part's id and name.
    expect(importEntry).toMatchObject({
      byEmail: admin.email,
      targetId: partId,
      targetName: expect.any(String),
      before: { price: 1000 },
      after: { price: 1250 },
    });

    const code = `AUDIT${Date.now()}`;
    const discount = { code, type: 'percent', value: 10 };
    await api.request('POST', '/admin/discounts', { token: admin.token, json: discount });
    await api.request('DELETE', `/admin/discounts/${code}`, { token: admin.token });
    expect(
      (await entriesOf(code)).map(({ kind, before, after }) => ({ kind, before, after })),
    ).toEqual([
      { kind: 'discount.deleted', before: expect.objectContaining(discount), after: null },
      { kind: 'discount.created', before: null, after: expect.objectContaining(discount) },
    ]);

    const tax = { pricesIncludeTax: false, rates: [{ country: 'US', region: 'CA', rate: 7.25 }] };
    await api.request('PUT', '/admin/tax', { token: admin.token, json: tax });
    const [taxEntry] = (await audit({ kind: 'tax.changed' })).body;
    expect(taxEntry).toMatchObject({ before: null, after: tax });
  });

  it('is found by a part’s name or a field’s label, and names the targets of entries written before names were kept', async () => {
    const name = `Readable derailleur ${Date.now()}`;
    const partId = await api.addPart({ price: 4000, productName: name });
    await api.request('PATCH', apiPaths.part(partId), {
      token: admin.token,
      json: { description: 'Now with a longer cage for wide cassettes.' },
    });
    const byName = await audit({ q: name });
    expect(byName.body.map((entry) => entry.kind)).toEqual(['part.edited']);
    expect((await audit({ q: `${name} description` })).body).toHaveLength(1);
    expect((await audit({ q: `${name} price` })).body).toEqual([]);

    // An entry as the log kept it before it kept names: named when read, by what it is now.
    const at = new Date().toISOString();
    await api.store.set(AUDIT_LOG, `old-${partId}`, {
      at,
      byUid: admin.uid,
      byEmail: admin.email,
      kind: 'part.price',
      targetId: partId,
      before: { price: 3900 },
      after: { price: 4000 },
    } satisfies AuditDoc);
    await api.store.set(AUDIT_LOG, `old-shipping-${partId}`, {
      at,
      byUid: admin.uid,
      byEmail: admin.email,
      kind: 'shipping.changed',
      targetId: 'shippingMethods',
      before: null,
      after: { methods: [] },
    } satisfies AuditDoc);
    const entries = (await audit({ pageSize: 100 })).body;
    expect(entries.find((entry) => entry._id === `old-${partId}`)?.targetName).toBe(name);
    expect(entries.find((entry) => entry._id === `old-shipping-${partId}`)?.targetName).toBe(
      'Shipping methods',
    );
  });

  it('writes nothing when the change is refused', async () => {
    const partId = await api.addPart({ quantity: 3, order: 1 });
    const before = await storedLog();
    const refused = await api.request('PATCH', apiPaths.part(partId), {
      token: admin.token,
      json: { order: 5, price: 100 },
    });
    expect(refused.status).toBe(422);
    expect(await storedLog()).toEqual(before);
    expect((await api.store.get('parts', partId))?.data).toMatchObject({ price: 1250 });
  });

  it('filters by who, kind and days, newest first, one page at a time', async () => {
    // A second admin, promoted by the first (api.admin() signs in at the same listed address).
    const account = await api.signUp('second-admin', { verified: true });
    await api.tokenFor(account);
    await api.request('PUT', apiPaths.promote(account.email), { token: admin.token });
    const other = { ...account, token: await api.tokenFor(account) };
    const partId = await api.addPart({ price: 1000 });
    for (const [token, price] of [
      [admin.token, 1100],
      [other.token, 1200],
      [admin.token, 1300],
    ] as const) {
      await api.request('PATCH', apiPaths.part(partId), { token, json: { price } });
    }
    const byOther = await audit({ by: other.email });
    expect(byOther.body.map((entry) => entry.after)).toEqual([{ price: 1200 }]);
    const prices = await audit({ kind: 'part.price', pageSize: 2 });
    expect(prices.body.map((entry) => entry.after)).toEqual([{ price: 1300 }, { price: 1200 }]);
    expect(Number(prices.headers.get(TOTAL_COUNT_HEADER))).toBeGreaterThanOrEqual(4);
    const second = await audit({ kind: 'part.price', pageSize: 2, page: 2 });
    expect(second.body[0]?.after).toEqual({ price: 1100 });
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit({ from: today, to: today, by: other.email })).body).toHaveLength(1);
    expect((await audit({ to: '2020-01-01' })).body).toEqual([]);
    const searched = await audit({ q: `price ${partId}` });
    expect(searched.body.map((entry) => entry.after)).toEqual([
      { price: 1300 },
      { price: 1200 },
      { price: 1100 },
    ]);
    expect((await audit({ kind: 'nothing-like-it' })).status).toBe(422);
    expect((await audit({ from: '2026-02-30' })).status).toBe(422);
    expect((await audit({ from: '2026-03-02', to: '2026-03-01' })).status).toBe(422);
  });
});

describe('nobody alters the audit log through the API', () => {
  it('is read by admins only', async () => {
    expect((await audit({}, customer.token)).status).toBe(403);
    expect((await api.request('GET', apiPaths.adminAudit(), {})).status).toBe(401);
  });

  it('has no call that writes, changes or deletes an entry, for an admin or a customer', async () => {
    const partId = await api.addPart({ price: 900 });
    await api.request('PATCH', apiPaths.part(partId), { token: admin.token, json: { price: 950 } });
    const before = await storedLog();
    const [entry] = await entriesOf(partId);
    const forged = { kind: 'part.price', targetId: partId, before: null, after: { price: 1 } };
    for (const token of [admin.token, customer.token]) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        for (const path of [apiPaths.adminAudit(), `${apiPaths.adminAudit()}/${entry!._id}`]) {
          const answer = await api.request(method, path, { token, json: forged });
          expect([404, 405], `${method} ${path}`).toContain(answer.status);
        }
      }
    }
    expect(await storedLog()).toEqual(before);
  });
});

/** A paid order of the file's customer: one unit of a new part. */
async function paidOrder(): Promise<string> {
  const partId = await api.addPart({ order: 1, quantity: 10, price: 2000 });
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: customer.token,
    json: { partId, address: '1 Road', number: '5550100', orderQuantity: 1 },
  });
  expect((await api.pay(customer, placed.body.insertedId)).status).toBe(200);
  return placed.body.insertedId;
}

/** The file's customer's unpaid order. */
async function unpaidOrder(): Promise<string> {
  const partId = await api.addPart({ order: 1, quantity: 10, price: 2000 });
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: customer.token,
    json: { partId, address: '1 Road', number: '5550100', orderQuantity: 1 },
  });
  return placed.body.insertedId;
}

/** A delivered order of the customer, with a return of one unit asked: the return's id. */
async function askedReturn(): Promise<string> {
  const id = await paidOrder();
  await asAdmin('POST', apiPaths.shipOrder(id), {
    json: { carrier: 'Bike Courier', trackingNumber: 'BC-1' },
  });
  await asAdmin('POST', apiPaths.markOrderDelivered(id));
  const asked = await api.request<{ _id: string }>('POST', apiPaths.orderReturns(id), {
    token: customer.token,
    json: { lines: [{ line: 0, quantity: 1, reason: 'damaged' }] },
  });
  return asked.body._id;
}

/** The admin's call, as the harness sends it; answers its status. */
const asAdmin = async (
  method: string,
  path: string,
  options: Omit<Parameters<Harness['request']>[2] & object, 'token'> = {},
) => (await api.request(method, path, { token: admin.token, ...options })).status;

/** A real PNG of 64 × 48 (the upload decodes it to make its resized copies, decision 096). */
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAMAAACWlYwtAAAAA1BMVEUzqncb3tbvAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGklEQVR42u3BgQAAAADDoPlTX+AIVQEAAHwDDDAAAcRtx4YAAAAASUVORK5CYII=',
    'base64',
  ),
);

/** A page the walk writes (issue 36 item 2). */
const walkedPage = (slug: string) => ({
  slug,
  title: 'Walked page',
  footer: 'none',
  published: false,
  markdown: 'Written by the walk of every admin route.',
});

/**
 * How to make one admin change through each admin-only route that writes: what the change needs
 * first (a part, a paid order, a code), then the call, and the kind of entry it leaves. Keyed by
 * the route as the router names it; the routes themselves come from the router, so a new one
 * without a way in here fails the test below until it has one, and its entry.
 */
const ADMIN_WRITES: Record<
  string,
  { kind: AuditKind; prepare: () => Promise<() => Promise<number>> }
> = {
  'POST /parts': {
    kind: 'part.added',
    prepare: async () => () =>
      asAdmin('POST', apiPaths.parts(), {
        json: {
          productName: 'Walked part',
          img: '/parts/walked.svg',
          order: 1,
          quantity: 5,
          price: 500,
          description: 'Added by the walk of every admin route.',
        },
      }),
  },
  'PATCH /parts/:id': {
    kind: 'part.price',
    prepare: async () => {
      const id = await api.addPart({ price: 1000 });
      return () => asAdmin('PATCH', apiPaths.part(id), { json: { price: 1100 } });
    },
  },
  'PUT /parts/:id': {
    kind: 'part.stock',
    prepare: async () => {
      const id = await api.addPart();
      return () => asAdmin('PUT', apiPaths.part(id), { json: { addQuantity: 1 } });
    },
  },
  'DELETE /parts/:id': {
    kind: 'part.removed',
    prepare: async () => {
      const id = await api.addPart();
      return () => asAdmin('DELETE', apiPaths.part(id));
    },
  },
  'POST /parts/images': {
    kind: 'part.image',
    prepare: async () => async () =>
      (
        await fetch(`${api.url}${API_BASE}${apiPaths.partImages()}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/png' },
          body: PNG,
        })
      ).status,
  },
  'POST /admin/parts/import': {
    kind: 'parts.imported',
    prepare: async () => {
      const id = await api.addPart({ price: 1000 });
      return () =>
        asAdmin('POST', apiPaths.importParts(), {
          headers: { 'content-type': 'text/csv' },
          raw: `id,price\n${id},10.50\n`,
        });
    },
  },
  'POST /admin/sales/rebuild': {
    kind: 'sales.rebuilt',
    prepare: async () => () => asAdmin('POST', apiPaths.rebuildSales()),
  },
  'PUT /admin/shipping-methods': {
    kind: 'shipping.changed',
    prepare: async () => () =>
      asAdmin('PUT', '/admin/shipping-methods', {
        json: [{ id: 'standard', name: 'Standard', price: 599 }],
      }),
  },
  'PUT /admin/mail-templates/:kind': {
    kind: 'template.saved',
    prepare: async () => () =>
      asAdmin('PUT', apiPaths.adminMailTemplate('order_paid'), {
        json: { subject: 'Walked: {{orderNumber}}', body: 'Paid, {{customerName}}.' },
      }),
  },
  'DELETE /admin/mail-templates/:kind': {
    kind: 'template.reset',
    prepare: async () => {
      const path = apiPaths.adminMailTemplate('order_cancelled');
      await asAdmin('PUT', path, { json: { subject: 'Cancelled', body: 'Walked.' } });
      return () => asAdmin('DELETE', path);
    },
  },
  'PUT /admin/tax': {
    kind: 'tax.changed',
    prepare: async () => () =>
      asAdmin('PUT', '/admin/tax', {
        json: { pricesIncludeTax: false, rates: [{ country: 'US', rate: 5 }] },
      }),
  },
  'PUT /admin/tracking-carriers': {
    kind: 'tracking.changed',
    prepare: async () => () =>
      asAdmin('PUT', '/admin/tracking-carriers', {
        json: { carriers: [{ name: 'GLS', urlTemplate: 'https://gls-group.com/track/{number}' }] },
      }),
  },
  'POST /admin/discounts': {
    kind: 'discount.created',
    prepare: async () => () =>
      asAdmin('POST', '/admin/discounts', {
        json: { code: `WALK${Date.now()}`, type: 'percent', value: 10 },
      }),
  },
  'DELETE /admin/discounts/:code': {
    kind: 'discount.deleted',
    prepare: async () => {
      const code = `GONE${Date.now()}`;
      await asAdmin('POST', '/admin/discounts', { json: { code, type: 'percent', value: 5 } });
      return () => asAdmin('DELETE', `/admin/discounts/${code}`);
    },
  },
  'POST /admin/pages': {
    kind: 'page.added',
    prepare: async () => () =>
      asAdmin('POST', apiPaths.adminPages(), { json: walkedPage(`walked-${Date.now()}`) }),
  },
  'PUT /admin/pages/:slug': {
    kind: 'page.edited',
    prepare: async () => {
      const slug = `edited-${Date.now()}`;
      await asAdmin('POST', apiPaths.adminPages(), { json: walkedPage(slug) });
      return () =>
        asAdmin('PUT', apiPaths.adminPage(slug), {
          json: { ...walkedPage(slug), title: 'Walked again' },
        });
    },
  },
  'DELETE /admin/pages/:slug': {
    kind: 'page.removed',
    prepare: async () => {
      const slug = `removed-${Date.now()}`;
      await asAdmin('POST', apiPaths.adminPages(), { json: walkedPage(slug) });
      return () => asAdmin('DELETE', apiPaths.adminPage(slug));
    },
  },
  'PUT /ordered/:id': {
    kind: 'order.deliver',
    prepare: async () => {
      const id = await paidOrder();
      return () => asAdmin('PUT', `/ordered/${id}`, { json: { delivertext: true } });
    },
  },
  'POST /ordered/:id/ship': {
    kind: 'order.ship',
    prepare: async () => {
      const id = await paidOrder();
      return () =>
        asAdmin('POST', apiPaths.shipOrder(id), {
          json: { carrier: 'DHL', trackingNumber: 'JD014600003828475093' },
        });
    },
  },
  'POST /ordered/:id/delivered': {
    kind: 'order.markDelivered',
    prepare: async () => {
      const id = await paidOrder();
      await asAdmin('POST', apiPaths.shipOrder(id), {
        json: { carrier: 'DHL', trackingNumber: 'JD014600003828475094' },
      });
      return () => asAdmin('POST', `/ordered/${id}/delivered`);
    },
  },
  'POST /ordered/:id/refund': {
    kind: 'order.refund',
    prepare: async () => {
      const id = await paidOrder();
      return () => asAdmin('POST', `/ordered/${id}/refund`, { json: { restock: true } });
    },
  },
  'POST /admin/returns/:id/approve': {
    kind: 'order.returnApproved',
    prepare: async () => {
      const id = await askedReturn();
      return () =>
        asAdmin('POST', apiPaths.approveReturn(id), { json: { instructions: 'Post it back' } });
    },
  },
  'POST /admin/returns/:id/refuse': {
    kind: 'order.returnRefused',
    prepare: async () => {
      const id = await askedReturn();
      return () => asAdmin('POST', apiPaths.refuseReturn(id), { json: { reason: 'Used' } });
    },
  },
  'POST /admin/returns/:id/receive': {
    kind: 'order.returnReceived',
    prepare: async () => {
      const id = await askedReturn();
      await asAdmin('POST', apiPaths.approveReturn(id), { json: { instructions: 'Post it' } });
      return () => asAdmin('POST', apiPaths.receiveReturn(id));
    },
  },
  'PUT /admin/brand': {
    kind: 'brand.changed',
    prepare: async () => () =>
      asAdmin('PUT', apiPaths.adminBrand(), { json: { ...BRAND_DEFAULTS, name: 'Walked Shop' } }),
  },
  'POST /admin/categories': {
    kind: 'category.added',
    prepare: async () => () =>
      asAdmin('POST', apiPaths.adminCategories(), { json: { name: 'Walked bags' } }),
  },
  'PUT /admin/categories/order': {
    kind: 'category.reordered',
    prepare: async () => {
      const listed = await api.request<{ id: string }[]>('GET', apiPaths.categories());
      const ids = listed.body.map((category) => category.id).reverse();
      return () => asAdmin('PUT', apiPaths.adminCategoryOrder(), { json: { ids } });
    },
  },
  'PATCH /admin/categories/:id': {
    kind: 'category.changed',
    prepare: async () => () =>
      asAdmin('PATCH', apiPaths.adminCategory('cockpit'), { json: { name: 'Walked cockpit' } }),
  },
  'DELETE /admin/categories/:id': {
    kind: 'category.removed',
    prepare: async () => {
      await asAdmin('POST', apiPaths.adminCategories(), { json: { name: 'Walked away' } });
      return () => asAdmin('DELETE', apiPaths.adminCategory('walked-away'));
    },
  },
  'POST /admin/brand/logo': {
    kind: 'brand.logo',
    prepare: async () => async () =>
      (
        await fetch(`${api.url}${API_BASE}${apiPaths.adminBrandLogo()}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'image/png' },
          body: PNG,
        })
      ).status,
  },
  'PUT /admin/return-settings': {
    kind: 'returns.changed',
    prepare: async () => () =>
      asAdmin('PUT', apiPaths.adminReturnSettings(), { json: { windowDays: 45 } }),
  },
  'PUT /user/admin/:email': {
    kind: 'admin.granted',
    prepare: async () => {
      const account = await api.signUp('walked-admin', { verified: true });
      await api.tokenFor(account);
      return () => asAdmin('PUT', apiPaths.promote(account.email));
    },
  },
  'PATCH /contact-messages/:id': {
    kind: 'message.handled',
    prepare: async () => {
      const id = await api.addContactMessage('Is the chain in stock?');
      return () => asAdmin('PATCH', `/contact-messages/${id}`, { json: { handled: true } });
    },
  },
};

/** The entries `send` added to the log, as the store holds them. */
async function entriesAddedBy(send: () => Promise<number>) {
  const before = new Set((await api.store.query(AUDIT_LOG)).map(({ id }) => id));
  const status = await send();
  const after = await api.store.query<AuditDoc>(AUDIT_LOG);
  return { status, added: after.filter(({ id }) => !before.has(id)).map(({ data }) => data) };
}

describe('every admin change is in the audit log', () => {
  it('walks every admin-only route that writes, as the router lists them: each leaves an entry by the admin', async () => {
    const routes = [
      ...new Set(
        api.routes
          .filter(({ method, handler }) => method !== 'GET' && isAdminCheck(handler))
          .map(({ method, path }) => `${method} ${path.slice(API_BASE.length)}`),
      ),
    ].sort();
    // The admin check is found on the routes (a rename would otherwise walk nothing).
    expect(routes).toEqual(expect.arrayContaining(['POST /parts', 'PUT /admin/tax']));
    expect(
      routes.filter((route) => !(route in ADMIN_WRITES)),
      'admin routes that write, with no way in ADMIN_WRITES to make their change',
    ).toEqual([]);

    const unaudited: { route: string; status: number; kinds: string[] }[] = [];
    for (const route of routes) {
      const { kind, prepare } = ADMIN_WRITES[route]!;
      const { status, added } = await entriesAddedBy(await prepare());
      expect(status, route).toBeGreaterThanOrEqual(200);
      expect(status, route).toBeLessThan(300);
      const byAdmin = added.filter(
        (entry) =>
          entry.kind === kind && entry.byUid === admin.uid && entry.byEmail === admin.email,
      );
      if (byAdmin.length !== 1) unaudited.push({ route, status, kinds: added.map((e) => e.kind) });
    }
    expect(unaudited).toEqual([]);
  });

  it('records an admin acting through a route open to owners too: cancelling, deleting, removing a review', async () => {
    const cancelled = await unpaidOrder();
    const deleted = await unpaidOrder();
    const bought = await paidOrder();
    const { partId } = (
      await api.request<Order>('GET', `/ordered/${bought}`, { token: admin.token })
    ).body;
    const review = await api.request<InsertResult>('POST', '/reviews', {
      token: customer.token,
      json: { partId, review: 'Runs quietly', rating: 5 },
    });
    expect(review.status).toBe(201);
    const changes: [AuditKind, string, () => Promise<number>][] = [
      ['order.cancel', cancelled, () => asAdmin('POST', `/ordered/${cancelled}/cancel`)],
      ['order.deleted', deleted, () => asAdmin('DELETE', `/ordered/${deleted}`)],
      [
        'review.removed',
        review.body.insertedId,
        () =>
          asAdmin('DELETE', `/reviews/${review.body.insertedId}`, {
            json: { reason: 'Walked by the audit test' },
          }),
      ],
    ];
    for (const [kind, targetId, send] of changes) {
      const { status, added } = await entriesAddedBy(send);
      expect(status, kind).toBe(200);
      expect(added, kind).toEqual([
        expect.objectContaining({ kind, targetId, byUid: admin.uid, byEmail: admin.email }),
      ]);
    }
  });
});
