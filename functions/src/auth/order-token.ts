/**
 * The private link of a guest's order (issue 25 item 7, docs/decisions/066): a token that lets its
 * holder see one order and pay it, and nothing else. An HS256 JWT like the accessToken, but signed
 * with a key derived from TOKEN_SECRET for this one use and with an audience of its own, so neither
 * token passes for the other. It names the order (`sub`) and the address it was mailed to, and
 * lives ORDER_LINK_SECONDS (30 days). It is not stored, so it cannot be withdrawn before then;
 * changing TOKEN_SECRET withdraws every link (and every session).
 */
import { orderLinkPath } from '@sprocket/contract';
import { derivedKey, ISSUER, signJwt, verifiedJwtPayload } from './access-token.js';

export const ORDER_LINK_SECONDS = 30 * 24 * 60 * 60;
const AUDIENCE = 'sprocket-order-link';

const linkKey = (secret: Uint8Array) => derivedKey(secret, 'sprocket order link v1');

export interface OrderLinkClaims {
  orderId: string;
  /** The (lower-cased) address the order was placed with and its link mailed to. */
  email: string;
}

export function signOrderToken(secret: Uint8Array, claims: OrderLinkClaims, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return signJwt(linkKey(secret), {
    sub: claims.orderId,
    email: claims.email,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: issuedAt,
    exp: issuedAt + ORDER_LINK_SECONDS,
  });
}

/**
 * The order's private page as a whole address, its token signed `now`: what a guest's mails
 * link to (each mail a link of its own, so the last one mailed works longest).
 */
export function orderLinkUrl(
  links: { tokenSecret: Uint8Array; publicUrl: string },
  claims: OrderLinkClaims,
  now: Date,
): string {
  const token = signOrderToken(links.tokenSecret, claims, now);
  return new URL(orderLinkPath(claims.orderId, token), links.publicUrl).href;
}

/** The link's order and address, or null for a token that is forged, expired or not a link. */
export function verifyOrderToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): OrderLinkClaims | null {
  const payload = verifiedJwtPayload(linkKey(secret), token, now, AUDIENCE);
  if (!payload || typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
    return null;
  }
  return { orderId: payload.sub, email: payload.email };
}
