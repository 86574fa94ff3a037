import type { CataloguePart } from '@sprocket/contract';
import type { ReactNode } from 'react';
import { CardGrid } from '../../../components/data/card-grid.js';
import type { RetryableQuery } from '../../../components/feedback/query-error.js';
import { EAGER_PART_IMAGES, PartCard, PartCardSkeleton } from './part-card.js';

/**
 * "All Parts" over a grid of 1 column on small screens, 2 on medium, 3 on large; while loading,
 * "Parts are loading" over six placeholder cards (docs/product.md §2.4).
 */
export function PartsGrid({
  parts,
  isLoading,
  headingLevel,
  partAction,
  failed,
}: {
  parts: CataloguePart[] | undefined;
  isLoading: boolean;
  headingLevel?: 'h1' | 'h2';
  /** A control the screen adds to each card (the cart's Add to cart). */
  partAction?: (part: CataloguePart) => ReactNode;
  /** The parts' read when it failed (an error with Retry). */
  failed?: RetryableQuery | null;
}) {
  return (
    <CardGrid
      items={parts}
      isLoading={isLoading}
      title="All Parts"
      loadingTitle="Parts are loading"
      headingLevel={headingLevel}
      layout={{ roomy: true }}
      itemKey={(part) => part._id}
      renderItem={(part) => (
        <PartCard
          part={part}
          action={partAction?.(part)}
          eager={(parts?.indexOf(part) ?? 0) < EAGER_PART_IMAGES}
        />
      )}
      placeholder={<PartCardSkeleton />}
      empty="No parts in the catalogue yet."
      failed={failed}
    />
  );
}
