import {
  apiPaths,
  preferencesSchema,
  profileSchema,
  profilesQuerySchema,
  savedAddressSchema,
  type SavedAddressResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { assertOwnerOrAdmin, requireUser } from '../../http/access.js';
import { validate, validateQuery } from '../../http/validate.js';
import { profilesOf, saveProfile } from './profiles.service.js';
import { getSavedAddress, saveAddress } from './saved-address.service.js';
import { preferencesOf, savePreferences } from './preferences.service.js';

export function profilesRoutes(deps: AppDeps) {
  const user = requireUser(deps);
  return (
    new Hono<AppEnv>()
      .post('/profiles', user, validate(profileSchema), async (c) => {
        const { existed } = await saveProfile(
          deps.store,
          c.get('caller').email,
          c.get('body'),
          deps.clock(),
        );
        return c.json({
          acknowledged: true,
          modifiedCount: existed ? 1 : 0,
          upsertedCount: existed ? 0 : 1,
        });
      })
      .get('/profiles', user, validateQuery(profilesQuerySchema), async (c) => {
        const { email } = c.get('query');
        await assertOwnerOrAdmin(deps, c.get('caller'), email);
        return c.json(await profilesOf(deps.store, email));
      })
      // The caller's choices about the shop's mails (My Profile).
      .get(apiPaths.preferences(), user, async (c) =>
        c.json(await preferencesOf(deps.store, c.get('caller').email)),
      )
      .put(apiPaths.preferences(), user, validate(preferencesSchema), async (c) =>
        c.json(
          await savePreferences(deps.store, c.get('caller').email, c.get('body'), deps.clock()),
        ),
      )
      // The caller's address book entry, which the checkout prefills from.
      .get('/profiles/me/address', user, async (c) => {
        const { email, name } = c.get('caller');
        const savedAddress = await getSavedAddress(deps.store, email, name || email);
        return c.json({ savedAddress } satisfies SavedAddressResult);
      })
      .put('/profiles/me/address', user, validate(savedAddressSchema), async (c) => {
        const savedAddress = await saveAddress(
          deps.store,
          c.get('caller').email,
          c.get('body'),
          deps.clock(),
        );
        return c.json({ savedAddress } satisfies SavedAddressResult);
      })
  );
}
