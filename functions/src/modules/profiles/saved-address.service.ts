/**
 * The profile's address book entry: where the customer's parcels go, which the checkout
 * prefills. Kept apart from the profile document, which POST /profiles replaces as a whole.
 */
import type { SavedAddress, SavedAddressInput } from '@sprocket/contract';
import { keyId, normalizeEmail } from '../../store/ids.js';
import type { DocData, Store, Transaction } from '../../store/port.js';
import { profilesOf } from './profiles.service.js';

export const SAVED_ADDRESSES = 'savedAddresses';

type SavedAddressDoc = SavedAddress & { email: string; updatedAt: string } & DocData;

export const savedAddressId = (email: string) => keyId('saved-address', normalizeEmail(email));

function toSavedAddress({ name, address, number, country, region }: SavedAddressDoc): SavedAddress {
  return {
    name,
    address,
    number,
    ...(country && { country }),
    ...(region && { region }),
  };
}

/** The country and region as kept: upper case, left out when empty (issue 25). */
const place = ({ country, region }: Pick<SavedAddress, 'country' | 'region'>) => ({
  ...(country?.trim() && { country: country.trim().toUpperCase() }),
  ...(region?.trim() && { region: region.trim().toUpperCase() }),
});

/**
 * The caller's entry; without one, the address and number of their profile under the name
 * `fallbackName`, so a customer who filled in a profile finds the checkout prefilled too.
 */
export async function getSavedAddress(
  store: Store,
  email: string,
  fallbackName: string,
): Promise<SavedAddress | null> {
  const doc = await store.get<SavedAddressDoc>(SAVED_ADDRESSES, savedAddressId(email));
  if (doc) return toSavedAddress(doc.data);
  const [profile] = await profilesOf(store, email);
  if (!profile?.address || !profile.number) return null;
  return {
    name: profile.displayName || fallbackName,
    address: profile.address,
    number: profile.number,
  };
}

export async function saveAddress(
  store: Store,
  email: string,
  input: SavedAddressInput,
  now: Date,
): Promise<SavedAddress> {
  const doc: SavedAddressDoc = {
    name: input.name,
    address: input.address,
    number: input.number,
    ...place(input),
    email: normalizeEmail(email),
    updatedAt: now.toISOString(),
  };
  await store.set(SAVED_ADDRESSES, savedAddressId(email), doc);
  return toSavedAddress(doc);
}

/**
 * For the checkout's transaction: reads the entry now and returns the write that keeps the new
 * address and number, under the name already saved (or `name` for a first entry).
 */
export async function prepareAddressSave(
  tx: Transaction,
  email: string,
  entry: SavedAddress,
  now: Date,
): Promise<() => void> {
  const id = savedAddressId(email);
  const existing = await tx.get<SavedAddressDoc>(SAVED_ADDRESSES, id);
  return () => {
    const doc: SavedAddressDoc = {
      name: existing?.data.name ?? entry.name,
      address: entry.address,
      number: entry.number,
      ...place(entry),
      email: normalizeEmail(email),
      updatedAt: now.toISOString(),
    };
    tx.set(SAVED_ADDRESSES, id, doc);
  };
}
