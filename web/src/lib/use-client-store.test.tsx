import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { useClientStore } from './use-client-store.js';
import { finishHydrating, startHydrating } from './use-hydrated.js';

/** A browser-only value, as the session or the stored cart are: read, and told of changes. */
function browserStore(initial: string) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    read: () => value,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: string) {
      value = next;
      listeners.forEach((listener) => listener());
    },
  };
}

const SERVER_VALUE = 'signed out';

/** Renders `store` on the "server", then hydrates that HTML; counts the browser's renders. */
async function hydrateReader(store: ReturnType<typeof browserStore>) {
  const renders: string[] = [];
  function Reader() {
    const value = useClientStore(store.subscribe, store.read, SERVER_VALUE);
    if (typeof window !== 'undefined' && container.isConnected) renders.push(value);
    return <p>{value}</p>;
  }
  const container = document.createElement('div');
  let root: ReturnType<typeof hydrateRoot> | undefined;
  startHydrating();
  try {
    container.innerHTML = renderToString(<Reader />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <Reader />);
    });
  } finally {
    finishHydrating();
  }
  onTestFinished(() => {
    act(() => root?.unmount());
    container.remove();
  });
  return { container, renders };
}

describe('useClientStore on a page the server rendered', () => {
  it('leaves a component alone when the browser knows the same value as the server rendered', async () => {
    const store = browserStore(SERVER_VALUE);
    const { container, renders } = await hydrateReader(store);

    expect(container.textContent).toBe(SERVER_VALUE);
    // The hydration's own render only: no second render of the same value after it.
    expect(renders).toEqual([SERVER_VALUE]);

    await act(async () => store.set('signed in'));
    expect(container.textContent).toBe('signed in');
  });

  it('switches to the browser’s value once hydrated when it differs from the server’s', async () => {
    const store = browserStore('signed in');
    const { container, renders } = await hydrateReader(store);

    expect(renders[0]).toBe(SERVER_VALUE);
    expect(container.textContent).toBe('signed in');
  });
});
