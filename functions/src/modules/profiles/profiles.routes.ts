import { profileSchema } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { assertOwnerOrAdmin, requireUser } from '../../http/auth.js';
import { validationFailed } from '../errors.js';
import { validate } from '../../http/validate.js';
import { profilesOf, saveProfile } from './profiles.service.js';

export function profilesRoutes(deps: AppDeps) {
  const user = requireUser(deps);
  return new Hono<AppEnv>()
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
    .get('/profiles', user, async (c) => {
      const email = c.req.query('email')?.trim();
      if (!email) throw validationFailed({ email: 'Email is required' });
      await assertOwnerOrAdmin(deps, c.get('caller').email, email);
      return c.json(await profilesOf(deps.store, email));
    });
}
