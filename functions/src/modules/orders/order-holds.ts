/**
 * Whose unpaid orders a new order is counted with (issue 21, docs/decisions/045 and 080): one
 * document per holder lists the orders that may still be unpaid, read by id in the order's
 * transaction, never by a query (decision 035). A holder is whoever placed the orders: an account
 * by its uid, or a guest by the mailbox they typed and by their network address, each counted
 * among guests only, so that a guest order never counts against an account whose address a
 * stranger typed.
 */
import { mailboxOf } from '@sprocket/contract';
import { keyId } from '../../store/ids.js';
import type { DocData } from '../../store/port.js';

export const ORDER_HOLDS = 'orderHolds';

/**
 * Guests from one network address hold at most this many times the unpaid orders one customer
 * may: generous, as a household or an office shares one address (as decision 045's units).
 */
export const GUEST_ADDRESS_HOLDS_FACTOR = 10;

export interface OrderHoldsDoc extends DocData {
  /** `account:{uid}`, `guest:{mailbox}` or `guest-address:{network address}`. */
  holder: string;
  orderIds: string[];
}

/** One holder of unpaid orders, and how many it may hold. */
export interface Holder {
  holder: string;
  max: number;
  /** Counted among guests: an order claimed since is an account's, no longer theirs. */
  guests: boolean;
}

export const orderHoldsId = (holder: string) => keyId('order-holds', holder);

/** An account's holder: its uid, whatever its address. */
export const accountHolderOf = (uid: string) => `account:${uid}`;

export const accountHolder = (uid: string, maxUnpaidOrders: number): Holder => ({
  holder: accountHolderOf(uid),
  max: maxUnpaidOrders,
  guests: false,
});

/** A guest's holders: the mailbox they typed, then their network address. */
export const guestHolders = (
  guest: { email: string; networkAddress: string },
  maxUnpaidOrders: number,
): Holder[] => [
  { holder: `guest:${mailboxOf(guest.email)}`, max: maxUnpaidOrders, guests: true },
  {
    holder: `guest-address:${guest.networkAddress}`,
    max: GUEST_ADDRESS_HOLDS_FACTOR * maxUnpaidOrders,
    guests: true,
  },
];
