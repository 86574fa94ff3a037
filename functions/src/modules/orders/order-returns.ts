/**
 * What a return's step writes on its order (issue 37 item 2, docs/decisions/098): orders owns
 * every write of an order (decision 083), so returns/ asks this. A step leaves the order's status
 * as it is; it adds a timeline entry that names the step, and the step's event, from which the
 * customer's mail (and the shop's, for a return asked) and the audit entry follow (decision 084).
 */
import {
  formatMoney,
  returnLinesText,
  type AuditKind,
  type OrderReturn,
  type ReturnStatus,
} from '@sprocket/contract';
import { orderLinkUrl } from '../../auth/order-token.js';
import type { StoredDoc } from '../../store/port.js';
import {
  auditEntry,
  auditJson,
  changedFields,
  orderTargetName,
  type AdminAct,
} from '../audit/audit-log.js';
import type { OrderDeps } from './order-deps.js';
import type { OrderChangeContext } from './order-life.js';
import { recordOrderEvent } from './order-events.js';
import { ORDERS, timelineOf, type OrderDoc } from './order-record.js';

const AUDIT_KINDS: Record<ReturnStatus, AuditKind> = {
  asked: 'order.returnAsked',
  approved: 'order.returnApproved',
  refused: 'order.returnRefused',
  received: 'order.returnReceived',
};

/** What the step says on the order's timeline. */
function noteOf(orderReturn: OrderReturn, currency: string): string {
  switch (orderReturn.status) {
    case 'asked':
      return returnLinesText(orderReturn.lines);
    case 'approved':
      return `Instructions: ${orderReturn.instructions ?? ''}`;
    case 'refused':
      return `Reason: ${orderReturn.refusal ?? ''}`;
    case 'received':
      return `${returnLinesText(orderReturn.lines)}; ${formatMoney(orderReturn.amount, currency)} refunded; stock returned`;
  }
}

/** A return's step as its order records it. */
export interface ReturnStepChange {
  /** The return as the step leaves it (its status is the step). */
  orderReturn: OrderReturn;
  /** The return before the step, for the audit entry (null: it did not exist). */
  before: OrderReturn | null;
  /** Who took it: the customer (or the holder of the order's link), or an admin. */
  actor: 'customer' | 'admin';
  /** Who, for the audit log: the admin, or the customer by their account or address. */
  act: AdminAct;
}

/**
 * Writes the step on the order in `context.tx` (after every read of the caller): its timeline
 * entry, and its event with the mail and the audit entry. A guest's mail carries a fresh private
 * link to the order's page, where the return's steps show (docs/decisions/066).
 */
export function recordReturnStep(
  context: OrderChangeContext & { links: Pick<OrderDeps['config'], 'tokenSecret' | 'publicUrl'> },
  order: StoredDoc<OrderDoc>,
  { orderReturn, before, actor, act }: ReturnStepChange,
): StoredDoc<OrderDoc> {
  const { tx, now, currency, links } = context;
  const step = orderReturn.status;
  const data: OrderDoc = {
    ...order.data,
    timeline: [
      ...timelineOf(order.data),
      {
        status: order.data.status,
        at: now.toISOString(),
        actor,
        note: noteOf(orderReturn, currency),
        returnStep: step,
      },
    ],
  };
  tx.update(ORDERS, order.id, { timeline: data.timeline });
  const orderLink =
    order.data.guest === true
      ? orderLinkUrl(links, { orderId: order.id, email: order.data.email }, now)
      : undefined;
  // The audit entry: a new return whole, a step by the fields it changed.
  const { _id: _returnId, ...fields } = orderReturn;
  const change = before
    ? (changedFields(before, orderReturn) ?? { before: {}, after: {} })
    : { before: null, after: auditJson(fields) };
  recordOrderEvent(tx, context.newId(), {
    kind: 'return',
    orderId: order.id,
    at: now.toISOString(),
    order: data,
    orderReturn,
    mail: { kind: `return_${step}`, ...(orderLink && { orderLink }) },
    audit: auditEntry(act, {
      kind: AUDIT_KINDS[step],
      targetId: order.id,
      targetName: orderTargetName(order.id, order.data),
      before: change.before,
      after: { returnId: orderReturn._id, ...change.after },
    }),
  });
  return { id: order.id, data };
}
