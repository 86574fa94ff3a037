import type { Part, PartCategory, PartEdit, PartInput } from '@sprocket/contract';
import { DEFAULT_PART_CATEGORY, partMessages, QUANTITY_MAX } from '@sprocket/contract';
import { notFound, validationFailed } from '../errors.js';
import type { DocData, Store, StoredDoc } from '../../store/port.js';
import { isSafeId } from '../../store/ids.js';

export const PARTS = 'parts';

/** A stored part. Parts stored before categories existed have none. */
export type PartDoc = Omit<Part, '_id'> & { category?: PartCategory; createdAt: string } & DocData;

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

export async function addPart(store: Store, input: PartInput, now: Date): Promise<string> {
  const id = store.newId();
  const doc: PartDoc = {
    ...input,
    category: input.category ?? DEFAULT_PART_CATEGORY,
    createdAt: now.toISOString(),
  };
  await store.set(PARTS, id, doc);
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
    if (edit.order !== undefined && edit.order > doc.data.quantity) {
      throw validationFailed({ order: partMessages.orderOverStock(doc.data.quantity) });
    }
    tx.update(PARTS, id, patch);
  });
}

export type StockChange = { addQuantity: number } | { deliveredQuantity: number };

/** Adds stock atomically (or sets the new total); returns the new quantity. */
export async function changeStock(store: Store, id: string, change: StockChange): Promise<number> {
  if (!isSafeId(id)) throw notFound('Part');
  return store.runTransaction(async (tx) => {
    const doc = await tx.get<PartDoc>(PARTS, id);
    if (!doc) throw notFound('Part');
    const quantity =
      'addQuantity' in change ? doc.data.quantity + change.addQuantity : change.deliveredQuantity;
    if (quantity > QUANTITY_MAX) {
      const field = 'addQuantity' in change ? 'addQuantity' : 'deliveredQuantity';
      throw validationFailed({ [field]: `Stock can be at most ${QUANTITY_MAX}` });
    }
    tx.update(PARTS, id, { quantity });
    return quantity;
  });
}

export async function deletePart(store: Store, id: string): Promise<void> {
  if (!isSafeId(id)) throw notFound('Part');
  await store.runTransaction(async (tx) => {
    if (!(await tx.get(PARTS, id))) throw notFound('Part');
    tx.delete(PARTS, id);
  });
}
