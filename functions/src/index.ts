/**
 * Firebase wiring only: the `api` HTTPS function serves the Hono app of app.ts. Config, the store
 * and firebase-admin are set up on the first request (deploy-time discovery loads this module
 * without any secrets), and the SQLite adapter is imported only when the config selects it, so
 * production never loads the native module. firebase-admin's modules are imported then too: a
 * cold start loads only what its first request needs (bench/cold-start.ts).
 */
import { createRequire } from 'node:module';
import type { App } from 'firebase-admin/app';
import type * as FirestoreTriggers from 'firebase-functions/v2/firestore';
// From its own module: the v2 index loads every trigger type's provider (half a second).
import { setGlobalOptions } from 'firebase-functions/v2/options';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { createApp, shopListener, type ShopApp } from './app.js';
import { bundledPageFiles, pageListener, servedByPages, withRenderedPages } from './http/pages.js';
import { storeRateCounter } from './http/rate-limit.js';
import { gatewayFromConfig } from './payments/gateway-from-config.js';
import { firebaseIdentity, identityOnFirstUse } from './auth/identity.js';
import { ConfigError, inFunctionsEmulator, loadConfig, type Config } from './config.js';
import {
  atDeployDiscovery,
  declareDeployParams,
  deploySettingsProblems,
  MAX_INSTANCES,
} from './deploy-params.js';
import { API_BASE } from '@sprocket/contract';
import type { Store } from './store/port.js';
import { cloudFileStorage } from './files/cloud-storage.js';
import { localFileStorage } from './files/local.js';
import type { FileStorage } from './files/port.js';

// A deploy whose settings would stop the shop stops here, while firebase-tools discovers the
// functions, instead of at the first request.
if (atDeployDiscovery()) {
  const problems = deploySettingsProblems(process.env);
  if (problems.length > 0) {
    throw new ConfigError(
      `functions/.env.<project-id> would not run the shop:\n  ${problems.join('\n  ')}`,
    );
  }
}

// In production the settings are Firebase parameters and the secrets come from Secret Manager;
// the emulator reads functions/.env.local instead (declaring them there would make it ask for
// each, and ask Secret Manager, which is offline). Only the mode's own secrets are declared: a
// shop without Stripe needs no Stripe secrets to deploy (firebase-tools loads
// functions/.env.<project> before it reads this list).
const deployed = inFunctionsEmulator() ? undefined : declareDeployParams(process.env);
const secrets = deployed?.secrets ?? [];

// Every function's runtime (docs/decisions/014-function-runtime-options.md). The region is the
// one firebase.json's /api rewrite names; one vCPU lets an instance serve concurrent requests,
// and the instance cap bounds the bill of a traffic spike.
setGlobalOptions({
  region: 'us-central1',
  memory: '512MiB',
  cpu: 1,
  concurrency: 40,
  maxInstances: MAX_INSTANCES,
  ...(deployed && { minInstances: deployed.minInstances }),
});

/** How often unpaid orders whose hold ran out are cancelled (in minutes). */
const SWEEP_EVERY_MINUTES = 5;

type Listener = ReturnType<typeof withRenderedPages>;

async function openStore(config: Config, firebase: App): Promise<Store> {
  if (config.store.kind === 'sqlite') {
    const { openSqliteStore } = await import('./store/sqlite/sqlite-store.js');
    return openSqliteStore(config.store.path);
  }
  const [{ getFirestore }, { openFirestoreStore }] = await Promise.all([
    import('firebase-admin/firestore'),
    import('./store/firestore/firestore-store.js'),
  ]);
  return openFirestoreStore(getFirestore(firebase));
}

/** Uploaded images: Cloud Storage for Firebase in production, a local folder otherwise. */
function openFiles(config: Config, firebase: App): FileStorage {
  if (config.files.kind === 'local') return localFileStorage(config.files.dir);
  // The project's default bucket, looked up on the first upload (and its module loaded then).
  return cloudFileStorage(async () =>
    (await import('firebase-admin/storage')).getStorage(firebase).bucket(),
  );
}

interface Shop {
  app: ShopApp;
  listener: Listener;
}

async function buildShop(): Promise<Shop> {
  const config = loadConfig();
  const { getApp, getApps, initializeApp } = await import('firebase-admin/app');
  const firebase = getApps().length > 0 ? getApp() : initializeApp();
  const store = await openStore(config, firebase);
  const clock = () => new Date();
  const app = createApp({
    store,
    config,
    identity: identityOnFirstUse(async () =>
      firebaseIdentity((await import('firebase-admin/auth')).getAuth(firebase)),
    ),
    clock,
    payments: gatewayFromConfig(config, store, clock),
    files: openFiles(config, firebase),
    // Function instances come and go; the limits must count across all of them.
    rateCounter: config.store.kind === 'firestore' ? storeRateCounter(store) : undefined,
    // In production the orders' events are applied by their trigger (below); in the emulator
    // by the app after each change, as in the local suite (docs/decisions/084).
    orderEvents: config.store.kind === 'firestore' && !inFunctionsEmulator() ? 'trigger' : 'inline',
  });
  if (inFunctionsEmulator()) {
    // The emulator does not run schedules: the local suite sweeps on a timer instead.
    setInterval(() => {
      app.sweepExpiredOrders().catch((error: unknown) => console.warn('Sweep failed:', error));
    }, 60_000).unref();
  }
  // The public pages Hosting sends here are rendered from the web build beside this bundle.
  const pages = pageListener(app, bundledPageFiles(new URL('./', import.meta.url)));
  return { app, listener: withRenderedPages(shopListener(app), pages) };
}

let shop: Promise<Shop> | undefined;

/** The shop of this instance, built on first use; a failed start is tried again next time. */
function currentShop(): Promise<Shop> {
  shop ??= buildShop().catch((error: unknown) => {
    shop = undefined;
    throw error;
  });
  return shop;
}

/** Cancels unpaid orders whose hold ran out, so their stock returns to the shelf. */
export const expireUnpaidOrders = onSchedule(
  { schedule: `every ${SWEEP_EVERY_MINUTES} minutes`, secrets },
  async () => {
    const cancelled = await (await currentShop()).app.sweepExpiredOrders();
    if (cancelled > 0) console.info(`Cancelled ${cancelled} unpaid orders whose hold ran out`);
  },
);

/**
 * Applies the orders' events as they are written (docs/decisions/084): one run applies every
 * pending event in batches, so a burst of orders is a few runs; a failed one is left to the next
 * event or the sweep. Its module loads Firestore's client at once (a second at a cold start), so
 * an instance started for another function (Cloud Functions names it in FUNCTION_TARGET) does
 * not define it; deploy-time discovery and this trigger's own instances do.
 */
export const applyOrderEvents =
  process.env.FUNCTION_TARGET !== undefined && process.env.FUNCTION_TARGET !== 'applyOrderEvents'
    ? undefined
    : // Required, not imported: the functions emulator requires this bundle, which then may not
      // wait for a module at its top level.
      (
        createRequire(import.meta.url)(
          'firebase-functions/v2/firestore',
        ) as typeof FirestoreTriggers
      ).onDocumentCreated({ document: 'orderEvents/{eventId}', secrets }, async () => {
        await (await currentShop()).app.applyOrderEvents();
      });

export const api = onRequest({ secrets }, async (req, res) => {
  let handle: Listener;
  try {
    handle = (await currentShop()).listener;
  } catch (error) {
    console.error('The API could not start:', error);
    res.status(503).json({ error: { code: 'unavailable', message: 'The API could not start' } });
    return;
  }
  // Through the hosting rewrite the path keeps its /api prefix. A GET of any other address is a
  // page (http/pages.ts); another method without the prefix is the API called directly.
  if (req.method !== 'GET' && req.method !== 'HEAD' && servedByPages(req.url)) {
    req.url = `${API_BASE}${req.url}`;
  }
  await handle(req, res);
});
