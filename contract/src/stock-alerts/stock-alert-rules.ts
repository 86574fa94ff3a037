/**
 * Back in stock (issue 37 item 3, docs/decisions/100): the limits and words both sides use, without
 * yup, so the product page can show them.
 */

/** The most parts one address may ask to be told about in an hour. */
export const STOCK_ALERT_PARTS_PER_HOUR = 20;

export const stockAlertTexts = {
  /** The product page's button where "Sold out" shows. */
  ask: "Email me when it's back",
  tooMany: `One address can ask about at most ${STOCK_ALERT_PARTS_PER_HOUR} parts an hour`,
  inStock: 'This part is in stock: order it now',
  sizeInStock: 'This size is in stock: order it now',
  emailNeeded: 'Enter the email address to tell',
  gone: 'This alert no longer exists: ask again on the part’s page',
  badLink: 'This link is not valid or has expired',
} as const;

/**
 * What the product page is told: `waiting` when the address is on the list (a verified account's
 * at once, or a guest's once confirmed), `confirm` when a confirmation link was mailed first.
 */
export type StockAlertState = 'waiting' | 'confirm';

/** POST /parts/{id}/alerts's answer (201 the first time, 200 when the address already asked). */
export interface StockAlertAnswer {
  state: StockAlertState;
  email: string;
}

/** POST /alerts/confirm and /alerts/unsubscribe's answer: what the link was about. */
export interface StockAlertLinkAnswer {
  partId: string;
  /** The size, for a part sold in sizes. */
  sku?: string;
  /** As the shop names it: "Road tyre (700x28c)". */
  partName: string;
  email: string;
}

/** GET /admin/stock-alerts: how many confirmed addresses wait for each part (all its sizes). */
export interface StockAlertCount {
  partId: string;
  waiting: number;
}
