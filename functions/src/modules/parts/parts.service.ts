import type { Part, PartEdit, PartInput } from '@sprocket/contract';
import { DEFAULT_PART_CATEGORY, partMessages, QUANTITY_MAX } from '@sprocket/contract';
import { notFound, validationFailed } from '../errors.js';
import type { Store, StoredDoc } from '../../store/port.js';
import { isSafeId } from '../../store/ids.js';
import { stockedPart } from '../stock/part-stock.js';
import { PARTS, type PartDoc } from './part-record.js';

export { PARTS, type PartDoc } from './part-record.js';

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

/** Adds a part; its stock goes where the store's ledger keeps it (docs/decisions/033). */
export async function addPart(store: Store, input: PartInput, now: Date): Promise<string> {
  const id = store.newId();
  const doc: PartDoc = {
    ...input,
    quantity: 0,
    category: input.category ?? DEFAULT_PART_CATEGORY,
    createdAt: now.toISOString(),
  };
  await store.runTransaction(async (tx) => {
    const stock = await store.stock.prepareCount(tx, { collection: PARTS, id, quantity: 0 });
    tx.set(PARTS, id, doc);
    stock.set(input.quantity);
  });
  return id;
}

/**
 * PATCH /parts/{id}: changes the fields the admin sent. A new minimum order must not exceed the
 * stock, read in the same transaction so that an order placed meanwhile is taken into account.
 * Orders keep their own copy of the price (their lines), so a new price changes no order.
 */
export async function editPart(store: Store, id: string, edit: PartEdit): Promise<void> {
  if (!isSafeId(id)) throw notFound('Part');
  const patch = Object.fromEntries(Object.entries(edit).filter(([, value]) => value !== undefined));
  await store.runTransaction(async (tx) => {
    const doc = await tx.get<PartDoc>(PARTS, id);
    if (!doc) throw notFound('Part');
    if (edit.order !== undefined) {
      const { units } = await store.stock.prepareCount(tx, stockedPart(doc));
      if (edit.order > units) throw validationFailed({ order: partMessages.orderOverStock(units) });
    }
    tx.update(PARTS, id, patch);
  });
}

export type StockChange = { addQuantity: number } | { deliveredQuantity: number };

/**
 * Adds stock atomically (or sets the new total) through the store's stock ledger, which spreads it
 * where the store keeps it (docs/decisions/033); returns the new quantity.
 */
export async function changeStock(store: Store, id: string, change: StockChange): Promise<number> {
  if (!isSafeId(id)) throw notFound('Part');
  return store.runTransaction(async (tx) => {
    const doc = await tx.get<PartDoc>(PARTS, id);
    if (!doc) throw notFound('Part');
    const stock = await store.stock.prepareCount(tx, stockedPart(doc));
    const quantity =
      'addQuantity' in change ? stock.units + change.addQuantity : change.deliveredQuantity;
    if (quantity > QUANTITY_MAX) {
      const field = 'addQuantity' in change ? 'addQuantity' : 'deliveredQuantity';
      throw validationFailed({ [field]: `Stock can be at most ${QUANTITY_MAX}` });
    }
    stock.set(quantity);
    return quantity;
  });
}

export async function deletePart(store: Store, id: string): Promise<void> {
  if (!isSafeId(id)) throw notFound('Part');
  await store.runTransaction(async (tx) => {
    const doc = await tx.get<PartDoc>(PARTS, id);
    if (!doc) throw notFound('Part');
    const removeStock = await store.stock.prepareRemove(tx, stockedPart(doc));
    tx.delete(PARTS, id);
    removeStock();
  });
}
