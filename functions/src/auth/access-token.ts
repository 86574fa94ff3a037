/** The accessToken (docs/decisions/003): a server-signed HS256 JWT that lives one hour. */
import { webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
const ISSUER = 'sprocket';
const AUDIENCE = 'sprocket-api';

/**
 * The key of each secret, imported once. Given the secret's bytes (or a KeyObject, which it turns
 * back into bytes), jose imports a new HMAC key on every call, a large share of each
 * verification's time (bench/access-token.bench.ts measures it); a CryptoKey it uses as it is.
 * Keyed by the array the config holds, so a config that is dropped takes its key along.
 */
const keys = new WeakMap<Uint8Array, Promise<webcrypto.CryptoKey>>();

function keyOf(secret: Uint8Array): Promise<webcrypto.CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keys.set(secret, key);
  }
  return key;
}

export interface AccessClaims {
  uid: string;
  /** Lower-cased. */
  email: string;
  name?: string;
}

export async function signAccessToken(
  secret: Uint8Array,
  claims: AccessClaims,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const jwt = new SignJWT({ email: claims.email, ...(claims.name ? { name: claims.name } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.uid)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS);
  return jwt.sign(await keyOf(secret));
}

/** The token's claims, or null for anything that is not a valid, unexpired token of ours. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'email'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
    return {
      uid: payload.sub,
      email: payload.email,
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
