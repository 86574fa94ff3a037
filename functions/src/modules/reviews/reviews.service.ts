import type { Review, ReviewInput } from '@sprocket/contract';
import type { AccessClaims } from '../../auth/access-token.js';
import { conflict, notFound } from '../../http/errors.js';
import type { DocData, Store, StoredDoc } from '../../store/port.js';
import { keyId } from '../ids.js';
import { PARTS, type PartDoc } from '../parts/parts.service.js';

export const REVIEWS = 'reviews';

export type ReviewDoc = Omit<Review, '_id'> & DocData;

const toReview = ({ id, data }: StoredDoc<ReviewDoc>): Review => ({ _id: id, ...data });

/** Oldest first; the All Reviews screen shows them in reverse. */
export async function listReviews(store: Store): Promise<Review[]> {
  const docs = await store.query<ReviewDoc>(REVIEWS, { orderBy: [{ field: 'createdAt' }] });
  return docs.map(toReview);
}

/**
 * One review per customer per part: the document id is derived from both, and the transaction
 * refuses to overwrite it. The part must exist; its image is taken from the catalogue.
 */
export async function addReview(
  store: Store,
  caller: AccessClaims,
  input: ReviewInput,
  now: Date,
): Promise<string> {
  const id = keyId('review', caller.email, input.productName);
  await store.runTransaction(async (tx) => {
    const [part] = await tx.query<PartDoc>(PARTS, {
      where: [{ field: 'productName', op: '==', value: input.productName }],
      limit: 1,
    });
    if (!part) throw notFound('Part');
    if (await tx.get(REVIEWS, id)) throw conflict('You have already reviewed this part');
    const review: ReviewDoc = {
      productName: part.data.productName,
      img: part.data.img,
      email: caller.email,
      name: caller.name,
      review: input.review,
      rating: input.rating,
      createdAt: now.toISOString(),
    };
    tx.set(REVIEWS, id, review);
  });
  return id;
}
