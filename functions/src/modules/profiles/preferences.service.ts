/**
 * A customer's choices about the shop's mails (issue 37 item 4), one document per address; none
 * stored means the defaults (DEFAULT_PREFERENCES).
 */
import { DEFAULT_PREFERENCES, type Preferences } from '@sprocket/contract';
import type { DocData, Store, StoreReader } from '../../store/port.js';
import { keyId, normalizeEmail } from '../../store/ids.js';

export const PREFERENCES = 'preferences';

export type PreferencesDoc = Preferences & { email: string; updatedAt: string } & DocData;

const preferencesDocId = (email: string) => keyId('preferences', normalizeEmail(email));

export async function preferencesOf(store: StoreReader, email: string): Promise<Preferences> {
  const doc = await store.get<PreferencesDoc>(PREFERENCES, preferencesDocId(email));
  return { ...DEFAULT_PREFERENCES, ...(doc && { cartReminders: doc.data.cartReminders }) };
}

export async function savePreferences(
  store: Store,
  email: string,
  preferences: Preferences,
  now: Date,
): Promise<Preferences> {
  const doc: PreferencesDoc = {
    ...preferences,
    email: normalizeEmail(email),
    updatedAt: now.toISOString(),
  };
  await store.set(PREFERENCES, preferencesDocId(email), doc);
  return preferences;
}
