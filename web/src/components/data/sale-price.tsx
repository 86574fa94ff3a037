import Box from '@mui/material/Box';
import type { Cents } from '@sprocket/contract';
import { formatPrice } from '../../lib/money.js';
import { visuallyHidden } from '../../lib/visually-hidden.js';

/**
 * A price, and on a sale the price it was, struck through before it (docs/decisions/102). A
 * screen reader does not announce a strike, so it hears the words: "was $29.99, now $23.99".
 */
export function SalePrice({ price, was }: { price: Cents; was?: Cents }) {
  if (was === undefined) return <>{formatPrice(price)}</>;
  return (
    <>
      <Box component="span" sx={visuallyHidden}>
        {'was '}
      </Box>
      <Box
        component="s"
        data-testid="was-price"
        sx={{ color: 'text.secondary', fontWeight: 400, fontSize: '0.85em', mr: 0.75 }}
      >
        {formatPrice(was)}
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {', now '}
      </Box>
      {formatPrice(price)}
    </>
  );
}
