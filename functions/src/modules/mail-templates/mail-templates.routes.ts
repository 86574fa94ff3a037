/**
 * The owner's words for the shop's mails (issue 37 item 5, docs/decisions/107), admins only:
 * list each kind's template, save one (an unknown placeholder is a 400 that names it), reset one
 * to its default, each audited; and preview one with a real order (the contact message's, with
 * the latest message).
 */
import {
  isTemplatedMailKind,
  mailTemplateInputSchema,
  type MailTemplate,
  type MailTemplatePreview,
  type MailTemplateText,
  type TemplatedMailKind,
} from '@sprocket/contract';
import { Hono, type Context } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { adminOnly } from '../../http/access.js';
import { validate } from '../../http/validate.js';
import { isSafeId } from '../../store/ids.js';
import { adminAct } from '../audit/audit-log.js';
import { notFound } from '../errors.js';
import { previewMailTemplate, type PreviewDeps } from './mail-template-preview.js';
import type { MailTemplates } from './mail-templates.service.js';

/** The `:kind` of the address; a kind the owner cannot word is not there (404). */
function kindOf(c: Context): TemplatedMailKind {
  const kind = c.req.param('kind') ?? '';
  if (!isTemplatedMailKind(kind)) throw notFound('Mail template');
  return kind;
}

export function mailTemplatesRoutes(
  deps: AppDeps,
  templates: MailTemplates,
  mailShop: PreviewDeps['mailShop'],
) {
  const admin = adminOnly(deps);
  return new Hono<AppEnv>()
    .get('/admin/mail-templates', ...admin, async (c) =>
      c.json((await templates.list()) satisfies MailTemplate[]),
    )
    .put('/admin/mail-templates/:kind', ...admin, validate(mailTemplateInputSchema), async (c) => {
      const input: MailTemplateText = c.get('body');
      const saved = await templates.save(kindOf(c), input, adminAct(c, deps.clock));
      return c.json(saved satisfies MailTemplate);
    })
    .delete('/admin/mail-templates/:kind', ...admin, async (c) =>
      c.json((await templates.reset(kindOf(c), adminAct(c, deps.clock))) satisfies MailTemplate),
    )
    .get('/admin/mail-templates/:kind/preview', ...admin, async (c) => {
      const order = c.req.query('order')?.trim() || undefined;
      // No order has such an id: not there, without asking the store.
      if (order !== undefined && !isSafeId(order)) throw notFound('Order');
      const preview = await previewMailTemplate(
        { store: deps.store, config: deps.config, mailShop },
        kindOf(c),
        order,
        c.get('caller').email,
      );
      return c.json(preview satisfies MailTemplatePreview);
    });
}
