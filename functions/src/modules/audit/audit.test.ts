/**
 * The audit log over HTTP (issue 27 item 4): each admin change leaves one entry with who, when,
 * what and the values before and after, written with the change or not at all; GET /admin/audit
 * filters and pages it for admins; nothing changes or removes an entry through the API.
 */
import {
  apiPaths,
  TOTAL_COUNT_HEADER,
  type AuditEntry,
  type InsertResult,
  type Order,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

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
      json: { carrier: 'DHL', trackingNumber: 'JD0146 0000 1234' },
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      shipment: { carrier: 'DHL', trackingNumber: 'JD0146 0000 1234' },
    });
    expect(shipped.body.timeline.map((entry) => entry.status)).toEqual([
      'unpaid',
      'paid',
      'shipped',
    ]);
    const [entry] = await entriesOf(id);
    expect(entry).toMatchObject({
      kind: 'order.ship',
      byEmail: admin.email,
      before: { status: 'paid' },
      after: {
        status: 'shipped',
        shipment: { carrier: 'DHL', trackingNumber: 'JD0146 0000 1234' },
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
    expect(importEntry).toMatchObject({
      byEmail: admin.email,
      targetId: 'catalogue',
      before: { [partId]: { price: 1000 } },
      after: { [partId]: { price: 1250 } },
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
