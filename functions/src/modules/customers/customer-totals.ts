/**
 * Each customer's figures kept as their orders are paid and refunded (issue 27 item 6,
 * docs/decisions/071): one document per customer's email, changed as the orders' payments and
 * refunds are applied from their events (docs/decisions/084), so GET /admin/customers reads one
 * document per customer, never the orders. A shop that had orders before these documents existed has them built once
 * from its orders, on the first request (`ensureCustomerTotals`).
 */
import { isPurchase, type Customer } from '@sprocket/contract';
import { keyId } from '../../store/ids.js';
import type { DocData, Store, StoredDoc } from '../../store/port.js';
import type { OrderEventHandler } from '../orders/order-outbox.js';
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

type TotalsChange = { order: OrderDoc; at: string } & (
  { change: 'pay' } | { change: 'refund'; amount: number; endsOrder: boolean }
);

/**
 * The customers' figures follow the orders' events: a payment counts the order, a refund takes
 * off its amount, and the order too when it leaves it refunded (a partial refund leaves it
 * counted: the last of several takes off its own amount, the earlier ones having taken theirs).
 */
export const customerTotalsOfEvents: OrderEventHandler = {
  async apply(tx, events) {
    const changes = events.flatMap(({ data: event }): TotalsChange[] => {
      const at = event.order.paidAt ?? event.at;
      if (event.kind === 'pay') return [{ order: event.order, at, change: 'pay' }];
      if (!event.refund) return [];
      return [{ order: event.order, at, change: 'refund', ...event.refund }];
    });
    const ids = [...new Set(changes.map(({ order }) => totalsId(order.email)))];
    const docs = await Promise.all(ids.map((id) => tx.get<CustomerTotalsDoc>(CUSTOMER_TOTALS, id)));
    const totals = new Map(ids.map((id, index) => [id, docs[index]?.data]));
    for (const one of changes) {
      const id = totalsId(one.order.email);
      const refunded = one.change === 'refund' ? one.amount : undefined;
      const endsOrder = one.change === 'refund' ? one.endsOrder : undefined;
      totals.set(id, counted(totals.get(id), one.order, one.change, one.at, refunded, endsOrder));
    }
    return () => {
      for (const [id, doc] of totals) if (doc) tx.set(CUSTOMER_TOTALS, id, doc);
    };
  },
};

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
