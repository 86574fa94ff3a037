/**
 * Bearer middleware: the accessToken on every signed-in call, checked against its account (it
 * still exists, is enabled and holds the token's address; decision 048), and on admin calls the
 * store's role, on that account, asked afresh each time.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { accountChecker, type AccountChecker } from '../../auth/account-check.js';
import { verifyAccessToken, type AccessClaims } from '../../auth/access-token.js';
import { isAdmin, userHolding } from './users.service.js';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { forbidden, unauthenticated } from '../errors.js';

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

/** The app's account checker: the one createApp made, or one of the route's own. */
export function accountsOf(deps: AppDeps): AccountChecker {
  return (
    deps.accounts ??
    accountChecker({
      identity: deps.identity,
      holderOf: (email) => userHolding(deps.store, email),
      clock: deps.clock,
    })
  );
}

export function requireUser(deps: AppDeps) {
  const accounts = accountsOf(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthenticated();
    const claims = verifyAccessToken(deps.config.tokenSecret, token, deps.clock());
    if (!claims) throw unauthenticated('Your session has expired; sign in again');
    // A read may be answered from what was known within the last half minute; a change is not.
    const fresh = c.req.method !== 'GET' && c.req.method !== 'HEAD';
    if (!(await accounts.isCurrent(claims, { fresh }))) {
      throw unauthenticated('Your account is no longer active here; sign in again');
    }
    c.set('caller', claims);
    await next();
  });
}

/**
 * After requireUser. Asks the identity provider and the store now, not from the minute's cache: a
 * disabled or deleted admin, or one whose rights were taken away, is refused at once.
 */
function requireAdmin(deps: AppDeps) {
  const accounts = accountsOf(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    const caller = c.get('caller');
    if (!(await accounts.isCurrent(caller, { fresh: true }))) {
      throw unauthenticated('Your account is no longer active here; sign in again');
    }
    if (!(await isAdmin(deps.store, caller))) throw forbidden('Only admins can do this');
    await next();
  });
}

/**
 * For calls open to the owner of a resource kept by address, and to admins. requireUser has
 * checked that the caller's account still holds its address, so an address's resources are its
 * current account's.
 */
export async function assertOwnerOrAdmin(deps: AppDeps, caller: AccessClaims, ownerEmail: string) {
  if (caller.email === ownerEmail.trim().toLowerCase()) return;
  if (!(await isAdmin(deps.store, caller))) throw forbidden();
}

/**
 * The one way a route is made admin-only: `.post('/parts', ...adminOnly, handler)` signs the
 * caller in, then checks the role.
 */
export function adminOnly(deps: AppDeps) {
  return [requireUser(deps), requireAdmin(deps)] as const;
}
