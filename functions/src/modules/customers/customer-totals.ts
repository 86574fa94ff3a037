/**
 * Each customer's figures kept as their orders are paid and refunded (issue 27 item 6,
 * docs/decisions/071): one document per customer's email, changed in the transaction that pays
 * or refunds the order (order-life.ts), so GET /admin/customers reads one document per customer,
 * never the orders. A shop that had orders before these documents existed has them built once
 * from its orders, on the first request (`ensureCustomerTotals`).
 */
import { isPurchase, type Customer } from '@sprocket/contract';
import { keyId } from '../../store/ids.js';
import type { DocData, Store, StoredDoc, Transaction } from '../../store/port.js';
import { amountsOf, ORDERS, type OrderDoc } from '../orders/order-record.js';

export const CUSTOMER_TOTALS = 'customerTotals';
/** Whether the totals were built from the orders once (`built`), in its own collection. */
const TOTALS_STATE = 'customerTotalsState';
const BUILT = 'built';

export type CustomerTotalsDoc = Customer & DocData;

const totalsId = (email: string) => keyId('customer', email.toLowerCase());

/**
 * The customer's figures with one more paid order (or one fewer, refunded in full; a part of it
 * refunded, `refunded`, takes only that amount off).
 */
function counted(
  was: CustomerTotalsDoc | undefined,
  order: OrderDoc,
  change: 'pay' | 'refund',
  at: string,
  refunded?: number,
  endsOrder = refunded === undefined,
): CustomerTotalsDoc {
  const total = amountsOf(order).total;
  const base: CustomerTotalsDoc = was ?? {
    email: order.email.toLowerCase(),
    name: order.userName,
    orders: 0,
    totalSpent: 0,
    lastOrderAt: at,
  };
  if (change === 'refund') {
    return {
      ...base,
      orders: endsOrder ? Math.max(0, base.orders - 1) : base.orders,
      totalSpent: Math.max(0, base.totalSpent - (refunded ?? total)),
    };
  }
  const later = at >= base.lastOrderAt;
  return {
    ...base,
    name: later ? order.userName : base.name,
    orders: base.orders + 1,
    totalSpent: base.totalSpent + total,
    lastOrderAt: later ? at : base.lastOrderAt,
  };
}

/**
 * Reads the order's customer's figures in `tx` (before its first write) and answers the write
 * that counts the order paid, or takes a refunded one off: in full, or `refunded` of it (a
 * partial refund, which leaves the order counted unless `endsOrder`: the last of several refunds
 * takes off its own amount, the earlier ones having taken off theirs).
 */
export async function prepareCustomerTotals(
  tx: Transaction,
  order: OrderDoc,
  change: 'pay' | 'refund',
  now: Date,
  refunded?: number,
  endsOrder?: boolean,
): Promise<() => void> {
  const id = totalsId(order.email);
  const was = await tx.get<CustomerTotalsDoc>(CUSTOMER_TOTALS, id);
  const at = order.paidAt ?? now.toISOString();
  return () =>
    tx.set(CUSTOMER_TOTALS, id, counted(was?.data, order, change, at, refunded, endsOrder));
}

/**
 * Builds every customer's figures from the orders, once per shop: the orders paid (and not
 * refunded since) with their totals and the last payment's time. Later payments and refunds keep
 * them. A payment made while it runs may be missed (decision 071); it runs once.
 */
export async function ensureCustomerTotals(store: Store, now: Date): Promise<void> {
  if (await store.get(TOTALS_STATE, BUILT)) return;
  const orders = await store.query<OrderDoc>(ORDERS);
  const totals = new Map<string, CustomerTotalsDoc>();
  for (const { data } of orders) {
    if (!isPurchase(data.status)) continue;
    const key = totalsId(data.email);
    const at = data.paidAt ?? data.createdAt;
    totals.set(key, counted(totals.get(key), data, 'pay', at));
  }
  for (const [id, doc] of totals) await store.set(CUSTOMER_TOTALS, id, doc);
  await store.set(TOTALS_STATE, BUILT, { at: now.toISOString(), customers: totals.size });
}

export const toCustomer = ({ data }: StoredDoc<CustomerTotalsDoc>): Customer => ({
  email: data.email,
  name: data.name,
  orders: data.orders,
  totalSpent: data.totalSpent,
  lastOrderAt: data.lastOrderAt,
});
