import { plainName, userMessages, type User } from '@sprocket/contract';
import { signAccessToken } from '../../auth/access-token.js';
import type { Identity, VerifiedIdentity } from '../../auth/identity.js';
import type { Config } from '../../config.js';
import { conflict, forbidden, notFound } from '../errors.js';
import type { DocData, Store, StoredDoc } from '../../store/port.js';
import { keyId, normalizeEmail } from '../../store/ids.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';

export const USERS = 'users';

/** What the user rules need: the store, the identity provider (claims), the clock, the settings. */
export interface UserDeps {
  store: Store;
  identity: Identity;
  clock: () => Date;
  config: Pick<Config, 'adminEmails' | 'tokenSecret'>;
  /** Told when an account no longer holds its address, so its tokens are refused at once here. */
  onAccountGone?: (uid: string) => void;
  /** The records kept by address, handed over between accounts (accounts/account-handover.ts). */
  accountRecords?: AccountRecords;
}

/** What happens to the records kept by address when another account takes the address. */
export interface AccountRecords {
  /** Sets aside `uid`'s records kept by `email`, which another account now holds. */
  setAside(email: string, uid: string, now: Date): Promise<void>;
  /** The verified holder `uid` of `email` takes the orders of earlier accounts that are gone. */
  claimOrdersOfGone(email: string, uid: string, previousUids: readonly string[]): Promise<void>;
}

export type UserDoc = {
  email: string;
  /**
   * The Firebase Auth uid of the account that holds this address: the shop's records kept by
   * address are this account's (decision 048).
   */
  uid: string;
  /** Whether the identity provider vouched for the address at the last sign-in. */
  emailVerified?: boolean;
  /**
   * Accounts that held this address before, newest last, whose orders a verified holder may still
   * claim once the account is gone.
   */
  previousUids?: string[];
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

/** What an admin needs: the role, on the account it was granted to, at a verified address. */
export const holdsAdminRights = (user: UserDoc, uid: string): boolean =>
  user.role === 'admin' && user.uid === uid && user.emailVerified === true;

/** Whether the caller's account is an admin (decision 048): not just anyone with the address. */
export async function isAdmin(store: Store, caller: { uid: string; email: string }) {
  const doc = await store.get<UserDoc>(USERS, userDocId(caller.email));
  return doc !== null && holdsAdminRights(doc.data, caller.uid);
}

/** The uid of the account that holds `email` now, if any account ever signed in with it. */
export async function userHolding(store: Store, email: string): Promise<string | undefined> {
  return (await store.get<UserDoc>(USERS, userDocId(email)))?.data.uid;
}

/** Whether the account that holds `email` now is an admin (Make Admin's GET /admin/{email}). */
export async function addressIsAdmin(store: Store, email: string): Promise<boolean> {
  const doc = await store.get<UserDoc>(USERS, userDocId(email));
  return doc !== null && holdsAdminRights(doc.data, doc.data.uid);
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
  const { role, handedOverFrom, claimable } = await deps.store.runTransaction(async (tx) => {
    const existing = await tx.get<UserDoc>(USERS, id);
    const becomesListedAdmin = listedAdmin && !existing?.data.demotedAt;
    // Another account held this address (the earlier one was deleted, or gave the address up):
    // the new one starts afresh; nothing of the earlier account's comes with the address.
    const previousUid =
      existing && existing.data.uid !== identity.uid ? existing.data.uid : undefined;
    const previousUids = [
      ...(existing?.data.previousUids ?? []),
      ...(previousUid === undefined ? [] : [previousUid]),
    ].filter((uid) => uid !== identity.uid);
    const keepsRole = previousUid === undefined && existing?.data.role === 'admin';
    const doc: UserDoc = {
      ...existing?.data,
      email: verifiedEmail,
      uid: identity.uid,
      emailVerified: identity.emailVerified,
      previousUids,
      name: previousUid === undefined ? (name ?? existing?.data.name) : name,
      role: becomesListedAdmin || keepsRole ? 'admin' : null,
      createdAt:
        previousUid === undefined
          ? (existing?.data.createdAt ?? now.toISOString())
          : now.toISOString(),
      lastTokenAt: now.toISOString(),
    };
    tx.set(USERS, id, doc);
    return {
      role: doc.role,
      handedOverFrom: previousUid,
      claimable: identity.emailVerified ? previousUids : [],
    };
  });
  if (handedOverFrom !== undefined) {
    await deps.accountRecords?.setAside(verifiedEmail, handedOverFrom, now);
    deps.onAccountGone?.(handedOverFrom);
  }
  if (claimable.length > 0) {
    await deps.accountRecords?.claimOrdersOfGone(verifiedEmail, identity.uid, claimable);
  }
  const admin = role === 'admin';
  if (admin !== identity.admin) await deps.identity.setAdminClaim(identity.uid, admin);
  return signAccessToken(
    deps.config.tokenSecret,
    { uid: identity.uid, email: verifiedEmail, name, emailVerified: identity.emailVerified },
    now,
  );
}

/**
 * Make Admin's entry for a user: what an admin needs to decide (the role, whether the address is
 * verified), nothing more (no uids, no sign-in times).
 */
export const toUser = ({ id, data }: StoredDoc<UserDoc>): User => ({
  _id: id,
  email: data.email,
  ...(holdsAdminRights(data, data.uid) ? { role: 'admin' as const } : {}),
  verified: data.emailVerified === true,
});

/** Make Admin's list, oldest first. */
export async function listUsers(store: Store): Promise<User[]> {
  const docs = await store.query<UserDoc>(USERS, { orderBy: [{ field: 'createdAt' }] });
  return docs.map(toUser);
}

/**
 * Gives or takes admin rights; returns how many users changed (0 when nothing had to). The last
 * admin cannot be demoted: the shop would have nobody left to run it. The `admin` custom claim
 * follows the store, which stays the authority for the API.
 */
export async function setAdminRole(
  deps: UserDeps,
  email: string,
  admin: boolean,
  act: AdminAct,
): Promise<number> {
  const id = userDocId(email);
  const now = deps.clock().toISOString();
  const { modified, uid } = await deps.store.runTransaction(async (tx) => {
    const doc = await tx.get<UserDoc>(USERS, id);
    if (!doc) throw notFound('User');
    const isAdminNow = doc.data.role === 'admin';
    if (isAdminNow === admin) return { modified: 0, uid: doc.data.uid };
    // Anyone can sign up with any address; only its owner can open the link sent to it.
    if (admin && doc.data.emailVerified !== true) throw conflict(userMessages.promoteUnverified);
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
    recordAudit(tx, act, {
      kind: admin ? 'admin.granted' : 'admin.revoked',
      targetId: doc.data.email,
      before: { admin: isAdminNow },
      after: { admin },
    });
    return { modified: 1, uid: doc.data.uid };
  });
  await deps.identity.setAdminClaim(uid, admin);
  return modified;
}
