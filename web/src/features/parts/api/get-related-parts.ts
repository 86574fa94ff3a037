import { apiPaths, type RelatedParts } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * The parts that fit a part and the related ones (decision 106): below its page's fold, a nicety,
 * so a failure shows nothing rather than a toast.
 */
export const useRelatedParts = (id: string) =>
  useQuery({
    ...getQueryOptions<RelatedParts>(queryKeys.parts.related(id), apiPaths.relatedParts(id)),
    meta: { errorToast: false },
  });
