import type { CatalogueReview, InsertResult, Review } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MANY_ORDERS,
  startApi,
  type Harness,
  type TestUser,
  itNeedsIsolation,
} from '../../testing/api-harness.js';

let api: Harness;
let customer: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  // Some cases place several orders from one account, to have bought what they review. The rest
  // review without buying: the purchase rule has cases of its own (review-trust.test.ts).
  api = await startApi({
    env: { ...MANY_ORDERS, SHOP_REVIEWS_REQUIRE_PURCHASE: 'false', SHOP_REVIEWS_PER_HOUR: '1000' },
  });
  [customer, other, admin] = await Promise.all([
    api.customer(),
    api.customer('other'),
    api.admin(),
  ]);
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
      img: `${api.publicUrl}/parts/Derailleur-hanger.svg`,
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
              retryWhileBusy: true,
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
    const nameless = await api.signUp('nameless', { name: '', verified: true });
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
      img: `${api.publicUrl}/parts/valve.svg`,
    });
    const unknown = await api.request('POST', '/reviews', {
      token: customer.token,
      json: { partId: 'no-such-part', review: 'Hm', rating: 3 },
    });
    expect(unknown.status).toBe(404);
  });
});

/** A review of the part by the user; its id. */
async function reviewOf(user: TestUser, partId: string, rating = 4): Promise<string> {
  const added = await api.request<InsertResult>('POST', '/reviews', {
    token: user.token,
    json: { partId, review: `Rated ${rating} by ${user.name}.`, rating },
  });
  expect(added.status).toBe(201);
  return added.body.insertedId;
}

/** An order of the part by the user, placed (unpaid) or paid for; its id. */
async function orderOf(user: TestUser, partId: string, paid = true): Promise<string> {
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: user.token,
    json: {
      partId,
      userName: user.name,
      address: '1 Spoke Lane',
      number: '5550100',
      orderQuantity: 2,
    },
  });
  expect(placed.status).toBe(201);
  if (paid) expect((await api.pay(user, placed.body.insertedId)).status).toBe(200);
  return placed.body.insertedId;
}

const reviewsOfPart = async (partId: string) =>
  (await api.request<CatalogueReview[]>('GET', `/reviews?partId=${partId}`)).body;

const storedReview = async (id: string) => (await api.store.get('reviews', id))?.data;

describe('GET /reviews?partId=', () => {
  it('answers that part’s reviews only, newest first, with the purchase badge and no emails', async () => {
    const partId = await api.addPart();
    const elsewhere = await api.addPart();
    const [first, second, third] = await Promise.all([
      api.customer('first'),
      api.customer('second'),
      api.customer('third'),
    ]);
    await orderOf(second!, partId);
    const ids = [];
    for (const user of [first!, second!, third!]) ids.push(await reviewOf(user, partId));
    await reviewOf(first!, elsewhere);
    const response = await api.request<CatalogueReview[]>('GET', `/reviews?partId=${partId}`);
    expect(response.status).toBe(200);
    expect(response.body.map((review) => review._id)).toEqual([...ids].reverse());
    expect(response.body.map((review) => review.verifiedPurchase)).toEqual([false, true, false]);
    expect(response.body[1]).toMatchObject({ partId, name: second!.name, rating: 4 });
    expect(JSON.stringify(response.body)).not.toMatch(/@/);
  });

  it('answers an empty list for a part without reviews or an id that names nothing', async () => {
    expect(await reviewsOfPart(await api.addPart())).toEqual([]);
    expect(await reviewsOfPart('no-such-part')).toEqual([]);
    expect(await reviewsOfPart('..%2Fparts')).toEqual([]);
  });
});

describe('verified purchase', () => {
  it.each([
    ['paid', 'paid', true],
    ['in delivery', 'processing', true],
    ['shipped', 'shipped', true],
    ['delivered', 'delivered', true],
    ['unpaid', 'unpaid', false],
    ['cancelled', 'cancelled', false],
    ['refunded', 'refunded', false],
  ] as const)(
    'an order that is %s (%s) → verifiedPurchase %s',
    async (_label, status, verified) => {
      const partId = await api.addPart();
      const buyer = await api.customer('buyer');
      const orderId = await orderOf(buyer, partId, status !== 'unpaid' && status !== 'cancelled');
      const asAdmin = (path: string, json?: unknown) =>
        api.request('POST', path, { token: admin.token, json });
      if (status === 'cancelled') await asAdmin(`/ordered/${orderId}/cancel`);
      if (status === 'refunded') await asAdmin(`/ordered/${orderId}/refund`, { restock: true });
      if (['processing', 'shipped', 'delivered'].includes(status)) {
        await api.request('PUT', `/ordered/${orderId}`, {
          token: admin.token,
          json: { delivertext: true },
        });
      }
      if (['shipped', 'delivered'].includes(status)) {
        await asAdmin(`/ordered/${orderId}/ship`, {
          carrier: 'DHL',
          trackingNumber: 'JD014600003828475093',
        });
      }
      if (status === 'delivered') await asAdmin(`/ordered/${orderId}/delivered`);
      const order = await api.request<{ status: string }>('GET', `/ordered/${orderId}`, {
        token: buyer.token,
      });
      expect(order.body.status).toBe(status);
      const id = await reviewOf(buyer, partId);
      expect((await reviewsOfPart(partId)).find((review) => review._id === id)).toMatchObject({
        verifiedPurchase: verified,
      });
      expect(await storedReview(id)).toMatchObject({ verifiedPurchase: verified });
    },
  );

  it('counts a part bought as one line of a checkout, and not a paid order of another part', async () => {
    const [partId, other1, other2] = [
      await api.addPart(),
      await api.addPart(),
      await api.addPart(),
    ];
    const buyer = await api.customer('cart-buyer');
    const placed = await api.request<InsertResult>('POST', '/checkout', {
      token: buyer.token,
      json: {
        items: [
          { partId: other1, quantity: 2 },
          { partId, quantity: 3 },
        ],
        address: '1 Spoke Lane',
        number: '5550100',
        country: 'US',
      },
    });
    expect(placed.status).toBe(201);
    expect((await api.pay(buyer, placed.body.insertedId)).status).toBe(200);
    const bought = await reviewOf(buyer, partId);
    const notBought = await reviewOf(buyer, other2);
    expect(await storedReview(bought)).toMatchObject({ verifiedPurchase: true });
    expect(await storedReview(notBought)).toMatchObject({ verifiedPurchase: false });
  });

  it('is false for reviews stored before purchases were checked', async () => {
    const partId = await api.addPart();
    const id = await reviewOf(customer, partId);
    await api.store.update('reviews', id, { verifiedPurchase: null });
    expect((await reviewsOfPart(partId))[0]?.verifiedPurchase).toBe(false);
  });
});

describe('PATCH /reviews/{id}', () => {
  it('lets the author change the text and the rating, and dates the change', async () => {
    const partId = await api.addPart();
    const id = await reviewOf(customer, partId, 2);
    const response = await api.request<CatalogueReview>('PATCH', `/reviews/${id}`, {
      token: customer.token,
      json: { review: '  Better after the second ride.  ', rating: 4 },
    });
    expect(response).toMatchObject({
      status: 200,
      body: {
        _id: id,
        review: 'Better after the second ride.',
        rating: 4,
        editedAt: expect.any(String),
      },
    });
    const [listed] = await reviewsOfPart(partId);
    expect(listed).toEqual(response.body);
    const ratingOnly = await api.request<CatalogueReview>('PATCH', `/reviews/${id}`, {
      token: customer.token,
      json: { rating: 5 },
    });
    expect(ratingOnly.body).toMatchObject({ review: 'Better after the second ride.', rating: 5 });
  });

  it('checks the purchase again: bought after writing, the edited review is verified', async () => {
    const partId = await api.addPart();
    const buyer = await api.customer('late-buyer');
    const id = await reviewOf(buyer, partId);
    expect(await storedReview(id)).toMatchObject({ verifiedPurchase: false });
    await orderOf(buyer, partId);
    const edited = await api.request<CatalogueReview>('PATCH', `/reviews/${id}`, {
      token: buyer.token,
      json: { review: 'Bought it since, and it holds up.' },
    });
    expect(edited.body.verifiedPurchase).toBe(true);
    expect(await storedReview(id)).toMatchObject({ verifiedPurchase: true });
  });

  it('is for the author only: 403 for another customer and for an admin, 401 signed out', async () => {
    const id = await reviewOf(customer, await api.addPart());
    const before = await api.snapshot();
    for (const token of [other.token, admin.token]) {
      expect(
        await api.request('PATCH', `/reviews/${id}`, { token, json: { rating: 1 } }),
      ).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
    }
    expect((await api.request('PATCH', `/reviews/${id}`, { json: { rating: 1 } })).status).toBe(
      401,
    );
    expect(await api.snapshot()).toEqual(before);
  });

  it('answers 404 for an unknown review, 422 for an edit that changes nothing or a bad rating', async () => {
    const unknown = await api.request('PATCH', '/reviews/no-such-review', {
      token: customer.token,
      json: { rating: 3 },
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const id = await reviewOf(customer, await api.addPart());
    expect(
      await api.request('PATCH', `/reviews/${id}`, { token: customer.token, json: {} }),
    ).toMatchObject({
      status: 422,
      body: { error: { message: 'Change the review or the rating' } },
    });
    expect(
      await api.request('PATCH', `/reviews/${id}`, {
        token: customer.token,
        json: { rating: '1e3' },
      }),
    ).toMatchObject({
      status: 422,
      body: { error: { fields: { rating: 'Pick a rating from 1 to 5 stars' } } },
    });
  });
});

describe('DELETE /reviews/{id}', () => {
  it('lets the author delete their own without a reason; they may review the part again', async () => {
    const partId = await api.addPart();
    const id = await reviewOf(customer, partId);
    const response = await api.request('DELETE', `/reviews/${id}`, { token: customer.token });
    expect(response).toMatchObject({ status: 200, body: { acknowledged: true, deletedCount: 1 } });
    expect(await reviewsOfPart(partId)).toEqual([]);
    expect(
      await api.store.query('removedReviews', {
        where: [{ field: 'reviewId', op: '==', value: id }],
      }),
    ).toEqual([]);
    await reviewOf(customer, partId, 5);
  });

  it('lets an admin remove someone else’s review with a reason, and keeps a copy with it', async () => {
    const partId = await api.addPart();
    const id = await reviewOf(other, partId, 1);
    const response = await api.request('DELETE', `/reviews/${id}`, {
      token: admin.token,
      json: { reason: '  Abusive language  ' },
    });
    expect(response.status).toBe(200);
    expect(await reviewsOfPart(partId)).toEqual([]);
    const everything = await api.request<Review[]>('GET', '/reviews');
    expect(everything.body.some((review) => review._id === id)).toBe(false);
    const kept = await api.store.query('removedReviews', {
      where: [{ field: 'reviewId', op: '==', value: id }],
    });
    expect(kept.map((doc) => doc.data)).toEqual([
      expect.objectContaining({
        reviewId: id,
        partId,
        email: other.email,
        review: `Rated 1 by ${other.name}.`,
        rating: 1,
        reason: 'Abusive language',
        removedBy: { uid: admin.uid, email: admin.email },
        removedAt: expect.any(String),
      }),
    ]);
  });

  it('asks an admin who is not the author for a reason (422), and removes nothing without one', async () => {
    const id = await reviewOf(other, await api.addPart());
    const before = await api.snapshot();
    for (const json of [undefined, {}, { reason: '   ' }]) {
      expect(
        await api.request('DELETE', `/reviews/${id}`, { token: admin.token, json }),
      ).toMatchObject({
        status: 422,
        body: { error: { fields: { reason: 'Say why the review is removed' } } },
      });
    }
    expect(await api.snapshot()).toEqual(before);
  });

  it('lets an admin delete their own review like any author', async () => {
    const id = await reviewOf(admin, await api.addPart());
    expect((await api.request('DELETE', `/reviews/${id}`, { token: admin.token })).status).toBe(
      200,
    );
  });

  it('refuses everyone else (403), signed-out callers (401) and unknown reviews (404)', async () => {
    const id = await reviewOf(customer, await api.addPart());
    const before = await api.snapshot();
    expect(
      await api.request('DELETE', `/reviews/${id}`, {
        token: other.token,
        json: { reason: 'I disagree' },
      }),
    ).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } });
    expect((await api.request('DELETE', `/reviews/${id}`)).status).toBe(401);
    expect(await api.snapshot()).toEqual(before);
    expect(
      (await api.request('DELETE', '/reviews/no-such-review', { token: customer.token })).status,
    ).toBe(404);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const id = await reviewOf(other, await api.addPart());
    expect(
      (await api.request('DELETE', `/reviews/${id}`, { token: admin.token, raw: '{"reason": ' }))
        .status,
    ).toBe(400);
  });
});
