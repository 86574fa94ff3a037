import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/query-client.js';

/** What a list's failed read offers: its error and a way to ask again. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * A list that could not be read (the API unreachable, a server error): what went wrong and a
 * Retry button that reads it again, so the screen is never a dead end. `children` replaces the
 * error's own message when the screen has plainer words for it.
 */
export function QueryError({
  query,
  children,
  sx,
}: {
  query: RetryableQuery;
  children?: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" onClick={() => void query.refetch()} loading={query.isFetching}>
          Retry
        </Button>
      }
    >
      {children ?? errorMessage(query.error)}
    </Alert>
  );
}
