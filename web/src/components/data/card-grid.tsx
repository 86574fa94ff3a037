import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { HydrateWhenSeen } from '../../lib/hydrate-when-seen.js';
import { QueryError, type RetryableQuery } from '../feedback/query-error.js';
import { cardGridClass, type CardGridLayout } from './card-grid-styles.js';

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
  layout,
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
  /** One column on phones, two from 600 px, three (or four) from 1200 px (CARD_GRID_CSS). */
  layout: CardGridLayout;
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
      <div className={cardGridClass(layout)}>
        {isLoading
          ? Array.from({ length: PLACEHOLDERS }, (_, index) => <div key={index}>{placeholder}</div>)
          : items?.map((item, index) =>
              index === 0 ? (
                <div key={itemKey(item)}>{renderItem(item)}</div>
              ) : (
                <HydrateWhenSeen key={itemKey(item)} name={`${title} ${itemKey(item)}`}>
                  {renderItem(item)}
                </HydrateWhenSeen>
              ),
            )}
      </div>
      {!isLoading && items?.length === 0 && (
        <Typography color="textSecondary" sx={{ textAlign: 'center', mt: 2 }}>
          {empty}
        </Typography>
      )}
    </section>
  );
}
