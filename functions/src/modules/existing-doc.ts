/** Reading a document named by the request, which must exist. */
import { isSafeId } from '../store/ids.js';
import type { DocData, StoredDoc, Transaction } from '../store/port.js';
import { notFound } from './errors.js';

/**
 * The document `id` of `collection`, read in the transaction; a 404 naming `what` ("Order") when
 * there is none, or when the id from the request could not be a document's.
 */
export async function existingDoc<T extends DocData>(
  tx: Transaction,
  collection: string,
  id: string,
  what: string,
): Promise<StoredDoc<T>> {
  const doc = isSafeId(id) ? await tx.get<T>(collection, id) : null;
  if (!doc) throw notFound(what);
  return doc;
}
