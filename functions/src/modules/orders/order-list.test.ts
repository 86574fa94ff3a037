/**
 * GET /ordered with the admin list query (Manage All Orders): search, status filter, sort by
 * column, pages and X-Total-Count; without it, the original answer.
 */
import { TOTAL_COUNT_HEADER, type InsertResult, type Order } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
/** Order ids in the order they were placed. */
let placed: { chain: string; saddle: string; rotor: string };

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  admin = await api.admin();
  const aliceAccount = await api.signUp('alice', { name: 'Alice Archer' });
  alice = { ...aliceAccount, token: await api.tokenFor(aliceAccount) };
  bob = await api.customer('bob');
  const chain = await api.addPart({ productName: 'Chain', price: 2500, order: 1 });
  const saddle = await api.addPart({ productName: 'Saddle', price: 5200, order: 1 });
  const rotor = await api.addPart({ productName: 'Rotor', price: 3200, order: 1 });
  const place = async (user: TestUser, partId: string, orderQuantity: number) => {
    const response = await api.request<InsertResult>('POST', '/ordered', {
      token: user.token,
      json: { partId, userName: user.name, address: '1 Road', number: '5550100', orderQuantity },
    });
    // A second apart, so that newest first has one answer.
    api.advanceClock(1000);
    return response.body.insertedId;
  };
  placed = {
    chain: await place(alice, chain, 2), // 5000
    saddle: await place(bob, saddle, 1), // 5200
    rotor: await place(alice, rotor, 1), // 3200
  };
  await api.pay(alice, placed.rotor);
});
afterAll(async () => {
  await api?.close();
});

const list = (search: string, token = admin.token) =>
  api.request<Order[]>('GET', `/ordered${search}`, { token });
const idsOf = (orders: Order[]) => orders.map((order) => order._id);

describe('GET /ordered', () => {
  it('answers every order oldest first without list parameters, as the original API did', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(idsOf(response.body)).toEqual([placed.chain, placed.saddle, placed.rotor]);
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
  });

  it('answers newest first with any list parameter, with each order’s date and total', async () => {
    const response = await list('?page=1');
    expect(idsOf(response.body)).toEqual([placed.rotor, placed.saddle, placed.chain]);
    expect(response.body[2]).toMatchObject({ createdAt: expect.any(String), totalPrice: 5000 });
  });

  it("finds orders by the customer's email or name, a part's name, or the order's id", async () => {
    expect(idsOf((await list('?q=archer')).body)).toEqual([placed.rotor, placed.chain]);
    expect(idsOf((await list(`?q=${encodeURIComponent(bob.email)}`)).body)).toEqual([
      placed.saddle,
    ]);
    expect(idsOf((await list('?q=SADDLE')).body)).toEqual([placed.saddle]);
    expect(idsOf((await list(`?q=${placed.chain}`)).body)).toEqual([placed.chain]);
    expect((await list('?q=nothing-like-it')).body).toEqual([]);
  });

  it('filters by status', async () => {
    expect(idsOf((await list('?status=paid')).body)).toEqual([placed.rotor]);
    const unpaid = await list('?status=unpaid');
    expect(idsOf(unpaid.body)).toEqual([placed.saddle, placed.chain]);
    expect(unpaid.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    expect((await list('?status=delivered')).body).toEqual([]);
  });

  it('sorts by a column, either way', async () => {
    expect(idsOf((await list('?sort=totalPrice')).body)).toEqual([
      placed.rotor,
      placed.chain,
      placed.saddle,
    ]);
    expect(idsOf((await list('?sort=-totalPrice')).body)).toEqual([
      placed.saddle,
      placed.chain,
      placed.rotor,
    ]);
    expect(idsOf((await list('?sort=createdAt')).body)).toEqual([
      placed.chain,
      placed.saddle,
      placed.rotor,
    ]);
    expect(idsOf((await list('?sort=partName')).body)).toEqual([
      placed.chain,
      placed.rotor,
      placed.saddle,
    ]);
    expect(idsOf((await list('?sort=-orderQuantity')).body)[0]).toBe(placed.chain);
  });

  it('answers one page at a time, with the number of matches', async () => {
    const second = await list('?pageSize=2&page=2');
    expect(idsOf(second.body)).toEqual([placed.chain]);
    expect(second.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
  });

  it("pages a customer's own orders, and refuses anyone else's", async () => {
    const own = await list(`?email=${encodeURIComponent(alice.email)}&pageSize=1`, alice.token);
    expect(idsOf(own.body)).toEqual([placed.rotor]);
    expect(own.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    const original = await list(`?email=${encodeURIComponent(alice.email)}`, alice.token);
    expect(idsOf(original.body)).toEqual([placed.chain, placed.rotor]);
    expect((await list(`?email=${encodeURIComponent(alice.email)}&page=1`, bob.token)).status).toBe(
      403,
    );
    expect((await list('?page=1', bob.token)).status).toBe(403);
  });

  it("filters by the days they were placed and by the customer, in the admin's list", async () => {
    const today = new Date(Date.now()).toISOString().slice(0, 10);
    const placedDay = (await list('?page=1')).body[0]!.createdAt.slice(0, 10);
    expect(idsOf((await list(`?from=${placedDay}&to=${placedDay}`)).body)).toEqual([
      placed.rotor,
      placed.saddle,
      placed.chain,
    ]);
    expect((await list('?to=2020-01-01')).body).toEqual([]);
    expect(
      (await list(`?from=${placedDay > today ? placedDay : today}&to=2099-12-31`)).status,
    ).toBe(200);
    const alices = await list(`?email=${encodeURIComponent(alice.email.toUpperCase())}&page=1`);
    expect(idsOf(alices.body)).toEqual([placed.rotor, placed.chain]);
    expect(alices.headers.get(TOTAL_COUNT_HEADER)).toBe('2');
    const paidOfAlice = await list(
      `?email=${encodeURIComponent(alice.email)}&status=paid&from=${placedDay}`,
    );
    expect(idsOf(paidOfAlice.body)).toEqual([placed.rotor]);
  });

  it.each([
    ['a day that does not exist', '?from=2026-02-30', 'from'],
    ['a range that ends before it starts', '?from=2026-03-02&to=2026-03-01', 'to'],
    ['an unknown status', '?status=lost', 'status'],
    ['an unknown sort', '?sort=price', 'sort'],
    ['a page written as 1e3', '?page=1e3', 'page'],
    ['a page size of 0', '?pageSize=0', 'pageSize'],
  ])('refuses %s with a message for that field', async (_label, search, field) => {
    const response = await list(search);
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      error: { code: 'validation_failed', fields: { [field]: expect.any(String) } },
    });
  });
});
