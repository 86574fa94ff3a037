import { apiPaths, type RelatedParts } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * The parts that fit a part and the related ones (decision 106): a nicety, so a failure shows
 * nothing rather than a toast. A rendered product page comes with them (app/prefetch.ts), so they
 * push nothing below them down after the first paint (docs/decisions/112).
 */
export const relatedPartsQueryOptions = (id: string) =>
  getQueryOptions<RelatedParts>(queryKeys.parts.related(id), apiPaths.relatedParts(id), {
    meta: { errorToast: false },
  });

export const useRelatedParts = (id: string) => useQuery(relatedPartsQueryOptions(id));
