/** The contact form (anyone) and the admins' Messages screen. */
import {
  contactHandledSchema,
  contactSchema,
  idParamsSchema,
  type ContactMessage,
  type InsertResult,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { adminAct } from '../audit/audit-log.js';
import { clientAddress, memoryRateCounter, rateLimit } from '../../http/rate-limit.js';
import { validate, validateParams } from '../../http/validate.js';
import { listContactMessages, receiveContactMessage, setHandled } from './contact.service.js';

/** Messages one network address may send per window: a person writes a few, a script many. */
export const CONTACT_MESSAGES_PER_WINDOW = 5;
export const CONTACT_WINDOW_MS = 10 * 60_000;

export function contactRoutes(deps: AppDeps) {
  const admin = adminOnly(deps);
  const contactLimit = rateLimit({
    what: 'Too many messages in a short time',
    limit: CONTACT_MESSAGES_PER_WINDOW,
    windowMs: CONTACT_WINDOW_MS,
    // No account is needed, so the sender's network address is the key.
    key: (c) => `contact-address:${clientAddress(c, deps.config.proxyHops)}`,
    counter: deps.rateCounter ?? memoryRateCounter(),
    clock: deps.clock,
  });
  return (
    new Hono<AppEnv>()
      // Checked before it counts: only a message that would be stored uses up the allowance.
      .post('/contact', validate(contactSchema), contactLimit, async (c) => {
        const insertedId = await receiveContactMessage(
          deps.store,
          c.get('body'),
          deps.config.shopEmail,
          deps.clock(),
        );
        return c.json({ acknowledged: true, insertedId } satisfies InsertResult, 201);
      })
      .get('/contact-messages', ...admin, async (c) =>
        c.json((await listContactMessages(deps.store)) satisfies ContactMessage[]),
      )
      .patch(
        '/contact-messages/:id',
        ...admin,
        validateParams(idParamsSchema, { notFound: 'Message' }),
        validate(contactHandledSchema),
        async (c) =>
          c.json(
            await setHandled(
              deps.store,
              c.get('params').id,
              c.get('body').handled,
              adminAct(c, deps.clock),
            ),
          ),
      )
  );
}
