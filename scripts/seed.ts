/** Seeds the catalogue into the SQLite store and the two accounts into the Auth emulator. Idempotent. */
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { openFirestoreStore } from '../functions/src/store/firestore/firestore-store.js';
import type { Store } from '../functions/src/store/port.js';
import { openSqliteStore } from '../functions/src/store/sqlite/sqlite-store.js';
import { seedStore } from '../functions/src/seed/seed-store.js';

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

function openTarget(target: CatalogueTarget): Store {
  if ('sqlitePath' in target) return openSqliteStore(target.sqlitePath);
  const app = initializeApp({ projectId: target.projectId }, `seed-store-${Date.now()}`);
  const db = getFirestore(app);
  db.settings({ host: target.firestoreHost, ssl: false });
  return openFirestoreStore(db);
}

export async function seedCatalogue(target: CatalogueTarget): Promise<void> {
  const store = openTarget(target);
  try {
    const result = await seedStore(store);
    console.info(
      result.created
        ? `Seeded ${result.parts} parts and ${result.reviews} reviews.`
        : 'Catalogue already seeded; keeping its data.',
    );
  } finally {
    await store.close();
  }
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
