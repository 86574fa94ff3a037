import { useSnackbar } from 'notistack';
import { useCallback } from 'react';

/**
 * Runs a change the server is asked for and, once it is made, says so in a success toast; answers
 * whether it was made. A change that resolves `false` was answered with nothing done (such as
 * `acknowledged: false`), which stays silent (docs/product.md §8.1). A refusal is thrown: the
 * mutation cache shows it (lib/query-client.ts), and `onRefused` may show it in place too.
 */
export function useToastOnSuccess() {
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (
      change: () => Promise<unknown>,
      message: string,
      onRefused?: (error: unknown) => void,
    ): Promise<boolean> => {
      try {
        if ((await change()) === false) return false;
      } catch (error) {
        onRefused?.(error);
        return false;
      }
      enqueueSnackbar(message, { variant: 'success' });
      return true;
    },
    [enqueueSnackbar],
  );
}
