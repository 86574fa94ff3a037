import type { Profile, ProfileInput } from '@sprocket/contract';
import type { DocData, Store } from '../../store/port.js';
import { keyId, normalizeEmail } from '../../store/ids.js';

export const PROFILES = 'profiles';

export type ProfileDoc = Profile & { createdAt: string; updatedAt: string } & DocData;

export const profileDocId = (email: string) => keyId('profile', normalizeEmail(email));

/** Creates or replaces the caller's profile; returns whether one existed. */
export async function saveProfile(
  store: Store,
  email: string,
  input: ProfileInput,
  now: Date,
): Promise<{ existed: boolean }> {
  const id = profileDocId(email);
  return store.runTransaction(async (tx) => {
    const existing = await tx.get<ProfileDoc>(PROFILES, id);
    const doc: ProfileDoc = {
      ...input,
      email,
      createdAt: existing?.data.createdAt ?? now.toISOString(),
      updatedAt: now.toISOString(),
    };
    tx.set(PROFILES, id, doc);
    return { existed: existing !== null };
  });
}

/** The profile of an email as a list of zero or one, as the original API answered. */
export async function profilesOf(store: Store, email: string): Promise<Profile[]> {
  const doc = await store.get<ProfileDoc>(PROFILES, profileDocId(email));
  if (!doc) return [];
  const { createdAt: _createdAt, updatedAt: _updatedAt, ...profile } = doc.data;
  return [profile];
}
