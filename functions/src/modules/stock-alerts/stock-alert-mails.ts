/** What a back-in-stock alert mails (issue 37 item 3, docs/decisions/100), in Trigger Email's shape. */
import type { Mail, MailValues } from '@sprocket/contract';
import { signStockAlertToken, type StockAlertLinkClaims } from '../../auth/stock-alert-token.js';
import { customerMessage, type MailShop } from '../mail/mail.service.js';

export interface StockAlertMailConfig {
  publicUrl: string;
  tokenSecret: Uint8Array;
}

/** A page of the web app that opens a mailed link, its token after `#` (kept out of logs). */
const linkPage = (
  config: StockAlertMailConfig,
  use: 'confirm' | 'unsubscribe',
  claims: StockAlertLinkClaims,
  now: Date,
) =>
  `${new URL(`/alerts/${use}`, config.publicUrl).href}#token=${signStockAlertToken(config.tokenSecret, use, claims, now)}`;

/** A back-in-stock alert's mails' values (docs/decisions/107): the part and the alert's links. */
export const stockAlertValues = (
  partName: string,
  links: { unsubscribeLink: string } & (
    { subscriberEmail: string; confirmLink: string } | { partLink: string }
  ),
): MailValues => ({ partName, ...links });

/** To a guest's address, before it joins the list (double opt-in). */
export function confirmationMail(
  name: string,
  claims: StockAlertLinkClaims,
  config: StockAlertMailConfig,
  shop: MailShop,
  now: Date,
): Mail['message'] {
  return customerMessage(
    'stock_alert_confirm',
    shop,
    stockAlertValues(name, {
      subscriberEmail: claims.email,
      confirmLink: linkPage(config, 'confirm', claims, now),
      unsubscribeLink: linkPage(config, 'unsubscribe', claims, now),
    }),
  );
}

/** To one address in the line, when a unit came back for it. */
export function backInStockMail(
  name: string,
  partPage: string,
  claims: StockAlertLinkClaims,
  config: StockAlertMailConfig,
  shop: MailShop,
  now: Date,
): Mail['message'] {
  return customerMessage(
    'back_in_stock',
    shop,
    stockAlertValues(name, {
      partLink: partPage,
      unsubscribeLink: linkPage(config, 'unsubscribe', claims, now),
    }),
  );
}
