import { plainName, type User } from '@sprocket/contract';
import { signAccessToken } from '../../auth/access-token.js';
import type { Identity, VerifiedIdentity } from '../../auth/identity.js';
import type { Config } from '../../config.js';
import { conflict, forbidden, notFound } from '../errors.js';
import type { DocData, Store } from '../../store/port.js';
import { keyId, normalizeEmail } from '../../store/ids.js';

export const USERS = 'users';

/** What the user rules need: the store, the identity provider (claims), the clock, the settings. */
export interface UserDeps {
  store: Store;
  identity: Identity;
  clock: () => Date;
  config: Pick<Config, 'adminEmails' | 'tokenSecret'>;
}

export type UserDoc = {
  email: string;
  /** The Firebase Auth uid of the account that last got a token for this email. */
  uid: string;
  name?: string;
  /** null once an admin's rights were taken away (written out, so that every adapter clears it). */
  role?: 'admin' | null;
  /**
   * Set when an admin took this user's admin rights away: from then on SHOP_ADMIN_EMAILS no longer
   * makes them an admin again at their next sign-in. Cleared by a promotion.
   */
  demotedAt?: string | null;
  createdAt: string;
  lastTokenAt: string;
} & DocData;

/** Users are keyed by their email, so an email has one user (and one role) whatever its uid. */
export const userDocId = (email: string) => keyId('user', normalizeEmail(email));

export async function isAdmin(store: Store, email: string): Promise<boolean> {
  const doc = await store.get<UserDoc>(USERS, userDocId(email));
  return doc?.data.role === 'admin';
}

/** The name the shop knows the user by: the token's, else the one stored at an earlier sign-in. */
export async function userName(store: Store, email: string): Promise<string | undefined> {
  const doc = await store.get<UserDoc>(USERS, userDocId(email));
  return doc?.data.name;
}

/**
 * PUT /user/{email}: the holder of a Firebase ID token for `email` gets an accessToken. The user
 * is upserted. An email listed in SHOP_ADMIN_EMAILS becomes an admin only when the identity
 * provider vouches for it (email_verified) — otherwise anyone could sign up with a listed address
 * and take the shop — and only if no admin has demoted it since. An admin whose ID token lacks
 * the `admin` claim gets it (so Firestore rules see what the store says), and a non-admin loses it.
 */
export async function issueToken(
  deps: UserDeps,
  email: string,
  identity: VerifiedIdentity,
): Promise<string> {
  if (!identity.email || identity.email !== normalizeEmail(email)) {
    throw forbidden('The ID token does not belong to this email');
  }
  const now = deps.clock();
  const verifiedEmail = identity.email;
  // The provider's display name is whatever the account's owner set through Firebase's own API.
  const name = identity.name === undefined ? undefined : plainName(identity.name) || undefined;
  const listedAdmin = identity.emailVerified && deps.config.adminEmails.includes(verifiedEmail);
  const id = userDocId(verifiedEmail);
  const role = await deps.store.runTransaction(async (tx) => {
    const existing = await tx.get<UserDoc>(USERS, id);
    const becomesListedAdmin = listedAdmin && !existing?.data.demotedAt;
    const doc: UserDoc = {
      ...existing?.data,
      email: verifiedEmail,
      uid: identity.uid,
      name: name ?? existing?.data.name,
      role: becomesListedAdmin || existing?.data.role === 'admin' ? 'admin' : null,
      createdAt: existing?.data.createdAt ?? now.toISOString(),
      lastTokenAt: now.toISOString(),
    };
    tx.set(USERS, id, doc);
    return doc.role;
  });
  const admin = role === 'admin';
  if (admin !== identity.admin) await deps.identity.setAdminClaim(identity.uid, admin);
  return signAccessToken(
    deps.config.tokenSecret,
    { uid: identity.uid, email: verifiedEmail, name, emailVerified: identity.emailVerified },
    now,
  );
}

/** Make Admin's list: what an admin needs to decide, nothing more (no uids, no sign-in times). */
export async function listUsers(store: Store): Promise<User[]> {
  const docs = await store.query<UserDoc>(USERS, { orderBy: [{ field: 'createdAt' }] });
  return docs.map(({ id, data }) =>
    data.role ? { _id: id, email: data.email, role: data.role } : { _id: id, email: data.email },
  );
}

/**
 * Gives or takes admin rights; returns how many users changed (0 when nothing had to). The last
 * admin cannot be demoted: the shop would have nobody left to run it. The `admin` custom claim
 * follows the store, which stays the authority for the API.
 */
export async function setAdminRole(deps: UserDeps, email: string, admin: boolean): Promise<number> {
  const id = userDocId(email);
  const now = deps.clock().toISOString();
  const { modified, uid } = await deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<UserDoc>(USERS, id);
    if (!doc) throw notFound('User');
    const isAdminNow = doc.data.role === 'admin';
    if (isAdminNow === admin) return { modified: 0, uid: doc.data.uid };
    if (!admin) {
      const admins = await tx.query<UserDoc>(USERS, {
        where: [{ field: 'role', op: '==', value: 'admin' }],
        limit: 2,
      });
      if (admins.length < 2) {
        throw conflict('The shop needs at least one admin: make someone else an admin first');
      }
      tx.update(USERS, id, { role: null, demotedAt: now });
    } else {
      tx.update(USERS, id, { role: 'admin', demotedAt: null });
    }
    return { modified: 1, uid: doc.data.uid };
  });
  await deps.identity.setAdminClaim(uid, admin);
  return modified;
}
