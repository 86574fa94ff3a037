import { reviewSchema, type InsertResult } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { requireUser } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { addReview, listReviews } from './reviews.service.js';

export function reviewsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/reviews', async (c) => c.json(await listReviews(deps.store)))
    .post('/reviews', requireUser(deps), validate(reviewSchema), async (c) => {
      const insertedId = await addReview(deps.store, c.get('caller'), c.get('body'), deps.clock());
      return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
    });
}
