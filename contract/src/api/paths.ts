/** Paths of the HTTP API, relative to its base (`/api`). */
import { catalogueSearch, type CatalogueQuery } from './catalogue.js';
import { partSuggestionsSearch } from './part-suggestions.js';
import { salesSearch } from './sales.js';

export const API_BASE = '/api';

const enc = encodeURIComponent;

/** The keys of an order selection (All Orders' filters), in the order a query string names them. */
export const ORDERS_SELECTION_KEYS = ['email', 'q', 'status', 'from', 'to'] as const;
type OrdersSelectionKey = (typeof ORDERS_SELECTION_KEYS)[number];

/** `?a=1&b=2` of the keys given a value, in `keys`' order; "" when none is. */
function querySearch<K extends string>(
  query: Partial<Record<K, string | number | undefined>>,
  keys: readonly K[],
): string {
  const pairs = keys.flatMap((key) => {
    const value = query[key];
    return value === undefined || value === '' ? [] : [`${key}=${enc(String(value))}`];
  });
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

export const apiPaths = {
  parts: () => '/parts',
  /** GET: one page of the catalogue that matches the query (total in X-Total-Count). */
  partsMatching: (query: CatalogueQuery) => `/parts${catalogueSearch(query)}`,
  /** GET: how many parts each filter's option would give (CatalogueFacets, decision 089). */
  partFacets: (query: CatalogueQuery) => `/parts/facets${catalogueSearch(query)}`,
  /** GET: what the search boxes offer while typing, and Did you mean (PartSuggestions, decision 095). */
  partSuggestions: (q: string) => `/parts/suggest${partSuggestionsSearch(q)}`,
  part: (id: string) => `/parts/${enc(id)}`,
  /** GET (admin): a page of every part, those of hidden categories too, as partsMatching answers. */
  adminPartsMatching: (query: CatalogueQuery) => `/admin/parts${catalogueSearch(query)}`,
  /** GET: the parts that fit it and related parts, for its product page (RelatedParts, decision 106). */
  relatedParts: (id: string) => `/parts/${enc(id)}/related`,
  /** GET (anyone): the Google Merchant Center feed, RSS 2.0 (also at the shop's /feeds/google.xml). */
  googleFeed: () => '/feeds/google.xml',
  /** POST (anyone, rate-limited): a product page was viewed. */
  partViews: (id: string) => `/parts/${enc(id)}/views`,
  /**
   * POST `{ email?, sku? }` (anyone): one mail when the sold-out part (size) is back; a guest's
   * address first confirms through a mailed link (StockAlertAnswer, decision 100).
   */
  partAlerts: (id: string) => `/parts/${enc(id)}/alerts`,
  /** POST `{ token }` (anyone): the confirmation link of a guest's back-in-stock alert. */
  confirmStockAlert: () => '/alerts/confirm',
  /** POST `{ token }` (anyone): a back-in-stock mail's unsubscribe link. */
  unsubscribeStockAlert: () => '/alerts/unsubscribe',
  /** GET (admin): how many addresses wait for each part (StockAlertCount[]). */
  adminStockAlerts: () => '/admin/stock-alerts',
  /** POST (admin): the image file as the body; answers `{ url }`. */
  partImages: () => '/parts/images',
  /** GET: an uploaded file, where the shop serves its uploads itself (locally). */
  file: (name: string) => `/files/${enc(name)}`,
  /** GET (anyone): the Business Summary. */
  stats: () => '/stats',
  orders: () => '/ordered',
  ordersOf: (email: string) => `/ordered?email=${enc(email)}`,
  order: (id: string) => `/ordered/${enc(id)}`,
  /** POST: the owner (unpaid) or an admin cancels; the stock returns. */
  cancelOrder: (id: string) => `/ordered/${enc(id)}/cancel`,
  /** POST `{ orderToken }`: a verified account at a guest order's address makes it its own. */
  claimOrder: (id: string) => `/ordered/${enc(id)}/claim`,
  /** POST `{ carrier, trackingNumber }`: an admin ships an order in processing. */
  shipOrder: (id: string) => `/ordered/${enc(id)}/ship`,
  /** POST: an admin marks a shipped order delivered. */
  markOrderDelivered: (id: string) => `/ordered/${enc(id)}/delivered`,
  /** POST `{ restock }`: an admin refunds a paid order through the payment provider. */
  refundOrder: (id: string) => `/ordered/${enc(id)}/refund`,
  /**
   * POST `{ lines: [{ line, quantity, reason, note }] }` (the order's customer, or its private
   * link): asks to return lines of a delivered order within the shop's return window.
   */
  orderReturns: (id: string) => `/ordered/${enc(id)}/returns`,
  /** GET (admin): the returns, newest first, all or at one step (`asked`, `approved`, …). */
  adminReturns: (status?: string) => `/admin/returns${querySearch({ status }, ['status'])}`,
  /** POST `{ instructions }` (admin): the customer may send the parts back. */
  approveReturn: (id: string) => `/admin/returns/${enc(id)}/approve`,
  /** POST `{ reason }` (admin): the return is refused. */
  refuseReturn: (id: string) => `/admin/returns/${enc(id)}/refuse`,
  /** POST (admin): the parts arrived; their stock returns and what was paid for them is refunded. */
  receiveReturn: (id: string) => `/admin/returns/${enc(id)}/receive`,
  /** GET, PUT (admin): `{ windowDays }`, how long after delivery a return may be asked. */
  adminReturnSettings: () => '/admin/return-settings',
  /** POST `{ items, address, number, saveAddress? }`: one order of several lines. */
  checkout: () => '/checkout',
  /** POST (anyone): the checkout's body priced as the order would be (CheckoutQuote). */
  checkoutQuote: () => '/checkout/quote',
  /** GET (anyone): the shop's shipping methods. */
  shippingMethods: () => '/shipping-methods',
  /** PUT (admin): the whole list of shipping methods. */
  adminShippingMethods: () => '/admin/shipping-methods',
  /** GET, PUT (admin): `{ pricesIncludeTax, rates }`. */
  adminTax: () => '/admin/tax',
  /** GET, PUT (admin): `{ carriers: [{ name, urlTemplate }] }`, the shop's own carriers. */
  adminTrackingCarriers: () => '/admin/tracking-carriers',
  /** GET (admin): every discount code with its uses; POST: a new code. */
  adminDiscounts: () => '/admin/discounts',
  /** DELETE (admin): the code. */
  adminDiscount: (code: string) => `/admin/discounts/${enc(code)}`,
  /** GET (anyone): the published pages the owner wrote, for the footer (ShopPageSummary[]). */
  pages: () => '/pages',
  /** GET (anyone): one published page with its HTML (ShopPage). */
  page: (slug: string) => `/pages/${enc(slug)}`,
  /** GET (admin): every page, drafts too; POST: a new page. */
  adminPages: () => '/admin/pages',
  /** GET, PUT, DELETE (admin): one page, by its address. */
  adminPage: (slug: string) => `/admin/pages/${enc(slug)}`,
  /** GET (anyone): the shop's name, logo, accent colour, contact details and social links. */
  brand: () => '/brand',
  /** GET (anyone): the web app manifest, made from the brand. */
  brandManifest: () => '/brand/manifest.webmanifest',
  /** GET (anyone): a redirect to the logo's square icon of that size, or to the default icon. */
  brandIcon: (size: number) => `/brand/icons/${size}`,
  /** PUT (admin): the brand settings (BrandSettings). */
  adminBrand: () => '/admin/brand',
  /** POST (admin): the logo's file as the body; answers its copy and icons (BrandLogo). */
  adminBrandLogo: () => '/admin/brand/logo',
  /** GET (admin): each customer mail's template, custom or default (MailTemplate[]). */
  adminMailTemplates: () => '/admin/mail-templates',
  /** PUT (admin) `{ subject, body }`: the owner's words; DELETE: back to the default. */
  adminMailTemplate: (kind: string) => `/admin/mail-templates/${enc(kind)}`,
  /** GET (admin): the saved template with a real order, the latest or `order` (MailTemplatePreview). */
  adminMailTemplatePreview: (kind: string, order?: string) =>
    `/admin/mail-templates/${enc(kind)}/preview${querySearch({ order }, ['order'])}`,
  /** GET (anyone): the shown categories, in the shop's order, each with its specs (Category[]). */
  categories: () => '/categories',
  /** GET (admin): every category, hidden ones too, with its parts (AdminCategory[]); POST: a new one. */
  adminCategories: () => '/admin/categories',
  /** PATCH (admin): a category's name, specs or `hidden`; DELETE: one without parts. */
  adminCategory: (id: string) => `/admin/categories/${enc(id)}`,
  /** PUT `{ ids }` (admin): every category's id, in the new order. */
  adminCategoryOrder: () => '/admin/categories/order',
  /** GET: the caller's stored cart. */
  cart: () => '/cart',
  /** PUT `{ quantity }` sets a line, DELETE removes it. */
  cartItem: (partId: string) => `/cart/items/${enc(partId)}`,
  /** POST `{ items }`: the visitor's browser cart, merged at sign-in. */
  mergeCart: () => '/cart/merge',
  /** GET, PUT `{ name, address, number }`: the caller's address book entry. */
  savedAddress: () => '/profiles/me/address',
  /** GET, PUT `{ cartReminders }`: the caller's choices about the shop's mails. */
  preferences: () => '/profiles/me/preferences',
  /** GET (admin): the mail the shop wrote, newest first. */
  mail: () => '/mail',
  /** POST (anyone): the contact form. */
  contact: () => '/contact',
  /** GET (admin): the contact form's messages, newest first. */
  contactMessages: () => '/contact-messages',
  /** PATCH `{ handled }` (admin). */
  contactMessage: (id: string) => `/contact-messages/${enc(id)}`,
  createPaymentIntent: () => '/create-payment-intent',
  paymentsWebhook: () => '/payments/webhook',
  simulatedConfirm: () => '/payments/simulated/confirm',
  /** POST `{ clientSecret, outcome }`: the simulated 3-D Secure page's answer. */
  simulatedAuthenticate: () => '/payments/simulated/authenticate',
  /** GET (signed in): the caller's saved cards. */
  paymentMethods: () => '/payment-methods',
  /** DELETE (signed in): removes one of the caller's saved cards. */
  paymentMethod: (id: string) => `/payment-methods/${enc(id)}`,
  reviews: () => '/reviews',
  /** GET (anyone): the reviews of one part. */
  reviewsOf: (partId: string) => `/reviews?partId=${enc(partId)}`,
  /** PATCH `{ review?, rating? }` (the author); DELETE (the author, or an admin with `{ reason }`). */
  review: (id: string) => `/reviews/${enc(id)}`,
  profiles: () => '/profiles',
  profileOf: (email: string) => `/profiles?email=${enc(email)}`,
  adminStatus: (email: string) => `/admin/${enc(email)}`,
  /** GET (admin): every part as CSV (PARTS_CSV_COLUMNS), prices as decimals. */
  partsCsv: () => '/admin/parts.csv',
  /** POST (admin): a parts CSV as the body adds and updates parts; a dry run only says what. */
  importParts: (dryRun = false) => `/admin/parts/import${dryRun ? '?dryRun=true' : ''}`,
  /**
   * GET (admin): every order line as CSV with the order's amounts, of the orders All Orders
   * selects (`email`, `q`, `status`, days `from` to `to`), oldest first.
   */
  ordersCsv: (selection: Partial<Record<OrdersSelectionKey, string>> = {}) =>
    `/admin/orders.csv${querySearch(selection, ORDERS_SELECTION_KEYS)}`,
  /** GET (admin): the audit log, newest first, filtered by `by` (email), `kind` and days. */
  adminAudit: (
    query: Partial<
      Record<'q' | 'by' | 'kind' | 'from' | 'to' | 'page' | 'pageSize', string | number>
    > = {},
  ) => `/admin/audit${querySearch(query, ['q', 'by', 'kind', 'from', 'to', 'page', 'pageSize'])}`,
  /** GET (admin): the customers with their orders, total spent and last order. */
  adminCustomers: (
    query: Partial<Record<'q' | 'sort' | 'page' | 'pageSize', string | number>> = {},
  ) => `/admin/customers${querySearch(query, ['q', 'sort', 'page', 'pageSize'])}`,
  /** GET (admin): the Overview's sales figures, `?from=&to=` days or `?days=N` (SalesReport). */
  adminSales: (query: { from?: string; to?: string; days?: number } = {}) =>
    `/admin/sales${salesSearch(query)}`,
  /** GET (admin): the parts and variants at or below their low-stock threshold (LowStockItem[]). */
  adminLowStock: () => '/admin/low-stock',
  /** POST (admin): the daily totals counted afresh from every order (the one-off backfill). */
  rebuildSales: () => '/admin/sales/rebuild',
  users: () => '/users',
  promote: (email: string) => `/user/admin/${enc(email)}`,
  token: (email: string) => `/user/${enc(email)}`,
} as const;
