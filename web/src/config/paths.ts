/** Every route of the app (docs/product.md §2.1). Links are built with getHref, never by hand. */

const enc = encodeURIComponent;

/** What Buy Now chose of a part: its variant, and how many. */
export interface PurchaseChoice {
  sku?: string;
  quantity?: number;
}

/** The purchase page's query: `/purchase/{id}?sku=TYRE-28&quantity=2`. */
export const PURCHASE_PARAMS = { sku: 'sku', quantity: 'quantity' } as const;

/**
 * The choice a purchase page's address names; a quantity that is not a whole number from 1 is
 * left out (the page then starts at the minimum order).
 */
export function purchaseChoiceIn(search: string | URLSearchParams): PurchaseChoice {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const sku = params.get(PURCHASE_PARAMS.sku) || undefined;
  const text = params.get(PURCHASE_PARAMS.quantity) ?? '';
  const quantity = /^[1-9]\d{0,5}$/.test(text) ? Number(text) : undefined;
  return { ...(sku && { sku }), ...(quantity !== undefined && { quantity }) };
}

/** The checkout's query naming the placed order it pays: `/checkout?order={id}`. */
export const CHECKOUT_ORDER_PARAM = 'order';

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  blogs: { path: '/blogs', getHref: () => '/blogs' },
  /** All Parts; its search, filters, sort and page are in the query string (catalogueSearch). */
  parts: { path: '/parts', getHref: (search = '') => `/parts${search}` },
  /** A product page: one part with its reviews; `sku` opens it on that size. */
  part: {
    path: '/parts/:id',
    getHref: (id: string, sku?: string) =>
      `/parts/${enc(id)}${sku ? `?${PURCHASE_PARAMS.sku}=${enc(sku)}` : ''}`,
  },
  reviews: { path: '/reviews', getHref: () => '/reviews' },
  /** A page the owner wrote: Terms, Privacy, Shipping, Returns, About (issue 36 item 2). */
  shopPage: { path: '/pages/:slug', getHref: (slug: string) => `/pages/${enc(slug)}` },
  /**
   * The purchase page of a part: `sku` the variant chosen, `quantity` how many when the shopper
   * chose other than the minimum order (Buy Now, docs/decisions/085).
   */
  purchase: {
    path: '/purchase/:id',
    getHref: (id: string, choice: PurchaseChoice = {}) => {
      const search = new URLSearchParams();
      if (choice.sku) search.set(PURCHASE_PARAMS.sku, choice.sku);
      if (choice.quantity !== undefined)
        search.set(PURCHASE_PARAMS.quantity, String(choice.quantity));
      const text = search.toString();
      return `/purchase/${enc(id)}${text ? `?${text}` : ''}`;
    },
  },
  cart: { path: '/cart', getHref: () => '/cart' },
  /**
   * The checkout; with `orderId`, the order placed from it (or from the purchase page) waiting to
   * be paid there (`?order=`, docs/decisions/087).
   */
  checkout: {
    path: '/checkout',
    getHref: (orderId?: string) =>
      orderId === undefined ? '/checkout' : `/checkout?${CHECKOUT_ORDER_PARAM}=${enc(orderId)}`,
  },
  /** After a checkout's payment: the order number, its lines and what happens next. */
  orderConfirmation: {
    path: '/checkout/:id/done',
    getHref: (orderId: string) => `/checkout/${enc(orderId)}/done`,
  },
  /**
   * One order's page for the holder of its private link (a guest's, docs/decisions/066): the
   * mailed link adds `#token=…`, which the page keeps for this tab (lib/order-links.ts).
   */
  orderLink: {
    path: '/checkout/order/:id',
    getHref: (orderId: string) => `/checkout/order/${enc(orderId)}`,
  },
  /**
   * A back-in-stock alert's mailed links (docs/decisions/100): the confirmation of a guest's
   * address and the unsubscribe link, each with `#token=…`, which the page posts to the API.
   */
  stockAlertConfirm: { path: '/alerts/confirm', getHref: () => '/alerts/confirm' },
  stockAlertUnsubscribe: { path: '/alerts/unsubscribe', getHref: () => '/alerts/unsubscribe' },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  dashboard: {
    /** The dashboard: My Profile for a customer, the Overview for an admin (issue 36 item 7). */
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    /** My Profile for an admin, whose dashboard opens on the Overview. */
    profile: { path: '/dashboard/profile', getHref: () => '/dashboard/profile' },
    myOrders: { path: '/dashboard/myOrder', getHref: () => '/dashboard/myOrder' },
    myReview: { path: '/dashboard/myReview', getHref: () => '/dashboard/myReview' },
    payment: {
      path: '/dashboard/payment/:id',
      getHref: (orderId: string) => `/dashboard/payment/${enc(orderId)}`,
    },
    /** Manage All Orders; its filters are in the query string (`?customer=` one customer's). */
    orders: { path: '/dashboard/orders', getHref: (search = '') => `/dashboard/orders${search}` },
    /** The customers with their orders, total spent and last order (issue 27). */
    customers: { path: '/dashboard/customers', getHref: () => '/dashboard/customers' },
    /** Every admin action: who, when, what, before and after (issue 27). */
    auditLog: { path: '/dashboard/audit', getHref: () => '/dashboard/audit' },
    /** One order with its lines and timeline: its customer's, or any for an admin. */
    order: {
      path: '/dashboard/orders/:id',
      getHref: (orderId: string) => `/dashboard/orders/${enc(orderId)}`,
    },
    mailbox: { path: '/dashboard/mailbox', getHref: () => '/dashboard/mailbox' },
    /** Every mail in the owner's words, previewed with a real order (decision 107). */
    mailTemplates: {
      path: '/dashboard/mail-templates',
      getHref: () => '/dashboard/mail-templates',
    },
    messages: { path: '/dashboard/messages', getHref: () => '/dashboard/messages' },
    discounts: { path: '/dashboard/discounts', getHref: () => '/dashboard/discounts' },
    shippingTax: { path: '/dashboard/shipping-tax', getHref: () => '/dashboard/shipping-tax' },
    /** The admins' Returns, all or at one step (`?status=asked`, decision 098). */
    returns: {
      path: '/dashboard/returns',
      getHref: (status?: string) => `/dashboard/returns${status ? `?status=${enc(status)}` : ''}`,
    },
    /** The pages the owner writes: list, add, edit with a preview, remove (issue 36 item 2). */
    pages: { path: '/dashboard/pages', getHref: () => '/dashboard/pages' },
    /** The catalogue's categories: add, rename, reorder, hide, choose specs (issue 36 item 5). */
    categories: { path: '/dashboard/categories', getHref: () => '/dashboard/categories' },
    /** The shop's name, logo, accent colour and contact details (issue 36 item 1). */
    brand: { path: '/dashboard/brand', getHref: () => '/dashboard/brand' },
    addProducts: { path: '/dashboard/addProducts', getHref: () => '/dashboard/addProducts' },
    users: { path: '/dashboard/users', getHref: () => '/dashboard/users' },
    manageProducts: {
      path: '/dashboard/manageProducts',
      /** `low`: only the parts at or below their low-stock threshold. */
      getHref: (stock?: 'low') => `/dashboard/manageProducts${stock ? `?stock=${stock}` : ''}`,
    },
    /** The admin's sales at a glance (issue 27): `?days=N` or `?from=&to=`. */
    overview: { path: '/dashboard/overview', getHref: () => '/dashboard/overview' },
  },
} as const;

/** True for /dashboard and everything under it (the navbar shows the sidebar toggle there). */
export const isDashboardPath = (pathname: string) =>
  pathname === paths.dashboard.root.path || pathname.startsWith(`${paths.dashboard.root.path}/`);
