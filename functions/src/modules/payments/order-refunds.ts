/**
 * The one place a refund reaches an order (docs/decisions/069): an admin's from the order page, or
 * one the provider reports through `charge.refunded` (made in its Dashboard, or the admin's own
 * arriving first). Each refund is recorded once, by the provider's refund id, in the caller's
 * transaction: the order's `refunds`, `refunded` and `refundState`, a timeline entry, the stock
 * of the lines it names when the admin asked for it, and — once the whole payment is back — the
 * order's `refunded` status and the customer's mail through the order's life (order-life.ts).
 * The day's sales totals and the customer's figures count each refund: a refund in full through
 * order-life.ts, a part of one here.
 */
import {
  canTransition,
  formatMoney,
  refundedSoFar,
  restockedUnits,
  type OrderRefund,
  type RefundedLine,
} from '@sprocket/contract';
import type { StoredDoc } from '../../store/port.js';
import { changeOrder, type OrderChangeContext } from '../orders/order-life.js';
import { linesOf, ORDERS, withEntry, type OrderDoc } from '../orders/order-record.js';
import { returnLinesStock } from '../stock/variant-stock.js';
import { auditJson, recordAudit, type AdminAct } from '../audit/audit-log.js';
import { prepareCustomerTotals } from '../customers/customer-totals.js';
import { prepareSalesEntry } from '../sales/sales-days.js';
import { mailCustomer } from '../mail/order-mails.js';

/** A refund as the provider made it, with what the shop asked of it. */
export interface RefundMade {
  refundId: string;
  amount: number;
  /** The lines it is for, if an admin chose lines. */
  lines: RefundedLine[];
  /** Whether the stock of its lines (of every line not returned yet, for one in full) returns. */
  restock: boolean;
  by: 'admin' | 'gateway';
  /** The admin who asked for it, for the audit log; none when the provider reports it. */
  audit?: AdminAct | undefined;
}

/** What the shop writes on the refund at the provider, so whoever records it knows its lines. */
export function refundMetadata(orderId: string, lines: RefundedLine[], restock: boolean) {
  return {
    orderId,
    lines: lines.map(({ line, quantity }) => `${line}:${quantity}`).join(','),
    restock: restock ? 'true' : 'false',
  };
}

/** The refund's lines and restock from its metadata; none for one made in the Dashboard. */
export function fromRefundMetadata(metadata: Record<string, string>): {
  lines: RefundedLine[];
  restock: boolean;
} {
  const lines = (metadata.lines ?? '')
    .split(',')
    .map((pair) => /^(\d+):(\d+)$/.exec(pair))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ line: Number(match[1]), quantity: Number(match[2]) }));
  return { lines, restock: metadata.restock === 'true' };
}

/**
 * The units whose stock returns: those of the refund's lines, or for the refund that completes
 * the order without naming lines, every unit not returned before.
 */
function unitsToReturn(order: OrderDoc, refund: RefundMade, full: boolean): RefundedLine[] {
  if (!refund.restock) return [];
  if (refund.lines.length > 0) return refund.lines;
  if (!full) return [];
  const returned = restockedUnits({ ...order, lines: linesOf(order) });
  return linesOf(order)
    .map((line, index) => ({ line: index, quantity: line.quantity - (returned[index] ?? 0) }))
    .filter(({ quantity }) => quantity > 0);
}

/**
 * Records `refund` on the order in `context.tx` (after every read of the caller). Answers the
 * order as written, or null when this refund id is on the order already.
 */
export async function recordRefund(
  context: OrderChangeContext,
  order: StoredDoc<OrderDoc>,
  refund: RefundMade,
): Promise<StoredDoc<OrderDoc> | null> {
  const { tx, now, currency } = context;
  const refunds = order.data.refunds ?? [];
  if (refunds.some((one) => one.refundId === refund.refundId)) return null;
  const refunded = Math.min(order.data.totalPrice, refundedSoFar(order.data) + refund.amount);
  const full = refunded >= order.data.totalPrice;
  const back = unitsToReturn(order.data, refund, full);
  const record: OrderRefund = {
    refundId: refund.refundId,
    amount: refund.amount,
    restocked: back.length > 0,
    refundedAt: now.toISOString(),
    by: refund.by,
  };
  if (back.length > 0 || refund.lines.length > 0)
    record.lines = back.length > 0 ? back : refund.lines;
  const fields: Partial<OrderDoc> = {
    refunds: [...refunds, record],
    refunded,
    refundState: full ? 'full' : 'partial',
  };
  const lines = linesOf(order.data);
  const stockBack = back.flatMap(({ line, quantity }) => {
    const orderLine = lines[line];
    return orderLine ? [{ ...orderLine, quantity }] : [];
  });
  const stockNote = back.length > 0 ? 'stock returned' : 'stock not returned';
  const where = refund.by === 'gateway' ? ' at the payment provider' : '';
  const sofar = full
    ? 'in full'
    : `${formatMoney(refunded, currency)} of ${formatMoney(order.data.totalPrice, currency)} so far`;

  if (full && canTransition(order.data, 'refund', refund.by)) {
    // The order ends refunded, through its life's rules (the status, the mail).
    const putBack =
      stockBack.length > 0 ? await returnLinesStock(context.stock, tx, stockBack) : undefined;
    const after = await changeOrder(context, order, {
      action: 'refund',
      actor: refund.by,
      fields: { ...fields, refund: record },
      // The status says it was in full; the note what it did to the stock (as it always has).
      note: refund.by === 'gateway' ? `refunded${where}; ${stockNote}` : stockNote,
      mail: 'order_refunded',
      audit: refund.audit,
    });
    putBack?.();
    return after;
  }
  // A part of the payment, or all of one already shipped: the status stays, the timeline says it.
  const putBack =
    stockBack.length > 0 ? await returnLinesStock(context.stock, tx, stockBack) : undefined;
  // The day's refunds and the customer's figures take this amount off (decisions 070, 071).
  const countSale = await prepareSalesEntry(tx, context.timeZone, now, {
    kind: 'refunded',
    amount: refund.amount,
  });
  const customerTotals = await prepareCustomerTotals(tx, order.data, 'refund', now, refund.amount);
  const data: OrderDoc = {
    ...order.data,
    ...fields,
    ...(full ? { refund: record } : {}),
    timeline: withEntry(
      order.data,
      order.data.status,
      now,
      refund.by,
      `${formatMoney(refund.amount, currency)} refunded${where}; ${sofar}; ${stockNote}`,
    ),
  };
  tx.set(ORDERS, order.id, data);
  // The customer hears of every refund: of a part, or of all of an order that stays shipped.
  const mail = full ? 'order_refunded' : 'order_partly_refunded';
  mailCustomer(tx, mail, { id: order.id, data }, { currency, now });
  putBack?.();
  countSale();
  customerTotals();
  if (refund.audit) {
    recordAudit(tx, refund.audit, {
      kind: 'order.refund',
      targetId: order.id,
      before: { status: order.data.status, refunded: refundedSoFar(order.data) },
      after: { status: data.status, ...auditJson(fields) },
    });
  }
  return { id: order.id, data };
}
