/**
 * React's DOM renderer and what main.tsx does with it. The entry imports this after it has run,
 * so the browser evaluates react-dom in a task of its own, not in the entry's task with the end
 * of the page's parsing (docs/decisions/120).
 */
import { StrictMode, startTransition, type ReactElement } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { startHydrating } from '../lib/use-hydrated.js';

/** React takes over #root: the server's page hydrated, or the app rendered into the shell. */
export function takeOver(root: HTMLElement, app: { element: ReactElement; hydrate: boolean }) {
  if (!app.hydrate) {
    createRoot(root).render(<StrictMode>{app.element}</StrictMode>);
    return;
  }
  // The page came rendered from the server (docs/decisions/040): React takes it over in a
  // transition, in slices that leave the main thread free between them, where the visitor
  // already sees and can scroll the page.
  startHydrating();
  startTransition(() => {
    hydrateRoot(root, <StrictMode>{app.element}</StrictMode>);
  });
}
