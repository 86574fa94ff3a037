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
import { requireUser } from '../../http/auth.js';
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

export function reviewsRoutes(deps: AppDeps) {
  const review = validateParams(idParamsSchema, { notFound: 'Review' });
  return new Hono<AppEnv>()
    .get('/reviews', validateQuery(reviewsQuerySchema), async (c) => {
      const { partId } = c.get('query');
      const reviews: CatalogueReview[] =
        partId === undefined
          ? await listReviews(deps.store)
          : await listReviewsOf(deps.store, partId);
      return c.json(reviews);
    })
    .post('/reviews', requireUser(deps), validate(reviewSchema), async (c) => {
      const insertedId = await addReview(deps.store, c.get('caller'), c.get('body'), deps.clock());
      return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
    })
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
