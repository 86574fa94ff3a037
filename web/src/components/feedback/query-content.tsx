import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FullScreenSpinner } from './full-screen-spinner.js';
import { QueryError } from './query-error.js';

/**
 * What a screen shows of one query: the spinner while it loads, its error with Retry if the read
 * failed, then its data as `children` draws it.
 */
export function QueryContent<T>({
  query,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T>;
  /** Names the spinner for screen readers ("Loading the tax table"). */
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <FullScreenSpinner label={loadingLabel} />;
  if (query.isError) return <QueryError query={query} />;
  return children(query.data);
}
