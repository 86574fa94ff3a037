import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { cartLineKey, lineName, type AmountsToShow, type OrderLine } from '@sprocket/contract';
import { useId } from 'react';
import { formatPrice } from '../../../lib/money.js';
import { AmountRows } from '../../../components/data/amount-rows.js';
import { PartThumbnail } from '../../../components/data/part-image.js';

/**
 * An order's lines, each with its quantity, unit price and total, then its amounts: subtotal,
 * code, shipping and tax when it has them, and the total (left out where the page shows them
 * elsewhere, as the checkout does).
 */
export function OrderLines({ lines, amounts }: { lines: OrderLine[]; amounts?: AmountsToShow }) {
  // Each line is named by its part's visible name (an aria-label would repeat it, and axe's
  // label-content-name-mismatch asks that a name contain what is shown).
  const nameId = useId();
  return (
    <Box>
      <Box component="ul" aria-label="Order lines" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lines.map((line, index) => (
          <Stack
            component="li"
            key={cartLineKey(line.partId, line.sku)}
            aria-labelledby={`${nameId}-${index}`}
            direction="row"
            spacing={2}
            sx={{
              alignItems: 'center',
              py: 1.5,
              '& + &': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            <PartThumbnail src={line.img} size={56} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                id={`${nameId}-${index}`}
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {lineName(line)}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {line.quantity} × {formatPrice(line.price)}
              </Typography>
            </Box>
            <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
              {formatPrice(line.lineTotal)}
            </Typography>
          </Stack>
        ))}
      </Box>
      {amounts && (
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
          <AmountRows amounts={amounts} totalTestId="order-total" />
        </Box>
      )}
    </Box>
  );
}
