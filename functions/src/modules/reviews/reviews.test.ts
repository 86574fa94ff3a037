import type { InsertResult, Review } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startApi,
  type Harness,
  type TestUser,
  itNeedsIsolation,
} from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let other: TestUser;

beforeAll(async () => {
  api = await startApi();
  [customer, other] = await Promise.all([api.customer(), api.customer('other')]);
});
afterAll(async () => {
  await api?.close();
});

async function reviewable(productName: string) {
  await api.addPart({ productName, img: `/parts/${productName.replace(/\W+/g, '-')}.svg` });
  return {
    productName,
    img: 'https://elsewhere.example/fake.png',
    email: 'spoofed@elsewhere.test',
    review: 'Shifts crisply and has lasted a whole season.',
    rating: 5,
  };
}

describe('POST /reviews', () => {
  it('adds a review by the token’s customer, with the part and image from the catalogue', async () => {
    const body = await reviewable('Derailleur hanger');
    const response = await api.request<InsertResult>('POST', '/reviews', {
      token: customer.token,
      json: body,
    });
    expect(response).toMatchObject({
      status: 201,
      body: { acknowledged: true, insertedId: expect.any(String) },
    });
    const list = await api.request<Review[]>('GET', '/reviews');
    const added = list.body.find((r) => r._id === response.body.insertedId);
    expect(added).toMatchObject({
      partId: expect.any(String),
      productName: 'Derailleur hanger',
      img: '/parts/Derailleur-hanger.svg',
      name: customer.name,
      review: body.review,
      rating: 5,
    });
  });

  it('allows one review per customer per part (409 for a second)', async () => {
    const body = await reviewable('Brake pads');
    expect(
      (await api.request('POST', '/reviews', { token: customer.token, json: body })).status,
    ).toBe(201);
    const before = await api.snapshot();
    const second = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { ...body, rating: 1 },
    });
    expect(second).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
    expect(await api.snapshot()).toEqual(before);
    expect((await api.request('POST', '/reviews', { token: other.token, json: body })).status).toBe(
      201,
    );
  });

  itNeedsIsolation('keeps one review when the same customer sends two at once', async () => {
    const body = await reviewable('Bottom bracket');
    const statuses = await Promise.all(
      [1, 2, 3, 4].map(
        async (rating) =>
          (
            await api.request('POST', '/reviews', {
              token: customer.token,
              json: { ...body, rating },
            })
          ).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 409, 409, 409]);
  });

  it.each([
    [0, 422],
    [1, 201],
    [5, 201],
    [6, 422],
    [2.5, 422],
    ['five', 422],
  ])('rating %s → %i', async (rating, status) => {
    const body = await reviewable(`Rated part ${String(rating)}`);
    const response = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { ...body, rating },
    });
    expect(response.status).toBe(status);
    if (status === 422) {
      expect(response.body).toMatchObject({
        error: { code: 'validation_failed', fields: { rating: expect.any(String) } },
      });
    }
  });

  it('needs the review text and a rating', async () => {
    const body = await reviewable('Grips');
    const response = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { ...body, review: ' ', rating: undefined },
    });
    expect(response).toMatchObject({
      status: 422,
      body: { error: { fields: { review: 'Review is required', rating: 'Pick a rating' } } },
    });
  });

  it('answers 404 for a part that does not exist, 401 when signed out', async () => {
    const body = await reviewable('Saddle');
    expect((await api.request('POST', '/reviews', { json: body })).status).toBe(401);
    const unknown = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { ...body, productName: 'No such part' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('GET /reviews', () => {
  it('is public and lists the oldest first', async () => {
    const first = await reviewable('Pedals');
    const second = await reviewable('Cleats');
    const a = await api.request<InsertResult>('POST', '/reviews', {
      token: other.token,
      json: first,
    });
    const b = await api.request<InsertResult>('POST', '/reviews', {
      token: other.token,
      json: second,
    });
    const list = await api.request<Review[]>('GET', '/reviews');
    expect(list.status).toBe(200);
    const ids = list.body.map((r) => r._id);
    expect(ids.indexOf(a.body.insertedId)).toBeLessThan(ids.indexOf(b.body.insertedId));
  });
});

describe('privacy and parts by id', () => {
  it('never shows an email address; a reviewer without a name is a "Verified customer"', async () => {
    const nameless = await api.signUp('nameless', { name: '' });
    const namelessToken = await api.tokenFor(nameless);
    const body = await reviewable('Bottle cage');
    const added = await api.request<InsertResult>('POST', '/reviews', {
      token: namelessToken,
      json: body,
    });
    expect(added.status).toBe(201);
    const list = await api.request<Review[]>('GET', '/reviews');
    expect(JSON.stringify(list.body)).not.toMatch(/@/);
    expect(list.body.find((r) => r._id === added.body.insertedId)?.name).toBe('Verified customer');
  });

  it('ties a review to its part by partId, and still looks the part up by name', async () => {
    const partId = await api.addPart({ productName: 'Tubeless valve', img: '/parts/valve.svg' });
    const byId = await api.request<InsertResult>('POST', '/reviews', {
      token: customer.token,
      json: { partId, review: 'Seals first time.', rating: 4 },
    });
    expect(byId.status).toBe(201);
    const byName = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { productName: 'Tubeless valve', img: '/x.png', review: 'Again', rating: 1 },
    });
    expect(byName.status).toBe(409);
    const list = await api.request<Review[]>('GET', '/reviews');
    expect(list.body.find((r) => r._id === byId.body.insertedId)).toMatchObject({
      partId,
      productName: 'Tubeless valve',
      img: '/parts/valve.svg',
    });
    const unknown = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { partId: 'no-such-part', review: 'Hm', rating: 3 },
    });
    expect(unknown.status).toBe(404);
  });
});
