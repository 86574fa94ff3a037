/**
 * The storage contract against Firestore: the official emulator when FIRESTORE_EMULATOR_HOST is
 * set (all cases), otherwise the in-process @firestore-emulator/server, which has no transaction
 * isolation, so its concurrency cases say they were not run.
 */
import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll } from 'vitest';
import { describeStoreContract } from '../contract.js';
import { openFirestoreStore } from './firestore-store.js';
import { freePort } from '../../testing/free-port.js';
import {
  NEEDS_OFFICIAL_FIRESTORE,
  OFFICIAL_FIRESTORE_HOST,
} from '../../testing/official-firestore.js';

const official = OFFICIAL_FIRESTORE_HOST;
const NEEDS_OFFICIAL = NEEDS_OFFICIAL_FIRESTORE;

let inProcess: FirestoreServer | undefined;
let app: App | undefined;

afterAll(async () => {
  if (app) await deleteApp(app);
  inProcess?.stop();
});

async function open() {
  let host = official;
  if (!host) {
    const port = await freePort();
    inProcess = new FirestoreServer();
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
    : 'Firestore (in-process @firestore-emulator/server)',
  open,
  official
    ? { contendedCommits: 1 }
    : {
        concurrency: `${NEEDS_OFFICIAL}; the in-process one has no transaction isolation`,
        atomicCommit: `${NEEDS_OFFICIAL}; the in-process one applies a failing commit's other writes`,
        overwrite: `${NEEDS_OFFICIAL}; the in-process one merges set() into the old document`,
      },
);
