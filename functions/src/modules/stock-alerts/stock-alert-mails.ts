/** What a back-in-stock alert mails (issue 37 item 3, docs/decisions/100), in Trigger Email's shape. */
import { signStockAlertToken, type StockAlertLinkClaims } from '../../auth/stock-alert-token.js';
import { shopSignature, type MailContent, type MailShop } from '../mail/mail.service.js';

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

const unsubscribeLine = (config: StockAlertMailConfig, claims: StockAlertLinkClaims, now: Date) =>
  `To get no mail about it from us, unsubscribe: ${linkPage(config, 'unsubscribe', claims, now)}`;

/** To a guest's address, before it joins the list (double opt-in). */
export function confirmationMail(
  name: string,
  claims: StockAlertLinkClaims,
  config: StockAlertMailConfig,
  shop: MailShop,
  now: Date,
): MailContent {
  return {
    subject: `${shop.name}: confirm your alert for ${name}`,
    paragraphs: [
      'Hello,',
      `We were asked to email ${claims.email} once ${name} is back in stock. Confirm that this is your address, and you are on the list.`,
    ],
    link: { label: 'Confirm the alert', url: linkPage(config, 'confirm', claims, now) },
    closing: [
      'If you did not ask, ignore this mail: without a confirmation we send you nothing more.',
      unsubscribeLine(config, claims, now),
      shopSignature(shop),
    ],
  };
}

/** To one address in the line, when a unit came back for it. */
export function backInStockMail(
  name: string,
  partPage: string,
  claims: StockAlertLinkClaims,
  config: StockAlertMailConfig,
  shop: MailShop,
  now: Date,
): MailContent {
  return {
    subject: `${shop.name}: ${name} is back in stock`,
    paragraphs: [
      'Hello,',
      `${name} is back in stock. We tell those who asked in the order they asked, one for each unit that came back, so it may sell out again soon.`,
    ],
    link: { label: 'See the part', url: partPage },
    closing: [
      'This is the one mail about this alert. To be told again, ask again on the part’s page.',
      unsubscribeLine(config, claims, now),
      shopSignature(shop),
    ],
  };
}
