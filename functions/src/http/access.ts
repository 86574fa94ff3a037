/**
 * Bearer middleware: the accessToken on every signed-in call, checked against its account (it
 * still exists, is enabled and holds the token's address; decision 048), and on admin calls the
 * store's role, on that account, asked afresh each time. HTTP plumbing: the account check and
 * the role come in through AppDeps (`accounts`, `isAdmin`), wired by createApp from the users
 * module (issue 34).
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { verifyAccessToken, type AccessClaims } from '../auth/access-token.js';
import { verifyOrderToken } from '../auth/order-token.js';
import { ORDER_TOKEN_HEADER } from '@sprocket/contract';
import { requestText } from './request-body.js';
import type { AppDeps, AppEnv } from './app-env.js';
import { forbidden, unauthenticated } from '../modules/errors.js';

/** The token of an `Authorization: Bearer <token>` header, if there is one. */
export function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1];
}

export function requireUser(deps: AppDeps) {
  const { accounts } = deps;
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
 * POST /checkout's caller (issue 25 item 7): with an Authorization header, a signed-in account
 * exactly as requireUser checks it; without one, a guest when the JSON body names an `email`
 * (validated with the rest of the body after); neither is a 401, as before guests could order.
 */
export function requireUserOrGuest(deps: AppDeps) {
  const user = requireUser(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.header('authorization') !== undefined) return user(c, next);
    const email = guestEmailOf(await requestText(c));
    if (email === undefined) throw unauthenticated();
    c.set('guest', { email });
    await next();
  });
}

/** The body's `email`, trimmed and lower-cased, if it is JSON with a non-empty text there. */
function guestEmailOf(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null || !('email' in body)) return undefined;
  const { email } = body;
  return typeof email === 'string' && email.trim() !== '' ? email.trim().toLowerCase() : undefined;
}

/**
 * The calls of one order's page and payment (docs/decisions/066): a signed-in account as
 * requireUser checks it, or, without an Authorization header, the holder of the order's private
 * link (its token in X-Order-Token): `orderLink` names the one order it opens, and the route
 * refuses any other. A forged or expired link is a 401.
 */
export function requireUserOrOrderLink(deps: AppDeps) {
  const user = requireUser(deps);
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = c.req.header(ORDER_TOKEN_HEADER);
    if (c.req.header('authorization') !== undefined || token === undefined) return user(c, next);
    const link = verifyOrderToken(deps.config.tokenSecret, token.trim(), deps.clock());
    if (!link) throw unauthenticated('This order link is not valid or has expired');
    c.set('orderLink', link);
    await next();
  });
}

/** Every admin check made by requireAdmin, so that a route's handlers tell whether it is one. */
const adminChecks = new WeakSet<object>();

/**
 * Whether a handler of a route, as the router lists them (Hono's `app.routes`), is the admin
 * check: the route is admin-only. The audit test walks every such route that writes.
 */
export const isAdminCheck = (handler: unknown): boolean =>
  typeof handler === 'function' && adminChecks.has(handler);

/**
 * After requireUser. Asks the identity provider and the store now, not from the minute's cache: a
 * disabled or deleted admin, or one whose rights were taken away, is refused at once.
 */
function requireAdmin(deps: AppDeps) {
  const { accounts } = deps;
  const check = createMiddleware<AppEnv>(async (c, next) => {
    const caller = c.get('caller');
    if (!(await accounts.isCurrent(caller, { fresh: true }))) {
      throw unauthenticated('Your account is no longer active here; sign in again');
    }
    if (!(await deps.isAdmin(caller))) throw forbidden('Only admins can do this');
    await next();
  });
  adminChecks.add(check);
  return check;
}

/**
 * For calls open to the owner of a resource kept by address, and to admins. requireUser has
 * checked that the caller's account still holds its address, so an address's resources are its
 * current account's.
 */
export async function assertOwnerOrAdmin(deps: AppDeps, caller: AccessClaims, ownerEmail: string) {
  if (caller.email === ownerEmail.trim().toLowerCase()) return;
  if (!(await deps.isAdmin(caller))) throw forbidden();
}

/**
 * The one way a route is made admin-only: `.post('/parts', ...adminOnly, handler)` signs the
 * caller in, then checks the role.
 */
export function adminOnly(deps: AppDeps) {
  return [requireUser(deps), requireAdmin(deps)] as const;
}
