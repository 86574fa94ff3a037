/**
 * Carts left behind (issue 37 item 4): one reminder for a signed-in customer's cart idle for a
 * day with parts still in stock, linking back to the cart; none after an order, none to an
 * unverified address, none when the customer turned reminders off, never a second for the cart.
 */
import {
  apiPaths,
  BRAND_DEFAULTS,
  CART_REMINDER_AFTER_HOURS,
  type Preferences,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { CARTS, cartId, type CartDoc } from '../cart/cart.service.js';
import type { MailDoc } from '../mail/mail.service.js';

let api: Harness;
let partId: string;

beforeAll(async () => {
  api = await startApi();
  partId = await api.addPart({ productName: 'Reminded brake pads', price: 1899, quantity: 20 });
});
afterAll(async () => {
  await api?.close();
});

const HOUR_MS = 60 * 60_000;

const putInCart = async (user: TestUser, part = partId, quantity = 2) => {
  const put = await api.request('PUT', apiPaths.cartItem(part), {
    token: user.token,
    json: { quantity },
  });
  expect(put.status).toBe(200);
};

/** Makes the customer's cart look as if it was last changed `hours` ago. */
const leaveCart = (user: TestUser, hours = CART_REMINDER_AFTER_HOURS + 1) =>
  api.store.update(CARTS, cartId(user.email), {
    updatedAt: new Date(Date.now() - hours * HOUR_MS).toISOString(),
  });

const remindersTo = async (user: TestUser) =>
  (await api.store.query<MailDoc>('mail')).filter(
    ({ data }) => data.kind === 'cart_reminder' && data.to === user.email,
  );

describe('carts left behind', () => {
  it('get one reminder a day after the last change, linking back to the cart, and never a second', async () => {
    const rider = await api.customer('left-cart');
    await putInCart(rider);
    await leaveCart(rider);
    await api.sweep();
    const [mail, ...more] = await remindersTo(rider);
    expect(more).toEqual([]);
    expect(mail!.data.message.subject).toBe(
      `${BRAND_DEFAULTS.name}: the parts in your cart are still here`,
    );
    expect(mail!.data.message.text).toContain('2 × Reminded brake pads');
    expect(mail!.data.message.text).toContain(new URL('/cart', api.publicUrl).href);
    expect(mail!.data.message.html).toContain(`href="${new URL('/cart', api.publicUrl).href}"`);
    // In the Trigger Email extension's shape.
    expect(mail!.data).toMatchObject({ to: rider.email, message: { html: expect.any(String) } });

    // Asked again, and after the cart changed and was left again: still the one.
    await api.sweep();
    await putInCart(rider, partId, 3);
    await leaveCart(rider, 48);
    await api.sweep();
    expect(await remindersTo(rider)).toHaveLength(1);
  });

  it('wait a day: a cart changed 23 hours ago is not reminded yet', async () => {
    const rider = await api.customer('recent-cart');
    await putInCart(rider);
    await leaveCart(rider, CART_REMINDER_AFTER_HOURS - 1);
    await api.sweep();
    expect(await remindersTo(rider)).toEqual([]);
  });

  it('are not reminded after an order, to an unverified address, or with reminders turned off', async () => {
    const buyer = await api.customer('bought-since');
    await putInCart(buyer);
    await leaveCart(buyer);
    const placed = await api.request('POST', '/ordered', {
      token: buyer.token,
      json: {
        partId,
        orderQuantity: 2,
        address: '1 Chainring Road, Gearford',
        number: '+1 555 0100',
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const unverified = await api.customer('unverified-cart', { verified: false });
    await putInCart(unverified);
    await leaveCart(unverified);

    const quiet = await api.customer('no-reminders');
    expect(
      (await api.request<Preferences>('GET', apiPaths.preferences(), { token: quiet.token })).body,
    ).toEqual({
      cartReminders: true,
    });
    const off = await api.request<Preferences>('PUT', apiPaths.preferences(), {
      token: quiet.token,
      json: { cartReminders: false },
    });
    expect(off).toMatchObject({ status: 200, body: { cartReminders: false } });
    await putInCart(quiet);
    await leaveCart(quiet);

    await api.sweep();
    for (const user of [buyer, unverified, quiet]) expect(await remindersTo(user)).toEqual([]);
  });

  it('are not reminded when nothing in them is in stock any more', async () => {
    const soldOut = await api.addPart({ productName: 'Last saddle', quantity: 1, order: 1 });
    const rider = await api.customer('sold-out-cart');
    await putInCart(rider, soldOut, 1);
    await api.request('PUT', apiPaths.part(soldOut), {
      token: (await api.admin()).token,
      json: { deliveredQuantity: 0 },
    });
    await leaveCart(rider);
    await api.sweep();
    expect(await remindersTo(rider)).toEqual([]);
  });

  it('begin again once the cart is emptied: the next cart may be reminded', async () => {
    const rider = await api.customer('second-cart');
    await putInCart(rider);
    await leaveCart(rider);
    await api.sweep();
    expect(await remindersTo(rider)).toHaveLength(1);
    await api.request('DELETE', apiPaths.cartItem(partId), { token: rider.token });
    expect(
      (await api.store.get<CartDoc>(CARTS, cartId(rider.email)))?.data.remindedAt,
    ).toBeUndefined();
    await putInCart(rider);
    await leaveCart(rider);
    await api.sweep();
    expect(await remindersTo(rider)).toHaveLength(2);
  });

  it('refuse a preference that is not true or false', async () => {
    const rider = await api.customer('bad-preference');
    const refused = await api.request('PUT', apiPaths.preferences(), {
      token: rider.token,
      json: { cartReminders: 'sometimes' },
    });
    expect(refused.status).toBe(422);
    expect(
      (await api.request<Preferences>('GET', apiPaths.preferences(), { token: rider.token })).body,
    ).toEqual({
      cartReminders: true,
    });
  });
});
