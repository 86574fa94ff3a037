/**
 * How an order's (or a quote's) amounts read, row by row, in the same words on every screen and in
 * the mails (issue 25): the subtotal, the code, the shipping, the tax, then the total. An order
 * without any of them reads as it always did: its total alone.
 */
import type { Order } from '../api/entities.js';
import type { Cents } from '../money.js';

/** An order's amounts, or a quote's (which has the same fields). */
export type AmountsToShow = Pick<
  Order,
  | 'subtotal'
  | 'discount'
  | 'shipping'
  | 'tax'
  | 'total'
  | 'pricesIncludeTax'
  | 'taxRate'
  | 'shippingMethod'
  | 'discountCode'
>;

export interface AmountRow {
  /** What the row is, as shown: "Discount (SPRING10)", "Shipping (Express)", "Tax (7.25 %)". */
  label: string;
  amount: Cents;
  kind: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total';
}

export function amountRows(amounts: AmountsToShow): AmountRow[] {
  const { subtotal, discount, shipping, tax, total, taxRate, shippingMethod, discountCode } =
    amounts;
  const rate = taxRate ? ` (${taxRate} %)` : '';
  const rows: AmountRow[] = [];
  if (discount > 0 || discountCode) {
    rows.push({
      label: discountCode ? `Discount (${discountCode})` : 'Discount',
      amount: discount,
      kind: 'discount',
    });
  }
  if (shipping > 0 || shippingMethod) {
    rows.push({
      label: shippingMethod ? `Shipping (${shippingMethod.name})` : 'Shipping',
      amount: shipping,
      kind: 'shipping',
    });
  }
  if (tax > 0 || taxRate) {
    rows.push({
      label: amounts.pricesIncludeTax ? `Tax included${rate}` : `Tax${rate}`,
      amount: tax,
      kind: 'tax',
    });
  }
  const totalRow: AmountRow = { label: 'Total', amount: total, kind: 'total' };
  if (rows.length === 0) return [totalRow];
  return [{ label: 'Subtotal', amount: subtotal, kind: 'subtotal' }, ...rows, totalRow];
}
