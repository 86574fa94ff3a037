import type { AdminStatus, PromoteResult, TokenResult } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { assertOwnerOrAdmin, bearerToken, requireAdmin, requireUser } from '../../http/auth.js';
import { unauthenticated } from '../../http/errors.js';
import { rateLimit } from '../../http/rate-limit.js';
import { normalizeEmail } from '../ids.js';
import { isAdmin, issueToken, listUsers, promote } from './users.service.js';

/** Token requests per email per minute: sign-in asks once; more than this is a runaway client. */
export const TOKEN_REQUESTS_PER_MINUTE = 10;

export function usersRoutes(deps: AppDeps) {
  const user = requireUser(deps);
  const admin = requireAdmin(deps);
  const tokenLimit = rateLimit({
    limit: TOKEN_REQUESTS_PER_MINUTE,
    windowMs: 60_000,
    key: (c) => normalizeEmail(c.req.param('email') ?? ''),
    clock: deps.clock,
  });
  return new Hono<AppEnv>()
    .get('/admin/:email', user, async (c) => {
      const email = c.req.param('email');
      await assertOwnerOrAdmin(deps, c.get('caller').email, email);
      return c.json({ admin: await isAdmin(deps.store, email) } satisfies AdminStatus);
    })
    .get('/users', user, admin, async (c) => c.json(await listUsers(deps.store)))
    .put('/user/admin/:email', user, admin, async (c) => {
      const modifiedCount = await promote(deps, c.req.param('email'));
      return c.json({ result: { acknowledged: true, modifiedCount } } satisfies PromoteResult);
    })
    .put('/user/:email', tokenLimit, async (c) => {
      const idToken = bearerToken(c);
      if (!idToken) throw unauthenticated('Send the Firebase ID token as a bearer token');
      const identity = await deps.identity.verifyIdToken(idToken);
      if (!identity) throw unauthenticated('The ID token is not valid; sign in again');
      const token = await issueToken(deps, c.req.param('email'), identity);
      return c.json({ token } satisfies TokenResult);
    });
}
