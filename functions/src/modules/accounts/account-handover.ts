/**
 * What happens to the shop's records kept by address when another account takes the address
 * (decision 048). The records of the earlier account stay its own: its profile, saved address and
 * cart are set aside under its uid, and its orders and reviews are stamped with it, so the new
 * account sees none of them. A verified holder of the address may later claim the orders of an
 * earlier account that no longer exists (not its role, not its profile).
 *
 * It writes the records of cart/, orders/, profiles/ and reviews/, and orders/ and reviews/ ask
 * users/ who is an admin: inside users/ it would tie them in a loop, so it is a folder of its own
 * above them all, handed to the users' sign-in by app.ts (issue 34, docs/decisions/083).
 */
import { CARTS, cartId } from '../cart/cart.service.js';
import { stampOrdersOwner, takeOrdersOfGoneAccounts } from '../orders/order-owners.js';
import { PROFILES, profileDocId } from '../profiles/profiles.service.js';
import { SAVED_ADDRESSES, savedAddressId } from '../profiles/saved-address.service.js';
import { REVIEWS, type ReviewDoc } from '../reviews/reviews.service.js';
import type { Identity } from '../../auth/identity.js';
import { keyId } from '../../store/ids.js';
import type { DocData, Store } from '../../store/port.js';
import { USERS, userDocId, type AccountRecords, type UserDoc } from '../users/users.service.js';

/** An earlier account's records kept by address, set aside when another account took the address. */
export const SET_ASIDE_ACCOUNTS = 'setAsideAccounts';

/** Sets aside `uid`'s records kept by `email`, which another account now holds. */
export async function setAsideAccount(
  store: Store,
  email: string,
  uid: string,
  now: Date,
): Promise<void> {
  const kept = [
    [PROFILES, profileDocId(email)],
    [SAVED_ADDRESSES, savedAddressId(email)],
    [CARTS, cartId(email)],
  ] as const;
  await store.runTransaction(async (tx) => {
    const docs = await Promise.all(kept.map(([collection, id]) => tx.get<DocData>(collection, id)));
    const records = Object.fromEntries(
      kept.flatMap(([collection], index) => {
        const doc = docs[index];
        return doc ? [[collection, doc.data]] : [];
      }),
    );
    tx.set(SET_ASIDE_ACCOUNTS, keyId('set-aside', uid, email), {
      uid,
      email,
      setAsideAt: now.toISOString(),
      records,
    });
    kept.forEach(([collection, id], index) => {
      if (docs[index]) tx.delete(collection, id);
    });
  });
  await stampOrdersOwner(store, email, uid);
  await stampReviewsOwner(store, email, uid);
}

/** Gives the reviews of `email` that carry no account the earlier account's uid. */
async function stampReviewsOwner(store: Store, email: string, uid: string) {
  const reviews = await store.query<ReviewDoc>(REVIEWS, {
    where: [{ field: 'email', op: '==', value: email }],
  });
  await Promise.all(
    reviews
      .filter(({ data }) => data.uid === undefined)
      .map(({ id }) => store.update(REVIEWS, id, { uid })),
  );
}

/**
 * The verified holder of `email` takes the orders of earlier accounts that no longer exist; an
 * earlier account that still exists (its address changed) keeps its own.
 */
export async function claimOrdersOfGoneAccounts(
  deps: { store: Store; identity: Identity },
  email: string,
  uid: string,
  previousUids: readonly string[],
): Promise<void> {
  const gone: string[] = [];
  for (const previous of previousUids) {
    if ((await deps.identity.account(previous)) === null) gone.push(previous);
  }
  if (gone.length === 0) return;
  await takeOrdersOfGoneAccounts(deps.store, email, uid, gone);
  await deps.store.runTransaction(async (tx) => {
    const user = await tx.get<UserDoc>(USERS, userDocId(email));
    if (!user || user.data.uid !== uid) return;
    tx.update(USERS, userDocId(email), {
      previousUids: (user.data.previousUids ?? []).filter((previous) => !gone.includes(previous)),
    });
  });
}

/** What the users' sign-in does with the records of an address that changed hands. */
export const accountRecords = (deps: { store: Store; identity: Identity }): AccountRecords => ({
  setAside: (email, uid, now) => setAsideAccount(deps.store, email, uid, now),
  claimOrdersOfGone: (email, uid, previous) =>
    claimOrdersOfGoneAccounts(deps, email, uid, previous),
});
