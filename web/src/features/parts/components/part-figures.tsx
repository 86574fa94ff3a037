import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Part } from '@sprocket/contract';

/** "Min Order: 2" and "Available: 40", as the purchase page and the product page show them. */
export function PartFigures({ part }: { part: Pick<Part, 'order' | 'quantity'> }) {
  return (
    <>
      <Typography>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Min Order:
        </Box>{' '}
        <strong>{part.order}</strong>
      </Typography>
      <Typography>
        <Box component="span" sx={{ color: 'text.secondary' }}>
          Available:
        </Box>{' '}
        <strong data-testid="part-available">{part.quantity}</strong>
      </Typography>
    </>
  );
}
