import type { Part, PartCategory, PartInput } from '@sprocket/contract';
import { DEFAULT_PART_CATEGORY, QUANTITY_MAX } from '@sprocket/contract';
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

/** Parts in the order they were added ("the first 6 parts" of the home page). */
export async function listParts(store: Store): Promise<Part[]> {
  const docs = await store.query<PartDoc>(PARTS, { orderBy: [{ field: 'createdAt' }] });
  return docs.map(toPart);
}

export async function getPart(store: Store, id: string): Promise<Part> {
  const doc = isSafeId(id) ? await store.get<PartDoc>(PARTS, id) : null;
  if (!doc) throw notFound('Part');
  return toPart(doc);
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
