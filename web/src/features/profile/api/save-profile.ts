import { apiPaths, type ProfileInput, type UpdateResult } from '@sprocket/contract';
import { updateProfile, type Auth } from '@firebase/auth';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { loadFirebaseAuth } from '../../../lib/auth.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface SaveProfileResult extends UpdateResult {
  upsertedCount: number;
}

/**
 * docs/product.md §5.2: the Firebase Auth profile changes only when both a name and an image URL
 * are given; the shop's own profile (POST /profiles, email from the token) is saved every time.
 */
export async function saveProfile(auth: Auth, input: ProfileInput): Promise<SaveProfileResult> {
  if (input.displayName && input.photoURL) {
    // docs/product.md §8.2: updating the profile without a session is an error with this text.
    if (!auth.currentUser) throw new Error('No user is logged in');
    await updateProfile(auth.currentUser, {
      displayName: input.displayName,
      photoURL: input.photoURL,
    });
  }
  return api.post<SaveProfileResult>(apiPaths.profiles(), input);
}

export const useSaveProfile = (email: string) =>
  useApiMutation(
    async (input: ProfileInput) => saveProfile((await loadFirebaseAuth()).auth, input),
    (queryClient) => invalidate(queryClient, queryKeys.profiles.of(email)),
  );
