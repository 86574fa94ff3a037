/**
 * GET /admin/audit (admin): the audit log, newest first, filtered by who (`by`, an email), the
 * kind of action and the days (`from`, `to`, inclusive, UTC), one page at a time with the number
 * of matches in X-Total-Count. There is no other route here: nothing changes or removes an entry
 * through the API (any other method is the app's 404).
 */
import {
  apiPaths,
  auditKindLabel,
  auditLines,
  auditQuerySchema,
  auditTargetFallback,
  auditTargetType,
  type AuditEntry,
} from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { validateQuery } from '../../http/validate.js';
import type { Filter } from '../../store/port.js';
import { normalizeEmail } from '../../store/ids.js';
import { adminOnly } from '../../http/access.js';
import { matchesWords, pageResponse, paginate, searchFold, searchWords } from '../list-query.js';
import { daysRange } from '../days-range.js';
import { AUDIT_LOG, type AuditDoc } from './audit-log.js';

type StoredEntry = Omit<AuditEntry, 'targetName'> & { targetName?: string };

/**
 * What `q` searches: the admin's email, the target's id and name, the kind and its words, and the
 * labels of the fields the entry changed ("price", "tracking number").
 */
const searchTextOf = (entry: StoredEntry) =>
  searchFold(
    [
      entry.byEmail,
      entry.targetId,
      entry.targetName ?? auditTargetFallback(entry.kind, entry.targetId),
      entry.kind,
      auditKindLabel[entry.kind],
      ...auditLines(entry).map((line) => line.label),
    ].join('\n'),
  );

/** A part's name as an entry kept it, for a part that is gone and an entry that has no name. */
const keptPartName = ({ before, after }: StoredEntry): string | undefined => {
  const name = after?.productName ?? before?.productName;
  return typeof name === 'string' ? name : undefined;
};

/**
 * The name of a part or an order as it is now, for an entry written before entries kept names:
 * the modules that own them answer (app.ts wires them; audit/ imports neither, decision 083).
 */
export interface AuditTargetNames {
  part(id: string): Promise<string | undefined>;
  order(id: string): Promise<string | undefined>;
}

/**
 * Each entry with its target in words: the name the entry kept, else the part's or order's as it
 * is now, else the name a removed part's entry kept in its fields, else its id or the settings'.
 */
function named(names: AuditTargetNames, entries: StoredEntry[]): Promise<AuditEntry[]> {
  return Promise.all(
    entries.map(async (entry): Promise<AuditEntry> => {
      if (entry.targetName) return { ...entry, targetName: entry.targetName };
      const type = auditTargetType(entry.kind);
      const now =
        type === 'part' || type === 'order' ? await names[type](entry.targetId) : undefined;
      const targetName =
        now ??
        (type === 'part' ? keptPartName(entry) : undefined) ??
        auditTargetFallback(entry.kind, entry.targetId);
      return { ...entry, targetName };
    }),
  );
}

export function auditRoutes(deps: AppDeps, names: AuditTargetNames) {
  const admin = adminOnly(deps);
  return new Hono<AppEnv>().get(
    apiPaths.adminAudit(),
    ...admin,
    validateQuery(auditQuerySchema),
    async (c) => {
      const { q, by, kind, from, to, ...paging } = c.get('query');
      // The days as bounds on `at`, as All Orders reads them on `createdAt`.
      const range = daysRange({ from, to }, 'at');
      const where: Filter[] = [
        ...(by === undefined
          ? []
          : [{ field: 'byEmail', op: '==' as const, value: normalizeEmail(by) }]),
        ...(kind === undefined ? [] : [{ field: 'kind', op: '==' as const, value: kind }]),
        ...(range.from ? [range.from] : []),
        ...(range.to ? [range.to] : []),
      ];
      const docs = await deps.store.query<AuditDoc>(AUDIT_LOG, {
        where,
        orderBy: [{ field: 'at', direction: 'desc' }],
      });
      const words = searchWords(q);
      const entries: StoredEntry[] = docs
        .map(({ id, data }) => ({ _id: id, ...data }))
        .filter((entry) => matchesWords(searchTextOf(entry), words));
      const page = paginate(entries, paging);
      return pageResponse(c, { ...page, items: await named(names, page.items) });
    },
  );
}
