/**
 * Where a parcel is tracked (issue 37 item 1, docs/decisions/090): the common carriers' tracking
 * addresses and number formats, and the shop's own carriers (a name and a URL template, set under
 * Shipping and Tax). The Ship dialog, the API's ship action, the mails and the order pages all
 * ask these functions, so a format or an address is written once. No yup here: pages that show
 * a shipment load this file.
 */
import type { Shipment } from '../api/entities.js';

/** Where a URL template puts the tracking number. */
export const TRACKING_NUMBER_PLACEHOLDER = '{number}';

/** A carrier the shop added, with the address its parcels are tracked at. */
export type TrackingCarrier = {
  name: string;
  /** An https address with {number} where the tracking number goes. */
  urlTemplate: string;
};

/** A carrier whose tracking address and number format the shop knows. */
export type KnownCarrier = TrackingCarrier & {
  /** The number with spaces and dashes taken out and in capitals: one of these shapes. */
  formats: readonly RegExp[];
  /** The formats in words, ending with an example. */
  formatWords: string;
};

/** The common carriers (the six), in the Ship dialog's order. */
export const KNOWN_CARRIERS: readonly KnownCarrier[] = [
  {
    name: 'UPS',
    urlTemplate: 'https://www.ups.com/track?tracknum={number}',
    formats: [/^1Z[0-9A-Z]{16}$/],
    formatWords: '1Z and 16 letters or digits, such as 1Z999AA10123456784',
  },
  {
    name: 'USPS',
    urlTemplate: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={number}',
    formats: [/^\d{20,22}$/, /^[A-Z]{2}\d{9}US$/],
    formatWords: '20 to 22 digits, or 2 letters, 9 digits and US, such as 9400100000000000000000',
  },
  {
    name: 'FedEx',
    urlTemplate: 'https://www.fedex.com/fedextrack/?trknbr={number}',
    formats: [/^(\d{12}|\d{15}|\d{20}|\d{22})$/],
    formatWords: '12, 15, 20 or 22 digits, such as 123456789012',
  },
  {
    name: 'DHL',
    urlTemplate: 'https://www.dhl.com/global-en/home/tracking.html?tracking-id={number}&submit=1',
    formats: [/^(\d{10,12}|\d{20})$/, /^J?JD\d{18,20}$/, /^[A-Z]{2}\d{9}[A-Z]{2}$/],
    formatWords:
      '10 to 12 or 20 digits, JD or JJD and 18 to 20 digits, or 2 letters, 9 digits and 2 letters, such as JD014600003828475093',
  },
  {
    name: 'Royal Mail',
    urlTemplate: 'https://www.royalmail.com/track-your-item#/tracking-results/{number}',
    formats: [/^[A-Z]{2}\d{9}GB$/],
    formatWords: '2 letters, 9 digits and GB, such as AB123456789GB',
  },
  {
    name: 'DPD',
    urlTemplate: 'https://tracking.dpd.de/status/en_US/parcel/{number}',
    formats: [/^\d{14}[A-Z]?$/],
    formatWords: '14 digits, such as 05212345678901',
  },
];

/** "Royal Mail", "royalmail" and "ROYAL-MAIL" name one carrier. */
export const carrierKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The known carrier a typed name means, if any. */
export const knownCarrier = (name: string): KnownCarrier | undefined =>
  KNOWN_CARRIERS.find((carrier) => carrierKey(carrier.name) === carrierKey(name));

/** The shop's carrier a typed name means: a known one first, then the shop's own. */
export const carrierNamed = (
  name: string,
  shopCarriers: readonly TrackingCarrier[],
): TrackingCarrier | KnownCarrier | undefined =>
  knownCarrier(name) ??
  shopCarriers.find((carrier) => carrierKey(carrier.name) === carrierKey(name));

/** A tracking number as carriers read it: no spaces or dashes, in capitals. */
export const compactTrackingNumber = (number: string) => number.replace(/[\s-]/g, '').toUpperCase();

/**
 * Why a number cannot be this carrier's, naming the format ("A UPS tracking number is 1Z and 16
 * letters or digits…"), or null when it fits or the carrier's format is not known.
 */
export function trackingNumberProblem(carrier: string, number: string): string | null {
  const known = knownCarrier(carrier);
  if (!known) return null;
  const compact = compactTrackingNumber(number);
  if (known.formats.some((format) => format.test(compact))) return null;
  return `A ${known.name} tracking number is ${known.formatWords}`;
}

/** The address of the parcel's page: the template with the number put in. */
export const trackingUrlFrom = (urlTemplate: string, number: string) =>
  urlTemplate
    .split(TRACKING_NUMBER_PLACEHOLDER)
    .join(encodeURIComponent(compactTrackingNumber(number)));

/**
 * Why a shop's URL template cannot be used, or null: it must be an https address with {number}
 * in it.
 */
export function trackingTemplateProblem(urlTemplate: string): string | null {
  const template = urlTemplate.trim();
  if (!template.includes(TRACKING_NUMBER_PLACEHOLDER)) {
    return `Put ${TRACKING_NUMBER_PLACEHOLDER} where the tracking number goes`;
  }
  if (!/^https:\/\//i.test(template)) return 'Tracking address must start with https://';
  // A host with a dot, then the path: contract/ runs without the platform's URL parser.
  if (!/^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?([/?#]\S*)?$/i.test(template)) {
    return 'Tracking address must be a web address, such as https://carrier.example/track/{number}';
  }
  return null;
}

/**
 * What the ship action stores of what the admin typed: a known carrier under its own name with
 * the number compacted, the shop's own under the name it was added with, and the parcel's address
 * when the carrier has one (a carrier the shop never added ships without a link).
 */
export function shipmentOf(
  input: { carrier: string; trackingNumber: string },
  shopCarriers: readonly TrackingCarrier[],
): Omit<Shipment, 'shippedAt'> {
  const carrier = carrierNamed(input.carrier, shopCarriers);
  if (!carrier) return { carrier: input.carrier.trim(), trackingNumber: input.trackingNumber };
  const trackingNumber = knownCarrier(carrier.name)
    ? compactTrackingNumber(input.trackingNumber)
    : input.trackingNumber;
  return {
    carrier: carrier.name,
    trackingNumber,
    trackingUrl: trackingUrlFrom(carrier.urlTemplate, trackingNumber),
  };
}

/**
 * The "Track parcel" address of a shipment: the one stored when it shipped, or for a shipment
 * stored before there were links, the known carrier's.
 */
export function trackingLinkOf(shipment: Shipment): string | undefined {
  if (shipment.trackingUrl) return shipment.trackingUrl;
  const known = knownCarrier(shipment.carrier);
  return known ? trackingUrlFrom(known.urlTemplate, shipment.trackingNumber) : undefined;
}
