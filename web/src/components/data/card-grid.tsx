import Grid, { type GridProps } from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { QueryError, type RetryableQuery } from '../feedback/query-error.js';

/** docs/product.md §9: six placeholder cards while a list loads. */
const PLACEHOLDERS = 6;

/**
 * A centred heading over a grid of cards; while loading, the loading heading over six placeholder
 * cards (docs/product.md §2.3, §2.4: "Parts are loading", "Reviews are loading").
 */
export function CardGrid<T>({
  items,
  isLoading,
  title,
  loadingTitle,
  headingLevel = 'h2',
  columns,
  spacing,
  itemKey,
  renderItem,
  placeholder,
  empty,
  failed,
}: {
  items: T[] | undefined;
  isLoading: boolean;
  title: string;
  loadingTitle: string;
  headingLevel?: 'h1' | 'h2';
  /** Each card's width in the 12-column grid, per breakpoint. */
  columns: GridProps['size'];
  spacing: GridProps['spacing'];
  itemKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  placeholder: ReactNode;
  /** Shown under the heading when the list is empty. */
  empty: string;
  /** The list's read when it failed: its error with Retry under the heading, instead of cards. */
  failed?: RetryableQuery | null;
}) {
  return (
    <section aria-busy={isLoading}>
      <Typography
        variant="h3"
        component={headingLevel}
        sx={{ textAlign: 'center', mb: { xs: 3, md: 5 } }}
      >
        {isLoading ? loadingTitle : title}
      </Typography>
      {failed && <QueryError query={failed} />}
      <Grid container spacing={spacing}>
        {isLoading
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => (
              <Grid key={index} size={columns}>
                {placeholder}
              </Grid>
            ))
          : items?.map((item) => (
              <Grid key={itemKey(item)} size={columns}>
                {renderItem(item)}
              </Grid>
            ))}
      </Grid>
      {!isLoading && items?.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
          {empty}
        </Typography>
      )}
    </section>
  );
}
