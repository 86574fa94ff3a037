import { apiPaths, type Part } from '@sprocket/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

export const getParts = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get<Part[]>(apiPaths.parts(), { signal });

/** The catalogue, oldest first; cached under the spec's key "products". */
export const partsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getParts({ signal }) });

export const useParts = () => useQuery(partsQueryOptions());
