/**
 * The sign-in token exchange, PUT /api/user/{email}: through the real app (the per-address and
 * per-account limits, the Firebase ID token checked by firebase-admin against an Auth emulator of
 * the bench's own, the user record upserted in the SQLite store, an accessToken signed) against a
 * bare node:http server doing only the irreducible part, the same ID token check and the same
 * signing. Both sides ask the emulator about every token (the revocation check), so its speed
 * bounds both.
 *
 * The app's limits stay on: each account exchanges at most its per-minute allowance in a run, on a
 * fresh app, from an address of its own (X-Forwarded-For), as many households signing in would.
 */
import { randomBytes } from 'node:crypto';
import { TOKEN_REQUESTS_PER_MINUTE } from '@sprocket/contract';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { signAccessToken } from '../functions/src/auth/access-token.js';
import { firebaseIdentity } from '../functions/src/auth/identity.js';
import { PROJECT_ID, startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import { compare, type Benchmark, type Contender } from './compare.js';
import type { LoadRequest } from './load.js';
import { openShop, serveBare, serveShop } from './shop.js';

const ACCOUNTS = 200;
const NAME = 'PUT /api/user/{email}';

async function signUp(emulator: string, email: string): Promise<string> {
  const response = await fetch(
    `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: 'bench-password',
        displayName: 'Rider',
        returnSecureToken: true,
      }),
    },
  );
  const account = (await response.json()) as { idToken?: string };
  if (!response.ok || !account.idToken) {
    throw new Error(`Auth emulator signUp failed: ${JSON.stringify(account)}`);
  }
  return account.idToken;
}

export const signIn: Benchmark = {
  name: 'sign-in',
  async run({ settings, loader }) {
    let emulator: AuthEmulator;
    try {
      emulator = await startAuthEmulator();
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return [
        { benchmark: 'sign-in', name: NAME, reason: `the Auth emulator did not start: ${why}` },
      ];
    }
    // firebase-admin talks to the emulator when this is set (functions/src/auth/identity.ts).
    const emulatorHostBefore = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    const firebaseApp = initializeApp(
      { projectId: PROJECT_ID },
      `bench-${randomBytes(4).toString('hex')}`,
    );
    try {
      const identity = firebaseIdentity(getAuth(firebaseApp));
      const secret = randomBytes(32).toString('hex');
      const requests: LoadRequest[] = [];
      for (let i = 0; i < ACCOUNTS; i += 1) {
        const email = `rider-${i}@bench.test`;
        const idToken = await signUp(emulator.host, email);
        requests.push({
          method: 'PUT',
          path: `/api/user/${encodeURIComponent(email)}`,
          headers: {
            authorization: `Bearer ${idToken}`,
            'content-type': 'application/json',
            'x-forwarded-for': `10.1.${i >> 8}.${i & 255}`,
          },
          body: JSON.stringify({ email }),
        });
      }
      // Each account's allowance per run, less one request per connection: the load generator
      // may build one request per connection that it never sends, and the accounts take turns.
      const amount = (kind: 'warm-up' | 'measured') =>
        kind === 'warm-up'
          ? 2 * ACCOUNTS
          : TOKEN_REQUESTS_PER_MINUTE * ACCOUNTS - settings.connections;
      const load = (url: string, kind: 'warm-up' | 'measured') =>
        loader.run({
          url,
          requests,
          expectStatus: 200,
          connections: settings.connections,
          amount: amount(kind),
        });

      const app: Contender = {
        label: 'app (Hono, SQLite store)',
        async round(kind) {
          const shop = await openShop({ env: { TOKEN_SECRET: secret }, identity });
          const server = await serveShop(shop.app);
          return {
            measure: () => load(server.url, kind),
            async check() {
              const users = await shop.store.query('users');
              await server.close();
              await shop.close();
              return {
                ok: users.length === ACCOUNTS,
                note: `app: ${users.length} user records for ${ACCOUNTS} accounts`,
              };
            },
          };
        },
      };

      const tokenSecret = new TextEncoder().encode(secret);
      const bare = await serveBare(async (req, res) => {
        const email = decodeURIComponent((req.url ?? '').slice('/api/user/'.length));
        const idToken = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
        const verified = await identity.verifyIdToken(idToken);
        if (!verified?.email || verified.email !== email) {
          res.writeHead(401).end();
          return;
        }
        const token = signAccessToken(
          tokenSecret,
          { uid: verified.uid, email: verified.email, name: verified.name, emailVerified: true },
          new Date(),
        );
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token }));
      });
      const baseline: Contender = {
        label: 'bare node:http: ID token check + signing',
        round: async (kind) => ({ measure: () => load(bare.url, kind) }),
      };

      const comparison = await compare({
        benchmark: 'sign-in',
        name: `${NAME} (${ACCOUNTS} accounts)`,
        unit: 'exchanges',
        baseline,
        subject: app,
        rounds: settings.rounds,
      });
      await bare.close();
      return [comparison];
    } finally {
      await deleteApp(firebaseApp);
      if (emulatorHostBefore === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHostBefore;
      await emulator.stop();
    }
  },
};
