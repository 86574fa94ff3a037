/**
 * The links of a back-in-stock alert's mails (issue 37 item 3, docs/decisions/100): `confirm`, in
 * the mail that asks a guest to confirm the address, and `unsubscribe`, in every alert mail. An
 * HS256 JWT like the order link's, signed with a key derived for this use and with an audience
 * of its own, so it passes for nothing else and works without signing in. It names the alert
 * (`sub`), its part and the address; nothing is stored, and changing TOKEN_SECRET withdraws them.
 */
import { derivedKey, ISSUER, signJwt, verifiedJwtPayload } from './access-token.js';

/** A confirmation link works for a week; an unsubscribe link for a year. */
const LINK_SECONDS = { confirm: 7 * 24 * 60 * 60, unsubscribe: 365 * 24 * 60 * 60 } as const;

export type StockAlertLinkUse = keyof typeof LINK_SECONDS;

export interface StockAlertLinkClaims {
  alertId: string;
  partId: string;
  /** Lower-cased. */
  email: string;
}

const alertKey = (secret: Uint8Array) => derivedKey(secret, 'sprocket stock alert v1');
const audienceOf = (use: StockAlertLinkUse) => `sprocket-stock-alert-${use}`;

export function signStockAlertToken(
  secret: Uint8Array,
  use: StockAlertLinkUse,
  claims: StockAlertLinkClaims,
  now: Date,
): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return signJwt(alertKey(secret), {
    sub: claims.alertId,
    part: claims.partId,
    email: claims.email,
    iss: ISSUER,
    aud: audienceOf(use),
    iat: issuedAt,
    exp: issuedAt + LINK_SECONDS[use],
  });
}

/** The link's alert, or null for a token that is forged, expired or made for another use. */
export function verifyStockAlertToken(
  secret: Uint8Array,
  use: StockAlertLinkUse,
  token: string,
  now: Date,
): StockAlertLinkClaims | null {
  const payload = verifiedJwtPayload(alertKey(secret), token, now, audienceOf(use));
  const { sub, part, email } = payload ?? {};
  if (typeof sub !== 'string' || typeof part !== 'string' || typeof email !== 'string') {
    return null;
  }
  return { alertId: sub, partId: part, email };
}
