/**
 * An order's events (docs/decisions/084): what follows from a change of an order (the day's sales
 * totals, the customer's figures, the mails, the audit entry, the low-stock records, the payment
 * intent cancelled) is not done in the change's transaction. The change writes one event here, in
 * that transaction, and the outbox (order-outbox.ts) applies it afterwards, exactly once. The
 * transaction keeps only what must be atomic: the order, its stock, its code's use.
 */
import type { AuditDoc } from '../audit/audit-log.js';
import type { MailKind, OrderAction, OrderReturn } from '@sprocket/contract';
import type { DocData, StoredDoc, Transaction } from '../../store/port.js';
import type { OrderDoc } from './order-record.js';

export const ORDER_EVENTS = 'orderEvents';

/**
 * An order action, or what leaves its status as it is: a refund of part of an order, a step of a
 * return (docs/decisions/098).
 */
export type OrderEventKind = OrderAction | 'partRefund' | 'return';

/** The mails an order's events send its customer: not the shop's, nor those about no order. */
export type CustomerMailKind = Exclude<
  MailKind,
  `shop_${string}` | 'cart_reminder' | 'stock_alert_confirm' | 'back_in_stock'
>;

export interface OrderEvent {
  kind: OrderEventKind;
  orderId: string;
  /** When the change was made (ISO): the day it counts in, and the time of its mails. */
  at: string;
  /** The order as the change left it (a deleted one: as it was when it left the store). */
  order: OrderDoc;
  /** A refund's money given back, and whether it leaves the order refunded. */
  refund?: { amount: number; endsOrder: boolean };
  /** The order left the store (a deleted unpaid order). */
  removed?: boolean;
  /** What the customer is mailed about; a guest's new order carries its private link. */
  mail?: { kind: CustomerMailKind; orderLink?: string };
  /** The shop is mailed about the new order. */
  tellShop?: boolean;
  /** The admin's act, as the audit log keeps it. */
  audit?: AuditDoc;
  /** A return's step: the return as the step left it, which its mail tells. */
  orderReturn?: OrderReturn;
}

/** An event waiting to be applied: the outbox removes it in the transaction that applies it. */
export type OrderEventDoc = OrderEvent & DocData;

/** Writes `event` in the transaction of the change it follows from. */
export function recordOrderEvent(tx: Transaction, id: string, event: OrderEvent): void {
  const doc: OrderEventDoc = { ...event };
  tx.set(ORDER_EVENTS, id, doc);
}

/** The order of an event, as a stored document. */
export const orderOfEvent = ({ data }: StoredDoc<OrderEventDoc>): StoredDoc<OrderDoc> => ({
  id: data.orderId,
  data: data.order,
});
