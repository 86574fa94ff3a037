import { RATING_MAX } from '@sprocket/contract';

/**
 * The stars' static CSS (docs/decisions/110): the sizes and colours of MUI's read-only Rating,
 * which this replaces; a row of RATING_MAX stars is one element, the star (public/star.svg) as its
 * mask. Sent with every page (app/static-styles.ts).
 */
export const STARS_CSS = `
.stars,
.stars-filled {
  display: block;
  height: 1em;
  mask-image: url(/star.svg);
  mask-size: 1em 1em;
  mask-repeat: repeat-x;
}
.stars {
  position: relative;
  display: inline-block;
  flex-shrink: 0;
  width: ${RATING_MAX}em;
  font-size: 1.125rem;
  background-color: rgba(0, 0, 0, 0.26);
}
.stars-medium {
  font-size: 1.5rem;
}
.stars-filled {
  position: absolute;
  top: 0;
  left: 0;
  background-color: #faaf00;
}
`;

/**
 * A rating in stars, filled to the value (a tenth of a star shows): grey stars under gold ones cut
 * at the value. Two elements where MUI's Rating draws five to fifty icons, each a component: on
 * the two dozen cards of All Parts that was a third of the page's HTML and of the work of
 * hydrating it (docs/decisions/040). Decorative: the caller says the rating in words.
 */
export function Stars({ value, size = 'small' }: { value: number; size?: 'small' | 'medium' }) {
  const filled = Math.min(Math.max(value, 0), RATING_MAX);
  return (
    <span aria-hidden="true" className={size === 'medium' ? 'stars stars-medium' : 'stars'}>
      <span className="stars-filled" style={{ width: `${filled}em` }} />
    </span>
  );
}
