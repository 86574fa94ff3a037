import { act } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { onTestFinished } from 'vitest';
import { finishHydrating, startHydrating } from '../lib/use-hydrated.js';

/**
 * Renders `page` on the "server", then hydrates that HTML as main.tsx and App do; `logs` are
 * emptied in between, so they hold what the browser rendered.
 */
export async function hydrate(page: () => ReactElement, ...logs: unknown[][]) {
  function Root() {
    useEffect(finishHydrating, []);
    return page();
  }
  const container = document.createElement('div');
  // jsdom has a window: what tells the "server" render from the browser's is the flag.
  startHydrating();
  container.innerHTML = renderToString(page());
  for (const log of logs) log.length = 0;
  document.body.append(container);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Root />);
  });
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
  });
  return container;
}
