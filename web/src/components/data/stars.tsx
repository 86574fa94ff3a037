import Box from '@mui/material/Box';
import { RATING_MAX } from '@sprocket/contract';

/** The sizes and colours of MUI's read-only Rating, which this replaces. */
const STAR_SIZE = { small: '1.125rem', medium: '1.5rem' } as const;
const FILLED = '#faaf00';

/** A row of RATING_MAX stars of `color`: one element, the star (public/star.svg) as its mask. */
const row = (color: string) =>
  ({
    display: 'block',
    height: '1em',
    backgroundColor: color,
    maskImage: 'url(/star.svg)',
    maskSize: '1em 1em',
    maskRepeat: 'repeat-x',
  }) as const;

/**
 * A rating in stars, filled to the value (a tenth of a star shows): grey stars under gold ones cut
 * at the value. Two elements where MUI's Rating draws five to fifty icons, each a component: on
 * the two dozen cards of All Parts that was a third of the page's HTML and of the work of
 * hydrating it (docs/decisions/040). Decorative: the caller says the rating in words.
 */
export function Stars({ value, size = 'small' }: { value: number; size?: 'small' | 'medium' }) {
  const filled = Math.min(Math.max(value, 0), RATING_MAX);
  return (
    <Box
      component="span"
      aria-hidden="true"
      sx={{
        ...row('rgba(0, 0, 0, 0.26)'),
        position: 'relative',
        display: 'inline-block',
        flexShrink: 0,
        fontSize: STAR_SIZE[size],
        width: `${RATING_MAX}em`,
      }}
    >
      <Box
        component="span"
        sx={{ position: 'absolute', top: 0, left: 0, ...row(FILLED) }}
        style={{ width: `${filled}em` }}
      />
    </Box>
  );
}
