import type { User } from '@sprocket/contract';
import { signAccessToken } from '../../auth/access-token.js';
import type { VerifiedIdentity } from '../../auth/identity.js';
import type { AppDeps } from '../../http/app-env.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { DocData, Store } from '../../store/port.js';
import { keyId, normalizeEmail } from '../ids.js';

export const USERS = 'users';

export type UserDoc = {
  email: string;
  /** The Firebase Auth uid of the account that last got a token for this email. */
  uid: string;
  name?: string;
  role?: 'admin';
  createdAt: string;
  lastTokenAt: string;
} & DocData;

/** Users are keyed by their email, so an email has one user (and one role) whatever its uid. */
export const userDocId = (email: string) => keyId('user', normalizeEmail(email));

export async function isAdmin(store: Store, email: string): Promise<boolean> {
  const doc = await store.get<UserDoc>(USERS, userDocId(email));
  return doc?.data.role === 'admin';
}

/**
 * PUT /user/{email}: the holder of a Firebase ID token for `email` gets an accessToken. The user
 * is upserted; emails listed in SHOP_ADMIN_EMAILS become admins; an admin whose ID token lacks
 * the `admin` claim gets it (so rules see what the store says).
 */
export async function issueToken(
  deps: AppDeps,
  email: string,
  identity: VerifiedIdentity,
): Promise<string> {
  if (!identity.email || identity.email !== normalizeEmail(email)) {
    throw forbidden('The ID token does not belong to this email');
  }
  const now = deps.clock();
  const verifiedEmail = identity.email;
  const listedAdmin = deps.config.adminEmails.includes(verifiedEmail);
  const id = userDocId(verifiedEmail);
  const role = await deps.store.runTransaction(async (tx) => {
    const existing = await tx.get<UserDoc>(USERS, id);
    const doc: UserDoc = {
      email: verifiedEmail,
      uid: identity.uid,
      name: identity.name ?? existing?.data.name,
      role: listedAdmin || existing?.data.role === 'admin' ? 'admin' : undefined,
      createdAt: existing?.data.createdAt ?? now.toISOString(),
      lastTokenAt: now.toISOString(),
    };
    tx.set(USERS, id, doc);
    return doc.role;
  });
  if (role === 'admin' && !identity.admin) await deps.identity.setAdminClaim(identity.uid);
  return signAccessToken(
    deps.config.tokenSecret,
    { uid: identity.uid, email: verifiedEmail, name: identity.name },
    now,
  );
}

export async function listUsers(store: Store): Promise<User[]> {
  const docs = await store.query<UserDoc>(USERS, { orderBy: [{ field: 'createdAt' }] });
  return docs.map(({ id, data }) =>
    data.role ? { _id: id, email: data.email, role: data.role } : { _id: id, email: data.email },
  );
}

/** Makes a known user an admin; returns how many users changed (0 when already an admin). */
export async function promote(deps: AppDeps, email: string): Promise<number> {
  const id = userDocId(email);
  const { modified, uid } = await deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<UserDoc>(USERS, id);
    if (!doc) throw notFound('User');
    if (doc.data.role === 'admin') return { modified: 0, uid: doc.data.uid };
    tx.update(USERS, id, { role: 'admin' });
    return { modified: 1, uid: doc.data.uid };
  });
  // After the commit: the claim mirrors the store, which stays the authority for the API.
  await deps.identity.setAdminClaim(uid);
  return modified;
}
