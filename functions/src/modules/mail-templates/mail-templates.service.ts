/**
 * The owner's words for the shop's mails (issue 37 item 5, docs/decisions/107): one document,
 * `shopSettings/mailTemplates`, each saved kind's subject and body, read with the brand by every
 * mail the shop writes, and kept by each instance as the brand is. A kind not in it mails its
 * default (contract/src/mail/mail-templates.ts). Each save and reset is audited.
 */
import {
  defaultMailTemplate,
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATE_DEFAULTS,
  mailKindLabel,
  mailTemplateProblem,
  TEMPLATED_MAIL_KINDS,
  type MailTemplate,
  type MailTemplateText,
  type TemplatedMailKind,
} from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { changedFields, recordAudit, type AdminAct } from '../audit/audit-log.js';
import { badRequest } from '../errors.js';
import { keptRead } from '../kept-read.js';
import {
  MAIL_TEMPLATES,
  savedMailTemplates,
  SHOP_SETTINGS,
  type SavedTemplate,
  type SavedTemplates,
} from '../mail/saved-templates.js';

/** A kind's template as the dashboard lists it. */
function templateOf(kind: TemplatedMailKind, saved: SavedTemplate | undefined): MailTemplate {
  const fallback = defaultMailTemplate(kind);
  return {
    kind,
    subject: saved?.subject ?? fallback.subject,
    body: saved?.body ?? fallback.body,
    custom: saved !== undefined,
    ...(saved && { savedAt: saved.savedAt }),
    default: fallback,
    placeholders: MAIL_TEMPLATE_DEFAULTS[kind].placeholders.map((name) => ({
      name,
      description: MAIL_PLACEHOLDERS[name].description,
    })),
  };
}

/** The audit entry's target: the mail in the owner's words. */
const targetName = (kind: TemplatedMailKind) => `Mail template: ${mailKindLabel[kind]}`;

/** The owner's words as every mail reads them, kept by the instance; saves and resets. */
export interface MailTemplates {
  /** The saved subject and body of each kind the owner worded. */
  get(): Promise<Partial<Record<TemplatedMailKind, MailTemplateText>>>;
  list(): Promise<MailTemplate[]>;
  save(kind: TemplatedMailKind, input: MailTemplateText, act: AdminAct): Promise<MailTemplate>;
  reset(kind: TemplatedMailKind, act: AdminAct): Promise<MailTemplate>;
}

export function mailTemplates(store: Store, maxAgeMs: number, clock: () => Date): MailTemplates {
  const kept = keptRead(() => savedMailTemplates(store), maxAgeMs, clock);
  /** One kind's change in one transaction with its audit entry; the saved set is kept at once. */
  const change = async (
    kind: TemplatedMailKind,
    act: AdminAct,
    next: SavedTemplate | undefined,
  ): Promise<MailTemplate> => {
    const saved = await store.runTransaction(async (tx) => {
      const all = await savedMailTemplates(tx);
      const was = all[kind];
      const after: SavedTemplates = Object.fromEntries(
        TEMPLATED_MAIL_KINDS.flatMap((each) => {
          const template = each === kind ? next : all[each];
          return template ? [[each, template]] : [];
        }),
      );
      tx.set(SHOP_SETTINGS, MAIL_TEMPLATES, after);
      const text = (template: MailTemplateText = defaultMailTemplate(kind)) => ({
        subject: template.subject,
        body: template.body,
      });
      const changed = changedFields(text(was), text(next));
      // A reset of the default, or a save of the same words, changes nothing: no entry.
      if (changed || (was !== undefined) !== (next !== undefined)) {
        recordAudit(tx, act, {
          kind: next ? 'template.saved' : 'template.reset',
          targetId: kind,
          targetName: targetName(kind),
          before: changed?.before ?? null,
          after: changed?.after ?? null,
        });
      }
      return after;
    });
    kept.keep(saved);
    return templateOf(kind, saved[kind]);
  };
  return {
    get: kept.get,
    async list() {
      const saved = await savedMailTemplates(store);
      return TEMPLATED_MAIL_KINDS.map((kind) => templateOf(kind, saved[kind]));
    },
    save(kind, input, act) {
      // The form refuses it first, with the same words (schemas/mail-template.ts).
      for (const field of ['subject', 'body'] as const) {
        const problem = mailTemplateProblem(kind, field, input[field]);
        if (problem) throw badRequest(problem);
      }
      return change(kind, act, { ...input, savedAt: act.at.toISOString() });
    },
    reset: (kind, act) => change(kind, act, undefined),
  };
}
