import type { Review } from '@sprocket/contract';
import { useEffect, useState } from 'react';

/**
 * The id the API gives a customer's review of a part (docs/decisions/004): the first 40 hex
 * digits of SHA-256 over "review", the email and the part's name as the review stored it, each
 * on its own line. Public reviews carry no email, so this is how a page knows which review is the
 * signed-in customer's (docs/decisions/024).
 */
export async function reviewIdOf(email: string, productName: string): Promise<string> {
  const bytes = new TextEncoder().encode(['review', email, productName].join('\n'));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 40);
}

/** The ids among `reviews` that the customer signed in as `email` wrote. */
export function useOwnReviewIds(
  reviews: readonly Review[] | undefined,
  email: string | null | undefined,
): ReadonlySet<string> {
  const [own, setOwn] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!email || !reviews?.length) {
      setOwn(new Set());
      return;
    }
    let current = true;
    void Promise.all(
      reviews.map(async (review) =>
        (await reviewIdOf(email.trim().toLowerCase(), review.productName)) === review._id
          ? review._id
          : null,
      ),
    ).then((ids) => {
      if (current) setOwn(new Set(ids.filter((id) => id !== null)));
    });
    return () => {
      current = false;
    };
  }, [reviews, email]);
  return own;
}
