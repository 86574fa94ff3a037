import { describe, expect, it } from 'vitest';
import { shipOrderSchema, trackingCarriersSchema } from '../schemas/order-lifecycle.js';
import {
  KNOWN_CARRIERS,
  shipmentOf,
  trackingLinkOf,
  trackingNumberProblem,
  trackingTemplateProblem,
} from './tracking.js';

/** One number each known carrier takes, as an admin might type it. */
const GOOD_NUMBERS: Record<string, string> = {
  UPS: '1z 999 aa1 0123 456 784',
  USPS: '9400 1000 0000 0000 0000 00',
  FedEx: '1234-5678-9012',
  DHL: 'JD014600003828475093',
  'Royal Mail': 'AB 123 456 789 GB',
  DPD: '05212345678901',
};

const GLS = { name: 'GLS', urlTemplate: 'https://gls-group.com/track/{number}?lang=en' };

describe('tracking links', () => {
  it('knows the six common carriers, each with an https address and a format with an example', () => {
    expect(KNOWN_CARRIERS.map((carrier) => carrier.name)).toEqual(Object.keys(GOOD_NUMBERS));
    for (const carrier of KNOWN_CARRIERS) {
      expect(trackingTemplateProblem(carrier.urlTemplate), carrier.name).toBeNull();
      // The example the message names fits the format it describes.
      const example = /such as (\S+)$/.exec(carrier.formatWords)?.[1] ?? '';
      expect(trackingNumberProblem(carrier.name, example), carrier.name).toBeNull();
    }
  });

  it.each(Object.entries(GOOD_NUMBERS))(
    'takes a %s number as typed and links it compacted',
    (name, typed) => {
      expect(trackingNumberProblem(name.toLowerCase(), typed)).toBeNull();
      const shipment = shipmentOf({ carrier: name.toUpperCase(), trackingNumber: typed }, []);
      const compact = typed.replace(/[\s-]/g, '').toUpperCase();
      expect(shipment).toEqual({
        carrier: name,
        trackingNumber: compact,
        trackingUrl: expect.stringContaining(compact) as string,
      });
      expect(shipment.trackingUrl).toMatch(/^https:\/\//);
    },
  );

  it('refuses a malformed number with the carrier format in words', () => {
    expect(trackingNumberProblem('UPS', '1Z123')).toBe(
      'A UPS tracking number is 1Z and 16 letters or digits, such as 1Z999AA10123456784',
    );
    expect(trackingNumberProblem('Royal Mail', 'RM 1234 5678 GB')).toBe(
      'A Royal Mail tracking number is 2 letters, 9 digits and GB, such as AB123456789GB',
    );
    expect(trackingNumberProblem('fedex', '12345')).toMatch(/^A FedEx tracking number is 12, 15/);
    // A carrier whose format the shop does not know takes any number.
    expect(trackingNumberProblem('GLS', '12')).toBeNull();
  });

  it('links a carrier of the shop through its template, and no other', () => {
    expect(shipmentOf({ carrier: 'gls', trackingNumber: 'ab 12' }, [GLS])).toEqual({
      carrier: 'GLS',
      trackingNumber: 'ab 12',
      trackingUrl: 'https://gls-group.com/track/AB12?lang=en',
    });
    expect(shipmentOf({ carrier: 'Bike Courier ', trackingNumber: 'B7' }, [GLS])).toEqual({
      carrier: 'Bike Courier',
      trackingNumber: 'B7',
    });
  });

  it('links a shipment stored before links existed when its carrier is known', () => {
    const shippedAt = '2026-01-02T09:00:00.000Z';
    expect(
      trackingLinkOf({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt }),
    ).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(trackingLinkOf({ carrier: 'GLS', trackingNumber: '1', shippedAt })).toBeUndefined();
  });

  it('checks a shop template: https, with {number}', () => {
    expect(trackingTemplateProblem('https://gls-group.com/track')).toBe(
      'Put {number} where the tracking number goes',
    );
    expect(trackingTemplateProblem('http://gls-group.com/track/{number}')).toBe(
      'Tracking address must start with https://',
    );
    expect(trackingTemplateProblem('gls {number}')).toBe(
      'Tracking address must start with https://',
    );
    expect(trackingTemplateProblem('https://gls/{number}')).toMatch(/must be a web address/);
    expect(trackingTemplateProblem('https://gls.example/t {number}')).toMatch(/web address/);
  });

  it('the schemas refuse what the rules refuse, on the field concerned', async () => {
    await expect(
      shipOrderSchema.validate({ carrier: 'UPS', trackingNumber: '1Z12' }, { abortEarly: false }),
    ).rejects.toMatchObject({
      inner: [{ path: 'trackingNumber', message: expect.stringMatching(/^A UPS tracking number/) }],
    });
    await expect(
      trackingCarriersSchema.validate(
        {
          carriers: [
            { name: 'Fed Ex', urlTemplate: 'https://fedex.example/{number}' },
            GLS,
            { name: 'gls', urlTemplate: 'https://gls.example/track' },
          ],
        },
        { abortEarly: false },
      ),
    ).rejects.toMatchObject({
      errors: expect.arrayContaining([
        'FedEx is built in: the shop knows its tracking address',
        'Put {number} where the tracking number goes',
      ]) as string[],
    });
    await expect(
      trackingCarriersSchema.validate({ carriers: [GLS, { ...GLS, name: 'G.L.S.' }] }),
    ).rejects.toMatchObject({
      path: 'carriers[1].name',
      message: 'There is a carrier G.L.S. already',
    });
  });
});
