/**
 * An audit entry in words a shop owner reads (issue 36 item 6): what it was done to, and each
 * field that changed on a line of its own, labelled whole, money as money. The API searches the
 * same words (functions/src/modules/audit/audit.routes.ts) that the Audit log shows.
 */
import type { AuditEntry, AuditKind, AuditValue } from './audit.js';

/** What an entry's `targetId` names, by its kind: the Audit log links each to its own screen. */
export type AuditTargetType =
  'part' | 'order' | 'account' | 'code' | 'review' | 'message' | 'image' | 'page' | 'settings';

export function auditTargetType(kind: AuditKind): AuditTargetType {
  if (kind.startsWith('part.') || kind === 'parts.imported') {
    return kind === 'part.image' ? 'image' : 'part';
  }
  if (kind.startsWith('order.')) return 'order';
  if (kind.startsWith('admin.')) return 'account';
  if (kind.startsWith('discount.')) return 'code';
  if (kind.startsWith('review.')) return 'review';
  if (kind.startsWith('message.')) return 'message';
  if (kind.startsWith('page.')) return 'page';
  if (kind === 'brand.logo') return 'image';
  return 'settings';
}

/** The shop's settings an entry of that kind changed, in words (their ids are the store's). */
const SETTINGS_NAMES: Partial<Record<AuditKind, string>> = {
  'shipping.changed': 'Shipping methods',
  'tax.changed': 'Tax table',
  'tracking.changed': 'Tracking addresses',
  'returns.changed': 'Return window',
  'sales.rebuilt': 'Sales figures',
  'brand.changed': 'Brand',
};

/**
 * The words for an entry's target when the log has none stored (an entry written before names
 * were kept, or one whose id is its name: an email, a code): the settings' name, else the id.
 */
export const auditTargetFallback = (kind: AuditKind, targetId: string): string =>
  SETTINGS_NAMES[kind] ?? targetId;

/** One side of a changed field: text, or an amount in minor units the screen shows as money. */
export type AuditShown = { text: string } | { cents: number };

/** One field that changed: its label ("Sizes › 650BX47 › Price") and its value before and after. */
export interface AuditLine {
  label: string;
  /** Absent: the field (or the thing) did not exist before, or no longer does after. */
  before?: AuditShown;
  after?: AuditShown;
}

/** Labels of the fields the shop's documents have, where the field's own name reads badly. */
const FIELD_LABELS: Record<string, string> = {
  productName: 'Name',
  img: 'Picture',
  order: 'Minimum order',
  quantity: 'Stock',
  sku: 'SKU',
  variants: 'Sizes',
  options: 'Options',
  specs: 'Specifications',
  gtin: 'GTIN',
  mpn: 'MPN',
  weight: 'Weight (g)',
  lowStockAt: 'Low stock at',
  trackingNumber: 'Tracking number',
  trackingUrl: 'Tracking link',
  urlTemplate: 'Tracking address',
  refundId: 'Refund',
  minSubtotal: 'Minimum subtotal',
  maxUses: 'Most uses',
  oncePerCustomer: 'Once per customer',
  startsAt: 'Starts',
  endsAt: 'Ends',
  pricesIncludeTax: 'Prices include tax',
  freeOver: 'Free over',
  admin: 'Admin',
  bytes: 'Size in bytes',
  type: 'Type',
  id: 'Id',
  slug: 'Address',
  footer: 'Footer column',
  markdown: 'Text',
  windowDays: 'Return window in days',
  accent: 'Accent colour',
  social: 'Social links',
  youtube: 'YouTube',
};

/** Fields that hold money, in minor units. */
const MONEY_FIELDS = new Set([
  'price',
  'compareAtPrice',
  'totalPrice',
  'total',
  'subtotal',
  'amount',
  'refunded',
  'shipping',
  'tax',
  'discount',
  'minSubtotal',
  'freeOver',
  'revenue',
  'lineTotal',
]);

/** Fields that hold a percentage. */
const PERCENT_FIELDS = new Set(['rate']);

/** "compareAtPrice" → "Compare at price": a field with no label of its own, in words. */
const wordsOf = (field: string): string => {
  const words = field
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const auditFieldLabel = (field: string): string => FIELD_LABELS[field] ?? wordsOf(field);

type Flat = Map<string, AuditShown>;

const isObject = (value: AuditValue): value is { [key: string]: AuditValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The name an item of a list goes by in a label: its sku, id, code, name or place, else its place in the list. */
function itemName(item: AuditValue, index: number): string {
  if (isObject(item)) {
    for (const key of ['sku', 'id', 'code', 'name', 'carrier']) {
      const value = item[key];
      if (typeof value === 'string' && value !== '') return value;
    }
    if (typeof item.country === 'string') {
      return typeof item.region === 'string' && item.region !== ''
        ? `${item.country}-${item.region}`
        : item.country;
    }
  }
  return `#${index + 1}`;
}

/** A value's own words, for a field of `parent` (a discount's `value` is money or a percentage by its type). */
function shownOf(
  field: string,
  value: AuditValue,
  parent: { [key: string]: AuditValue } | undefined,
): AuditShown {
  if (typeof value === 'number') {
    const money = MONEY_FIELDS.has(field) || (field === 'value' && parent?.type === 'fixed');
    if (money) return { cents: value };
    if (PERCENT_FIELDS.has(field) || (field === 'value' && parent?.type === 'percent')) {
      return { text: `${value} %` };
    }
    return { text: String(value) };
  }
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No' };
  if (value === null) return { text: '—' };
  if (typeof value === 'string') return { text: value };
  // A list of plain values: one line, comma separated.
  return { text: (value as AuditValue[]).map((item) => String(item)).join(', ') };
}

/** Every leaf of `value` under `label`, nested objects and lists of objects spelled out. */
function flatten(
  into: Flat,
  label: string,
  field: string,
  value: AuditValue | undefined,
  parent?: { [key: string]: AuditValue },
): void {
  if (value === undefined) return;
  if (isObject(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(into, `${label} › ${auditFieldLabel(key)}`, key, inner, value);
    }
    return;
  }
  if (Array.isArray(value) && value.some((item) => isObject(item) || Array.isArray(item))) {
    value.forEach((item, index) => {
      flatten(into, `${label} › ${itemName(item, index)}`, field, item, undefined);
    });
    return;
  }
  into.set(label, shownOf(field, value, parent));
}

function flatSide(fields: AuditEntry['before']): Flat {
  const flat: Flat = new Map();
  for (const [field, value] of Object.entries(fields ?? {})) {
    flatten(flat, auditFieldLabel(field), field, value, fields ?? undefined);
  }
  return flat;
}

const sameShown = (a: AuditShown | undefined, b: AuditShown | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an entry changed, one line each, in the order they first appear: a field whose
 * value is a list or an object becomes a line per value inside it that changed.
 */
export function auditLines(entry: Pick<AuditEntry, 'before' | 'after'>): AuditLine[] {
  const before = flatSide(entry.before);
  const after = flatSide(entry.after);
  const labels = [...new Set([...before.keys(), ...after.keys()])];
  return labels.flatMap((label) => {
    const was = before.get(label);
    const now = after.get(label);
    if (sameShown(was, now)) return [];
    return [{ label, ...(was && { before: was }), ...(now && { after: now }) }];
  });
}
