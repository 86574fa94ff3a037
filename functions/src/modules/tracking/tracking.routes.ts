/**
 * The shop's own carriers and their tracking addresses (issue 37 item 1): admins read them (the
 * Ship dialog offers them) and replace the list under Shipping and Tax.
 */
import { trackingCarriersSchema, type TrackingCarrier } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { validate } from '../../http/validate.js';
import { adminAct } from '../audit/audit-log.js';
import { getTrackingCarriers, setTrackingCarriers } from './tracking.service.js';

export function trackingRoutes(deps: AppDeps) {
  const admin = adminOnly(deps);
  return new Hono<AppEnv>()
    .get('/admin/tracking-carriers', ...admin, async (c) =>
      c.json({ carriers: (await getTrackingCarriers(deps.store)) satisfies TrackingCarrier[] }),
    )
    .put('/admin/tracking-carriers', ...admin, validate(trackingCarriersSchema), async (c) =>
      c.json({
        carriers: (await setTrackingCarriers(
          deps.store,
          c.get('body'),
          adminAct(c, deps.clock),
        )) satisfies TrackingCarrier[],
      }),
    );
}
