/**
 * Tracking links (issue 37 item 1, docs/decisions/090), step by step: the shop adds a carrier of
 * its own (and is refused a bad one); an admin ships with each common carrier, is refused a number
 * that is not the carrier's format, in words that name it; the stored shipment carries the
 * parcel's address, which the shipped mail, the order, My Orders and a guest's order link answer.
 */
import {
  KNOWN_CARRIERS,
  ORDER_TOKEN_HEADER,
  type CheckoutResult,
  type ApiErrorBody,
  type Order,
  type TrackingCarrier,
} from '@sprocket/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANY_ORDERS, startApi, type Harness, type TestUser } from '../../testing/api-harness.js';
import { newNetworkAddress } from '../../testing/network-address.js';
import type { MailDoc } from '../mail/mail.service.js';

let api: Harness;
let customer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  api = await startApi({ env: MANY_ORDERS });
  [customer, admin] = await Promise.all([api.customer('tracking'), api.admin()]);
});
afterAll(async () => {
  await api?.close();
});

const GLS: TrackingCarrier = {
  name: 'GLS',
  urlTemplate: 'https://gls-group.com/track/{number}?lang=en',
};

/** A number each common carrier takes, typed loosely; the link carries it compacted. */
const GOOD: Record<string, { typed: string; url: string }> = {
  UPS: {
    typed: '1z999aa1 0123456784',
    url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
  },
  USPS: {
    typed: '9400 1000 0000 0000 0000 00',
    url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
  },
  FedEx: {
    typed: '1234-5678-9012',
    url: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
  },
  DHL: {
    typed: 'JD014600003828475093',
    url: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id=JD014600003828475093&submit=1',
  },
  'Royal Mail': {
    typed: 'ab 123 456 789 gb',
    url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
  },
  DPD: {
    typed: '05212345678901',
    url: 'https://tracking.dpd.de/status/en_US/parcel/05212345678901',
  },
};

const carriersPath = '/admin/tracking-carriers';
const putCarriers = (user: TestUser | undefined, carriers: unknown) =>
  api.request<{ carriers: TrackingCarrier[] } & ApiErrorBody>('PUT', carriersPath, {
    token: user?.token,
    json: { carriers },
  });

const ship = (id: string, carrier: string, trackingNumber: string) =>
  api.request<Order & ApiErrorBody>('POST', `/ordered/${id}/ship`, {
    token: admin.token,
    json: { carrier, trackingNumber },
  });

const orderOf = async (id: string, buyer: TestUser) =>
  (await api.request<Order>('GET', `/ordered/${id}`, { token: buyer.token })).body;

/**
 * A paid order of a new customer's (each customer's orders are mailed up to a day's allowance,
 * decision 080, and each order here is to be mailed).
 */
async function paidOrder(): Promise<{ id: string; buyer: TestUser }> {
  const [buyer, part] = await Promise.all([
    api.customer('tracking'),
    api.addPart({ order: 1, quantity: 10, price: 1500 }),
  ]);
  const { insertedId: id } = (await api.checkout(buyer, [{ partId: part, quantity: 1 }])).body;
  await api.pay(buyer, id);
  return { id, buyer };
}

const shippedMail = async (id: string) =>
  (await api.store.get<MailDoc>('mail', `${id}-order_shipped`))?.data.message;

describe("the shop's own carriers", () => {
  it('are none at first, admins only, and a bad one is refused with nothing saved', async () => {
    expect((await api.request('GET', carriersPath, { token: admin.token })).body).toEqual({
      carriers: [],
    });
    expect((await api.request('GET', carriersPath)).status).toBe(401);
    expect((await api.request('GET', carriersPath, { token: customer.token })).status).toBe(403);
    expect((await putCarriers(customer, [GLS])).status).toBe(403);

    const refusals: [unknown, string][] = [
      [
        [{ name: 'fed ex', urlTemplate: 'https://fedex.example/{number}' }],
        'FedEx is built in: the shop knows its tracking address',
      ],
      [[{ ...GLS, urlTemplate: 'https://gls-group.com/track' }], 'Put {number} where the'],
      [[{ ...GLS, urlTemplate: 'http://gls-group.com/{number}' }], 'must start with https://'],
      [[GLS, { ...GLS, name: 'G.L.S' }], 'There is a carrier G.L.S already'],
    ];
    for (const [carriers, message] of refusals) {
      const refused = await putCarriers(admin, carriers);
      expect(refused.status, message).toBe(422);
      expect(Object.values(refused.body.error.fields ?? {}).join(' | '), message).toContain(
        message,
      );
    }
    expect((await api.request('GET', carriersPath, { token: admin.token })).body).toEqual({
      carriers: [],
    });
  });

  it('are kept as the owner adds them and read back', async () => {
    const saved = await putCarriers(admin, [{ ...GLS, name: ' GLS ' }]);
    expect(saved).toMatchObject({ status: 200, body: { carriers: [GLS] } });
    expect((await api.request('GET', carriersPath, { token: admin.token })).body).toEqual({
      carriers: [GLS],
    });
  });
});

describe('shipping with a tracking number', () => {
  it('refuses a number that is not the carrier’s format, naming it, and leaves the order paid', async () => {
    const { id, buyer } = await paidOrder();
    for (const carrier of KNOWN_CARRIERS) {
      const refused = await ship(id, carrier.name, 'AB12');
      expect(refused.status, carrier.name).toBe(422);
      expect(refused.body.error.fields?.trackingNumber).toBe(
        `A ${carrier.name} tracking number is ${carrier.formatWords}`,
      );
    }
    expect((await ship(id, 'UPS', '1Z999AA1012345678')).body.error.fields?.trackingNumber).toBe(
      'A UPS tracking number is 1Z and 16 letters or digits, such as 1Z999AA10123456784',
    );
    const order = await orderOf(id, buyer);
    expect(order.status).toBe('paid');
    expect(order.shipment).toBeUndefined();
    expect(await shippedMail(id)).toBeUndefined();
  });

  it.each(Object.entries(GOOD))(
    'ships with %s: the order, My Orders and the mail carry "Track parcel"',
    async (carrier, { typed, url }) => {
      const { id, buyer } = await paidOrder();
      const shipped = await ship(id, carrier.toLowerCase(), typed);
      expect(shipped.status).toBe(200);
      const trackingNumber = typed.replace(/[\s-]/g, '').toUpperCase();
      const shipment = { carrier, trackingNumber, trackingUrl: url };
      expect(shipped.body.shipment).toMatchObject(shipment);
      expect((await orderOf(id, buyer)).shipment).toMatchObject(shipment);
      const mine = await api.request<Order[]>(
        'GET',
        `/ordered?email=${encodeURIComponent(buyer.email)}`,
        { token: buyer.token },
      );
      expect(mine.body.find((order) => order._id === id)?.shipment).toMatchObject(shipment);

      const mail = await shippedMail(id);
      expect(mail?.text).toContain(`Tracking number: ${trackingNumber}.`);
      expect(mail?.text).toContain(`Track parcel: ${url}`);
      expect(mail?.html).toContain(`<a href="${url.replace(/&/g, '&amp;')}">Track parcel</a>`);
    },
  );

  it("links a carrier of the shop's through its template; any other ships without a link", async () => {
    const { id: viaShop } = await paidOrder();
    expect((await ship(viaShop, 'gls', 'zx 42-7')).body.shipment).toMatchObject({
      carrier: 'GLS',
      trackingNumber: 'zx 42-7',
      trackingUrl: 'https://gls-group.com/track/ZX427?lang=en',
    });
    expect((await shippedMail(viaShop))?.text).toContain(
      'Track parcel: https://gls-group.com/track/ZX427?lang=en',
    );

    const { id: other } = await paidOrder();
    const shipped = await ship(other, 'Bike Courier', 'BC 7');
    expect(shipped.body.shipment).toEqual({
      carrier: 'Bike Courier',
      trackingNumber: 'BC 7',
      shippedAt: expect.any(String) as string,
    });
    const mail = await shippedMail(other);
    expect(mail?.text).toContain('Your parts left us with Bike Courier. Tracking number: BC 7.');
    expect(mail?.text).not.toContain('Track parcel');
  });

  it("shows the link to a guest through the order's private link", async () => {
    const part = await api.addPart({ order: 1, quantity: 10, price: 1200 });
    const placed = await api.request<CheckoutResult>('POST', '/checkout', {
      json: {
        items: [{ partId: part, quantity: 1 }],
        address: '1 Chainring Road, Gearford',
        number: '+1 555 0100',
        country: 'GB',
        email: `guest-tracking-${Date.now()}@example.com`,
        name: 'Grace Guest',
      },
      headers: { 'x-forwarded-for': newNetworkAddress() },
    });
    expect(placed.status).toBe(201);
    const id = placed.body.insertedId;
    const link = { headers: { [ORDER_TOKEN_HEADER]: placed.body.orderToken ?? '' } };
    const paid = await api.payAsGuest(id, placed.body.orderToken ?? '');
    expect(paid.body.order).toMatchObject({ status: 'paid' });
    expect((await ship(id, 'Royal Mail', GOOD['Royal Mail']!.typed)).status).toBe(200);
    const seen = await api.request<Order>('GET', `/ordered/${id}`, link);
    expect(seen.body.shipment).toMatchObject({
      carrier: 'Royal Mail',
      trackingNumber: 'AB123456789GB',
      trackingUrl: GOOD['Royal Mail']!.url,
    });
    expect((await shippedMail(id))?.text).toContain(`Track parcel: ${GOOD['Royal Mail']!.url}`);
  });
});
