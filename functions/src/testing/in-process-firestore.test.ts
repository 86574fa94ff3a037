/**
 * The storage contract against the in-process emulator on every machine, so that what makes it
 * isolate transactions, commit atomically and replace on set() (in-process-firestore.ts) is
 * tested here too, where firestore-store.test.ts runs against the official emulator instead.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll } from 'vitest';
import { describeStoreContract } from '../store/contract.js';
import { openFirestoreStore } from '../store/firestore/firestore-store.js';
import { freePort } from './free-port.js';
import { InProcessFirestore } from './in-process-firestore.js';

// The Admin SDK sends every request to FIRESTORE_EMULATOR_HOST when it is set, whatever
// db.settings() says: this file's client must reach its own emulator.
delete process.env.FIRESTORE_EMULATOR_HOST;

const emulator = new InProcessFirestore();
let app: App | undefined;

afterAll(async () => {
  if (app) await deleteApp(app);
  emulator.stop();
});

describeStoreContract(
  'Firestore (in-process emulator, isolating transactions)',
  async () => {
    const port = await freePort();
    await emulator.start(port);
    app = initializeApp({ projectId: 'demo-sprocket' }, `in-process-contract-${Date.now()}`);
    const db = getFirestore(app);
    db.settings({ host: `127.0.0.1:${port}`, ssl: false });
    return openFirestoreStore(db);
  },
  { contendedCommits: 0 },
);
