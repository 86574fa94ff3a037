import { apiPaths, type CataloguePart } from '@sprocket/contract';
import { useQuery } from '@tanstack/react-query';
import { getQueryOptions } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/** One part; cached under the original shop's key "singleParts". */
export const partQueryOptions = (id: string) =>
  getQueryOptions<CataloguePart>(queryKeys.parts.one(id), apiPaths.part(id), {
    // The purchase page shows stock: always ask again when it opens.
    staleTime: 0,
  });

/**
 * `inPlace`: the screen shows a failure itself (the product page), with Retry, so no error toast,
 * and a failure it was given (a 404 in a page rendered on the server) is shown as it is rather
 * than asked again as the screen mounts, which would show the spinner instead of the page.
 */
export const usePart = (id: string, { inPlace = false }: { inPlace?: boolean } = {}) =>
  useQuery({
    ...partQueryOptions(id),
    ...(inPlace ? { meta: { errorToast: false }, retryOnMount: false } : {}),
  });
