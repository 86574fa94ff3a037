import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { reloadOnStaleChunk } from './lib/reload-on-stale-chunk.js';
import { startHydrating } from './lib/use-hydrated.js';

// Registered before the first lazy import below, so that every failed chunk is caught.
reloadOnStaleChunk();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The app downloads while the configuration is checked (one after the other, they made a chain
// of requests before the first render; docs/decisions/032). It runs only once the check passed,
// so a bad setting is named on screen; its own failure then is the same error, shown already.
// The framework is asked for first, on its own: the browser evaluates it in one task and the
// storefront in another, where together they made one long task (docs/decisions/073).
const loadingFramework = import('./app/framework.js');
loadingFramework.catch(() => undefined);
const loadingApp = import('./app/start.js');
loadingApp.catch(() => undefined);
try {
  await import('./config/env.js');
} catch (error) {
  root.textContent = error instanceof Error ? error.message : String(error);
  root.style.cssText = 'white-space:pre-wrap;font:16px/1.5 monospace;padding:24px;color:#b00020';
  throw error;
}

/** Ends this task: evaluating the storefront, starting the app and hydrating are three tasks. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

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
