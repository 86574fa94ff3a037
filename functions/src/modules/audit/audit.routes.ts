/**
 * GET /admin/audit (admin): the audit log, newest first, filtered by who (`by`, an email), the
 * kind of action and the days (`from`, `to`, inclusive, UTC), one page at a time with the number
 * of matches in X-Total-Count. There is no other route here: nothing changes or removes an entry
 * through the API (any other method is the app's 404).
 */
import { apiPaths, auditKindLabel, auditQuerySchema, type AuditEntry } from '@sprocket/contract';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/app-env.js';
import { validateQuery } from '../../http/validate.js';
import type { Filter } from '../../store/port.js';
import { normalizeEmail } from '../../store/ids.js';
import { adminOnly } from '../../http/access.js';
import { matchesWords, pageResponse, paginate, searchFold, searchWords } from '../list-query.js';
import { daysRange } from '../days-range.js';
import { AUDIT_LOG, type AuditDoc } from './audit-log.js';

/** What `q` searches: the admin's email, the target's id, the kind and its words. */
const searchTextOf = (entry: AuditEntry) =>
  searchFold([entry.byEmail, entry.targetId, entry.kind, auditKindLabel[entry.kind]].join('\n'));

export function auditRoutes(deps: AppDeps) {
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
      const entries: AuditEntry[] = docs
        .map(({ id, data }) => ({ _id: id, ...data }))
        .filter((entry) => matchesWords(searchTextOf(entry), words));
      return pageResponse(c, paginate(entries, paging));
    },
  );
}
