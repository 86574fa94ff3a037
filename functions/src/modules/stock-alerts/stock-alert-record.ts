/**
 * Back in stock (issue 37 item 3, docs/decisions/100): what the store keeps. One alert per
 * address and part (size), and one restock per rise of a part's (size's) stock, which the restock
 * outbox turns into mails.
 */
import type { DocData } from '../../store/port.js';
import { keyId } from '../../store/ids.js';

export const STOCK_ALERTS = 'stockAlerts';

/**
 * `pending`: a guest's, until the confirmation link is opened; `waiting`: on the list, in the
 * order of `createdAt`; `notified`: mailed once, and done.
 */
export type StockAlertStatus = 'pending' | 'waiting' | 'notified';

export type StockAlertDoc = {
  /** Lower-cased. */
  email: string;
  partId: string;
  /** The size, for a part sold in sizes. */
  sku?: string;
  /** The part and size in one field, which the waiting list's query matches. */
  sellable: string;
  status: StockAlertStatus;
  /** When the address asked: the place in the line. */
  createdAt: string;
  confirmedAt?: string;
  notifiedAt?: string;
} & DocData;

/** The part, or one size of it, as one key. */
export const sellableKey = (partId: string, sku?: string): string =>
  sku === undefined ? partId : `${partId} ${sku}`;

/** One alert per address and part (size): asking twice finds the same document. */
export const stockAlertId = (email: string, partId: string, sku?: string): string =>
  keyId('stock-alert', email, partId, sku ?? '');

/**
 * A rise of stock, written in the transaction that raised it (restock-events.ts): the stocked
 * document (a part's own, or a size's in `partVariants`) and by how many units.
 */
export const RESTOCKS = 'restocks';

export type RestockDoc = {
  collection: string;
  stockedId: string;
  units: number;
  at: string;
  /**
   * Set instead of a rise when the part or size is no longer sold (deleted, or a size left out
   * of an edit): its alerts are removed, so no address is kept for what will not come back.
   */
  withdrawn?: { partId: string; sku?: string };
} & DocData;
