/**
 * The TanStack Query client. Failed queries and mutations reach the user here, as one error toast
 * each, unless the query or mutation says (meta.errorToast: false) that its screen shows the error
 * itself or that docs/product.md §8.1 wants it silent.
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import { ApiError } from './api-client.js';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { errorToast?: boolean };
    mutationMeta: { errorToast?: boolean };
  }
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message
    ? error.message
    : 'Something went wrong. Please try again.';

const toastError = (error: unknown) => enqueueSnackbar(errorMessage(error), { variant: 'error' });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorToast !== false) toastError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorToast !== false) toastError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Retrying a 4xx cannot help; a dropped connection or a busy server may recover.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
      },
    },
  });
}
