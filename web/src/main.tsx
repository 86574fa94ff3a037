import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk.js';

// Registered before the first lazy import below, so that every failed chunk is caught.
reloadOnStaleChunk();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Ends this task: each stage below, starting the app and hydrating are tasks of their own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The browser runs this module in the task that ends the page's parsing, which is long on a phone
// already: the app's start (the chunks' preloads among it) waits for a task of its own.
await nextTask();

// The app downloads while the configuration is checked (one after the other, they made a chain
// of requests before the first render; docs/decisions/032). It runs only once the check passed,
// so a bad setting is named on screen; its own failure then is the same error, shown already.
// The first import fetches the chunks of every stage (vite.config.ts); the browser evaluates
// React, the router, the styling framework, the toasts, MUI's theme, MUI's components in two
// halves and the storefront in a task each, where together they made one long task
// (docs/decisions/073, 110, 112, 118, 120).
const loadingApp = (async () => {
  const { takeOver } = await import('./app/react-runtime.js');
  await nextTask();
  await import('./app/routing.js');
  await nextTask();
  await import('./app/framework.js');
  await nextTask();
  await import('./app/toasts.js');
  await nextTask();
  await import('./app/material-styles.js');
  await nextTask();
  await import('./app/material-forms.js');
  await nextTask();
  await import('./app/material.js');
  await nextTask();
  const { startApp } = await import('./app/start.js');
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
