/**
 * Mails the owner words (issue 37 item 5, docs/decisions/107): for each mail, to a customer or
 * the shop's note to itself (`shop_*`), a subject and a Markdown body with placeholders
 * (`{{customerName}}`), the placeholders each kind may use, with what each one says, and the
 * default texts: the mails as the shop wrote them in code, so a shop that changed nothing mails
 * what it always did. No yup and no Markdown here: the rule that refuses an unknown placeholder
 * is the form's and the API's (schemas/mail-template.ts); the renderer is mail/mail-render.ts.
 */
import type { MailKind } from '../api/entities.js';

/** What each mail is about, in the admin's words (the Mailbox's chips, the templates' list). */
export const mailKindLabel: Record<MailKind, string> = {
  order_placed: 'Order placed',
  order_paid: 'Order paid',
  order_shipped: 'Order shipped',
  order_cancelled: 'Order cancelled',
  order_refunded: 'Order refunded',
  order_partly_refunded: 'Order partly refunded',
  return_asked: 'Return asked',
  return_approved: 'Return approved',
  return_refused: 'Return refused',
  return_received: 'Return received and refunded',
  shop_new_order: 'New order, to the shop',
  shop_contact_message: 'Contact message, to the shop',
  shop_refund_failed: 'Refund failed, to the admins',
  shop_low_stock: 'Low stock, to the admins',
  shop_return_asked: 'Return asked, to the shop',
  shop_payment_disputed: 'Payment disputed, to the admins',
  shop_dispute_closed: 'Dispute closed, to the admins',
  cart_reminder: 'Cart left behind, reminded',
  stock_alert_confirm: 'Back-in-stock alert, to confirm',
  back_in_stock: 'Back in stock, alerted',
};

/**
 * How a placeholder's value shows: words (escaped in the HTML), an address (a link in the HTML,
 * and only these may be a Markdown link's address) or rows (a table, only in the body).
 */
export type PlaceholderShape = 'words' | 'link' | 'rows';

export interface PlaceholderInfo {
  description: string;
  shape: PlaceholderShape;
  /** A paragraph that uses it is left out of a mail that has no value for it. */
  optional?: true;
}

const words = (description: string): PlaceholderInfo => ({ description, shape: 'words' });

/** Every placeholder, with what its value is. */
export const MAIL_PLACEHOLDERS = {
  shopName: words("The shop's name, as set under Brand"),
  shopSignature: words("The shop's name, then its email, phone and address, as set under Brand"),
  customerName: words("The customer's name"),
  orderNumber: words("The order's short number, as its pages show it (the Orders search finds it)"),
  orderTotal: words("The order's total"),
  orderLines: {
    description: "The order's lines, then its subtotal, code, shipping, tax and total: a table",
    shape: 'rows',
  },
  deliveryAddress: words('The address the order is delivered to'),
  phone: words("The customer's phone number, given with the order"),
  orderPageLink: {
    description:
      "A guest's private link to the order's page; left out, with its paragraph, for a customer with an account",
    shape: 'link',
    optional: true,
  },
  payWhere: words('Where the customer pays: “on your order’s page” or “from My Orders”'),
  holdUntil: {
    description: 'Until when the unpaid order holds its parts (date and time, UTC)',
    shape: 'words',
    optional: true,
  },
  carrier: words('The carrier the parcel left with'),
  trackingNumber: words("The parcel's tracking number"),
  trackingLink: {
    description:
      "The carrier's tracking page for the parcel; left out, with its paragraph, where the shop knows none",
    shape: 'link',
    optional: true,
  },
  cancelReason: words(
    'Why the order was cancelled: “You cancelled it.”, “The shop cancelled it.” or that it was not paid in time',
  ),
  refundAmount: words('The amount refunded by this refund'),
  refundedSoFar: words('The amount refunded for the order so far'),
  returnLines: {
    description: 'The parts asked back, each with its reason and the customer’s note: a table',
    shape: 'rows',
  },
  returnAmount: words('What the return gives back once the parts arrive'),
  returnWhere: words(
    'Where the customer follows the return: “on your order’s page” or “under My Orders”',
  ),
  returnInstructions: words('How to send the parts back, as the admin wrote when approving'),
  refusalReason: words('Why the return was refused, as the admin wrote'),
  cartLines: {
    description: 'The parts left in the cart that are in stock: a table',
    shape: 'rows',
  },
  cartLink: { description: 'The link back to the cart', shape: 'link' },
  profileLink: {
    description: 'The link to My Profile, where cart reminders are turned off',
    shape: 'link',
  },
  partName: words("The part's name (and size)"),
  partLink: { description: "The link to the part's page", shape: 'link' },
  subscriberEmail: words('The address that asked for the alert'),
  confirmLink: { description: 'The link that confirms the alert', shape: 'link' },
  unsubscribeLink: { description: 'The link that ends the alert', shape: 'link' },
  customerEmail: words("The customer's email address"),
  returnSummary: words('The parts asked back, on one line: “2 × Chain (Too small)”'),
  senderName: words('The name the visitor gave on the contact form'),
  senderEmail: words('The address the visitor gave, which a reply goes to'),
  contactSubject: words('The subject the visitor gave, or “(no subject)”'),
  contactMessage: words("The visitor's message, as they wrote it"),
  unitsLeft: words('How many units are left, as a number'),
  stockLeft: words('How many units are left, in words: “1 unit”, “3 units”'),
  lowStockThreshold: words("The part's low-stock threshold"),
  paymentAmount: words('The amount of the payment'),
  paymentId: words("The payment's id at the payment provider"),
  orderFate: words('What became of the order: “deleted” or “cancelled”'),
  providerMessage: words('Why the payment provider refused the refund, in its words'),
  disputeAmount: words('The amount the cardholder disputes'),
  disputeReason: words('Why the cardholder disputes it, as the payment provider says'),
  disputeOutcome: words('How the dispute ended: “won”, “lost”, …'),
} as const satisfies Record<string, PlaceholderInfo>;

export type PlaceholderName = keyof typeof MAIL_PLACEHOLDERS;

/** A placeholder's value: words or an address, or a table's rows ("2 × Chain", "$51.98"). */
export type MailValue = string | readonly (readonly [string, string])[];
export type MailValues = Partial<Record<PlaceholderName, MailValue>>;

/** A mail's words as the owner edits them. */
export type MailTemplateText = { subject: string; body: string };

const ORDER: PlaceholderName[] = [
  'customerName',
  'orderNumber',
  'orderTotal',
  'orderLines',
  'deliveryAddress',
  'phone',
  'orderPageLink',
];
const RETURN: PlaceholderName[] = [
  'customerName',
  'orderNumber',
  'returnLines',
  'returnAmount',
  'returnWhere',
  'orderPageLink',
];
const SHOP: PlaceholderName[] = ['shopName', 'shopSignature'];
/** The order's customer, as a note to the shop names them. */
const CUSTOMER: PlaceholderName[] = ['customerName', 'customerEmail', 'orderNumber'];

/** The end of every order mail: where it goes, then who writes. */
const DELIVERY = 'Delivery to: {{deliveryAddress}}, phone {{phone}}';
const SIGNED = '{{shopSignature}}';
/**
 * A guest's link to the order's page, in a paragraph of its own (left out of a customer's mail):
 * signed afresh in each mail, so the shipped mail's works through the return window.
 */
const ORDER_PAGE = "[Your order's page]({{orderPageLink}})";
const BANK_DELAY = 'Depending on your bank it can take 5–10 days to show.';
const body = (...paragraphs: string[]) => paragraphs.join('\n\n');

const DISPUTE: PlaceholderName[] = ['orderNumber', 'customerEmail', 'disputeAmount'];

/** Each mail the owner words: its placeholders and its default words. */
export const MAIL_TEMPLATE_DEFAULTS = {
  order_placed: {
    placeholders: [...SHOP, ...ORDER, 'payWhere', 'holdUntil'],
    subject: '{{shopName}}: we have your order {{orderNumber}}',
    body: body(
      'Hello {{customerName}},',
      'Thank you for your order. We hold the parts for you until {{holdUntil}}; pay for it before then {{payWhere}}.',
      "Your order's page shows its status and lets you pay, without an account. The link is private and works for 30 days: keep it to yourself. Sign up with this address and verify it to see the order under My Orders.\n" +
        ORDER_PAGE,
      '{{orderLines}}',
      DELIVERY,
      SIGNED,
    ),
  },
  order_paid: {
    placeholders: [...SHOP, ...ORDER],
    subject: '{{shopName}}: payment received for order {{orderNumber}}',
    body: body(
      'Hello {{customerName}},',
      'We have received your payment of {{orderTotal}}. We will let you know when your parts are on their way.',
      '{{orderLines}}',
      DELIVERY,
      SIGNED,
    ),
  },
  order_shipped: {
    placeholders: [...SHOP, ...ORDER, 'carrier', 'trackingNumber', 'trackingLink'],
    subject: '{{shopName}}: your order {{orderNumber}} is on its way',
    body: body(
      'Hello {{customerName}},',
      'Your parts left us with {{carrier}}. Tracking number: {{trackingNumber}}.',
      '[Track parcel]({{trackingLink}})',
      ORDER_PAGE,
      '{{orderLines}}',
      DELIVERY,
      SIGNED,
    ),
  },
  order_cancelled: {
    placeholders: [...SHOP, ...ORDER, 'cancelReason'],
    subject: '{{shopName}}: your order {{orderNumber}} was cancelled',
    body: body(
      'Hello {{customerName}},',
      'Your order {{orderNumber}} was cancelled. {{cancelReason}} Nothing was charged.',
      '{{orderLines}}',
      SIGNED,
    ),
  },
  order_refunded: {
    placeholders: [...SHOP, ...ORDER, 'refundAmount'],
    subject: '{{shopName}}: order {{orderNumber}} refunded',
    body: body(
      'Hello {{customerName}},',
      `We have refunded {{refundAmount}} to the card you paid with. ${BANK_DELAY}`,
      '{{orderLines}}',
      SIGNED,
    ),
  },
  order_partly_refunded: {
    placeholders: [...SHOP, ...ORDER, 'refundAmount', 'refundedSoFar'],
    subject: '{{shopName}}: part of order {{orderNumber}} refunded',
    body: body(
      'Hello {{customerName}},',
      `We have refunded {{refundAmount}} to the card you paid with: {{refundedSoFar}} of {{orderTotal}} so far. ${BANK_DELAY}`,
      '{{orderLines}}',
      SIGNED,
    ),
  },
  return_asked: {
    placeholders: [...SHOP, ...RETURN],
    subject: '{{shopName}}: we have your return request for order {{orderNumber}}',
    body: body(
      'Hello {{customerName}},',
      'We have your request to return these parts. We will answer it soon; you can follow it {{returnWhere}}.',
      ORDER_PAGE,
      '{{returnLines}}',
      SIGNED,
    ),
  },
  return_approved: {
    placeholders: [...SHOP, ...RETURN, 'returnInstructions'],
    subject: '{{shopName}}: your return of order {{orderNumber}} is approved',
    body: body(
      'Hello {{customerName}},',
      'Your return is approved. Please send the parts back as follows:\n{{returnInstructions}}\nOnce they arrive, we refund {{returnAmount}} to the card you paid with.',
      ORDER_PAGE,
      '{{returnLines}}',
      SIGNED,
    ),
  },
  return_refused: {
    placeholders: [...SHOP, ...RETURN, 'refusalReason'],
    subject: '{{shopName}}: your return of order {{orderNumber}} was refused',
    body: body(
      'Hello {{customerName}},',
      'We cannot take these parts back: {{refusalReason}}',
      ORDER_PAGE,
      '{{returnLines}}',
      SIGNED,
    ),
  },
  return_received: {
    placeholders: [...SHOP, ...RETURN],
    subject: '{{shopName}}: your return of order {{orderNumber}} arrived',
    body: body(
      'Hello {{customerName}},',
      `The parts you sent back arrived, and we have refunded {{returnAmount}} to the card you paid with. ${BANK_DELAY}`,
      ORDER_PAGE,
      '{{returnLines}}',
      SIGNED,
    ),
  },
  cart_reminder: {
    placeholders: [...SHOP, 'customerName', 'cartLines', 'cartLink', 'profileLink'],
    subject: '{{shopName}}: the parts in your cart are still here',
    body: body(
      'Hello {{customerName}},',
      'You left these parts in your cart, and they are still in stock. Your cart keeps them for you, though it holds no stock: they can sell out.',
      '[Back to your cart]({{cartLink}})',
      '{{cartLines}}',
      'This is the only reminder about this cart. To get none, turn cart reminders off in My Profile: {{profileLink}}',
      SIGNED,
    ),
  },
  stock_alert_confirm: {
    placeholders: [...SHOP, 'partName', 'subscriberEmail', 'confirmLink', 'unsubscribeLink'],
    subject: '{{shopName}}: confirm your alert for {{partName}}',
    body: body(
      'Hello,',
      'We were asked to email {{subscriberEmail}} once {{partName}} is back in stock. Confirm that this is your address, and you are on the list.',
      '[Confirm the alert]({{confirmLink}})',
      'If you did not ask, ignore this mail: without a confirmation we send you nothing more.',
      'To get no mail about it from us, unsubscribe: {{unsubscribeLink}}',
      SIGNED,
    ),
  },
  back_in_stock: {
    placeholders: [...SHOP, 'partName', 'partLink', 'unsubscribeLink'],
    subject: '{{shopName}}: {{partName}} is back in stock',
    body: body(
      'Hello,',
      '{{partName}} is back in stock. We tell those who asked in the order they asked, one for each unit that came back, so it may sell out again soon.',
      '[See the part]({{partLink}})',
      'This is the one mail about this alert. To be told again, ask again on the part’s page.',
      'To get no mail about it from us, unsubscribe: {{unsubscribeLink}}',
      SIGNED,
    ),
  },
  // The shop's notes to itself: read by the owner and the admins, so no signature.
  shop_new_order: {
    placeholders: [...CUSTOMER, 'orderTotal', 'orderLines', 'deliveryAddress', 'phone'],
    subject: 'New order {{orderNumber}}: {{orderTotal}}',
    body: body(
      '{{customerName}} <{{customerEmail}}> placed order {{orderNumber}}. It is unpaid until the payment arrives.',
      '{{orderLines}}',
      DELIVERY,
    ),
  },
  shop_return_asked: {
    placeholders: [...CUSTOMER, 'returnLines', 'returnSummary'],
    subject: 'Return asked for order {{orderNumber}}: {{returnSummary}}',
    body: body(
      '{{customerName}} <{{customerEmail}}> asks to return parts of order {{orderNumber}}. Approve or refuse it under Returns.',
      '{{returnLines}}',
    ),
  },
  shop_contact_message: {
    placeholders: ['senderName', 'senderEmail', 'contactSubject', 'contactMessage'],
    subject: 'Contact form: {{contactSubject}}',
    body: body(
      '{{senderName}} <{{senderEmail}}> wrote:',
      '{{contactMessage}}',
      'Reply to this mail to answer them; mark the message handled under Messages.',
    ),
  },
  shop_low_stock: {
    placeholders: ['partName', 'unitsLeft', 'stockLeft', 'lowStockThreshold'],
    subject: 'Low stock: {{partName}} ({{unitsLeft}} left)',
    body: body(
      '{{partName}} is down to {{stockLeft}}, at or below its low-stock threshold of {{lowStockThreshold}}.',
      'Add stock from Manage Products. You will not be mailed again about it until it has been restocked above the threshold.',
    ),
  },
  shop_refund_failed: {
    placeholders: ['orderNumber', 'paymentAmount', 'paymentId', 'orderFate', 'providerMessage'],
    subject: 'Refund needed: {{paymentAmount}} for order {{orderNumber}}',
    body: body(
      'A payment of {{paymentAmount}} ({{paymentId}}) arrived for order {{orderNumber}}, which was {{orderFate}}. The automatic refund was refused by the payment provider:',
      '{{providerMessage}}',
      'Refund it from the payment provider’s dashboard, or tell the customer what happens next.',
    ),
  },
  shop_payment_disputed: {
    placeholders: [...DISPUTE, 'disputeReason'],
    subject: 'Payment disputed: {{disputeAmount}} for order {{orderNumber}}',
    body: body(
      'The cardholder disputed the payment of {{disputeAmount}} for order {{orderNumber}} ({{customerEmail}}). Reason: {{disputeReason}}.',
      'Answer it with evidence from the payment provider’s dashboard before its deadline; the order page shows the dispute.',
    ),
  },
  shop_dispute_closed: {
    placeholders: [...DISPUTE, 'disputeOutcome'],
    subject: 'Dispute {{disputeOutcome}}: order {{orderNumber}}',
    body: 'The dispute of the payment for order {{orderNumber}} ({{disputeAmount}}) has closed: {{disputeOutcome}}.',
  },
} as const satisfies Partial<
  Record<MailKind, MailTemplateText & { placeholders: readonly PlaceholderName[] }>
>;

/** The mails the owner words: every mail the shop writes. */
export type TemplatedMailKind = keyof typeof MAIL_TEMPLATE_DEFAULTS;
export const TEMPLATED_MAIL_KINDS = Object.keys(MAIL_TEMPLATE_DEFAULTS) as TemplatedMailKind[];

export const isTemplatedMailKind = (kind: string): kind is TemplatedMailKind =>
  Object.hasOwn(MAIL_TEMPLATE_DEFAULTS, kind);

/** Whom a mail goes to: a customer, or the shop itself (its address or its admins). */
export const mailAudience = (kind: MailKind): 'customer' | 'shop' =>
  kind.startsWith('shop_') ? 'shop' : 'customer';

export const defaultMailTemplate = (kind: TemplatedMailKind): MailTemplateText => ({
  subject: MAIL_TEMPLATE_DEFAULTS[kind].subject,
  body: MAIL_TEMPLATE_DEFAULTS[kind].body,
});

/** A placeholder as written: `{{name}}`, spaces inside the braces allowed. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text uses, in order, each once. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? '')),
];

export const MAIL_SUBJECT_MAX = 200;
/** Well inside the API's 64 KiB JSON body, even at 4 bytes a character. */
export const MAIL_BODY_MAX = 10_000;

/**
 * Why a subject or body cannot be this mail's, naming the placeholder and what the mail can use
 * instead, or null when every placeholder is the mail's (and no table is in the subject).
 */
export function mailTemplateProblem(
  kind: TemplatedMailKind,
  field: keyof MailTemplateText,
  text: string,
): string | null {
  const allowed: readonly string[] = MAIL_TEMPLATE_DEFAULTS[kind].placeholders;
  for (const name of placeholdersIn(text)) {
    if (!allowed.includes(name)) {
      const list = allowed.map((each) => `{{${each}}}`).join(', ');
      return `Unknown placeholder {{${name}}}: this mail can use ${list}`;
    }
    if (field === 'subject' && MAIL_PLACEHOLDERS[name as PlaceholderName].shape === 'rows') {
      return `{{${name}}} is a table: it can be in the body, not in the subject`;
    }
  }
  return null;
}

/** A kind's template as the dashboard lists it (GET /admin/mail-templates). */
export interface MailTemplate extends MailTemplateText {
  kind: TemplatedMailKind;
  /** True when the owner's words replace the default. */
  custom: boolean;
  /** When the owner last saved it (custom only). */
  savedAt?: string;
  default: MailTemplateText;
  placeholders: { name: PlaceholderName; description: string }[];
}

/** GET /admin/mail-templates/{kind}/preview: the saved template rendered with a real order. */
export interface MailTemplatePreview {
  /** The order the values come from; the contact message's mail has none. */
  orderNumber?: string;
  /**
   * The contact message's mail: the latest message the values come from, or absent when the
   * shop has none yet and a sample stands in.
   */
  contactMessageId?: string;
  to: string;
  /** Each placeholder's value for that order, so a draft is previewed without a round trip. */
  values: MailValues;
  message: { subject: string; text: string; html: string };
}
