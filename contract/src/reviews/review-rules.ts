/**
 * A review's limits: plain values with no yup, so that the public pages can show them without
 * loading the schemas (schemas/review.ts checks with them).
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MAX = 1000;
/** The longest reason an admin gives for removing someone else's review. */
export const REMOVAL_REASON_MAX = 500;

/** Why the shop refuses a review (issue 21): only real, verified customers review, once a part. */
export const reviewMessages = {
  verifyFirst: 'Verify your email address before you write a review',
  buyFirst: 'Only customers who bought this part can review it',
  alreadyReviewed: 'You have already reviewed this part',
} as const;
