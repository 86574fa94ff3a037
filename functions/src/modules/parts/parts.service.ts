import type {
  Category,
  Part,
  PartEdit,
  PartInput,
  PartOption,
  PartSpecs,
} from '@sprocket/contract';
import {
  categorySpecs,
  DEFAULT_PART_CATEGORY,
  givenMerchandising,
  isOnSale,
  merchandisingMessages,
  VARIANT_MERCHANDISING_FIELDS,
  lowestPrice,
  partMessages,
  QUANTITY_MAX,
  readPartSpecs,
  readVariantSpecs,
  variantProblems,
  withFirstPictureAt,
  type PartPicture,
} from '@sprocket/contract';
import { notFound, validationFailed } from '../errors.js';
import { partCategory } from '../categories/categories.service.js';
import type { Store, StoredDoc, Transaction } from '../../store/port.js';
import { isSafeId } from '../../store/ids.js';
import { stockedPart } from '../stock/part-stock.js';
import {
  findSellables,
  stockedVariant,
  variantDocId,
  VARIANTS,
  type VariantStockDoc,
} from '../stock/variant-stock.js';
import {
  PARTS,
  type PartDoc,
  type StoredMerchandising,
  type StoredVariant,
} from '../stock/part-record.js';
import { prepareLowStock, watchedOf, type LowStockWatch } from '../stock/low-stock.js';
import { changedFields, recordAudit, type AdminAct } from '../audit/audit-log.js';

export function toPart({ id, data }: StoredDoc<PartDoc>): Part {
  return {
    _id: id,
    productName: data.productName,
    img: data.img,
    order: data.order,
    quantity: data.quantity,
    price: data.price,
    description: data.description,
  };
}

/**
 * A part's options and variants as its document keeps them (the variants' stock apart; a size's
 * own specs only when it has some, docs/decisions/088; its merchandising fields given, 102).
 */
function variantFields(
  options: PartOption[],
  variants: readonly StoredVariant[],
): Pick<PartDoc, 'options' | 'variants'> {
  return {
    options: options.map(({ name, values }) => ({ name, values: [...values] })),
    variants: variants.map(({ sku, options: chosen, price, specs, ...merch }) => ({
      sku,
      options: { ...chosen },
      price,
      ...(specs && Object.keys(specs).length > 0 && { specs: { ...specs } }),
      ...givenMerchandising(merch, VARIANT_MERCHANDISING_FIELDS),
    })),
  };
}

type VariantMerch = StoredMerchandising<(typeof VARIANT_MERCHANDISING_FIELDS)[number]>;

/**
 * A size's merchandising fields after an edit (docs/decisions/102): one sent replaces its sku's
 * (null clears it), one left out keeps what the sku had.
 */
function variantMerchKept(variant: VariantMerch, had: VariantMerch | undefined): VariantMerch {
  return Object.fromEntries(
    VARIANT_MERCHANDISING_FIELDS.map((field) => [
      field,
      variant[field] === undefined ? had?.[field] : variant[field],
    ]),
  );
}

/**
 * A 422 where a compare-at price is not above the price it is struck through against: the part's
 * own (sold as one), or a size's (docs/decisions/102).
 */
function checkCompareAt(
  part: { price: number; compareAtPrice?: number | null },
  variants: readonly { price: number; compareAtPrice?: number | null }[],
): void {
  const message = merchandisingMessages.compareAtNotAbove;
  const notAbove = (sale: { price: number; compareAtPrice?: number | null }) =>
    typeof sale.compareAtPrice === 'number' && !isOnSale(sale.price, sale.compareAtPrice);
  if (variants.length === 0 && notAbove(part)) throw validationFailed({ compareAtPrice: message });
  const index = variants.findIndex(notAbove);
  if (index !== -1) throw validationFailed({ [`variants[${index}].compareAtPrice`]: message });
}

/**
 * Each variant with its own specs as stored for the category (readVariantSpecs), or a 422 naming
 * each that does not fit. A variant sent without `specs` keeps those its sku had (`before`), as
 * many as the category still has; `{}` clears them (docs/decisions/088).
 */
function variantsWithSpecs<V extends { sku: string; specs?: unknown } & VariantMerch>(
  variants: readonly V[],
  category: Category,
  before: readonly StoredVariant[] = [],
): (V & { specs?: PartSpecs })[] {
  const { specs, problems } = readVariantSpecs(variants, category);
  if (Object.keys(problems).length > 0) throw validationFailed(problems);
  return variants.map((variant, index) => {
    const had = before.find((each) => each.sku === variant.sku);
    const kept = had?.specs;
    const own = specs[index] ?? (kept && specsKeptIn(kept, category));
    return { ...variant, ...variantMerchKept(variant, had), specs: own };
  });
}

/**
 * A part's specs as stored for its category (readPartSpecs: numbers as numbers, empty values left
 * out), or a 422 naming each spec that does not fit (docs/decisions/067).
 */
function storedSpecs(raw: unknown, category: Category): PartSpecs {
  const { specs, problems } = readPartSpecs(raw, category);
  if (Object.keys(problems).length > 0) {
    throw validationFailed(
      Object.fromEntries(
        Object.entries(problems).map(([key, message]) => [
          key === 'specs' ? key : `specs.${key}`,
          message,
        ]),
      ),
    );
  }
  return specs;
}

/**
 * The specs a part keeps when an edit moves it to another category without new ones: those the
 * new category has too.
 */
function specsKeptIn(specs: PartSpecs, category: Category): PartSpecs {
  const keys = new Set(categorySpecs(category).map((spec) => spec.key));
  return Object.fromEntries(Object.entries(specs).filter(([key]) => keys.has(key)));
}

/**
 * Adds a part; its stock goes where the store's ledger keeps it (docs/decisions/033). A part sold
 * in variants keeps each variant's stock in its own document (docs/decisions/064), and shows its
 * lowest variant price as its price.
 */
export async function addPart(store: Store, input: PartInput, act: AdminAct): Promise<string> {
  const id = store.newId();
  await store.runTransaction(async (tx) => (await prepareAdd(store, tx, id, input, act)).write());
  return id;
}

/** How an addition made by another module (the CSV import) differs from an admin's POST. */
export interface AddOptions {
  /** Whether the addition writes its own audit entry (the import writes one of its own). */
  audited?: boolean;
  /** When it was added, for the catalogue's order (the import's rows a millisecond apart). */
  createdAt?: Date;
}

/**
 * addPart's transaction in two steps, as prepareEdit: the reads, then the writes of the part
 * the returned `doc` is, with its stock (`quantity`, its own or its variants' together).
 */
export async function prepareAdd(
  store: Store,
  tx: Transaction,
  id: string,
  input: PartInput,
  act: AdminAct,
  { audited = true, createdAt = act.at }: AddOptions = {},
): Promise<{ doc: PartDoc; quantity: number; write: () => void }> {
  const {
    quantity = 0,
    price = 0,
    options = [],
    variants = [],
    category = DEFAULT_PART_CATEGORY,
    specs,
    images,
    img,
    ...fields
  } = input;
  const sold = variants.length > 0;
  const [first] = images ?? [];
  // The stored categories, read in the transaction: one deleted meanwhile is not given a part.
  const filed = await partCategory(tx, category);
  const kept = storedSpecs(specs, filed);
  const doc: PartDoc = {
    ...fields,
    // The original `img` is the first picture's address (the schema asks for one of the two).
    img: first?.url ?? img ?? '',
    ...(first && { images }),
    price: sold ? lowestPrice(variants) : price,
    quantity: 0,
    category,
    ...(Object.keys(kept).length > 0 && { specs: kept }),
    createdAt: createdAt.toISOString(),
    ...(sold && variantFields(options, variantsWithSpecs(variants, filed))),
  };
  const own = await store.stock.prepareCount(tx, { collection: PARTS, id, quantity: 0 });
  const each = await Promise.all(
    variants.map((variant) => store.stock.prepareCount(tx, stockedVariant(id, variant.sku, null))),
  );
  const units = sold
    ? variants.reduce((sum, variant) => sum + (variant.quantity ?? 0), 0)
    : quantity;
  const write = () => {
    tx.set(PARTS, id, doc);
    variants.forEach((variant, index) => {
      const stockDoc: VariantStockDoc = { partId: id, sku: variant.sku, quantity: 0 };
      tx.set(VARIANTS, variantDocId(id, variant.sku), stockDoc);
      each[index]!.set(variant.quantity ?? 0);
    });
    own.set(sold ? 0 : quantity);
    if (!audited) return;
    recordAudit(tx, act, {
      kind: 'part.added',
      targetId: id,
      targetName: doc.productName,
      before: null,
      after: auditedPart(doc, sold ? 0 : quantity),
    });
  };
  return { doc, quantity: units, write };
}

/** What the audit log keeps of a part: its fields but the description's text and variant list. */
const auditedPart = (doc: PartDoc, quantity: number) => ({
  productName: doc.productName,
  price: doc.price,
  quantity,
  order: doc.order,
  category: doc.category ?? DEFAULT_PART_CATEGORY,
  ...(doc.variants && { variants: doc.variants.map((variant) => variant.sku) }),
  ...(doc.images && { images: auditedPictures(doc.images) }),
});

/** What the audit log keeps of the pictures: each one's address and alt text, in order. */
const auditedPictures = (pictures: readonly PartPicture[]) =>
  pictures.map(({ url, alt }) => ({ url, alt }));

/** The stock an edit gives a variant, if it does (a kept variant without one keeps its own). */
const givenQuantity = (variant: object): number | undefined =>
  'quantity' in variant && typeof variant.quantity === 'number' ? variant.quantity : undefined;

const priceFromVariants =
  "A part sold in variants takes its price from them: change the variants' prices";

/**
 * PATCH /parts/{id}: changes the fields the admin sent. A new minimum order must not exceed the
 * stock, read in the same transaction so that an order placed meanwhile is taken into account.
 * Orders keep their own copy of the price (their lines), so a new price changes no order.
 *
 * `options` and `variants` replace the part's (docs/decisions/064): a variant kept (same sku)
 * keeps its stock unless the edit gives its `quantity`, a new one starts at its `quantity` (or 0),
 * and one left out is no longer sold, its stock gone with it. A part that gains variants sells
 * from them only: its own stock is set to 0.
 */
export async function editPart(
  store: Store,
  id: string,
  edit: PartEdit,
  act: AdminAct,
): Promise<void> {
  if (!isSafeId(id)) throw notFound('Part');
  await store.runTransaction(async (tx) => (await prepareEdit(store, tx, id, edit, act))());
}

/** How an edit made by another module (the CSV import) differs from an admin's PATCH. */
export interface EditOptions {
  /** Whether the edit writes its own audit entry (the import writes one of its own). */
  audited?: boolean;
  /** A part sold as one: the stock it will have, which the caller sets (the import's quantity). */
  stockAfter?: number;
}

/**
 * editPart's transaction in two steps, so that a caller can edit several parts in one
 * transaction: the reads and checks (which refuse), then the writes the returned function makes.
 */
export async function prepareEdit(
  store: Store,
  tx: Transaction,
  id: string,
  edit: PartEdit,
  act: AdminAct,
  { audited = true, stockAfter }: EditOptions = {},
): Promise<() => void> {
  const {
    options: newOptions,
    variants: newVariants,
    specs: newSpecs,
    images: newImages,
    img: newImg,
    ...plain
  } = edit;
  const patch: Partial<PartDoc> = Object.fromEntries(
    Object.entries(plain).filter(([, value]) => value !== undefined),
  );
  const doc = await tx.get<PartDoc>(PARTS, id);
  if (!doc) throw notFound('Part');
  // The pictures replace the part's and the first is `img`; an edit of the original API's `img`
  // alone moves the first picture there (docs/decisions/096).
  const [firstImage] = newImages ?? [];
  if (firstImage) Object.assign(patch, { images: newImages, img: firstImage.url });
  else if (newImg !== undefined) {
    patch.img = newImg;
    if (doc.data.images) patch.images = withFirstPictureAt(doc.data.images, newImg);
  }
  const before = doc.data.variants ?? [];
  const options = newOptions ?? doc.data.options ?? [];
  // Specs replace the part's; a new category without them keeps those it has too (067); so do
  // a size's, and a size sent without them keeps its own (088).
  const category = await partCategory(
    tx,
    edit.category ?? doc.data.category ?? DEFAULT_PART_CATEGORY,
  );
  const variants = newVariants
    ? variantsWithSpecs(newVariants, category, before)
    : edit.category !== undefined
      ? before.map((variant) => ({
          ...variant,
          specs: variant.specs && specsKeptIn(variant.specs, category),
        }))
      : before;
  const problem = variantProblems(options, variants)[0];
  if (problem !== undefined) throw validationFailed({ variants: problem });
  const sold = variants.length > 0;
  if (sold && edit.price !== undefined && newVariants === undefined) {
    throw validationFailed({ price: priceFromVariants });
  }
  if (sold && typeof edit.compareAtPrice === 'number')
    throw validationFailed({ compareAtPrice: merchandisingMessages.compareAtOnSizes });
  // A part that comes to be sold in sizes has their compare-at prices, not its own.
  if (sold && newVariants !== undefined && doc.data.compareAtPrice != null)
    patch.compareAtPrice = null;
  checkCompareAt(
    {
      price: edit.price ?? doc.data.price,
      compareAtPrice:
        edit.compareAtPrice === undefined ? doc.data.compareAtPrice : edit.compareAtPrice,
    },
    variants,
  );
  if (newSpecs !== undefined) patch.specs = storedSpecs(newSpecs, category);
  else if (edit.category !== undefined && doc.data.specs)
    patch.specs = specsKeptIn(doc.data.specs, category);
  const changesVariants =
    newOptions !== undefined ||
    newVariants !== undefined ||
    (edit.category !== undefined && before.some((variant) => variant.specs));
  const removed = before.filter((had) => !variants.some((now) => now.sku === had.sku));
  const counted = changesVariants || edit.order !== undefined ? variants : [];
  const stockDocs = await Promise.all(
    [...counted, ...removed].map((variant) =>
      tx.get<VariantStockDoc>(VARIANTS, variantDocId(id, variant.sku)),
    ),
  );
  const counts = await Promise.all(
    counted.map((variant, index) =>
      store.stock.prepareCount(tx, stockedVariant(id, variant.sku, stockDocs[index] ?? null)),
    ),
  );
  const removals = await Promise.all(
    removed.map((variant, index) =>
      store.stock.prepareRemove(
        tx,
        stockedVariant(id, variant.sku, stockDocs[counted.length + index] ?? null),
      ),
    ),
  );
  const own =
    changesVariants || (!sold && edit.order !== undefined)
      ? await store.stock.prepareCount(tx, stockedPart(doc))
      : undefined;
  const wanted: number[] = counted.map(
    (variant, index) => givenQuantity(variant) ?? counts[index]?.units ?? 0,
  );
  if (edit.order !== undefined) {
    const units = sold
      ? wanted.reduce((sum, units) => sum + units, 0)
      : (stockAfter ?? own?.units ?? 0);
    if (edit.order > units) throw validationFailed({ order: partMessages.orderOverStock(units) });
  }
  if (changesVariants) {
    Object.assign(patch, variantFields(options, variants));
    if (sold) patch.price = lowestPrice(variants);
  }
  return () => {
    tx.update(PARTS, id, patch);
    const changed = changedFields(
      { ...doc.data, images: doc.data.images && auditedPictures(doc.data.images) },
      { ...patch, images: patch.images && auditedPictures(patch.images) },
    );
    if (changed && audited) {
      const kind = 'price' in changed.after ? 'part.price' : 'part.edited';
      const targetName = patch.productName ?? doc.data.productName;
      recordAudit(tx, act, { kind, targetId: id, targetName, ...changed });
    }
    if (!changesVariants) return;
    counted.forEach((variant, index) => {
      if (!stockDocs[index]) {
        const stockDoc: VariantStockDoc = { partId: id, sku: variant.sku, quantity: 0 };
        tx.set(VARIANTS, variantDocId(id, variant.sku), stockDoc);
      }
      if (wanted[index] !== counts[index]?.units) counts[index]?.set(wanted[index] ?? 0);
    });
    removed.forEach((variant, index) => {
      removals[index]?.();
      tx.delete(VARIANTS, variantDocId(id, variant.sku));
    });
    if (sold && own && own.units !== 0) own.set(0);
  };
}

export type StockChange = ({ addQuantity: number } | { deliveredQuantity: number }) & {
  sku?: string;
};

/**
 * Adds stock atomically (or sets the new total) through the store's stock ledger, which spreads it
 * where the store keeps it (docs/decisions/033); of one variant, named by its sku, for a part sold
 * in variants (a 422 without one). Returns the new quantity.
 */
export async function changeStock(
  store: Store,
  id: string,
  change: StockChange,
  act: AdminAct,
  /** The shop's low-stock default, and now (docs/decisions/070). */
  watch: Exclude<LowStockWatch, 'clear-only'>,
): Promise<number> {
  if (!isSafeId(id)) throw notFound('Part');
  return store.runTransaction(async (tx) => {
    const [found] = await findSellables(tx, [{ partId: id, sku: change.sku }]);
    if (!found || 'refusal' in found) {
      if (found?.refusal === 'variant') throw validationFailed({ sku: found.message });
      throw notFound('Part');
    }
    const stock = await store.stock.prepareCount(tx, found.sellable.stocked);
    const quantity =
      'addQuantity' in change ? stock.units + change.addQuantity : change.deliveredQuantity;
    if (quantity > QUANTITY_MAX) {
      const field = 'addQuantity' in change ? 'addQuantity' : 'deliveredQuantity';
      throw validationFailed({ [field]: `Stock can be at most ${QUANTITY_MAX}` });
    }
    // Stock set at or below the threshold goes low (mailed once); above it, no longer (070).
    const lowStock = await prepareLowStock(
      tx,
      store.stock,
      [{ ...watchedOf(found.sellable), units: quantity }],
      watch,
    );
    stock.set(quantity);
    lowStock();
    recordAudit(tx, act, {
      kind: 'part.stock',
      targetId: id,
      targetName: found.sellable.name,
      before: { quantity: stock.units, ...(change.sku !== undefined && { sku: change.sku }) },
      after: { quantity, ...(change.sku !== undefined && { sku: change.sku }) },
    });
    return quantity;
  });
}

export async function deletePart(store: Store, id: string, act: AdminAct): Promise<void> {
  if (!isSafeId(id)) throw notFound('Part');
  await store.runTransaction(async (tx) => {
    const doc = await tx.get<PartDoc>(PARTS, id);
    if (!doc) throw notFound('Part');
    const [units = 0] = await store.stock.count(tx, [stockedPart(doc)]);
    const removeStock = await store.stock.prepareRemove(tx, stockedPart(doc));
    const variants = doc.data.variants ?? [];
    const removeVariants = await Promise.all(
      variants.map((variant) =>
        store.stock.prepareRemove(tx, stockedVariant(id, variant.sku, null)),
      ),
    );
    tx.delete(PARTS, id);
    recordAudit(tx, act, {
      kind: 'part.removed',
      targetId: id,
      targetName: doc.data.productName,
      before: auditedPart(doc.data, units),
      after: null,
    });
    removeStock();
    variants.forEach((variant, index) => {
      removeVariants[index]?.();
      tx.delete(VARIANTS, variantDocId(id, variant.sku));
    });
  });
}
