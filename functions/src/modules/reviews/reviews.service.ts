import type { Review, ReviewInput } from '@sprocket/contract';
import type { AccessClaims } from '../../auth/access-token.js';
import { conflict, notFound } from '../errors.js';
import { isSafeId, keyId } from '../../store/ids.js';
import type { DocData, Store, StoredDoc, Transaction } from '../../store/port.js';
import { PARTS, type PartDoc } from '../parts/parts.service.js';

export const REVIEWS = 'reviews';

/** What the public sees of a reviewer who gave no name. */
export const ANONYMOUS_REVIEWER = 'Verified customer';

/** The stored review keeps its author's email (one review per customer per part); it is never shown. */
export type ReviewDoc = Omit<Review, '_id' | 'partId' | 'name'> & {
  /** Absent on reviews written before reviews were tied to parts by id. */
  partId?: string;
  email: string;
  name?: string;
} & DocData;

/** The public review: the author's name or "Verified customer", never an email address. */
const toReview = ({ id, data }: StoredDoc<ReviewDoc>): Review => ({
  _id: id,
  partId: data.partId ?? '',
  productName: data.productName,
  img: data.img,
  name: data.name?.trim() || ANONYMOUS_REVIEWER,
  review: data.review,
  rating: data.rating,
  createdAt: data.createdAt,
});

/** Oldest first; the All Reviews screen shows them in reverse. */
export async function listReviews(store: Store): Promise<Review[]> {
  const docs = await store.query<ReviewDoc>(REVIEWS, { orderBy: [{ field: 'createdAt' }] });
  return docs.map(toReview);
}

/** The part a review is about: by `partId`, or by its name for the original API's payload. */
async function reviewedPart(tx: Transaction, input: ReviewInput): Promise<StoredDoc<PartDoc>> {
  if (input.partId) {
    const part = isSafeId(input.partId) ? await tx.get<PartDoc>(PARTS, input.partId) : null;
    if (!part) throw notFound('Part');
    return part;
  }
  const [part] = await tx.query<PartDoc>(PARTS, {
    where: [{ field: 'productName', op: '==', value: input.productName }],
    limit: 1,
  });
  if (!part) throw notFound('Part');
  return part;
}

/**
 * One review per customer per part: the document id is derived from both, and the transaction
 * refuses to overwrite it. The part must exist; its name and image are taken from the catalogue.
 */
export async function addReview(
  store: Store,
  caller: AccessClaims,
  input: ReviewInput,
  now: Date,
): Promise<string> {
  return store.runTransaction(async (tx) => {
    const part = await reviewedPart(tx, input);
    // Keyed by the part's name, as reviews were before they carried the part id, so a customer
    // who reviewed a part then still cannot review it twice.
    const id = keyId('review', caller.email, part.data.productName);
    if (await tx.get(REVIEWS, id)) throw conflict('You have already reviewed this part');
    const review: ReviewDoc = {
      partId: part.id,
      productName: part.data.productName,
      img: part.data.img,
      email: caller.email,
      name: caller.name,
      review: input.review,
      rating: input.rating,
      createdAt: now.toISOString(),
    };
    tx.set(REVIEWS, id, review);
    return id;
  });
}
