/**
 * The order's life in one place (issue 22): every change of an order's status (pay, deliver,
 * ship, mark delivered, cancel, expire, refund) goes through `prepareOrderChange`. It checks the
 * change against the contract's table (`orderTransitions`: from which states, and who may make
 * it), builds the order as it will be with its timeline entry, and writes in the caller's
 * transaction only what must be atomic with it: the stock of every line back, the code's use
 * given back. Everything else that follows (the day's sales, the customer's figures, the mail, the
 * audit entry, the payment intent cancelled) is the change's event (order-events.ts), applied
 * after the commit (docs/decisions/084). What must happen at the gateway before a refund stays
 * with the caller.
 */
import {
  canTransition,
  orderMessages,
  orderTransitions,
  type AuditKind,
  type AuditValue,
  type OrderAction,
  type OrderActor,
} from '@sprocket/contract';
import type { StockLedger, StoredDoc, Transaction } from '../../store/port.js';
import { conflict, forbidden } from '../errors.js';
import { prepareDiscountReturn } from '../shop-pricing/order-pricing.js';
import { returnLinesStock } from '../stock/variant-stock.js';
import { linesOf, ORDERS, withEntry, type OrderDoc } from './order-record.js';
import { auditEntry, orderTargetName, type AdminAct } from '../audit/audit-log.js';
import { recordOrderEvent, type CustomerMailKind, type OrderEvent } from './order-events.js';

export interface OrderChange {
  action: Exclude<OrderAction, 'place'>;
  actor: OrderActor;
  /** What the change sets besides the status and the timeline (dates, shipment, refund…). */
  fields?: Partial<OrderDoc>;
  /** Said on the timeline entry. */
  note?: string;
  /** Whether the stock of every line returns. */
  restock?: boolean;
  /** What the customer is mailed about, if anything. */
  mail?: CustomerMailKind;
  /** The order leaves the store (a deleted unpaid order); it is mailed as cancelled. */
  remove?: boolean;
  /** The admin who makes it, for the audit log (docs/decisions/071); none for others' changes. */
  audit?: AdminAct;
}

/** The audit log's kind of each change an admin can make. */
const AUDIT_KINDS: Partial<Record<OrderChange['action'], AuditKind>> = {
  deliver: 'order.deliver',
  ship: 'order.ship',
  markDelivered: 'order.markDelivered',
  cancel: 'order.cancel',
  refund: 'order.refund',
};

/** What the shop answers a change that cannot start from the order's state. */
const REFUSED: Record<OrderChange['action'], string> = {
  pay: 'This order cannot be paid',
  deliver: orderMessages.deliverOnlyPaid,
  ship: orderMessages.shipOnlyPaid,
  markDelivered: orderMessages.markDeliveredOnlyShipped,
  cancel: orderMessages.cancelOnlyUnpaid,
  expire: orderMessages.cancelOnlyUnpaid,
  refund: orderMessages.refundOnlyPaid,
};

export interface OrderChangeContext {
  tx: Transaction;
  stock: StockLedger;
  now: Date;
  currency: string;
  /** A new id, for the change's event. */
  newId: () => string;
}

/** The context of a change made in `tx` at `now` by the order rules' dependencies. */
export const changeContext = (
  deps: { store: { stock: StockLedger; newId(): string }; config: { currency: string } },
  tx: Transaction,
  now: Date,
): OrderChangeContext => ({
  tx,
  stock: deps.store.stock,
  now,
  currency: deps.config.currency,
  newId: () => deps.store.newId(),
});

/**
 * Checks `change` and reads what it needs (the parts, for the stock), in the transaction, before
 * any write; `apply()` then writes the order, the stock and the mail. Throws 403 when the actor
 * may not make the change and 409 when the order's state does not allow it.
 */
export async function prepareOrderChange(
  { tx, stock, now, newId }: OrderChangeContext,
  order: StoredDoc<OrderDoc>,
  change: OrderChange,
): Promise<{ after: StoredDoc<OrderDoc>; apply: () => void }> {
  const { action, actor } = change;
  if (!orderTransitions[action].by.includes(actor)) {
    throw forbidden(`Only ${orderTransitions[action].by.join(' or ')} can ${action} an order`);
  }
  if (!canTransition(order.data, action, actor)) throw conflict(REFUSED[action]);
  const status = orderTransitions[action].to;
  const data: OrderDoc = {
    ...order.data,
    ...change.fields,
    status,
    timeline: withEntry(order.data, status, now, actor, change.note),
  };
  const putBack = change.restock
    ? await returnLinesStock(stock, tx, linesOf(order.data))
    : undefined;
  // An unpaid order that ends unpaid gives its discount code's use back (decision 060).
  const unpaidEnds = action === 'cancel' || action === 'expire';
  const codeBack = unpaidEnds ? await prepareDiscountReturn(tx, stock, order) : undefined;
  const after = { id: order.id, data };
  const kind = change.remove ? 'order.deleted' : AUDIT_KINDS[action];
  const event: OrderEvent = {
    kind: action,
    orderId: order.id,
    at: now.toISOString(),
    order: data,
    // A refund that ends the order takes off its own amount: earlier partial refunds took off
    // theirs (decision 069).
    ...(action === 'refund' && {
      refund: { amount: change.fields?.refund?.amount ?? order.data.totalPrice, endsOrder: true },
    }),
    ...(change.remove && { removed: true }),
    ...(change.mail && { mail: { kind: change.mail } }),
    ...(change.audit &&
      kind && {
        audit: auditEntry(change.audit, {
          kind,
          targetId: order.id,
          targetName: orderTargetName(order.id, order.data),
          before: { status: order.data.status },
          // The fields are the order document's own JSON (dates, shipment, refund).
          after: { status, ...(change.fields as Record<string, AuditValue>) },
        }),
      }),
  };
  return {
    after,
    apply: () => {
      if (change.remove) tx.delete(ORDERS, order.id);
      else tx.set(ORDERS, order.id, data);
      putBack?.();
      codeBack?.();
      recordOrderEvent(tx, newId(), event);
    },
  };
}

/** `prepareOrderChange` and its writes at once, for a transaction that reads nothing after it. */
export async function changeOrder(
  context: OrderChangeContext,
  order: StoredDoc<OrderDoc>,
  change: OrderChange,
): Promise<StoredDoc<OrderDoc>> {
  const { after, apply } = await prepareOrderChange(context, order, change);
  apply();
  return after;
}
