import { apiPaths, type MailTemplate, type MailTemplatePreview } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** Each mail's template, the owner's words or the default (admin, decision 107). */
export const mailTemplatesQueryOptions = () =>
  // Read afresh: another admin may have saved since this visit first read them.
  getQueryOptions<MailTemplate[]>(queryKeys.mailTemplates(), apiPaths.adminMailTemplates(), {
    staleTime: 0,
  });

export const useMailTemplates = () => useQuery(mailTemplatesQueryOptions());

/**
 * A real order's values for a template, the latest or `order` ("": the latest); the screen shows
 * a wrong number in place, not as a toast.
 */
export const useMailTemplatePreview = (kind: string, order: string) =>
  useQuery(
    getQueryOptions<MailTemplatePreview>(
      queryKeys.mailTemplatePreview(kind, order),
      apiPaths.adminMailTemplatePreview(kind, order || undefined),
      { retry: false, meta: { errorToast: false } },
    ),
  );
