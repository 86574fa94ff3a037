/** GET /mail: what the shop wrote, newest first, for the admins' Mailbox screen. */
import type { Mail } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { listMail } from './mail.service.js';

export function mailRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/mail', ...adminOnly(deps), async (c) =>
    c.json((await listMail(deps.store)) satisfies Mail[]),
  );
}
