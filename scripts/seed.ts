/** Seeds the catalogue into the SQLite store and the two accounts into the Auth emulator. Idempotent. */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { openFirestoreStore } from '../functions/src/store/firestore/firestore-store.js';
import { StoreUnavailableError, type Store } from '../functions/src/store/port.js';
import { retryWhileUnavailable } from '../functions/src/store/retry-unavailable.js';
import { openSqliteStore } from '../functions/src/store/sqlite/sqlite-store.js';
import { seedBrand } from '../functions/src/modules/brand/brand.service.js';
import { seedShopPages } from '../functions/src/modules/pages/pages.service.js';
import { seedBrandSettings } from '../functions/src/seed/brand.js';
import { seedPageList } from '../functions/src/seed/pages.js';
import { seedStore, type SeedResult } from '../functions/src/seed/seed-store.js';

export const SEEDED_ACCOUNTS = {
  admin: {
    email: process.env.SHOP_SEED_ADMIN_EMAIL ?? 'admin@sprocket.test',
    password: process.env.SHOP_SEED_ADMIN_PASSWORD ?? 'sprocket-admin-pass',
    displayName: 'Sprocket Admin',
  },
  customer: {
    email: process.env.SHOP_SEED_CUSTOMER_EMAIL ?? 'customer@sprocket.test',
    password: process.env.SHOP_SEED_CUSTOMER_PASSWORD ?? 'sprocket-customer-pass',
    displayName: 'Casey Customer',
  },
} as const;

export type CatalogueTarget = { sqlitePath: string } | { firestoreHost: string; projectId: string };

/**
 * How long the seed's one transaction (every part, review and the marker) may take. A shopper's
 * request gets 4 s (TRANSACTION_DEADLINE_MS); the seed is no shopper, and an emulator that has
 * just started on a busy machine takes longer than that to write it all (issue 32).
 */
export const SEED_TRANSACTION_DEADLINE_MS = 30_000;
/**
 * How the seed asks again while the store reports itself unavailable. An emulator that is gone
 * (nothing listens) is reported after the first attempt; one that takes connections and never
 * answers, within two and a half minutes (4 × 30 s, the waits and a look whether it listens
 * after each), less than the start gives each emulator to come up (scripts/suite.ts).
 */
export const SEED_RETRY = { attempts: 4, firstDelayMs: 1_000, maxDelayMs: 8_000 } as const;

function openTarget(target: CatalogueTarget): Store {
  if ('sqlitePath' in target) return openSqliteStore(target.sqlitePath);
  const app = initializeApp({ projectId: target.projectId }, `seed-store-${Date.now()}`);
  const db = getFirestore(app);
  db.settings({ host: target.firestoreHost, ssl: false });
  return openFirestoreStore(db, { transactionDeadlineMs: SEED_TRANSACTION_DEADLINE_MS });
}

const describeTarget = (target: CatalogueTarget) =>
  'sqlitePath' in target
    ? `The SQLite file ${target.sqlitePath}`
    : `The Firestore emulator at ${target.firestoreHost}`;

/**
 * Why nothing answers at `host` when that is certain: nothing listens there (the emulator is
 * gone). A slow or busy emulator is not certain, and is waited for.
 */
async function refusal(host: string): Promise<string | undefined> {
  try {
    await fetch(`http://${host}/`, { signal: AbortSignal.timeout(5_000) });
    return undefined;
  } catch (error) {
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
    return cause?.code === 'ECONNREFUSED' ? String(cause.message) : undefined;
  }
}

/**
 * Seeds the catalogue; a store that reports itself unavailable is asked again (seedStore is safe
 * to repeat: its marker makes a second run a no-op), and one that stays so, or is not there at
 * all, ends the seed with an error that says which store does not answer. The store is then left
 * open, for the caller ends the process: closing the Firestore client waits for its reads still
 * pending, which an emulator that does not answer never ends, and one it is still retrying then
 * fails where nothing catches it (the client library drops that rejection).
 */
export async function seedCatalogue(target: CatalogueTarget): Promise<void> {
  const store = openTarget(target);
  const where = describeTarget(target);
  let result: SeedResult & { pages: number; brand: boolean };
  try {
    result = await retryWhileUnavailable(
      async () => {
        try {
          const catalogue = await seedStore(store);
          const pages = await seedShopPages(store, seedPageList, new Date());
          return { ...catalogue, pages, brand: await seedBrand(store, seedBrandSettings) };
        } catch (error) {
          const refused =
            error instanceof StoreUnavailableError && 'firestoreHost' in target
              ? await refusal(target.firestoreHost)
              : undefined;
          if (refused) throw new Error(`${where} does not answer: ${refused}`, { cause: error });
          throw error;
        }
      },
      {
        ...SEED_RETRY,
        onRetry: ({ error, attempt, delayMs }) =>
          console.info(
            `${where} is slow to answer (${error.message}); seeding again in ${delayMs / 1000} s ` +
              `(attempt ${attempt + 1} of ${SEED_RETRY.attempts}).`,
          ),
      },
    );
  } catch (error) {
    if (error instanceof StoreUnavailableError) {
      throw new Error(`${where} does not answer: ${error.message}`, { cause: error });
    }
    throw error;
  }
  await store.close();
  console.info(
    result.created
      ? `Seeded ${result.parts} parts and ${result.reviews} reviews.`
      : 'Catalogue already seeded; keeping its data.',
  );
  if (result.pages > 0) console.info(`Seeded ${result.pages} of the shop's own pages.`);
  if (result.brand) console.info(`Seeded the shop's brand: ${seedBrandSettings.name}.`);
}

export async function seedAccounts(authEmulatorHost: string, projectId: string): Promise<void> {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = authEmulatorHost;
  const app = initializeApp({ projectId }, `seed-${Date.now()}`);
  const auth = getAuth(app);
  try {
    for (const [role, account] of Object.entries(SEEDED_ACCOUNTS)) {
      const existing = await auth.getUserByEmail(account.email).catch(() => null);
      const user =
        existing ??
        (await auth.createUser({
          email: account.email,
          password: account.password,
          displayName: account.displayName,
          emailVerified: true,
        }));
      if (role === 'admin') await auth.setCustomUserClaims(user.uid, { admin: true });
    }
  } finally {
    await deleteApp(app);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { join } = await import('node:path');
  const root = join(import.meta.dirname, '..');
  await seedCatalogue({
    sqlitePath: process.env.SQLITE_PATH ?? join(root, '.data', 'sprocket.sqlite'),
  });
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    await seedAccounts(process.env.FIREBASE_AUTH_EMULATOR_HOST, 'demo-sprocket');
  }
}
