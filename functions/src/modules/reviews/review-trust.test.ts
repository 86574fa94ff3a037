/**
 * Reviews that cannot flood (issue 21 item 6): a verified email, a purchase of the part (by
 * default), a limit per account and per network address, and one review per part id whatever the
 * part is called now.
 */
import type { InsertResult, Part } from '@sprocket/contract';
import { reviewMessages } from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';

let api: Harness;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi();
  admin = await api.admin();
});
afterAll(async () => {
  await api?.close();
});

const HOUR_MS = 60 * 60_000;

const review = (user: TestUser, partId: string, headers?: Record<string, string>) =>
  api.request<InsertResult>('POST', '/reviews', {
    token: user.token,
    json: { partId, review: 'Worn through in a week.', rating: 1 },
    headers,
  });

/** A paid order of one unit of the part. */
async function buy(user: TestUser, partId: string) {
  const placed = await api.request<InsertResult>('POST', '/ordered', {
    token: user.token,
    json: { partId, orderQuantity: 1, address: '1 Chainring Road', number: '5550100' },
  });
  expect(placed.status).toBe(201);
  expect((await api.pay(user, placed.body.insertedId)).status).toBe(200);
}

describe('who may review', () => {
  it('refuses an unverified address, and a customer who has not bought the part', async () => {
    const partId = await api.addPart({ order: 1 });
    const unverified = await api.customer('unverified-reviewer', { verified: false });
    expect((await review(unverified, partId)).body).toMatchObject({
      error: { code: 'forbidden', message: reviewMessages.verifyFirst },
    });
    const browser = await api.customer('browser');
    const notBought = await review(browser, partId);
    expect(notBought.status).toBe(403);
    expect(notBought.body).toMatchObject({ error: { message: reviewMessages.buyFirst } });

    await buy(browser, partId);
    expect((await review(browser, partId)).status).toBe(201);
  });

  it('keeps one review per customer and part, even after the part is renamed', async () => {
    const partId = await api.addPart({ productName: 'Brake pads, organic', order: 1 });
    const rider = await api.customer('renamer');
    await buy(rider, partId);
    expect((await review(rider, partId)).status).toBe(201);
    const renamed = await api.request<Part>('PATCH', `/parts/${partId}`, {
      token: admin.token,
      json: { productName: 'Brake pads, organic (2027)' },
    });
    expect(renamed.status).toBe(200);
    const again = await review(rider, partId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { message: reviewMessages.alreadyReviewed } });
  });
});

describe('how many', () => {
  it('stops fresh accounts flooding one part from one address', async () => {
    const open = await startApi({ env: { SHOP_REVIEWS_REQUIRE_PURCHASE: 'false' } });
    try {
      const partId = await open.addPart();
      const from = { 'x-forwarded-for': '203.0.113.200' };
      // The limits count whole hours of the app's clock: all twelve fall into one (run 21 crossed
      // an hour of the real clock as it ran).
      open.startRateWindow(HOUR_MS);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const fresh = await open.customer(`flood-${i}`);
        const sent = await open.request('POST', '/reviews', {
          token: fresh.token,
          json: { partId, review: 'Terrible.', rating: 1 },
          headers: from,
        });
        statuses.push(sent.status);
      }
      // SHOP_REVIEWS_PER_HOUR (5) per account, twice that per address.
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.slice(10)).toEqual([429, 429]);
    } finally {
      await open.close();
    }
  });

  it('limits one account to SHOP_REVIEWS_PER_HOUR reviews an hour', async () => {
    const shop = await startApi({ env: { SHOP_REVIEWS_REQUIRE_PURCHASE: 'false' } });
    try {
      shop.startRateWindow(HOUR_MS);
      const writer = await shop.customer('prolific');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const partId = await shop.addPart();
        const sent = await shop.request('POST', '/reviews', {
          token: writer.token,
          json: { partId, review: 'Fine.', rating: 4 },
        });
        statuses.push(sent.status);
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    } finally {
      await shop.close();
    }
  });
});
