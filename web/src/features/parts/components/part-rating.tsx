import { RATING_MAX, type CataloguePart } from '@sprocket/contract';
import { Stars } from '../../../components/data/stars.js';
import { fontFamily } from '../../../lib/theme.js';

/** The rating's static CSS (docs/decisions/110), sent with every page (app/static-styles.ts). */
export const PART_RATING_CSS = `
.part-rating {
  display: flex;
  align-items: center;
  gap: 6px;
}
.part-rating-text {
  margin: 0;
  font-family: ${fontFamily};
  font-weight: 400;
  font-size: 0.875rem;
  line-height: 1.43;
}
`;

const reviewsText = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** The part's average rating in stars with the number of reviews, or "No reviews yet". */
export function PartRating({
  part,
  size = 'small',
}: {
  part: Pick<CataloguePart, 'averageRating' | 'reviewCount'>;
  size?: 'small' | 'medium';
}) {
  if (part.averageRating === null || part.reviewCount === 0)
    return (
      <p className="part-rating-text" data-testid="part-rating">
        No reviews yet
      </p>
    );
  const text = `${part.averageRating.toFixed(1)} out of ${RATING_MAX} stars, ${reviewsText(part.reviewCount)}`;
  return (
    <div className="part-rating" data-testid="part-rating" role="img" aria-label={text}>
      <Stars value={part.averageRating} size={size} />
      <p className="part-rating-text" aria-hidden="true">
        {part.averageRating.toFixed(1)} ({reviewsText(part.reviewCount)})
      </p>
    </div>
  );
}
