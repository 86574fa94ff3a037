import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk.js';
import { startHydrating } from './lib/use-hydrated.js';

// Registered before the first lazy import below, so that every failed chunk is caught.
reloadOnStaleChunk();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** Ends this task: each stage below, starting the app and hydrating are tasks of their own. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// The app downloads while the configuration is checked (one after the other, they made a chain
// of requests before the first render; docs/decisions/032). It runs only once the check passed,
// so a bad setting is named on screen; its own failure then is the same error, shown already.
// The first import fetches the chunks of every stage (vite.config.ts); the browser evaluates
// the framework, the toasts, MUI's theme, MUI's components and the storefront in a task each,
// where together they made one long task (docs/decisions/073, 110, 112, 118).
const loadingApp = (async () => {
  await import('./app/framework.js');
  await nextTask();
  await import('./app/toasts.js');
  await nextTask();
  await import('./app/material-styles.js');
  await nextTask();
  await import('./app/material.js');
  await nextTask();
  return import('./app/start.js');
})();
loadingApp.catch(() => undefined);
try {
  await import('./config/env.js');
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
  root.style.cssText = 'white-space:pre-wrap;font:16px/1.5 monospace;padding:24px;color:#b00020';
  throw error;
}

const { startApp } = await loadingApp;
await nextTask();
const app = await startApp(document);
if (app.hydrate) {
  // The page came rendered from the server (docs/decisions/040): React takes it over in a
  // transition, in slices that leave the main thread free between them, where the visitor
  // already sees and can scroll the page.
  await nextTask();
  startHydrating();
  startTransition(() => {
    hydrateRoot(root, <StrictMode>{app.element}</StrictMode>);
  });
} else {
  createRoot(root).render(<StrictMode>{app.element}</StrictMode>);
}
