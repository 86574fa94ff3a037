import { apiPaths, type Part } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { queryKeys } from '../../../lib/query-keys.js';

export const getParts = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Part[]>(apiPaths.parts(), { signal });

/** The catalogue, oldest first; cached under the original shop's key "products". */
export const partsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.parts.all(), queryFn: ({ signal }) => getParts({ signal }) });

export const useParts = () => useQuery(partsQueryOptions());
