/**
 * The storage contract against Firestore: the official emulator when FIRESTORE_EMULATOR_HOST is
 * set, otherwise the in-process one (testing/in-process-firestore.ts), which isolates
 * transactions, commits atomically and replaces on set(), so every case runs either way.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll } from 'vitest';
import { describeStoreContract } from '../contract.js';
import { openFirestoreStore } from './firestore-store.js';
import { freePort } from '../../testing/free-port.js';
import { InProcessFirestore } from '../../testing/in-process-firestore.js';
import { OFFICIAL_FIRESTORE_HOST } from '../../testing/official-firestore.js';

const official = OFFICIAL_FIRESTORE_HOST;

let inProcess: InProcessFirestore | undefined;
let app: App | undefined;

afterAll(async () => {
  if (app) await deleteApp(app);
  inProcess?.stop();
});

async function open() {
  let host = official;
  if (!host) {
    const port = await freePort();
    inProcess = new InProcessFirestore();
    await inProcess.start(port);
    host = `127.0.0.1:${port}`;
  }
  app = initializeApp({ projectId: 'demo-sprocket' }, `store-contract-${Date.now()}`);
  const db = getFirestore(app);
  db.settings({ host, ssl: false });
  return openFirestoreStore(db);
}

describeStoreContract(
  official
    ? `Firestore (official emulator at ${official})`
    : 'Firestore (in-process emulator, isolating transactions)',
  open,
  { contendedCommits: 0 },
);
