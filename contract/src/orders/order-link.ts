/**
 * A guest order's private link (issue 25 item 7): plain values the storefront's start needs too,
 * kept apart from the checkout's schemas so that no page builds those before it shows a form
 * (docs/decisions/112).
 */

/**
 * The header that carries an order's private link token (the mailed link keeps it after `#`, so
 * it never reaches a server's logs or another site as a referrer).
 */
export const ORDER_TOKEN_HEADER = 'X-Order-Token';

/**
 * The web app's page of one order, which a guest's private link opens: under /checkout, a page
 * the browser renders (never cached, never crawled).
 */
export const ORDER_LINK_ROUTE = '/checkout/order/:id';

/**
 * The private link of an order, on the shop's origin: the token after `#`, which the browser never
 * sends to a server.
 */
export const orderLinkPath = (orderId: string, token: string) =>
  `/checkout/order/${encodeURIComponent(orderId)}#token=${encodeURIComponent(token)}`;
