/**
 * Firebase wiring only: the `api` HTTPS function serves the Hono app of app.ts. Config, the store
 * and firebase-admin are set up on the first request (deploy-time discovery loads this module
 * without any settings), and the SQLite adapter is imported only when the config selects it, so
 * production never loads the native module.
 */
import { getRequestListener } from '@hono/node-server';
import { getApp, getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app.js';
import { gatewayFromConfig } from './payments/gateway-from-config.js';
import { openFirestoreStore } from './store/firestore/firestore-store.js';
import { firebaseIdentity } from './auth/identity.js';
import { inFunctionsEmulator, loadConfig, type Config } from './config.js';
import { API_BASE } from '@sprocket/contract';
import type { Store } from './store/port.js';

// In production the token secret comes from Secret Manager; the emulator reads functions/.env.local
// instead (declaring the secret there would make it ask Secret Manager, which is offline).
const secrets = inFunctionsEmulator()
  ? []
  : ['TOKEN_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'].map((name) =>
      defineSecret(name),
    );

type Listener = ReturnType<typeof getRequestListener>;

async function openStore(config: Config, firebase: App): Promise<Store> {
  if (config.store.kind === 'sqlite') {
    const { openSqliteStore } = await import('./store/sqlite/sqlite-store.js');
    return openSqliteStore(config.store.path);
  }
  return openFirestoreStore(getFirestore(firebase));
}

async function buildListener(): Promise<Listener> {
  const config = loadConfig();
  const firebase = getApps().length > 0 ? getApp() : initializeApp();
  const store = await openStore(config, firebase);
  const clock = () => new Date();
  const app = createApp({
    store,
    config,
    identity: firebaseIdentity(getAuth(firebase)),
    clock,
    payments: gatewayFromConfig(config, store, clock),
  });
  // Firebase has already read the body; @hono/node-server takes it from `req.rawBody` intact,
  // which is what the payment webhook's signature check needs.
  return getRequestListener(app.fetch);
}

let listener: Promise<Listener> | undefined;

export const api = onRequest({ secrets }, async (req, res) => {
  listener ??= buildListener();
  let handle: Listener;
  try {
    handle = await listener;
  } catch (error) {
    listener = undefined;
    console.error('The API could not start:', error);
    res.status(503).json({ error: { code: 'unavailable', message: 'The API could not start' } });
    return;
  }
  // Through the hosting rewrite the path keeps its /api prefix; called directly it has none.
  if (
    req.url !== API_BASE &&
    !req.url.startsWith(`${API_BASE}/`) &&
    !req.url.startsWith(`${API_BASE}?`)
  ) {
    req.url = `${API_BASE}${req.url}`;
  }
  await handle(req, res);
});
