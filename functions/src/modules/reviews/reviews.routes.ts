import {
  idParamsSchema,
  reviewEditSchema,
  reviewRemovalSchema,
  reviewSchema,
  type CatalogueReview,
  type DeleteResult,
  type InsertResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import { object, string } from 'yup';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { requireUser } from '../../http/access.js';
import { clientAddress, memoryRateCounter, rateLimit } from '../../http/rate-limit.js';
import {
  check,
  readOptionalJsonObject,
  validate,
  validateParams,
  validateQuery,
} from '../../http/validate.js';
import {
  addReview,
  editReview,
  listReviews,
  listReviewsOf,
  removeReview,
} from './reviews.service.js';

/** GET /reviews?partId=: one part's reviews; without it, every review (the original API). */
const reviewsQuerySchema = object({ partId: string().trim().max(128).optional() });

const HOUR = 60 * 60_000;

export function reviewsRoutes(deps: AppDeps) {
  const review = validateParams(idParamsSchema, { notFound: 'Review' });
  const counter = deps.rateCounter ?? memoryRateCounter();
  const addressLimit = rateLimit({
    what: 'Too many reviews from your network',
    // Whichever accounts write them: a household shares an address, a flood of fresh accounts too.
    limit: 2 * deps.config.reviewsPerHour,
    windowMs: HOUR,
    key: (c) => `review-address:${clientAddress(c, deps.config.proxyHops)}`,
    counter,
    clock: deps.clock,
  });
  const accountLimit = rateLimit({
    what: 'Too many reviews in a short time',
    // A customer reviews what they bought, a few at a time.
    limit: deps.config.reviewsPerHour,
    windowMs: HOUR,
    key: (c) => `review-account:${c.get('caller').uid}`,
    counter,
    clock: deps.clock,
  });
  return new Hono<AppEnv>()
    .get('/reviews', validateQuery(reviewsQuerySchema), async (c) => {
      const { partId } = c.get('query');
      const reviews: CatalogueReview[] =
        partId === undefined
          ? await listReviews(deps.store)
          : await listReviewsOf(deps.store, partId);
      return c.json(reviews);
    })
    .post(
      '/reviews',
      addressLimit,
      requireUser(deps),
      accountLimit,
      validate(reviewSchema),
      async (c) => {
        const insertedId = await addReview(
          deps.store,
          c.get('caller'),
          c.get('body'),
          deps.clock(),
          { requirePurchase: deps.config.reviewsRequirePurchase },
        );
        return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
      },
    )
    .patch('/reviews/:id', requireUser(deps), review, validate(reviewEditSchema), async (c) => {
      const edited = await editReview(
        deps.store,
        c.get('caller'),
        c.get('params').id,
        c.get('body'),
        deps.clock(),
      );
      return c.json(edited);
    })
    .delete('/reviews/:id', requireUser(deps), review, async (c) => {
      // The author sends no body; an admin removing someone else's review sends `{ reason }`.
      const body = await readOptionalJsonObject(c);
      await removeReview(
        deps.store,
        c.get('caller'),
        c.get('params').id,
        () => check(reviewRemovalSchema, body),
        deps.clock(),
      );
      return c.json({ acknowledged: true, deletedCount: 1 } satisfies DeleteResult);
    });
}
