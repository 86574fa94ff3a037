import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_SECONDS, signAccessToken, verifyAccessToken } from './access-token.js';

const secret = new TextEncoder().encode('a-test-secret-of-thirty-two-bytes!!');
const otherSecret = new TextEncoder().encode('another-secret-of-thirty-two-bytes');
const now = new Date('2026-11-23T12:00:00Z');
const rider = { uid: 'uid-1', email: 'rider@example.com', name: 'Rider', emailVerified: true };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A token signed with `secret` over any header and payload, as an attacker with the key could. */
function forge(header: unknown, payload: unknown, key: Uint8Array = secret): string {
  const signed = `${b64(header)}.${b64(payload)}`;
  return `${signed}.${createHmac('sha256', key).update(signed).digest('base64url')}`;
}

const seconds = Math.floor(now.getTime() / 1000);
const validPayload = {
  email: rider.email,
  sub: rider.uid,
  iss: 'sprocket',
  aud: 'sprocket-api',
  iat: seconds,
  exp: seconds + 60,
};

describe('the accessToken', () => {
  it('gives back the claims it was signed with, for an hour', () => {
    const token = signAccessToken(secret, rider, now);
    expect(verifyAccessToken(secret, token, now)).toEqual({ ...rider, issuedAt: seconds });
    const almostAnHour = new Date(now.getTime() + (ACCESS_TOKEN_SECONDS - 1) * 1000);
    expect(verifyAccessToken(secret, token, almostAnHour)).toEqual({ ...rider, issuedAt: seconds });
    const anHour = new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
    expect(verifyAccessToken(secret, token, anHour)).toBeNull();
  });

  it('is a standard HS256 JWT: jose accepts ours, and we accept jose-signed tokens', async () => {
    const token = signAccessToken(secret, rider, now);
    const { payload } = await jwtVerify(token, secret, {
      algorithms: ['HS256'],
      issuer: 'sprocket',
      audience: 'sprocket-api',
      currentDate: now,
    });
    expect(payload).toMatchObject({
      sub: rider.uid,
      email: rider.email,
      name: rider.name,
      email_verified: true,
    });

    const fromJose = await new SignJWT({ email: rider.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(rider.uid)
      .setIssuer('sprocket')
      .setAudience('sprocket-api')
      .setIssuedAt(seconds)
      .setExpirationTime(seconds + 60)
      .sign(secret);
    expect(verifyAccessToken(secret, fromJose, now)).toEqual({
      ...rider,
      name: undefined,
      emailVerified: false,
      issuedAt: seconds,
    });
  });

  it('refuses a token signed with another secret, or changed after signing', () => {
    expect(verifyAccessToken(secret, signAccessToken(otherSecret, rider, now), now)).toBeNull();

    const [header, , signature] = signAccessToken(secret, rider, now).split('.');
    const admin = b64({ ...validPayload, email: 'admin@example.com' });
    expect(verifyAccessToken(secret, `${header}.${admin}.${signature}`, now)).toBeNull();
  });

  it('checks a token it has seen before as it did the first time: its secret, then its times', () => {
    const token = signAccessToken(secret, rider, now);
    expect(verifyAccessToken(secret, token, now)).toEqual({ ...rider, issuedAt: seconds });
    // Known as signed with `secret`, not with another one.
    expect(verifyAccessToken(otherSecret, token, now)).toBeNull();
    const anHour = new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000);
    expect(verifyAccessToken(secret, token, anHour)).toBeNull();
    // A token seen and refused (too early) is judged afresh when its time comes.
    const early = forge({ alg: 'HS256', typ: 'JWT' }, { ...validPayload, nbf: seconds + 30 });
    expect(verifyAccessToken(secret, early, now)).toBeNull();
    expect(verifyAccessToken(secret, early, new Date(now.getTime() + 30_000))).toEqual({
      uid: rider.uid,
      email: rider.email,
      name: undefined,
      emailVerified: false,
      issuedAt: seconds,
    });
  });

  it('refuses another algorithm, "none", and a signature spelled another way', () => {
    expect(verifyAccessToken(secret, forge({ alg: 'HS512', typ: 'JWT' }, validPayload), now)).toBe(
      null,
    );
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(validPayload)}.`;
    expect(verifyAccessToken(secret, unsigned, now)).toBeNull();

    const token = forge({ alg: 'HS256', typ: 'JWT' }, validPayload);
    expect(verifyAccessToken(secret, token, now)).toEqual({
      ...rider,
      name: undefined,
      emailVerified: false,
      issuedAt: seconds,
    });
    expect(verifyAccessToken(secret, `${token}=`, now)).toBeNull();
    expect(verifyAccessToken(secret, `${token}.x`, now)).toBeNull();
  });

  it('refuses tokens for another issuer or audience, not yet valid, or missing who it is for', () => {
    const header = { alg: 'HS256', typ: 'JWT' };
    for (const payload of [
      { ...validPayload, iss: 'someone-else' },
      { ...validPayload, aud: 'another-api' },
      { ...validPayload, aud: ['sprocket-api'] },
      { ...validPayload, exp: undefined },
      { ...validPayload, exp: '9999999999' },
      { ...validPayload, nbf: seconds + 60 },
      { ...validPayload, iat: 'now' },
      { ...validPayload, sub: undefined },
      { ...validPayload, email: 42 },
      ['not', 'an', 'object'],
      'a string',
    ]) {
      expect(verifyAccessToken(secret, forge(header, payload), now), JSON.stringify(payload)).toBe(
        null,
      );
    }
  });

  it('refuses junk without throwing', () => {
    for (const junk of ['', '.', '..', 'a.b.c', 'not a token', `${b64({})}.%%%.%%%`]) {
      expect(verifyAccessToken(secret, junk, now)).toBeNull();
    }
    const header = b64({ alg: 'HS256', typ: 'JWT' });
    const signed = `${header}.bm90IGpzb24`;
    const mac = createHmac('sha256', secret).update(signed).digest('base64url');
    expect(verifyAccessToken(secret, `${signed}.${mac}`, now)).toBeNull();
  });
});
