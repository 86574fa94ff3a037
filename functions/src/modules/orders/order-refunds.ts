/**
 * The one place a refund reaches an order (docs/decisions/069): an admin's from the order page, or
 * one the provider reports through `charge.refunded` (made in its Dashboard, or the admin's own
 * arriving first). Each refund is recorded once, by the provider's refund id, in the caller's
 * transaction: the order's `refunds`, `refunded` and `refundState`, a timeline entry, the stock
 * of the lines it names when the admin asked for it, and — once the whole payment is back — the
 * order's `refunded` status through the order's life (order-life.ts). Each refund is an event of
 * the order (a part of one: `partRefund`), from which the day's sales totals, the customer's
 * figures, the mail and the audit entry follow (docs/decisions/084).
 *
 * Before the provider is asked, `holdRefund` checks the admin's refund and holds what it takes on
 * the order in one transaction (docs/decisions/076): what others hold counts as refunded, so
 * requests at once never take the same units or more than was charged, and the hold ends when
 * its refund is recorded (its id rides in the refund's metadata) or the provider refuses it.
 */
import {
  canTransition,
  formatMoney,
  planRefund,
  refundedSoFar,
  restockedUnits,
  type OrderRefund,
  type RefundedLine,
  type RefundOrderInput,
} from '@sprocket/contract';
import type { StoredDoc, Transaction } from '../../store/port.js';
import { conflict, validationFailed } from '../errors.js';
import { changeOrder, type OrderChangeContext } from './order-life.js';
import { linesOf, ORDERS, withEntry, type OrderDoc, type RefundHold } from './order-record.js';
import { recordOrderEvent } from './order-events.js';
import { returnLinesStock } from '../stock/variant-stock.js';
import { auditEntry, auditJson, orderTargetName, type AdminAct } from '../audit/audit-log.js';

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
  /** The hold it ends, when the shop asked for it (holdRefund). */
  holdId?: string | undefined;
}

/** What the shop writes on the refund at the provider, so whoever records it knows its lines. */
export function refundMetadata(orderId: string, hold: RefundHold) {
  return {
    orderId,
    lines: hold.lines.map(({ line, quantity }) => `${line}:${quantity}`).join(','),
    restock: hold.restock ? 'true' : 'false',
    hold: hold.holdId,
  };
}

/** The refund's lines, restock and hold from its metadata; none for one made in the Dashboard. */
export function fromRefundMetadata(metadata: Record<string, string>): {
  lines: RefundedLine[];
  restock: boolean;
  holdId: string | undefined;
} {
  const lines = (metadata.lines ?? '')
    .split(',')
    .map((pair) => /^(\d+):(\d+)$/.exec(pair))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ line: Number(match[1]), quantity: Number(match[2]) }));
  return { lines, restock: metadata.restock === 'true', holdId: metadata.hold };
}

/**
 * How long a refund may wait on the provider before its hold is taken for unanswered (the
 * process that asked is gone): Stripe's client gives up on a request after 80 seconds.
 */
const REFUND_ASKING_MS = 2 * 60_000;

/** The order as if each of `holds` were recorded: what the next refund's check counts. */
function withHeld(order: OrderDoc, holds: readonly RefundHold[]) {
  return {
    ...order,
    lines: linesOf(order),
    refunds: [
      ...(order.refunds ?? []),
      ...holds.map(({ amount, lines, restock }) => ({ amount, lines, restocked: restock })),
    ],
    refunded: holds.reduce((sum, hold) => sum + hold.amount, refundedSoFar(order)),
  };
}

/** One refund's lines in one order, to compare two refunds by. */
const linesKey = (lines: readonly RefundedLine[]) =>
  lines
    .map(({ line, quantity }) => `${line}x${quantity}`)
    .sort()
    .join();

/**
 * What the refund asked for would hold beside `holds`: the plan's amount and lines, or its
 * refusal. The rest of the payment with the stock names its lines here, every unit neither back
 * on the shelf nor held to go back, so that refunds held beside it return none of them twice.
 */
function wantedHold(
  order: OrderDoc,
  holds: readonly RefundHold[],
  input: RefundOrderInput,
  currency: string,
): { amount: number; lines: RefundedLine[] } | { errors: Record<string, string> } {
  const held = withHeld(order, holds);
  const plan = planRefund(held, input, currency);
  if (!plan.ok) return { errors: plan.errors };
  if (!(input.restock && plan.full && plan.lines.length === 0)) {
    return {
      amount: plan.amount,
      lines: plan.lines.map(({ line, quantity }) => ({ line, quantity })),
    };
  }
  const onShelf = restockedUnits(held);
  const lines = held.lines
    .map((line, index) => ({ line: index, quantity: line.quantity - (onShelf[index] ?? 0) }))
    .filter(({ quantity }) => quantity > 0);
  return { amount: plan.amount, lines };
}

/** Whether a hold has waited on the provider with no answer (so its refund may be asked again). */
const isWaiting = (hold: RefundHold, now: Date) =>
  hold.unanswered === true || now.getTime() - Date.parse(hold.heldAt) > REFUND_ASKING_MS;

/** The words for a hold that stops a refund, for the admin who asked for another. */
function heldMessage(order: OrderDoc, hold: RefundHold, now: Date, currency: string): string {
  if (!isWaiting(hold, now)) {
    return 'Another refund of this order is being made right now: try again in a moment';
  }
  const lines = linesOf(order);
  const named = hold.lines.map(
    ({ line, quantity }) => `${quantity} × ${lines[line]?.partName ?? `line ${line + 1}`}`,
  );
  const what = [
    formatMoney(hold.amount, currency),
    ...(named.length > 0 ? [`for ${named.join(', ')}`] : []),
    ...(hold.restock ? ['with the stock returned'] : []),
  ].join(' ');
  return `A refund of ${what} was not confirmed by the payment provider: ask for that refund again to finish it`;
}

/**
 * What the admin's refund would hold beside the order's holds: the hold of the same refund asked
 * again after the provider did not answer (taken up, and so its key: it is made once), or the
 * amount and lines of a new one. Refused: 422 with the plan's messages when the order itself has
 * not that much left; 409 when another refund holds it.
 */
function planHold(
  order: OrderDoc,
  input: RefundOrderInput,
  { now, currency }: { now: Date; currency: string },
): { again: RefundHold } | { amount: number; lines: RefundedLine[] } {
  const holds = order.refundHolds ?? [];
  for (const waiting of holds.filter((one) => isWaiting(one, now))) {
    const again = wantedHold(
      order,
      holds.filter((one) => one !== waiting),
      input,
      currency,
    );
    if (
      'amount' in again &&
      again.amount === waiting.amount &&
      input.restock === waiting.restock &&
      linesKey(again.lines) === linesKey(waiting.lines)
    ) {
      return { again: waiting };
    }
  }
  const wanted = wantedHold(order, holds, input, currency);
  if ('amount' in wanted) return wanted;
  // The fewest holds, oldest first, beside which it no longer fits: none, and the order itself
  // has not that much left (422); else the last of them stands in its way (409).
  for (let count = 0; count < holds.length; count++) {
    const beside = wantedHold(order, holds.slice(0, count), input, currency);
    if (!('errors' in beside)) continue;
    const blocking = holds[count - 1];
    if (!blocking) throw validationFailed(beside.errors);
    throw conflict(heldMessage(order, blocking, now, currency));
  }
  const blocking = holds.at(-1);
  if (!blocking) throw validationFailed(wanted.errors);
  throw conflict(heldMessage(order, blocking, now, currency));
}

/**
 * Throws the refusal holdRefund would give the refund on this order as read outside a
 * transaction, so that a burst of refunds that cannot fit does not queue for the order: such a
 * refusal stays true, since a recorded refund stays and a hold ends only by being recorded or
 * given back. A refund it lets through is checked again in holdRefund's transaction.
 */
export function refuseRefundEarly(
  order: OrderDoc,
  input: RefundOrderInput,
  context: { now: Date; currency: string },
): void {
  planHold(order, input, context);
}

/**
 * Checks the admin's refund against the order and what other refunds hold of it, and holds what
 * it takes, in `tx` (after reading the order): answers the hold to ask the provider for
 * (planHold says which, or why not).
 */
export function holdRefund(
  tx: Transaction,
  order: StoredDoc<OrderDoc>,
  input: RefundOrderInput,
  { now, currency, newId }: { now: Date; currency: string; newId: () => string },
): RefundHold {
  const planned = planHold(order.data, input, { now, currency });
  const heldAt = now.toISOString();
  const taken: RefundHold =
    'again' in planned
      ? { ...planned.again, heldAt, unanswered: false }
      : { holdId: newId(), ...planned, restock: input.restock, heldAt };
  const holds = order.data.refundHolds ?? [];
  tx.update(ORDERS, order.id, {
    refundHolds: [...holds.filter((one) => one.holdId !== taken.holdId), taken],
  });
  return taken;
}

/**
 * The units whose stock returns: those of the refund's lines, or for the refund that completes
 * the order without naming lines (one asked before holds named them), every unit. Never more of a
 * line than is not back on the shelf yet, whatever the refund says.
 */
function unitsToReturn(order: OrderDoc, refund: RefundMade, full: boolean): RefundedLine[] {
  if (!refund.restock) return [];
  const lines = linesOf(order);
  const asked =
    refund.lines.length > 0
      ? refund.lines
      : full
        ? lines.map((line, index) => ({ line: index, quantity: line.quantity }))
        : [];
  const onShelf = restockedUnits({ ...order, lines });
  return asked.flatMap(({ line, quantity }) => {
    const units = Math.min(quantity, (lines[line]?.quantity ?? 0) - (onShelf[line] ?? 0));
    if (units <= 0) return [];
    onShelf[line] = (onShelf[line] ?? 0) + units;
    return [{ line, quantity: units }];
  });
}

/** The order's holds without the one `refund` ends; undefined when it ends none. */
function holdsAfter(order: OrderDoc, refund: RefundMade): RefundHold[] | undefined {
  const holds = order.refundHolds ?? [];
  return holds.some((one) => one.holdId === refund.holdId)
    ? holds.filter((one) => one.holdId !== refund.holdId)
    : undefined;
}

/**
 * Records `refund` on the order in `context.tx` (after every read of the caller), and ends its
 * hold. Answers the order as written, or null when this refund id is on the order already.
 */
export async function recordRefund(
  context: OrderChangeContext,
  order: StoredDoc<OrderDoc>,
  refund: RefundMade,
): Promise<StoredDoc<OrderDoc> | null> {
  const { tx, now, currency } = context;
  const refunds = order.data.refunds ?? [];
  const refundHolds = holdsAfter(order.data, refund);
  if (refunds.some((one) => one.refundId === refund.refundId)) {
    if (refundHolds) tx.update(ORDERS, order.id, { refundHolds });
    return null;
  }
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
  // The units refunded: the lines it names, else (one in full) those whose stock returned.
  const units = refund.lines.length > 0 ? refund.lines : back;
  if (units.length > 0) record.lines = units;
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
    // Apart from the change's fields, which its audit entry shows.
    if (refundHolds) tx.update(ORDERS, order.id, { refundHolds });
    putBack?.();
    return after;
  }
  // A part of the payment, or all of one already shipped: the status stays, the timeline says it.
  const putBack =
    stockBack.length > 0 ? await returnLinesStock(context.stock, tx, stockBack) : undefined;
  const data: OrderDoc = {
    ...order.data,
    ...fields,
    ...(full ? { refund: record } : {}),
    ...(refundHolds ? { refundHolds } : {}),
    timeline: withEntry(
      order.data,
      order.data.status,
      now,
      refund.by,
      `${formatMoney(refund.amount, currency)} refunded${where}; ${sofar}; ${stockNote}`,
    ),
  };
  tx.set(ORDERS, order.id, data);
  putBack?.();
  // The day's refunds and the customer's figures take this amount off (decisions 070, 071), and
  // the customer hears of every refund: of a part, or of all of an order that stays shipped.
  recordOrderEvent(tx, context.newId(), {
    kind: 'partRefund',
    orderId: order.id,
    at: now.toISOString(),
    order: data,
    refund: { amount: refund.amount, endsOrder: false },
    mail: { kind: full ? 'order_refunded' : 'order_partly_refunded' },
    ...(refund.audit && {
      audit: auditEntry(refund.audit, {
        kind: 'order.refund',
        targetId: order.id,
        targetName: orderTargetName(order.id, order.data),
        before: { status: order.data.status, refunded: refundedSoFar(order.data) },
        after: { status: data.status, ...auditJson(fields) },
      }),
    }),
  });
  return { id: order.id, data };
}
