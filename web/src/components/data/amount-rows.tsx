import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { amountRows, type AmountsToShow } from '@sprocket/contract';
import { formatPrice } from '../../lib/money.js';

/**
 * An order's or a quote's amounts, row by row in the contract's words (amountRows): subtotal, the
 * code taken off, shipping, tax, then the total in large type. An order without any of them shows
 * its total alone, as it always did. `totalTestId` names the total for tests and journeys.
 */
export function AmountRows({
  amounts,
  totalTestId,
  totalLabel,
}: {
  amounts: AmountsToShow;
  totalTestId?: string;
  /** Instead of "Total": "Order total", "Estimated total". */
  totalLabel?: string;
}) {
  return (
    <Box component="dl" sx={{ m: 0 }}>
      {amountRows(amounts).map((row) => {
        const total = row.kind === 'total';
        return (
          <Stack
            key={row.kind}
            direction="row"
            sx={{
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: 2,
              py: total ? 1.5 : 0.5,
              ...(total && { borderTop: 1, borderColor: 'divider', mt: 1 }),
            }}
          >
            <Typography
              component="dt"
              sx={total ? { fontWeight: 700 } : { color: 'text.secondary' }}
            >
              {total && totalLabel ? totalLabel : row.label}
            </Typography>
            <Typography
              component="dd"
              variant={total ? 'h5' : 'body1'}
              data-testid={total ? totalTestId : `amount-${row.kind}`}
              sx={{
                m: 0,
                whiteSpace: 'nowrap',
                ...(row.kind === 'discount' && { color: 'success.dark' }),
              }}
            >
              {row.kind === 'discount'
                ? `−${formatPrice(row.amount)}`
                : row.kind === 'shipping' && row.amount === 0
                  ? 'Free'
                  : formatPrice(row.amount)}
            </Typography>
          </Stack>
        );
      })}
    </Box>
  );
}
