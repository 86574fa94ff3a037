/**
 * A part as the store keeps it: read by the catalogue, the stock, the cart, orders and reviews.
 * It lives in stock/, the lowest folder that reads it: parts/ (the catalogue and the part's
 * edits) reads the stock and the reviews, which read the part (issue 34, docs/decisions/083).
 */
import type {
  Merchandising,
  Part,
  PartOption,
  PartPicture,
  PartSpecs,
  PartVariant,
} from '@sprocket/contract';
import type { DocData } from '../../store/port.js';

export const PARTS = 'parts';

/**
 * Merchandising fields as a document keeps them (docs/decisions/102): null is one an edit cleared;
 * givenMerchandising reads both null and absent as none.
 */
export type StoredMerchandising<K extends keyof Merchandising = keyof Merchandising> = {
  [F in K]?: Merchandising[F] | null;
};

/**
 * A variant as the part's document keeps it: its sku, options, price and merchandising fields.
 * Its stock is kept apart, in `partVariants` (modules/stock/variant-stock.ts, docs/decisions/064).
 */
export type StoredVariant = Omit<
  PartVariant,
  'quantity' | 'gtin' | 'mpn' | 'weight' | 'compareAtPrice'
> &
  StoredMerchandising<'gtin' | 'mpn' | 'weight' | 'compareAtPrice'>;

/**
 * A stored part. Parts stored before categories existed have none. A part sold in variants has
 * `options` and `variants`; its `price` is kept as its lowest variant price (the original API's
 * field, sorts and filters), and its own `quantity` stays 0.
 */
export type PartDoc = Omit<Part, '_id'> & {
  category?: string;
  createdAt: string;
  options?: PartOption[];
  variants?: StoredVariant[];
  /** What it fits, read by readPartSpecs for its category (docs/decisions/067). */
  specs?: PartSpecs;
  /** Units at or below which it (each variant) is low on stock; absent: SHOP_LOW_STOCK (070). */
  lowStock?: number;
  /** Its pictures in order, the first at `img` too; absent: `img` alone (picturesOf, 096). */
  images?: PartPicture[];
} & StoredMerchandising &
  DocData;
