/**
 * GET /users with the admin list query (Make Admin): search by email, role filter, sort, pages and
 * X-Total-Count; without it, the original answer.
 */
import { TOTAL_COUNT_HEADER, type User } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;
/** Customers in the order they first signed in. */
let customers: TestUser[];

beforeAll(async () => {
  api = await startApi();
  admin = await api.admin();
  customers = [];
  for (const label of ['carol', 'dave', 'erin']) {
    // A second apart, so that newest first has one answer.
    api.advanceClock(1000);
    customers.push(await api.customer(label));
  }
});
afterAll(async () => {
  await api?.close();
});

const list = (search: string, token = admin.token) =>
  api.request<User[]>('GET', `/users${search}`, { token });
const emailsOf = (users: User[]) => users.map((user) => user.email);

describe('GET /users', () => {
  it('answers every user oldest first without list parameters, as the original API did', async () => {
    const response = await list('');
    expect(response.status).toBe(200);
    expect(emailsOf(response.body)).toEqual([admin.email, ...customers.map((c) => c.email)]);
    expect(response.body[0]).toEqual({
      _id: expect.any(String),
      email: admin.email,
      role: 'admin',
      verified: true,
    });
    expect(response.headers.get(TOTAL_COUNT_HEADER)).toBe('4');
  });

  it('answers newest first with any list parameter, with when each user joined', async () => {
    const response = await list('?page=1');
    expect(emailsOf(response.body)).toEqual(
      [...customers.map((c) => c.email)].reverse().concat(admin.email),
    );
    expect(response.body[0]).toEqual({
      _id: expect.any(String),
      email: customers[2]!.email,
      verified: true,
      createdAt: expect.any(String),
    });
  });

  it('finds users by email, filters by role and sorts by email', async () => {
    expect(emailsOf((await list('?q=DAVE')).body)).toEqual([customers[1]!.email]);
    expect(emailsOf((await list('?role=admin')).body)).toEqual([admin.email]);
    const shoppers = await list('?role=customer');
    expect(emailsOf(shoppers.body)).toEqual(customers.map((c) => c.email).reverse());
    expect(shoppers.headers.get(TOTAL_COUNT_HEADER)).toBe('3');
    const byEmail = emailsOf((await list('?sort=email')).body);
    expect(byEmail).toEqual([...byEmail].sort());
    expect(emailsOf((await list('?sort=-email')).body)).toEqual([...byEmail].reverse());
  });

  it('answers one page at a time, with the number of matches', async () => {
    const page = await list('?sort=createdAt&pageSize=3&page=2');
    expect(emailsOf(page.body)).toEqual([customers[2]!.email]);
    expect(page.headers.get(TOTAL_COUNT_HEADER)).toBe('4');
  });

  it('is for admins only, and refuses unknown values', async () => {
    expect((await list('?page=1', customers[0]!.token)).status).toBe(403);
    const response = await list('?role=owner');
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: { fields: { role: expect.any(String) } } });
    expect((await list('?sort=name')).status).toBe(422);
  });
});
