import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * After a change of an order's state (docs/product.md §4.1): the order changed everywhere it is
 * listed, and one whose stock went back changed the catalogue and the parts' pages too.
 */
export const refreshAfterOrderChange = (
  queryClient: QueryClient,
  { stockReturned }: { stockReturned: boolean },
) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.any() }),
    ...(stockReturned
      ? [
          queryClient.invalidateQueries({ queryKey: queryKeys.parts.all() }),
          queryClient.invalidateQueries({ queryKey: queryKeys.parts.anyOne() }),
        ]
      : []),
  ]);
