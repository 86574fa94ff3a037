/** The accessToken (docs/decisions/003): a server-signed HS256 JWT that lives one hour. */
import { errors, jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 60 * 60;
const ISSUER = 'sprocket';
const AUDIENCE = 'sprocket-api';

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
  return jwt.sign(secret);
}

/** The token's claims, or null for anything that is not a valid, unexpired token of ours. */
export async function verifyAccessToken(
  secret: Uint8Array,
  token: string,
  now: Date,
): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secret, {
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
