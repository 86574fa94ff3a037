import { apiPaths, type PartsImportSummary } from '@sprocket/contract';
import { api } from '../../../lib/api-client.js';
import { invalidate, useApiMutation } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

export interface ImportPartsRequest {
  file: Blob;
  /** Only say what the file would add and change. */
  dryRun: boolean;
}

/**
 * POST /admin/parts/import (admin): the file's own bytes as text/csv, whatever type the browser
 * gave the file (Windows calls a .csv "application/vnd.ms-excel").
 */
export const importParts = ({ file, dryRun }: ImportPartsRequest) =>
  api.post<PartsImportSummary>(
    apiPaths.importParts(dryRun),
    new Blob([file], { type: 'text/csv' }),
  );

/** The import dialog shows a refusal (the file's errors by row) in place, not as a toast. */
export const useImportParts = () =>
  useApiMutation(
    importParts,
    (queryClient, _summary, { dryRun }) =>
      dryRun ? undefined : invalidate(queryClient, queryKeys.parts.all(), queryKeys.parts.anyOne()),
    { meta: { errorToast: false } },
  );
