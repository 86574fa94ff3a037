import {
  effectiveStatus,
  plainName,
  reviewMessages,
  type CatalogueReview,
  isPurchase,
  type ReviewEdit,
  type ReviewInput,
  type ReviewRemoval,
  type Review,
} from '@sprocket/contract';
import type { AccessClaims } from '../../auth/access-token.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { isSafeId, keyId } from '../../store/ids.js';
import type { DocData, Store, StoredDoc, Transaction } from '../../store/port.js';
import { existingDoc } from '../existing-doc.js';
import { linesOf, ORDERS, type OrderDoc } from '../orders/order-record.js';
import { PARTS, type PartDoc } from '../stock/part-record.js';
import { isAdmin } from '../users/users.service.js';
import { recordAudit } from '../audit/audit-log.js';

export const REVIEWS = 'reviews';
/** Reviews an admin removed, each with why, by whom and when (docs/decisions/023). */
export const REMOVED_REVIEWS = 'removedReviews';

/** What the public sees of a reviewer who gave no name. */
export const ANONYMOUS_REVIEWER = 'Verified customer';

/** The stored review keeps its author's email (one review per customer per part); it is never shown. */
export type ReviewDoc = Omit<Review, '_id' | 'partId' | 'name'> & {
  /** Absent on reviews written before reviews were tied to parts by id. */
  partId?: string;
  email: string;
  /** The author's account; absent on reviews written before (they are the email's account's). */
  uid?: string;
  name?: string;
  /** Absent on reviews written before purchases were checked (read as false). */
  verifiedPurchase?: boolean;
  editedAt?: string;
} & DocData;

/** A removed review as it is kept: the review, and the moderation. */
export type RemovedReviewDoc = ReviewDoc & {
  reviewId: string;
  reason: string;
  removedBy: { uid: string; email: string };
  removedAt: string;
};

/** The public review: the author's name or "Verified customer", never an email address. */
const toReview = ({ id, data }: StoredDoc<ReviewDoc>): CatalogueReview => ({
  _id: id,
  partId: data.partId ?? '',
  productName: data.productName,
  img: data.img,
  name: plainName(data.name ?? '') || ANONYMOUS_REVIEWER,
  review: data.review,
  rating: data.rating,
  createdAt: data.createdAt,
  verifiedPurchase: data.verifiedPurchase === true,
  ...(data.editedAt ? { editedAt: data.editedAt } : {}),
});

/**
 * Whether the caller wrote the review: the same address and the same account. A review from
 * before reviews kept the account is the address's current account's (decision 048).
 */
const isAuthor = (review: ReviewDoc, caller: AccessClaims) =>
  review.email === caller.email && (review.uid === undefined || review.uid === caller.uid);

/** Oldest first; the All Reviews screen shows them in reverse. */
export async function listReviews(store: Store): Promise<CatalogueReview[]> {
  const docs = await store.query<ReviewDoc>(REVIEWS, { orderBy: [{ field: 'createdAt' }] });
  return docs.map(toReview);
}

/** The reviews of one part, newest first (its product page); none for an id that names nothing. */
export async function listReviewsOf(store: Store, partId: string): Promise<CatalogueReview[]> {
  if (!isSafeId(partId)) return [];
  const docs = await store.query<ReviewDoc>(REVIEWS, {
    where: [{ field: 'partId', op: '==', value: partId }],
    orderBy: [{ field: 'createdAt', direction: 'desc' }],
  });
  return docs.map(toReview);
}

/**
 * Whether the customer has a paid order containing the part (docs/decisions/023): the fact
 * behind the "Verified purchase" badge, taken when the review is written or edited.
 */
async function hasBought(tx: Transaction, email: string, partId: string, now: Date) {
  const orders = await tx.query<OrderDoc>(ORDERS, {
    where: [{ field: 'email', op: '==', value: email }],
  });
  return orders.some(
    ({ data }) =>
      isPurchase(effectiveStatus(data, now)) &&
      linesOf(data).some((line) => line.partId === partId),
  );
}

/** The part a review is about: by `partId`, or by its name for the original API's payload. */
async function reviewedPart(tx: Transaction, input: ReviewInput): Promise<StoredDoc<PartDoc>> {
  if (input.partId) {
    return existingDoc<PartDoc>(tx, PARTS, input.partId, 'Part');
  }
  const [part] = await tx.query<PartDoc>(PARTS, {
    where: [{ field: 'productName', op: '==', value: input.productName }],
    limit: 1,
  });
  if (!part) throw notFound('Part');
  return part;
}

/**
 * One review per customer per part id, from a verified address and, unless the shop says
 * otherwise, a customer who paid for the part (issue 21). The id is derived from the author and
 * the part's name, as the web recognises it (docs/decisions/024); the author's earlier reviews are
 * read too, so renaming the part does not open a second one. The part must exist; its name and
 * image are taken from the catalogue.
 */
export async function addReview(
  store: Store,
  caller: AccessClaims,
  input: ReviewInput,
  now: Date,
  rules: { requirePurchase: boolean },
): Promise<string> {
  if (!caller.emailVerified) throw forbidden(reviewMessages.verifyFirst);
  return store.runTransaction(async (tx) => {
    const part = await reviewedPart(tx, input);
    const id = keyId('review', caller.email, part.data.productName);
    const theirs = await tx.query<ReviewDoc>(REVIEWS, {
      where: [{ field: 'email', op: '==', value: caller.email }],
    });
    const reviewedAlready = theirs.some(
      ({ id: other, data }) =>
        other === id ||
        data.partId === part.id ||
        (!data.partId && data.productName === part.data.productName),
    );
    if (reviewedAlready) throw conflict(reviewMessages.alreadyReviewed);
    const bought = await hasBought(tx, caller.email, part.id, now);
    if (rules.requirePurchase && !bought) throw forbidden(reviewMessages.buyFirst);
    const review: ReviewDoc = {
      partId: part.id,
      productName: part.data.productName,
      img: part.data.img,
      email: caller.email,
      uid: caller.uid,
      name: caller.name,
      review: input.review,
      rating: input.rating,
      createdAt: now.toISOString(),
      verifiedPurchase: bought,
    };
    tx.set(REVIEWS, id, review);
    return id;
  });
}

const existingReview = (tx: Transaction, id: string) =>
  existingDoc<ReviewDoc>(tx, REVIEWS, id, 'Review');

/**
 * The author changes the text, the rating or both. The purchase is checked again, so a review
 * edited after the part was bought carries the badge, and one edited after a refund loses it.
 */
export async function editReview(
  store: Store,
  caller: AccessClaims,
  id: string,
  edit: ReviewEdit,
  now: Date,
): Promise<CatalogueReview> {
  return store.runTransaction(async (tx) => {
    const doc = await existingReview(tx, id);
    if (!isAuthor(doc.data, caller)) throw forbidden('Only its author can edit a review');
    const verifiedPurchase = doc.data.partId
      ? await hasBought(tx, caller.email, doc.data.partId, now)
      : false;
    const patch: Partial<ReviewDoc> = {
      ...(edit.review === undefined ? {} : { review: edit.review }),
      ...(edit.rating === undefined ? {} : { rating: edit.rating }),
      editedAt: now.toISOString(),
      verifiedPurchase,
    };
    tx.update(REVIEWS, id, patch);
    return toReview({ id, data: { ...doc.data, ...patch } });
  });
}

/**
 * Deletes a review. Its author needs no reason; an admin removing someone else's review gives
 * one (`moderation` reads and checks it, and is asked only then), and a copy of the review is
 * kept in REMOVED_REVIEWS with the reason, the admin and the time. Anyone else: 403.
 */
export async function removeReview(
  store: Store,
  caller: AccessClaims,
  id: string,
  moderation: () => Promise<ReviewRemoval>,
  now: Date,
): Promise<void> {
  if (!isSafeId(id)) throw notFound('Review');
  const found = await store.get<ReviewDoc>(REVIEWS, id);
  if (!found) throw notFound('Review');
  const byAuthor = isAuthor(found.data, caller);
  if (!byAuthor && !(await isAdmin(store, caller))) {
    throw forbidden('Only its author or an admin can delete a review');
  }
  const removal = byAuthor ? undefined : await moderation();
  const copyId = store.newId();
  await store.runTransaction(async (tx) => {
    // The id is the author's and the part's, so the review read again has the same author.
    const doc = await existingReview(tx, id);
    if (removal) {
      const copy: RemovedReviewDoc = {
        ...doc.data,
        reviewId: id,
        reason: removal.reason,
        removedBy: { uid: caller.uid, email: caller.email },
        removedAt: now.toISOString(),
      };
      tx.set(REMOVED_REVIEWS, copyId, copy);
      recordAudit(
        tx,
        { uid: caller.uid, email: caller.email, at: now },
        {
          kind: 'review.removed',
          targetId: id,
          before: {
            partId: doc.data.partId ?? null,
            email: doc.data.email,
            rating: doc.data.rating,
            review: doc.data.review,
          },
          after: { reason: removal.reason },
        },
      );
    }
    tx.delete(REVIEWS, id);
  });
}
