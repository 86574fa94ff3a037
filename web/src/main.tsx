import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk.js';

// Registered before the first lazy import below, so that every failed chunk is caught.
reloadOnStaleChunk();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Ends this task: each stage below, starting the app and hydrating are tasks of their own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The browser runs this module in the task that ends the page's parsing, which is long on a phone
// already: the app's start (the stages' imports among it) waits for a task of its own.
await nextTask();

// The app downloads while the configuration is checked (one after the other, they made a chain
// of requests before the first render; docs/decisions/032). It runs only once the check passed,
// so a bad setting is named on screen; its own failure then is the same error, shown already.
// Each stage of the app is imported here, one import a task (each request costs a phone a few
// milliseconds), and the browser fetches each stage's chunks itself as it reads them, all at
// once. It evaluates React, the router, the styling framework, the toasts, MUI and the storefront
// as their chunks arrive, a few tasks in all, where together they made one long task
// (docs/decisions/073, 110, 112, 118, 120, 122). The app's start imports them all too: the
// stages only make them arrive sooner and in parts.
const loadingApp = (async () => {
  const runtime = import('./app/react-runtime.js');
  for (const stage of [
    () => import('./app/routing.js'),
    () => import('./app/framework.js'),
    () => import('./app/toasts.js'),
    () => import('./app/material-styles.js'),
    () => import('./app/material-forms.js'),
    () => import('./app/material.js'),
  ]) {
    await nextTask();
    // A stage that fails fails the start's import too, which says so.
    stage().catch(() => undefined);
  }
  await nextTask();
  const { startApp } = await import('./app/start.js');
  const { takeOver } = await runtime;
  return { takeOver, startApp };
})();
loadingApp.catch(() => undefined);
try {
  await import('./config/env.js');
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
  root.style.cssText = 'white-space:pre-wrap;font:16px/1.5 monospace;padding:24px;color:#b00020';
  throw error;
}

const { takeOver, startApp } = await loadingApp;
await nextTask();
const app = await startApp(document);
if (app.hydrate) await nextTask();
takeOver(root, app);
