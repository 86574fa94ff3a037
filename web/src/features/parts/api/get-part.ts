import { apiPaths, type CataloguePart } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getPart = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<CataloguePart>(apiPaths.part(id), { signal });

/** One part; cached under the original shop's key "singleParts". */
export const partQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.parts.one(id),
    queryFn: ({ signal }) => getPart(id, { signal }),
    // The purchase page shows stock: always ask again when it opens.
    staleTime: 0,
  });

/** `inPlace`: the screen shows a failure itself (the product page), so no error toast. */
export const usePart = (id: string, { inPlace = false }: { inPlace?: boolean } = {}) =>
  useQuery({ ...partQueryOptions(id), ...(inPlace ? { meta: { errorToast: false } } : {}) });
