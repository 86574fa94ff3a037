/**
 * Returns a customer asks for (issue 37 item 2, docs/decisions/098). The customer (or the holder
 * of a guest order's link) asks to return units of a delivered order's lines within the shop's
 * return window; an admin approves with instructions or refuses with a reason; when the parts
 * arrive the admin marks them received, which refunds what was paid for them through the order's
 * refund, with their stock returned. Each step is one transaction that reads the order and writes
 * the return and, through orders (which owns every write of an order), the order's timeline entry
 * and its event: the mail and the audit entry follow from it.
 */
import {
  holdsUnits,
  orderNumber,
  refundableAmount,
  returnDay,
  returnLinesProblem,
  returnMessages,
  returnRefundAmount,
  returnWindowEnd,
  type AskReturnInput,
  type Order,
  type OrderReturn,
  type ReturnStatus,
} from '@sprocket/contract';
import type { StoredDoc, Transaction } from '../../store/port.js';
import type { AdminAct } from '../audit/audit-log.js';
import { conflict, forbidden, notFound, validationFailed } from '../errors.js';
import { refundReturnedParts } from '../orders/actions/refund-order.js';
import type { OrderDeps } from '../orders/order-deps.js';
import { changeContext } from '../orders/order-life.js';
import {
  amountsOf,
  linesOf,
  mayActOn,
  orderFor,
  ORDERS,
  type OrderCaller,
  type OrderDoc,
} from '../orders/order-record.js';
import { recordReturnStep } from '../orders/order-returns.js';
import { RETURNS, returnFor, toReturn, type ReturnDoc } from './return-record.js';
import { getReturnSettings } from './return-settings.js';

/** A step's context: the transaction and what orders' step needs besides. */
const stepContext = (deps: OrderDeps, tx: Transaction, now: Date) => ({
  ...changeContext(deps, tx, now),
  links: deps.config,
});

/** The returns of one order, oldest first, read by `reader` (a transaction, or the store). */
async function returnsOf(
  reader: Pick<Transaction, 'query'>,
  orderId: string,
): Promise<StoredDoc<ReturnDoc>[]> {
  const docs = await reader.query<ReturnDoc>(RETURNS, {
    where: [{ field: 'orderId', op: '==', value: orderId }],
  });
  return docs.sort((a, b) => a.data.askedAt.localeCompare(b.data.askedAt));
}

/**
 * The customer asks to return `input.lines` of the order `orderId`. Refused: 404 no such order;
 * 403 not the caller's (another account's, another order's link, an admin's of someone else's);
 * 409 not delivered, past the window, or units another return holds already; 422 lines the order
 * has not, or more units than a line has left after its refunds.
 */
export async function askReturn(
  deps: OrderDeps,
  orderId: string,
  caller: OrderCaller,
  input: AskReturnInput,
): Promise<OrderReturn> {
  const now = deps.clock();
  const { windowDays } = await getReturnSettings(deps.store);
  return deps.store.runTransaction(async (tx) => {
    const order = await orderFor(tx, orderId);
    const returns = await returnsOf(tx, orderId);
    if (!mayActOn(orderId, order.data, caller)) throw forbidden(returnMessages.notYours);
    const lines = linesOf(order.data);
    const returnable = { ...order.data, lines };
    const end = returnWindowEnd(returnable, windowDays);
    if (end === undefined) throw conflict(returnMessages.notDelivered);
    if (now.toISOString() > end) throw conflict(returnMessages.windowClosed(returnDay(end)));
    const open = returns.filter(({ data }) => holdsUnits(data.status)).map(({ data }) => data);
    const problem = returnLinesProblem(returnable, open, input.lines);
    if (problem?.kind === 'invalid') throw validationFailed(problem.errors);
    if (problem) throw conflict(Object.values(problem.errors).join('; '), problem.errors);

    const id = deps.store.newId();
    const orderReturn: OrderReturn = {
      _id: id,
      orderId,
      orderNumber: orderNumber(orderId),
      email: order.data.email,
      userName: order.data.userName,
      status: 'asked',
      lines: input.lines.map(({ line, quantity, reason, note }) => ({
        line,
        partName: lines[line]?.partName ?? '',
        quantity,
        reason,
        note,
      })),
      amount: returnRefundAmount({ ...amountsOf(order.data), ...returnable }, input.lines),
      askedAt: now.toISOString(),
    };
    const { _id, ...doc } = orderReturn;
    tx.set(RETURNS, id, doc);
    // The customer is the one who acts: their account, or the order's address for a guest.
    const act: AdminAct = {
      uid: 'uid' in caller ? caller.uid : 'guest',
      email: order.data.email,
      at: now,
    };
    recordReturnStep(stepContext(deps, tx, now), order, {
      orderReturn,
      before: null,
      actor: 'customer',
      act,
    });
    return orderReturn;
  });
}

/** An asked return decided by an admin: approved with instructions, or refused with a reason. */
export async function decideReturn(
  deps: OrderDeps,
  id: string,
  decision: { approve: string } | { refuse: string },
  act: AdminAct,
): Promise<OrderReturn> {
  const now = deps.clock();
  return deps.store.runTransaction(async (tx) => {
    const found = await returnFor(tx, id);
    const order = await orderFor(tx, found.data.orderId);
    const before = toReturn(found);
    if (before.status !== 'asked') throw conflict(returnMessages.onlyAsked);
    const after: OrderReturn =
      'approve' in decision
        ? {
            ...before,
            status: 'approved',
            instructions: decision.approve,
            approvedAt: act.at.toISOString(),
          }
        : {
            ...before,
            status: 'refused',
            refusal: decision.refuse,
            refusedAt: act.at.toISOString(),
          };
    const { _id, ...doc } = after;
    tx.set(RETURNS, id, doc);
    recordReturnStep(stepContext(deps, tx, now), order, {
      orderReturn: after,
      before,
      actor: 'admin',
      act,
    });
    return after;
  });
}

/**
 * The parts of an approved return arrived: what was paid for them is refunded through the order's
 * refund (never more than is left of the payment), their stock returns, and the return is
 * received, in the refund's own transaction. 409 for a return not approved (or received already).
 */
export async function receiveReturn(
  deps: OrderDeps,
  id: string,
  act: AdminAct,
): Promise<OrderReturn> {
  const seen = await deps.store.get<ReturnDoc>(RETURNS, id);
  if (!seen) throw notFound('Return');
  if (seen.data.status !== 'approved') throw conflict(returnMessages.onlyApproved);
  const order = await deps.store.get<OrderDoc>(ORDERS, seen.data.orderId);
  if (!order) throw notFound('Order');
  let received: OrderReturn | undefined;
  await refundReturnedParts(
    deps,
    seen.data.orderId,
    {
      lines: seen.data.lines.map(({ line, quantity }) => ({ line, quantity })),
      amount: Math.min(seen.data.amount, refundableAmount(order.data)),
    },
    act,
    async (tx) => {
      const now = await returnFor(tx, id);
      return (orderNow, refund) => {
        const before = toReturn(now);
        // Another admin's receive recorded it first: the refund is the order's either way.
        if (before.status !== 'approved') return orderNow;
        received = {
          ...before,
          status: 'received',
          amount: refund.amount,
          receivedAt: act.at.toISOString(),
          refundId: refund.refundId,
        };
        const { _id, ...doc } = received;
        tx.set(RETURNS, id, doc);
        return recordReturnStep(stepContext(deps, tx, act.at), orderNow, {
          orderReturn: received,
          before,
          actor: 'admin',
          act,
        });
      };
    },
  );
  return received ?? toReturn((await deps.store.get<ReturnDoc>(RETURNS, id)) ?? seen);
}

/** Every return, newest first, or those at one step (the admins' Returns list). */
export async function listReturns(
  deps: Pick<OrderDeps, 'store'>,
  status?: ReturnStatus,
): Promise<OrderReturn[]> {
  const docs = await deps.store.query<ReturnDoc>(RETURNS, {
    where: status ? [{ field: 'status', op: '==', value: status }] : [],
    orderBy: [{ field: 'askedAt', direction: 'desc' }],
  });
  return docs.map(toReturn);
}

/**
 * What the order's page shows of its returns (GET /ordered/{id}, wired by app.ts): every return
 * asked of it, and until when another may be asked.
 */
export async function returnsOfOrder(
  deps: Pick<OrderDeps, 'store'>,
  order: Order,
): Promise<Pick<Order, 'returns' | 'returnableUntil'>> {
  const [returns, { windowDays }] = await Promise.all([
    returnsOf(deps.store, order._id),
    getReturnSettings(deps.store),
  ]);
  const until = returnWindowEnd(order, windowDays);
  return { returns: returns.map(toReturn), ...(until && { returnableUntil: until }) };
}
