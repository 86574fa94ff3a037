import { act } from '@testing-library/react';
import { createContext, useContext, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { hydrate } from '../testing/hydrate.js';
import { HydrateWhenSeen } from './hydrate-when-seen.js';
import { useHydrated } from './use-hydrated.js';

/** jsdom lays nothing out: the viewport is this stand-in, which the test scrolls by hand. */
class ViewportStandIn {
  static watched = new Map<Element, ViewportStandIn>();
  constructor(private readonly onSeen: (entries: Partial<IntersectionObserverEntry>[]) => void) {}
  observe(element: Element) {
    ViewportStandIn.watched.set(element, this);
  }
  unobserve(element: Element) {
    ViewportStandIn.watched.delete(element);
  }
  disconnect() {}
  static scrollTo(element: Element) {
    ViewportStandIn.watched.get(element)?.onSeen([{ target: element, isIntersecting: true }]);
  }
}
beforeEach(() => vi.stubGlobal('IntersectionObserver', ViewportStandIn));
afterEach(() => {
  vi.unstubAllGlobals();
  ViewportStandIn.watched.clear();
});

/** A button that works only once hydrated, logging each render and each press. */
function Control({ name, log }: { name: string; log: string[] }) {
  const hydrated = useHydrated();
  log.push(`${name} ${hydrated ? 'live' : 'server'}`);
  return (
    <button disabled={!hydrated} onClick={() => log.push(`${name} pressed`)}>
      {name}
    </button>
  );
}

/** A button that works as the server sent it (a form's submit, a link), logging each press. */
function Pressable({ name, log }: { name: string; log: string[] }) {
  return <button onClick={() => log.push(`${name} pressed`)}>{name}</button>;
}

const heldPart = (container: HTMLElement, name: string) =>
  container.querySelector(`[data-when-seen="${name}"]`)!;
const isHydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber'));

describe('a part hydrated when seen', () => {
  it('stays the server’s HTML until it comes near the viewport, then hydrates from it', async () => {
    const log: string[] = [];
    const container = await hydrate(
      () => (
        <main>
          <Control name="first card" log={log} />
          <HydrateWhenSeen name="second card">
            <Control name="second card" log={log} />
          </HydrateWhenSeen>
        </main>
      ),
      log,
    );
    const part = heldPart(container, 'second card');
    const serversButton = part.querySelector('button')!;

    expect(log).toEqual(['first card server', 'first card live']);
    expect(isHydrated(part)).toBe(false);
    expect(serversButton.disabled).toBe(true);

    log.length = 0;
    await act(async () => ViewportStandIn.scrollTo(part));

    // Hydrated from the server's HTML (the same button, first rendered as the server did), then live.
    expect(log).toEqual(['second card server', 'second card live']);
    expect(part.querySelector('button')).toBe(serversButton);
    expect(serversButton.disabled).toBe(false);
    expect(ViewportStandIn.watched.size).toBe(0);
  });

  it('hydrates at once when the visitor presses something in it, and the press reaches it', async () => {
    const log: string[] = [];
    const container = await hydrate(
      () => (
        <HydrateWhenSeen name="footer">
          <Pressable name="subscribe" log={log} />
        </HydrateWhenSeen>
      ),
      log,
    );
    const part = heldPart(container, 'footer');
    expect(isHydrated(part)).toBe(false);

    act(() => part.querySelector('button')!.click());

    expect(isHydrated(part)).toBe(true);
    expect(log).toEqual(['subscribe pressed']);
  });

  it('keeps the server’s HTML while it waits for new children, and shows them once hydrated', async () => {
    const log: string[] = [];
    let rename: ((label: string) => void) | undefined;
    function Grid() {
      const [label, setLabel] = useState('In stock');
      rename = setLabel;
      return (
        <HydrateWhenSeen name="card">
          <p>{label}</p>
        </HydrateWhenSeen>
      );
    }
    const container = await hydrate(() => <Grid />, log);
    const part = heldPart(container, 'card');
    const serversLine = part.querySelector('p')!;

    await act(async () => rename?.('2 left'));
    expect(part.isConnected).toBe(true);
    expect(serversLine.textContent).toBe('In stock');

    await act(async () => ViewportStandIn.scrollTo(part));
    expect(part.querySelector('p')).toBe(serversLine);
    expect(serversLine.textContent).toBe('2 left');
  });

  it('hydrates at once, keeping the server’s HTML, when a value it may read changes', async () => {
    const Units = createContext('metric');
    function Size() {
      return <p>{useContext(Units) === 'metric' ? '700 × 32 mm' : '27 × 1.25 in'}</p>;
    }
    let switchUnits: (() => void) | undefined;
    function Page() {
      const [units, setUnits] = useState('metric');
      switchUnits = () => setUnits('imperial');
      return (
        <Units value={units}>
          <HydrateWhenSeen name="tyre">
            <Size />
          </HydrateWhenSeen>
        </Units>
      );
    }
    const container = await hydrate(() => <Page />);
    const part = heldPart(container, 'tyre');
    const serversLine = part.querySelector('p')!;

    await act(async () => switchUnits?.());

    expect(part.isConnected).toBe(true);
    expect(isHydrated(part)).toBe(true);
    expect(part.querySelector('p')).toBe(serversLine);
    expect(serversLine.textContent).toBe('27 × 1.25 in');
  });

  it('is only a div around its children on a page the browser renders itself', async () => {
    const log: string[] = [];
    const container = document.createElement('div');
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <HydrateWhenSeen name="card" className="cell">
          <Control name="card" log={log} />
        </HydrateWhenSeen>,
      );
    });
    onTestFinished(() => act(() => root.unmount()));

    expect(log).toEqual(['card live']);
    expect(container.innerHTML).toBe(
      '<div class="cell" data-when-seen="card"><button>card</button></div>',
    );
    expect(ViewportStandIn.watched.size).toBe(0);
  });
});
