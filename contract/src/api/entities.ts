import type { Cents } from '../money.js';
import type { CancelReason, OrderStatus } from '../orders/order-rules.js';

export type { CancelReason, OrderStatus } from '../orders/order-rules.js';

export interface Part {
  _id: string;
  productName: string;
  /** An image URL or a path served by the shop ("/parts/chain.svg"). */
  img: string;
  /** Minimum order quantity. */
  order: number;
  /** Available stock. */
  quantity: number;
  /** Unit price in cents. */
  price: Cents;
  description: string;
}

export interface Order {
  _id: string;
  partId: string;
  /** Copies taken when the order was placed, so a deleted part's orders still read well. */
  partName: string;
  img: string;
  /** Unit price in cents at the time of the order. */
  price: Cents;
  orderQuantity: number;
  /** price × orderQuantity, in cents. */
  totalPrice: Cents;
  email: string;
  userName: string;
  address: string;
  number: string;
  paid: boolean;
  status: OrderStatus;
  transactionId?: string;
  /** When the payment provider confirmed the payment. */
  paidAt?: string;
  deliveredText?: string;
  createdAt: string;
  /** An unpaid order holds its stock until then; afterwards it is cancelled. */
  expiresAt?: string;
  cancelledAt?: string;
  cancelReason?: CancelReason;
}

/** A public review: it never carries the reviewer's email address. */
export interface Review {
  _id: string;
  partId: string;
  productName: string;
  img: string;
  /** The reviewer's display name, or "Verified customer". */
  name: string;
  review: string;
  rating: number;
  createdAt: string;
}

export interface Profile {
  email: string;
  displayName: string;
  photoURL: string;
  degree: string;
  cgpa: string;
  address: string;
  number: string;
  linkedin: string;
}

/** What an admin sees of an account in Make Admin. */
export interface User {
  _id: string;
  email: string;
  role?: 'admin';
}
