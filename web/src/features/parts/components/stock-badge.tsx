import { stockBadge } from '@sprocket/contract';
import { fontFamily } from '../../../lib/theme.js';

/**
 * The badge as static CSS (docs/decisions/116): the rules MUI's Chip made for it (outlined in the
 * theme's success or warning colour, filled grey when sold out; 24 px tall, or 32 px), with
 * lib/theme.ts's values. Every card has one, which emotion styled as the page hydrated.
 */
export const STOCK_BADGE_CSS = `
.stock-badge {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  align-self: flex-start;
  box-sizing: border-box;
  max-width: 100%;
  height: 24px;
  padding: 0;
  font-family: ${fontFamily};
  font-size: 0.8125rem;
  font-weight: 600;
  line-height: 1.5;
  white-space: nowrap;
  vertical-align: middle;
  border: 0;
  border-radius: 16px;
  color: #1f262b;
  background-color: rgba(0, 0, 0, 0.08);
}
.stock-badge-medium {
  height: 32px;
}
.stock-badge-in-stock,
.stock-badge-low {
  background-color: transparent;
  color: #2e7d4f;
  border: 1px solid rgba(46, 125, 79, 0.7);
}
.stock-badge-low {
  color: #b45309;
  border-color: rgba(180, 83, 9, 0.7);
}
.stock-badge > span {
  overflow: hidden;
  text-overflow: ellipsis;
  padding: 0 8px;
  white-space: nowrap;
}
.stock-badge-in-stock > span,
.stock-badge-low > span {
  padding: 0 7px;
}
.stock-badge-medium > span {
  padding: 0 12px;
}
.stock-badge-medium.stock-badge-in-stock > span,
.stock-badge-medium.stock-badge-low > span {
  padding: 0 11px;
}
`;

/** "In stock", "Only N left" or "Sold out", by the contract's rule (stockBadge). */
export function StockBadge({
  part,
  size = 'small',
}: {
  part: { quantity: number; order: number };
  size?: 'small' | 'medium';
}) {
  const badge = stockBadge(part);
  const sizeClass = size === 'medium' ? ' stock-badge-medium' : '';
  return (
    <div data-testid="stock-badge" className={`stock-badge stock-badge-${badge.kind}${sizeClass}`}>
      <span>{badge.label}</span>
    </div>
  );
}
