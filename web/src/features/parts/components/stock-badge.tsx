import Chip from '@mui/material/Chip';
import { stockBadge } from '@sprocket/contract';

const colors = { 'in-stock': 'success', low: 'warning', 'sold-out': 'default' } as const;

/** "In stock", "Only N left" or "Sold out", by the contract's rule (stockBadge). */
export function StockBadge({
  part,
  size = 'small',
}: {
  part: { quantity: number; order: number };
  size?: 'small' | 'medium';
}) {
  const badge = stockBadge(part);
  return (
    <Chip
      data-testid="stock-badge"
      label={badge.label}
      color={colors[badge.kind]}
      variant={badge.kind === 'sold-out' ? 'filled' : 'outlined'}
      size={size}
      sx={{ fontWeight: 600, alignSelf: 'flex-start' }}
    />
  );
}
