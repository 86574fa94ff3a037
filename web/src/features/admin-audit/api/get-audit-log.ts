import { apiPaths, type AuditEntry, type AuditQuery } from '@sprocket/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** GET /admin/audit?by=&kind=&from=&to=&page=&pageSize= (admin): one page, newest first. */
export const getAuditLog = (query: AuditQuery, { signal }: { signal?: AbortSignal } = {}) =>
  api.page<AuditEntry>(apiPaths.adminAudit(query), { signal });

export const auditLogQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: queryKeys.auditMatching(query),
    queryFn: ({ signal }) => getAuditLog(query, { signal }),
    // Other admins act meanwhile: ask again whenever the screen opens.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditQuery) => useQuery(auditLogQueryOptions(query));
