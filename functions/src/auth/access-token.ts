/**
 * The accessToken (docs/decisions/003): a server-signed HS256 JWT that lives one hour. Signed and
 * checked with node:crypto's HMAC in the request's own turn (docs/decisions/034): WebCrypto's
 * asynchronous HMAC, which jose uses, costs a round trip through libuv's thread pool on every
 * signed-in call. The tokens are standard JWTs; the tests check them against jose both ways.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { keptIn } from '@sprocket/contract';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const ISSUER = 'sprocket';
const AUDIENCE = 'sprocket-api';

/** The only header a token of ours has: any other (another algorithm, "none") is refused as is. */
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** Each secret's key, made once; keyed by the array the config holds, so it goes with it. */
const keys = new WeakMap<Uint8Array, KeyObject>();

function keyOf(secret: Uint8Array): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
}

function signatureOf(secret: Uint8Array, signed: string): Buffer {
  return createHmac('sha256', keyOf(secret)).update(signed).digest();
}

export interface AccessClaims {
  uid: string;
  /** Lower-cased. */
  email: string;
  name?: string;
  /** Whether the identity provider vouched for the email when the token was issued. */
  emailVerified: boolean;
}

/** The claims of a token checked by verifyAccessToken, with when it was issued (seconds). */
export interface VerifiedAccessClaims extends AccessClaims {
  issuedAt: number;
}

/** Each secret's keys derived for one use, made once. */
const derived = new WeakMap<Uint8Array, Map<string, Uint8Array>>();

/**
 * A key derived from TOKEN_SECRET for one use (`label`): a token signed with it passes for no
 * other kind (the order link's, a back-in-stock alert's links).
 */
export function derivedKey(secret: Uint8Array, label: string): Uint8Array {
  let keys = derived.get(secret);
  if (!keys) derived.set(secret, (keys = new Map()));
  let key = keys.get(label);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update(label).digest());
    keys.set(label, key);
  }
  return key;
}

/** An HS256 JWT of ours with `payload` (the order link's token uses it too, auth/order-token.ts). */
export function signJwt(secret: Uint8Array, payload: Record<string, unknown>): string {
  const signed = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${signed}.${signatureOf(secret, signed).toString('base64url')}`;
}

export function signAccessToken(secret: Uint8Array, claims: AccessClaims, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return signJwt(secret, {
    email: claims.email,
    email_verified: claims.emailVerified,
    ...(claims.name ? { name: claims.name } : {}),
    sub: claims.uid,
    iss: ISSUER,
    aud: AUDIENCE,
    iat: issuedAt,
    exp: issuedAt + ACCESS_TOKEN_SECONDS,
  });
}

function payloadOf(encoded: string): Record<string, unknown> | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isTime = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/**
 * The payload of a JWT of ours signed with `secret` for `audience`, whatever its times; null for
 * anything else (another signature, algorithm, issuer or audience, or malformed).
 */
function signedPayload(
  secret: Uint8Array,
  token: string,
  audience: string,
): Readonly<Record<string, unknown>> | null {
  const [header, body, signature, ...rest] = token.split('.');
  if (header !== HEADER || body === undefined || signature === undefined || rest.length > 0) {
    return null;
  }
  const given = Buffer.from(signature, 'base64url');
  // Buffer.from skips characters outside base64url: only the one spelling of the MAC is ours.
  if (given.toString('base64url') !== signature) return null;
  const expected = signatureOf(secret, `${header}.${body}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const payload = payloadOf(body);
  if (!payload || payload.iss !== ISSUER || payload.aud !== audience) return null;
  return Object.freeze(payload);
}

/** Tokens found signed (signedPayload), at most this many per secret: emptied when full. */
const MAX_SIGNED_TOKENS = 5_000;
/** Null is never kept in them: a text not found signed is checked again every time. */
const signedTokens = new WeakMap<
  Uint8Array,
  Map<string, Readonly<Record<string, unknown>> | null>
>();

/**
 * signedPayload, kept by the token's exact text: a customer's token comes with every call of its
 * hour, and checking its MAC and reading its payload again was a twentieth of an order's time
 * (issue 34 item 7). Only a token that was found signed is kept, so no other text finds one.
 */
function knownSignedPayload(
  secret: Uint8Array,
  token: string,
  audience: string,
): Readonly<Record<string, unknown>> | null {
  let known = signedTokens.get(secret);
  if (!known) signedTokens.set(secret, (known = new Map()));
  return keptIn(
    known,
    `${audience} ${token}`,
    MAX_SIGNED_TOKENS,
    () => signedPayload(secret, token, audience),
    (payload) => payload !== null,
  );
}

/**
 * The payload of a JWT of ours signed with `secret` for `audience`, unexpired at `now`; null for
 * anything else (another signature, algorithm, issuer or audience, or malformed).
 */
export function verifiedJwtPayload(
  secret: Uint8Array,
  token: string,
  now: Date,
  audience: string,
): Readonly<Record<string, unknown>> | null {
  const payload = knownSignedPayload(secret, token, audience);
  if (!payload) return null;
  const seconds = now.getTime() / 1000;
  if (!isTime(payload.exp) || payload.exp <= seconds) return null;
  if (payload.iat !== undefined && !isTime(payload.iat)) return null;
  if (payload.nbf !== undefined && (!isTime(payload.nbf) || payload.nbf > seconds)) return null;
  return payload;
}

/** The token's claims, or null for anything that is not a valid, unexpired token of ours. */
export function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): VerifiedAccessClaims | null {
  const payload = verifiedJwtPayload(secret, token, now, AUDIENCE);
  if (!payload) return null;
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
  return {
    uid: payload.sub,
    email: payload.email,
    name: typeof payload.name === 'string' ? payload.name : undefined,
    emailVerified: payload.email_verified === true,
    issuedAt: isTime(payload.iat) ? payload.iat : Number(payload.exp) - ACCESS_TOKEN_SECONDS,
  };
}
