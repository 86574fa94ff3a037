/**
 * The private links of guests' orders (docs/decisions/066) this tab holds: the token a guest's
 * checkout answered, or the one after `#token=` in the mailed link. Kept in sessionStorage by
 * order id, so a reload of the order's page or of the checkout still opens the order, and sent as
 * X-Order-Token on the calls of that order's page and payment only (lib/api-client.ts).
 */
const KEY = 'sprocket.orderLinks';

interface Links {
  /** Order id → token. */
  orders: Record<string, string>;
  /** A payment intent's client secret → its order's id (the card confirm names only the secret). */
  secrets: Record<string, string>;
}

function read(): Links {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (stored && typeof stored === 'object' && 'orders' in stored && 'secrets' in stored) {
      return stored as Links;
    }
  } catch {
    // No storage (a page rendered on the server) or something else in it: no links.
  }
  return { orders: {}, secrets: {} };
}

function write(links: Links) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(links));
  } catch {
    // Storage full or refused: the link works for this page's calls only.
  }
}

export function rememberOrderLink(orderId: string, token: string) {
  const links = read();
  write({ ...links, orders: { ...links.orders, [orderId]: token } });
}

/** The private link's token of an order, if this tab holds one. */
export const orderLinkOf = (orderId: string): string | undefined => read().orders[orderId];

/** Notes which order a client secret pays, when this tab holds that order's link. */
export function rememberIntentOf(orderId: string, clientSecret: string) {
  const links = read();
  if (!links.orders[orderId]) return;
  write({ ...links, secrets: { ...links.secrets, [clientSecret]: orderId } });
}

/** The link's token of the order a client secret pays, if this tab holds it. */
export function orderLinkOfSecret(clientSecret: string): string | undefined {
  const links = read();
  const orderId = links.secrets[clientSecret];
  return orderId === undefined ? undefined : links.orders[orderId];
}

/** The token of a mailed link's address fragment (`#token=…`), if it has one. */
export function tokenOfFragment(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token ? token : undefined;
}
