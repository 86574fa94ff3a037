/**
 * What a line sells (issue 25 item 1, docs/decisions/064): a part sold as one, whose stock is the
 * part's own (the ledger's, docs/decisions/033), or one variant of a part, whose stock is kept in
 * a document of its own in `partVariants` and goes through the same ledger, so each variant is
 * held, returned and added with the same no-oversell guarantee and, on Firestore, its own shards.
 * The variant's sku, options and price live in the part's document; only its units live apart.
 */
import {
  givenMerchandising,
  hasVariants,
  VARIANT_MERCHANDISING_FIELDS,
  variantLabel,
  variantMessages,
  type OrderLine,
  type PartVariant,
} from '@sprocket/contract';
import { isSafeId, keyId } from '../../store/ids.js';
import type {
  DocData,
  StockLedger,
  StockTake,
  Stocked,
  StoreReader,
  StoredDoc,
  Transaction,
} from '../../store/port.js';
import { PARTS, type PartDoc, type StoredVariant } from './part-record.js';
import { stockedPart } from './part-stock.js';
import { prepareLowStock, watchedOf } from './low-stock.js';

/** One document per variant holding its units: `{ partId, sku, quantity }`. */
export const VARIANTS = 'partVariants';

export type VariantStockDoc = { partId: string; sku: string; quantity: number } & DocData;

/** The variant's stock document: a hash of part and sku, so any sku makes a safe id. */
export const variantDocId = (partId: string, sku: string): string =>
  keyId('part-variant', partId, sku);

/** The variant as the ledger knows it (a document not written yet counts nothing). */
export const stockedVariant = (
  partId: string,
  sku: string,
  doc: StoredDoc<VariantStockDoc> | null,
): Stocked => ({
  collection: VARIANTS,
  id: variantDocId(partId, sku),
  quantity: doc?.data.quantity ?? 0,
});

/** A line's goods, found: the part, which units it takes and at what price. */
export interface Sellable {
  part: StoredDoc<PartDoc>;
  stocked: Stocked;
  price: number;
  /** The variant's sku and label, for a part sold in variants. */
  sku?: string;
  variant?: string;
  /** The name the shop gives this line in a message: "Road tyre (700x28c)". */
  name: string;
}

export type Lookup =
  | { sellable: Sellable }
  | { refusal: 'gone' }
  | { refusal: 'variant'; partName: string; message: string };

/** What one line asks for. */
export interface Wanted {
  partId: string;
  sku?: string;
}

type DocReader = Pick<StoreReader, 'get'>;

/**
 * Finds what each line sells, reading by id only (in a transaction it holds exactly these): the
 * part and, for a part sold in variants, the variant's stock document. A part gone is `gone`; a
 * line without a sku on a part sold in variants, with a sku the part does not have, or with a sku
 * on a part sold as one is refused in plain words (`variant`, a 422).
 */
export async function findSellables(
  reader: DocReader,
  items: readonly Wanted[],
): Promise<Lookup[]> {
  // An id that cannot be a document's is a part gone (the store is never asked for it).
  const parts = await Promise.all(
    items.map((item) => (isSafeId(item.partId) ? reader.get<PartDoc>(PARTS, item.partId) : null)),
  );
  return Promise.all(
    items.map(async (item, index): Promise<Lookup> => {
      const part = parts[index];
      if (!part) return { refusal: 'gone' };
      const { productName } = part.data;
      const refuse = (message: string): Lookup => ({
        refusal: 'variant',
        partName: productName,
        message,
      });
      if (!hasVariants(part.data)) {
        if (item.sku) return refuse(variantMessages.noVariants(productName));
        return {
          sellable: { part, stocked: stockedPart(part), price: part.data.price, name: productName },
        };
      }
      const options = part.data.options ?? [];
      if (!item.sku) return refuse(variantMessages.chooseVariant(productName, options));
      const variant = part.data.variants?.find((candidate) => candidate.sku === item.sku);
      if (!variant) return refuse(variantMessages.unknownSku(productName, item.sku));
      const doc = await reader.get<VariantStockDoc>(VARIANTS, variantDocId(part.id, variant.sku));
      const label = variantLabel(options, variant);
      return {
        sellable: {
          part,
          stocked: stockedVariant(part.id, variant.sku, doc),
          price: variant.price,
          sku: variant.sku,
          variant: label,
          name: `${productName} (${label})`,
        },
      };
    }),
  );
}

/** A line of `quantity` of what `sellable` sells, at its price now, to be priced (priceLines). */
export function sellableLine(sellable: Sellable, quantity: number): Omit<OrderLine, 'lineTotal'> {
  const { part } = sellable;
  const line: Omit<OrderLine, 'lineTotal'> = {
    partId: part.id,
    partName: part.data.productName,
    img: part.data.img,
    price: sellable.price,
    quantity,
  };
  if (sellable.sku !== undefined) {
    line.sku = sellable.sku;
    line.variant = sellable.variant;
  }
  return line;
}

/**
 * Reads what taking `quantities[i]` of `stocked[i]` needs (null takes nothing); `short[i]` is the
 * units there are when fewer than asked.
 */
export async function prepareTakeStocked(
  stock: StockLedger,
  tx: Transaction,
  stocked: (Stocked | null)[],
  quantities: number[],
): Promise<StockTake> {
  const present = stocked.flatMap((doc, index) =>
    doc ? [{ index, want: { doc, units: quantities[index] ?? 0 } }] : [],
  );
  const take = await stock.prepareTake(
    tx,
    present.map(({ want }) => want),
  );
  const short = new Array<number | undefined>(stocked.length).fill(undefined);
  present.forEach(({ index }, at) => {
    short[index] = take.short[at];
  });
  return { short, apply: take.apply };
}

/**
 * Puts the stock of every line of an order back where it came from (the part's, or its variant's
 * when the line has a sku), where the part and the variant still exist; one back above its
 * low-stock threshold is no longer low (low-stock.ts). Reads now and returns the writes, so a
 * transaction can do every read before its first write.
 */
export async function returnLinesStock(
  stock: StockLedger,
  tx: Transaction,
  lines: readonly Pick<OrderLine, 'partId' | 'quantity' | 'sku'>[],
): Promise<() => void> {
  const found = await findSellables(tx, lines);
  const back = lines.flatMap((line, index) => {
    const lookup = found[index];
    return lookup && 'sellable' in lookup
      ? [{ sellable: lookup.sellable, units: line.quantity }]
      : [];
  });
  const putBack = await stock.prepareReturn(
    tx,
    back.map(({ sellable, units }) => ({ doc: sellable.stocked, units })),
  );
  const lowStock = await prepareLowStock(
    tx,
    stock,
    back.map(({ sellable, units }) => ({ ...watchedOf(sellable), by: units })),
    'clear-only',
  );
  return () => {
    putBack();
    lowStock();
  };
}

/** Every variant of these parts with its stock now (the catalogue, the product page, the cart). */
export async function variantsWithStock(
  stock: StockLedger,
  reader: StoreReader,
  parts: readonly StoredDoc<PartDoc>[],
  docs?: ReadonlyMap<string, StoredDoc<VariantStockDoc>>,
): Promise<Map<string, PartVariant[]>> {
  const wanted = parts.flatMap((part) =>
    (part.data.variants ?? []).map((variant) => ({ part, variant })),
  );
  const found = docs
    ? wanted.map(({ part, variant }) => docs.get(variantDocId(part.id, variant.sku)) ?? null)
    : await Promise.all(
        wanted.map(({ part, variant }) =>
          reader.get<VariantStockDoc>(VARIANTS, variantDocId(part.id, variant.sku)),
        ),
      );
  const units = await stock.count(
    reader,
    wanted.map(({ part, variant }, index) =>
      stockedVariant(part.id, variant.sku, found[index] ?? null),
    ),
  );
  const byPart = new Map<string, PartVariant[]>();
  wanted.forEach(({ part, variant }, index) => {
    const list = byPart.get(part.id) ?? [];
    list.push(withUnits(variant, units[index] ?? 0));
    byPart.set(part.id, list);
  });
  return byPart;
}

const withUnits = (variant: StoredVariant, quantity: number): PartVariant => ({
  sku: variant.sku,
  options: { ...variant.options },
  price: variant.price,
  quantity,
  specs: { ...variant.specs },
  ...givenMerchandising(variant, VARIANT_MERCHANDISING_FIELDS),
});
