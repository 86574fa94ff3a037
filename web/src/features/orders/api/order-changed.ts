import type { QueryClient } from '@tanstack/react-query';

/**
 * After a change of an order's state (docs/product.md §4.1): the order changed everywhere it is
 * listed, and one whose stock went back changed the catalogue and the parts' pages too.
 */
export const refreshAfterOrderChange = (
  queryClient: QueryClient,
  { stockReturned }: { stockReturned: boolean },
) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['orders'] }),
    ...(stockReturned
      ? [
          queryClient.invalidateQueries({ queryKey: ['products'] }),
          queryClient.invalidateQueries({ queryKey: ['singleParts'] }),
        ]
      : []),
  ]);
