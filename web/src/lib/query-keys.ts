import type {
  AuditQuery,
  CatalogueQuery,
  CheckoutQuoteInput,
  CustomersQuery,
  OrdersListQuery,
  UsersListQuery,
} from '@sprocket/contract';

/**
 * Every TanStack Query key of the app, in one place (docs/conventions.md §3.4): a query and each
 * invalidation of it take the key from here, so they cannot drift apart. The original shop's cache
 * names stay first where they apply (`products`, `singleParts`, `reviews`). A key that starts with
 * another one is invalidated with it: `orders.any()` reaches every orders query below it.
 */

const orders = {
  /** Every orders query: what a change of any order makes stale. */
  any: () => ['orders'] as const,
  /** Manage All Orders: every customer's orders. */
  all: () => [...orders.any(), 'all'] as const,
  /** One page of Manage All Orders' search, filter and sort. */
  allMatching: (query: OrdersListQuery) => [...orders.all(), query] as const,
  /** My Orders: one customer's. */
  mine: (email: string) => [...orders.any(), 'of', email] as const,
  one: (id: string) => [...orders.any(), 'one', id] as const,
};

const parts = {
  /** The catalogue. */
  all: () => ['products'] as const,
  /** One page of the catalogue that matches a query (GET /parts?…). */
  matching: (query: CatalogueQuery) => [...parts.all(), 'matching', query] as const,
  /** One page of every part, hidden categories' too, for Manage Products (GET /admin/parts?…). */
  adminMatching: (query: CatalogueQuery) => [...parts.all(), 'admin', query] as const,
  /** How many parts each filter's option would give with a query (GET /parts/facets?…). */
  facets: (query: CatalogueQuery) => [...parts.all(), 'facets', query] as const,
  /** What the search boxes offer for words as typed (GET /parts/suggest?q=, decision 095). */
  suggestions: (q: string) => [...parts.all(), 'suggestions', q] as const,
  /** What a product page offers beside its part (GET /parts/{id}/related, decision 106). */
  related: (id: string) => [...parts.all(), 'related', id] as const,
  /** Every single part's entry: what a change of stock in many parts makes stale. */
  anyOne: () => ['singleParts'] as const,
  one: (id: string) => [...parts.anyOne(), id] as const,
  /** The parts low on stock (Manage Products' filter); a change of any part's stock reaches it. */
  lowStock: () => [...parts.all(), 'low-stock'] as const,
  /** How many wait for each part's back-in-stock mail (Manage Products); stock changes reach it. */
  stockAlerts: () => [...parts.all(), 'stock-alerts'] as const,
};

const profiles = {
  /** One user's shop profile (My Profile). */
  of: (email: string) => ['profiles', email] as const,
  /** The signed-in customer's saved delivery address, which the checkout starts from. */
  savedAddress: () => ['profiles', 'me', 'address'] as const,
  /** The signed-in customer's saved cards (GET /payment-methods); paying with a new one adds one. */
  savedCards: () => ['profiles', 'me', 'payment-methods'] as const,
  /** The signed-in customer's choices about the shop's mails (cart reminders). */
  preferences: () => ['profiles', 'me', 'preferences'] as const,
};

/**
 * The catalogue's categories (issue 36 item 5, decision 108): a change of any reaches both keys
 * (and the catalogue's lists, which show their names and leave hidden ones out).
 */
const categories = {
  any: () => ['categories'] as const,
  /** The shown ones in the shop's order (GET /categories). */
  shown: () => [...categories.any(), 'shown'] as const,
  /** Every one with its parts, for the admin (GET /admin/categories). */
  all: () => [...categories.any(), 'all'] as const,
};

/** The pages the owner writes (issue 36 item 2): a change of any reaches every key below. */
const shopPages = {
  any: () => ['shop-pages'] as const,
  /** The published ones, as the footer links them (GET /pages). */
  published: () => [...shopPages.any(), 'published'] as const,
  /** One published page (GET /pages/{slug}). */
  one: (slug: string) => [...shopPages.any(), 'one', slug] as const,
  /** Every page, drafts too (the admins' Pages). */
  all: () => [...shopPages.any(), 'all'] as const,
  /** One page as the editor opens it, drafts too. */
  draft: (slug: string) => [...shopPages.any(), 'draft', slug] as const,
};

export const queryKeys = {
  parts,
  categories,
  orders,
  profiles,
  reviews: () => ['reviews'] as const,
  /** One part's reviews (its product page); a change of any review makes it stale. */
  reviewsOf: (partId: string) => ['reviews', 'of', partId] as const,
  /** The Overview's sales figures of a range (GET /admin/sales); payments change them. */
  sales: (range: { days: number } | { from: string; to: string }) =>
    [...orders.any(), 'sales', range] as const,
  /** The home page's Business Summary (GET /stats). */
  stats: () => ['stats'] as const,
  /** Whether this email is an admin, as the server says. */
  admin: (email: string) => ['admin', email] as const,
  /** One page of the customers; under "orders", whose payments and refunds change it. */
  customersMatching: (query: CustomersQuery) => [...orders.any(), 'customers', query] as const,
  /** One page of the audit log. */
  auditMatching: (query: AuditQuery) => ['audit', query] as const,
  /** Make Admin's list of users. */
  users: () => ['users'] as const,
  /** One page of Make Admin's search, role filter and sort. */
  usersMatching: (query: UsersListQuery) => ['users', query] as const,
  /** The payment intent of one order. */
  paymentIntent: (orderId: string) => ['payment-intent', orderId] as const,
  /** The signed-in customer's stored cart. */
  cart: () => ['cart'] as const,
  /** The admins' Mailbox: what the shop wrote. */
  mail: () => ['mail'] as const,
  /** The mails' templates (admins); a save or reset reaches the previews below it. */
  mailTemplates: () => ['mail-templates'] as const,
  /** A template's words with a real order (the latest: order ""). */
  mailTemplatePreview: (kind: string, order: string) =>
    ['mail-templates', 'preview', kind, order] as const,
  /** The admins' Messages: what the contact form received. */
  contactMessages: () => ['contact-messages'] as const,
  /** The shop's shipping methods (GET /shipping-methods). */
  shippingMethods: () => ['shipping-methods'] as const,
  /** What a checkout body would cost (POST /checkout/quote), by the body. */
  checkoutQuote: (body: CheckoutQuoteInput) => ['checkout-quote', body] as const,
  /** The admins' Discount Codes. */
  discounts: () => ['discounts'] as const,
  /** The shop's tax table (admins). */
  tax: () => ['tax'] as const,
  /** The shop's own carriers and their tracking addresses (admins). */
  trackingCarriers: () => ['tracking-carriers'] as const,
  /** The admins' Returns, all or at one step; under "orders", whose returns they are. */
  returns: (status: string) => [...orders.any(), 'returns', status] as const,
  /** The shop's return window (admins). */
  returnSettings: () => ['return-settings'] as const,
  shopPages,
  /** The shop's name, logo, accent and contact details (GET /brand). */
  brand: () => ['brand'] as const,
};

/** Keys of mutations that a screen watches while they run (useMutationState). */
export const mutationKeys = {
  /** A visitor's browser cart joining the account's, after signing in. */
  mergeCart: () => ['cart', 'merge'] as const,
};
