import { apiPaths, type MailTemplate, type MailTemplateText } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

const refreshTemplates = (queryClient: Parameters<typeof invalidate>[0]) =>
  invalidate(queryClient, queryKeys.mailTemplates());

/** PUT /admin/mail-templates/{kind}: the owner's words; an unknown placeholder is a 400. */
export const saveMailTemplate = ({ kind, text }: { kind: string; text: MailTemplateText }) =>
  api.put<MailTemplate>(apiPaths.adminMailTemplate(kind), text);

export const useSaveMailTemplate = () => useApiMutation(saveMailTemplate, refreshTemplates);

/** DELETE /admin/mail-templates/{kind}: the default words again. */
export const resetMailTemplate = (kind: string) =>
  api.delete<MailTemplate>(apiPaths.adminMailTemplate(kind));

export const useResetMailTemplate = () => useApiMutation(resetMailTemplate, refreshTemplates);
