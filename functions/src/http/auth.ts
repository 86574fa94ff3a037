/** Bearer middleware: the accessToken on every signed-in call, the store's role on admin calls. */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { verifyAccessToken } from '../auth/access-token.js';
import { isAdmin } from '../modules/users/users.service.js';
import type { AppDeps, AppEnv } from './app-env.js';
import { forbidden, unauthenticated } from './errors.js';

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

export function requireUser(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c);
    if (!token) throw unauthenticated();
    const claims = verifyAccessToken(deps.config.tokenSecret, token, deps.clock());
    if (!claims) throw unauthenticated('Your session has expired; sign in again');
    c.set('caller', claims);
    await next();
  });
}

/** After requireUser. Reads the role from the store each time, so a promotion applies at once. */
function requireAdmin(deps: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!(await isAdmin(deps.store, c.get('caller').email)))
      throw forbidden('Only admins can do this');
    await next();
  });
}

/** For calls open to the owner of a resource and to admins. */
export async function assertOwnerOrAdmin(deps: AppDeps, callerEmail: string, ownerEmail: string) {
  if (callerEmail === ownerEmail.toLowerCase()) return;
  if (!(await isAdmin(deps.store, callerEmail))) throw forbidden();
}

/**
 * The one way a route is made admin-only: `.post('/parts', ...adminOnly, handler)` signs the
 * caller in, then checks the role.
 */
export function adminOnly(deps: AppDeps) {
  return [requireUser(deps), requireAdmin(deps)] as const;
}
