import type { QueryClient } from '@tanstack/react-query';
import { invalidate } from '../../../lib/api-query.js';
import { queryKeys } from '../../../lib/query-keys.js';

/**
 * After a change of an order's state (docs/product.md §4.1): the order changed everywhere it is
 * listed, and one whose stock went back changed the catalogue and the parts' pages too.
 */
export const refreshAfterOrderChange = (
  queryClient: QueryClient,
  { stockReturned }: { stockReturned: boolean },
) =>
  invalidate(
    queryClient,
    queryKeys.orders.any(),
    ...(stockReturned ? [queryKeys.parts.all(), queryKeys.parts.anyOne()] : []),
  );
