import {
  adminRoleSchema,
  emailParamsSchema,
  TOKEN_REQUESTS_PER_MINUTE,
  usersListQuerySchema,
} from '@sprocket/contract';
import type { AdminStatus, PromoteResult, TokenResult } from '@sprocket/contract';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly, assertOwnerOrAdmin, bearerToken, requireUser } from '../../http/access.js';
import { rateLimited, unauthenticated } from '../errors.js';
import { clientAddress, memoryRateCounter, rateLimit } from '../../http/rate-limit.js';
import { check, readJsonObject, validateParams, validateQuery } from '../../http/validate.js';
import { asksForAnything, pageResponse } from '../list-query.js';
import { queryUsers } from './user-list.js';
import {
  addressIsAdmin,
  issueToken,
  listUsers,
  setAdminRole,
  type AccountRecords,
} from './users.service.js';
import { adminAct } from '../audit/audit-log.js';

/**
 * Refused ID tokens per network address per minute; past it the address is answered 429. Only
 * refusals count, and a valid token is never turned away by it: a flood of junk naming someone,
 * from their address or any other, cannot lock them out (issue 21).
 */
export const TOKEN_REQUESTS_PER_ADDRESS_PER_MINUTE = 60;

const MINUTE = 60_000;

/**
 * `accountRecords`: what sign-in does with the records kept by an address that another account
 * took (modules/accounts, wired by app.ts: those records' modules sit above this one).
 */
export function usersRoutes(deps: AppDeps, accountRecords: AccountRecords) {
  const user = requireUser(deps);
  const admin = adminOnly(deps);
  const byEmail = validateParams(emailParamsSchema);
  const counter = deps.rateCounter ?? memoryRateCounter();
  /** Counts a refused ID token against the caller's address, and answers 429 past the limit. */
  const refusedToken = async (c: Context, message: string) => {
    const now = deps.clock().getTime();
    const key = `token-refused:${clientAddress(c, deps.config.proxyHops)}`;
    const { count, resetAt } = await counter.hit(key, MINUTE, now);
    if (count > TOKEN_REQUESTS_PER_ADDRESS_PER_MINUTE) {
      throw rateLimited(
        Math.max(1, Math.ceil((resetAt - now) / 1000)),
        'Too many sign-in attempts from your network',
      );
    }
    return unauthenticated(message);
  };
  const accountLimit = rateLimit({
    what: 'Too many sign-ins for this account',
    limit: TOKEN_REQUESTS_PER_MINUTE,
    windowMs: MINUTE,
    key: (c) => `token-account:${c.get('caller').uid}`,
    counter,
    clock: deps.clock,
  });
  return new Hono<AppEnv>()
    .get('/admin/:email', user, byEmail, async (c) => {
      const { email } = c.get('params');
      await assertOwnerOrAdmin(deps, c.get('caller'), email);
      return c.json({ admin: await addressIsAdmin(deps.store, email) } satisfies AdminStatus);
    })
    .get('/users', ...admin, validateQuery(usersListQuerySchema), async (c) => {
      const query = c.get('query');
      if (asksForAnything(query)) return pageResponse(c, await queryUsers(deps.store, query));
      // Without list parameters, the original API's answer: every user, oldest first.
      const users = await listUsers(deps.store);
      return pageResponse(c, { items: users, total: users.length });
    })
    .put('/user/admin/:email', ...admin, byEmail, async (c) => {
      // The original API sends no body (a promotion); `{ "admin": false }` demotes.
      const text = await c.req.text();
      const body = text.trim() === '' ? {} : await readJsonObject(c);
      const { admin: makeAdmin } = await check(adminRoleSchema, body);
      const act = adminAct(c, deps.clock);
      const modifiedCount = await setAdminRole(deps, c.get('params').email, makeAdmin, act);
      return c.json({ result: { acknowledged: true, modifiedCount } } satisfies PromoteResult);
    })
    .put(
      '/user/:email',
      byEmail,
      async (c, next) => {
        const idToken = bearerToken(c);
        if (!idToken) {
          throw await refusedToken(c, 'Send the Firebase ID token as a bearer token');
        }
        const identity = await deps.identity.verifyIdToken(idToken);
        if (!identity) throw await refusedToken(c, 'The ID token is not valid; sign in again');
        c.set('caller', {
          uid: identity.uid,
          email: identity.email ?? '',
          name: identity.name,
          emailVerified: identity.emailVerified,
          issuedAt: Math.floor(deps.clock().getTime() / 1000),
        });
        c.set('identity', identity);
        await next();
      },
      accountLimit,
      async (c) => {
        const token = await issueToken(
          {
            ...deps,
            onAccountGone: (uid) => deps.accounts.forget(uid),
            accountRecords,
          },
          c.get('params').email,
          c.get('identity'),
        );
        return c.json({ token } satisfies TokenResult);
      },
    );
}
