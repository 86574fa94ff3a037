import type { Cents } from '../money.js';
import type { CancelReason, OrderActor, OrderStatus } from '../orders/order-rules.js';
import type { OrderAmounts } from '../pricing/pricing.js';
import type { ShippingOption } from '../pricing/shipping.js';
import type { PartOption, PartVariant } from '../parts/variants.js';
import type { PartSpecs } from '../parts/specs.js';
import type { PartPicture } from '../parts/part-pictures.js';
import type { ReturnReason, ReturnStatus } from '../orders/return-steps.js';
import type { Merchandising } from '../parts/merchandising.js';

export type { CancelReason, OrderActor, OrderStatus } from '../orders/order-rules.js';

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

/**
 * A part as the catalogue shows it (GET /parts, GET /parts/{id}): the original fields, its
 * category, and the figures of its public reviews.
 */
export interface CataloguePart extends Part, Merchandising {
  category: string;
  /** The mean of its reviews' ratings, to one decimal; null while it has none. */
  averageRating: number | null;
  reviewCount: number;
  /**
   * How the part varies and the variants sold, each with its price and stock (issue 25); both
   * empty for a part sold as one. A part with variants shows its lowest variant price as `price`
   * and their stock together as `quantity`.
   */
  options: PartOption[];
  variants: PartVariant[];
  /** What it fits, by its category's specs (`{ speeds: 12 }`); empty when none are given (067). */
  specs: PartSpecs;
  /** Its pictures in order, the first `img`'s, with alt texts and resized copies (096). */
  images: PartPicture[];
}

/** GET /parts/{id}/related: what a product page offers beside its part (decision 106). */
export interface RelatedParts {
  /** Parts of another kind that share a standard with it (the contract's relatedParts). */
  fits: CataloguePart[];
  /** The rest of its category, its own kind first. */
  related: CataloguePart[];
}

/** One part of an order, copied from the part when the order was placed. */
export type OrderLine = {
  partId: string;
  partName: string;
  img: string;
  /** Unit price in cents at the time of the order. */
  price: Cents;
  quantity: number;
  /** price × quantity, in cents. */
  lineTotal: Cents;
  /** The variant's sku, for a part sold in variants (issue 25). */
  sku?: string;
  /** The variant's values as shown ("700x28c / Black"), copied with the sku. */
  variant?: string;
};

/** The shipping method an order was placed with, as it was then. */
export type OrderShippingMethod = {
  id: string;
  name: string;
  /** What it cost this order (0 when the goods reached its freeOver). */
  price: Cents;
};

/**
 * POST /checkout/quote: what the checkout body would cost, priced by the server as the order
 * would be (the figures the checkout charges). Amounts in minor units of `currency`.
 */
export interface CheckoutQuote extends OrderAmounts {
  lines: OrderLine[];
  itemCount: number;
  /** The shop currency, ISO 4217 ("USD"). */
  currency: string;
  pricesIncludeTax: boolean;
  /** The rate that applies to the address, a percentage (0 without a country). */
  taxRate: number;
  shippingMethod?: OrderShippingMethod;
  discountCode?: string;
  /** Every method that goes to the address, with what it costs for these goods. */
  shippingOptions: ShippingOption[];
}

/** One change of an order's state: what it became, when, and who did it. */
export type TimelineEntry = {
  status: OrderStatus;
  /** ISO time of the change. */
  at: string;
  actor: OrderActor;
  /** Say-so for people: "DHL 00340434161094000000", "not paid in time", "stock returned". */
  note?: string;
  /** A step of a return, which leaves the order's status as it is (docs/decisions/098). */
  returnStep?: ReturnStatus;
};

/** How a shipped order travels. */
export type Shipment = {
  carrier: string;
  trackingNumber: string;
  /** The parcel's page at its carrier ("Track parcel"), when the carrier's address is known. */
  trackingUrl?: string;
  shippedAt: string;
};

/** Units of one order line that a refund covers (`line` is the line's index in `lines`). */
export type RefundedLine = { line: number; quantity: number };

/** Money given back through the payment provider: by an admin here, or in its Dashboard. */
export type OrderRefund = {
  /** The provider's refund id ("re_…"). */
  refundId: string;
  /** In cents: what this refund gave back (the order's total for a refund in full). */
  amount: Cents;
  /** Whether stock went back on the shelf (that of `lines`, or of every line). */
  restocked: boolean;
  refundedAt: string;
  /** The lines it was for, when an admin chose lines; the units whose stock returned. */
  lines?: RefundedLine[];
  /** `admin` through the shop, `gateway` when the provider reported one made elsewhere. */
  by?: 'admin' | 'gateway';
};

/** Whether the order's payment went back in part or in full. */
export type RefundState = 'partial' | 'full';

/** Why the last attempt to pay failed, in the provider's words, while the order is unpaid. */
export type PaymentFailure = {
  message: string;
  /** The provider's codes ("card_declined", "insufficient_funds"). */
  code?: string;
  declineCode?: string;
  at: string;
};

/** The cardholder's dispute of the payment (a chargeback), as the provider reports it. */
export type OrderDispute = {
  disputeId: string;
  amount: Cents;
  /** The provider's reason ("fraudulent", "product_not_received", …). */
  reason: string;
  /** The provider's status: needs_response, under_review, won, lost, … */
  status: string;
  openedAt: string;
  /** Set once the dispute closed; `status` then says how (won, lost, warning_closed). */
  closedAt?: string;
};

/** A line of a return: which line of the order (index in `lines`), how many units, and why. */
export type ReturnLine = {
  line: number;
  /** The line's part, copied from the order. */
  partName: string;
  quantity: number;
  reason: ReturnReason;
  /** The customer's words, '' when none. */
  note: string;
};

/**
 * A return a customer asked for (issue 37 item 2, docs/decisions/098): the lines, and each step
 * the shop took on it.
 */
export type OrderReturn = {
  _id: string;
  orderId: string;
  /** The order's number as its customer reads it. */
  orderNumber: string;
  /** The order's customer, as the order names them. */
  email: string;
  userName: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  /** What the return gives back once received (what was paid for these units), in cents. */
  amount: Cents;
  askedAt: string;
  /** The admin's instructions for sending the parts back. */
  instructions?: string;
  approvedAt?: string;
  /** Why the admin refused it. */
  refusal?: string;
  refusedAt?: string;
  receivedAt?: string;
  /** The refund that gave the money back when the parts arrived. */
  refundId?: string;
};

/** The shop's return rules (GET/PUT /admin/return-settings). */
export interface ReturnSettings {
  /** How many days after delivery a return may be asked. */
  windowDays: number;
}

/**
 * An order: one or more lines and a total computed by the server. The summary fields the original
 * API had (partId, partName, img, price, orderQuantity, totalPrice) are always there, so an
 * original client reads every order: for one line they are that line's; for several, partId and
 * img are the first line's, partName reads "Chain and 2 more", orderQuantity is the number of
 * items, and price is the order's total (docs/decisions/018). Its amounts (OrderAmounts, issue
 * 25) are priced by the contract's priceLines; orders placed before shipping, tax and codes
 * existed read as subtotal = total, the rest 0.
 */
export interface Order extends OrderAmounts {
  _id: string;
  /** The first line's part. */
  partId: string;
  /** Copies taken when the order was placed, so a deleted part's orders still read well. */
  partName: string;
  img: string;
  /** Unit price in cents for a one-line order; the order's total for several lines. */
  price: Cents;
  /** How many items in all the lines. */
  orderQuantity: number;
  /** What the customer pays, in cents (= total): the amount charged, for original clients. */
  totalPrice: Cents;
  lines: OrderLine[];
  /** Whether `tax` is held in the prices (and so in the subtotal) rather than added on. */
  pricesIncludeTax?: boolean;
  /** The rate `tax` was charged at, a percentage. */
  taxRate?: number;
  /** The method chosen at checkout and what it cost for this order. */
  shippingMethod?: OrderShippingMethod;
  /** The discount code the order used (upper case). */
  discountCode?: string;
  /** Where it goes, for tax and shipping: ISO 3166-1 alpha-2, and a region of it. */
  country?: string;
  region?: string;
  /** Every change of state, oldest first; placing the order is the first entry. */
  timeline: TimelineEntry[];
  email: string;
  /**
   * true while a guest's order belongs to no account (docs/decisions/066 and 080); an account
   * at its verified address may claim it with its private link.
   */
  guest?: true;
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
  /** Set when an admin ships the order. */
  shipment?: Shipment;
  /** When an admin marked it delivered. */
  completedAt?: string;
  /** Set when the order is refunded in full: the refund that completed it. */
  refund?: OrderRefund;
  /** Every refund, oldest first. */
  refunds?: OrderRefund[];
  /** In cents: all that went back, never more than totalPrice. */
  refunded?: Cents;
  refundState?: RefundState;
  /** The last failed attempt to pay (the customer can try again). */
  paymentFailure?: PaymentFailure;
  /** Set once the cardholder disputed the payment: the order is flagged. */
  dispute?: OrderDispute;
  /** GET /ordered/{id} only: the returns asked of it, oldest first (docs/decisions/098). */
  returns?: OrderReturn[];
  /** GET /ordered/{id} only, for a delivered order: until when a return may be asked (ISO). */
  returnableUntil?: string;
}

/** A line of the cart: the part as it is now, and whether the wanted quantity can be had. */
export interface CartLine extends OrderLine {
  /** The part's stock right now (the cart reserves none). */
  available: number;
  /** The part's minimum order. */
  minimumOrder: number;
  /** True when quantity is more than is available. */
  exceedsStock: boolean;
  /** Why the line cannot be checked out as it is ("Only 2 available", "Order at least 2"). */
  message?: string;
}

/** A signed-in customer's stored cart (GET /cart and every cart change answer with it). */
export interface Cart {
  lines: CartLine[];
  /** How many items in all the lines (the navigation bar's count). */
  itemCount: number;
  /** The sum of the lines' totals at today's prices, in cents. */
  subtotal: Cents;
  /** True when every line can be checked out as it is. */
  canCheckout: boolean;
}

/** Why the shop wrote a mail. */
export type MailKind =
  | 'order_placed'
  | 'order_paid'
  | 'order_shipped'
  | 'order_cancelled'
  | 'order_refunded'
  | 'order_partly_refunded'
  | 'return_asked'
  | 'return_approved'
  | 'return_refused'
  | 'return_received'
  | 'shop_new_order'
  | 'shop_contact_message'
  | 'shop_refund_failed'
  | 'shop_payment_disputed'
  | 'shop_dispute_closed'
  | 'shop_low_stock'
  | 'shop_return_asked'
  | 'cart_reminder'
  | 'stock_alert_confirm'
  | 'back_in_stock';

/**
 * A mail as the Firebase Trigger Email extension reads it from the `mail` collection (`to`,
 * `replyTo`, `message`); the other fields are the shop's own, for the local Mailbox screen.
 */
export interface Mail {
  _id: string;
  to: string;
  replyTo?: string;
  message: { subject: string; text: string; html: string };
  kind: MailKind;
  /** The order or contact message it is about. */
  about: string;
  createdAt: string;
  /** Written by the extension once it has tried to send it (production only). */
  delivery?: { state: string; error?: string | null };
}

/** A message from the contact form, for the admins' Messages screen. */
export interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  createdAt: string;
  handled: boolean;
  /** When and by which admin it was last marked handled. */
  handledAt?: string;
  handledBy?: string;
}

/** The address book entry the checkout prefills from. */
export interface SavedAddress {
  /** Who receives the parcel. */
  name: string;
  address: string;
  /** A phone number, as the purchase form takes it. */
  number: string;
  /** The country (ISO 3166-1 alpha-2) and region the checkout starts from (issue 25). */
  country?: string;
  region?: string;
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

/** A review as Sprocket answers it: the original fields and what makes it trustworthy. */
export interface CatalogueReview extends Review {
  /** Its author had a paid order containing the part when they wrote or last edited it. */
  verifiedPurchase: boolean;
  /** When the author last changed it. */
  editedAt?: string;
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
  /** Whether the address's owner has opened the verification link: only such a user is promoted. */
  verified?: boolean;
  /** When the account first signed in; answered by the list query (GET /users?…) only. */
  createdAt?: string;
}
