/**
 * A return as the store keeps it (issue 37 item 2, docs/decisions/098): one document per return in
 * `returns`, beside its order, so the admins' list asks one collection by step. The order keeps
 * each step on its timeline (orders/order-returns.ts).
 */
import type { OrderReturn } from '@sprocket/contract';
import type { DocData, StoredDoc, Transaction } from '../../store/port.js';
import { existingDoc } from '../existing-doc.js';

export const RETURNS = 'returns';

export type ReturnDoc = Omit<OrderReturn, '_id'> & DocData;

export const toReturn = ({ id, data }: StoredDoc<ReturnDoc>): OrderReturn => ({ _id: id, ...data });

/** Reads the return in the transaction: 404 when there is none. */
export const returnFor = (tx: Transaction, id: string) =>
  existingDoc<ReturnDoc>(tx, RETURNS, id, 'Return');
