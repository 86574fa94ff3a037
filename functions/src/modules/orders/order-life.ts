/**
 * The order's life in one place (issue 22): every change of an order's status (pay, deliver,
 * ship, mark delivered, cancel, expire, refund) goes through `prepareOrderChange`. It checks the
 * change against the contract's table (`orderTransitions`: from which states, and who may make
 * it), builds the order as it will be with its timeline entry, and runs the change's side effects
 * in the caller's transaction: the stock of every line back, the customer's mail. What must happen
 * at the gateway before (a refund) or after (cancelling the intent) stays with the caller, which
 * is told by the change it asked for.
 */
import {
  canTransition,
  orderMessages,
  orderTransitions,
  type AuditKind,
  type AuditValue,
  type MailKind,
  type OrderAction,
  type OrderActor,
} from '@sprocket/contract';
import type { StockLedger, StoredDoc, Transaction } from '../../store/port.js';
import { conflict, forbidden } from '../errors.js';
import { mailCustomer } from '../mail/order-mails.js';
import { prepareDiscountReturn } from '../shop-pricing/order-pricing.js';
import { returnLinesStock } from '../stock/variant-stock.js';
import { linesOf, ORDERS, withEntry, type OrderDoc } from './order-record.js';
import { prepareSalesEntry, type SalesEntry } from '../sales/sales-days.js';
import { recordAudit, type AdminAct } from '../audit/audit-log.js';
import { prepareCustomerTotals } from '../customers/customer-totals.js';

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
  mail?: Exclude<MailKind, `shop_${string}`>;
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
  /** The shop's time zone: the day whose sales totals the change counts in (decision 070). */
  timeZone: string;
}

/** The context of a change made in `tx` at `now` by the order rules' dependencies. */
export const changeContext = (
  deps: { store: { stock: StockLedger }; config: { currency: string; timeZone: string } },
  tx: Transaction,
  now: Date,
): OrderChangeContext => ({
  tx,
  stock: deps.store.stock,
  now,
  currency: deps.config.currency,
  timeZone: deps.config.timeZone,
});

/**
 * Checks `change` and reads what it needs (the parts, for the stock), in the transaction, before
 * any write; `apply()` then writes the order, the stock and the mail. Throws 403 when the actor
 * may not make the change and 409 when the order's state does not allow it.
 */
export async function prepareOrderChange(
  { tx, stock, now, currency, timeZone }: OrderChangeContext,
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
  const codeBack = unpaidEnds ? await prepareDiscountReturn(tx, order) : undefined;
  // The customer's figures follow the money: a payment counts, a refund takes it off (071).
  const customerTotals =
    action === 'pay' || action === 'refund'
      ? await prepareCustomerTotals(
          tx,
          data,
          action,
          now,
          // A refund that ends the order takes off its own amount: earlier partial refunds took
          // off theirs (decision 069).
          action === 'refund' ? change.fields?.refund?.amount : undefined,
          true,
        )
      : undefined;
  const sales = salesEntryOf(change, order.data);
  const countSale = sales ? await prepareSalesEntry(tx, timeZone, now, sales) : undefined;
  const after = { id: order.id, data };
  return {
    after,
    apply: () => {
      if (change.remove) tx.delete(ORDERS, order.id);
      else tx.set(ORDERS, order.id, data);
      putBack?.();
      codeBack?.();
      countSale?.();
      customerTotals?.();
      if (change.mail) mailCustomer(tx, change.mail, after, { currency, now });
      const kind = change.remove ? 'order.deleted' : AUDIT_KINDS[action];
      if (change.audit && kind) {
        recordAudit(tx, change.audit, {
          kind,
          targetId: order.id,
          before: { status: order.data.status },
          // The fields are the order document's own JSON (dates, shipment, refund).
          after: { status, ...(change.fields as Record<string, AuditValue>) },
        });
      }
    },
  };
}

/**
 * What the change adds to the day's sales totals (decision 070): a payment, a refund (of the
 * amount it records), an unpaid order ended; nothing for the steps of delivery or a deleted order.
 */
function salesEntryOf(change: OrderChange, order: OrderDoc): SalesEntry | undefined {
  if (change.action === 'pay') return { kind: 'paid', order: { ...order, ...change.fields } };
  if (change.action === 'refund') {
    // The refund that ends the order refunded: its amount, and the order counted as refunded.
    return {
      kind: 'refunded',
      amount: change.fields?.refund?.amount ?? order.totalPrice,
      endsOrder: true,
    };
  }
  if ((change.action === 'cancel' || change.action === 'expire') && !change.remove) {
    return { kind: 'cancelled' };
  }
  return undefined;
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
