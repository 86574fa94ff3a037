/**
 * The accessToken's verification, in process (no HTTP): jose's jwtVerify with the HMAC key
 * imported once (what access-token.ts did: WebCrypto, whose HMAC runs on libuv's thread pool),
 * against verifyAccessToken (node:crypto's HMAC in the caller's turn, docs/decisions/034). One
 * verification at a time, each one timed.
 */
import { randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify } from 'jose';
import { signAccessToken, verifyAccessToken } from '../functions/src/auth/access-token.js';
import { compare, percentile, type Benchmark, type Contender, type Sample } from './compare.js';

async function timeEach(times: number, verify: () => unknown): Promise<Sample> {
  const latencies = new Float64Array(times);
  let failures = 0;
  const started = performance.now();
  for (let i = 0; i < times; i += 1) {
    const t = performance.now();
    if (!(await verify())) failures += 1;
    latencies[i] = performance.now() - t;
  }
  const seconds = (performance.now() - started) / 1000;
  latencies.sort();
  return {
    count: times - failures,
    seconds,
    perSecond: (times - failures) / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
  };
}

export const accessToken: Benchmark = {
  name: 'access-token',
  async run({ settings }) {
    const secret = new TextEncoder().encode(randomBytes(32).toString('hex'));
    const now = new Date();
    const key = await webcrypto.subtle.importKey(
      'raw',
      secret,
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    const token = signAccessToken(
      secret,
      { uid: 'bench', email: 'rider@bench.test', name: 'Rider', emailVerified: true },
      now,
    );
    const times = (kind: 'warm-up' | 'measured') =>
      kind === 'warm-up' ? Math.ceil(settings.verifications / 5) : settings.verifications;
    const webCrypto: Contender = {
      label: 'jose, WebCrypto HMAC (before)',
      round: async (kind) => ({
        measure: () =>
          timeEach(times(kind), () =>
            // The options access-token.ts passed to jose, with the key it imported once.
            jwtVerify(token, key, {
              algorithms: ['HS256'],
              issuer: 'sprocket',
              audience: 'sprocket-api',
              currentDate: now,
              requiredClaims: ['sub', 'exp', 'email'],
            }),
          ),
      }),
    };
    const nodeHmac: Contender = {
      label: 'node:crypto HMAC (now)',
      round: async (kind) => ({
        measure: () => timeEach(times(kind), () => verifyAccessToken(secret, token, now)),
      }),
    };
    return [
      await compare({
        benchmark: 'access token',
        name: 'verify one accessToken (in process)',
        unit: 'verifications',
        baseline: webCrypto,
        subject: nodeHmac,
        rounds: settings.rounds,
      }),
    ];
  },
};
