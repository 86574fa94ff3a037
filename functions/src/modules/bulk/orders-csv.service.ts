/**
 * GET /admin/orders.csv: the orders for the owner's accounting, one row per order line with the
 * order's amounts, as decimals in the shop's currency; the orders All Orders selects (its
 * filters, `selectsOrder`). The status is the order's as the admin lists show it at the time of
 * the export (an unpaid order whose hold ran out reads cancelled); exporting writes nothing.
 */
import {
  effectiveStatus,
  formatAmount,
  ORDERS_CSV_COLUMNS,
  type OrdersSelection,
} from '@sprocket/contract';
import type { Store } from '../../store/port.js';
import { ORDERS, toOrder, type OrderDoc } from '../orders/order-record.js';
import { selectsOrder } from '../orders/order-list.js';
import type { DaysRange } from '../days-range.js';
import { toCsv } from './csv.js';

/**
 * Every line of the selected orders placed in `range`, oldest order first, as CSV in
 * ORDERS_CSV_COLUMNS. Customers write names and emails, so no cell may start a formula
 * (`toCsv` writes it as text).
 */
export async function exportOrdersCsv(
  store: Store,
  currency: string,
  selection: Omit<OrdersSelection, 'from' | 'to'>,
  range: DaysRange,
  now: Date,
): Promise<string> {
  const docs = await store.query<OrderDoc>(ORDERS, {
    where: [range.from, range.to].filter((filter) => filter !== undefined),
    orderBy: [{ field: 'createdAt' }],
  });
  const selects = selectsOrder(selection, range, now);
  const money = (cents: number) => formatAmount(cents, currency);
  const rows = docs.flatMap((doc) => {
    const order = toOrder(doc);
    if (!selects(order)) return [];
    const status = effectiveStatus(order, now);
    return order.lines.map((line) => [
      order._id,
      order.createdAt,
      status,
      order.email,
      line.partId,
      line.partName,
      line.quantity,
      money(line.price),
      money(line.lineTotal),
      money(order.subtotal),
      money(order.discount),
      money(order.shipping),
      money(order.tax),
      money(order.total),
      currency,
    ]);
  });
  return toCsv([ORDERS_CSV_COLUMNS, ...rows]);
}
