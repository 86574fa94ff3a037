import { Suspense, useCallback, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { SectionHydrationContext, useIsHydrating, type SectionHydration } from './use-hydrated.js';

/** How far ahead of the viewport a held part starts hydrating: about a screen's height. */
const SEEN_MARGIN = '100% 0px';
/** What a visitor does in a held part that makes React need it now, heard first at the document. */
const NEEDED_ON = [
  'pointerdown',
  'mousedown',
  'touchstart',
  'focusin',
  'keydown',
  'click',
  'input',
];

/** A held part's way out: open once it is seen or used. */
interface Gate {
  open: boolean;
  /** How many times React tried to hydrate the part. */
  attempts: number;
  opened: Promise<void>;
  element: Element;
  openNow: () => void;
}

/** The closed gates, by their part's name (Strict Mode's development run makes a state twice). */
const closedGates = new Map<string, Gate>();
let seenObserver: IntersectionObserver | null = null;

const openGatesAround = (event: Event) => {
  const target = event.target;
  if (!(target instanceof Node)) return;
  for (const gate of closedGates.values()) if (gate.element.contains(target)) gate.openNow();
};

const openGatesSeen = (entries: IntersectionObserverEntry[]) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    for (const gate of closedGates.values()) if (gate.element === entry.target) gate.openNow();
  }
};

/** Listens while a gate is closed: in the capture phase at the document, before React's root. */
function listenForUse(listen: boolean) {
  for (const type of NEEDED_ON)
    if (listen) document.addEventListener(type, openGatesAround, { capture: true });
    else document.removeEventListener(type, openGatesAround, { capture: true });
}

/** The gate of the server's part called `name`; null (nothing held) where it cannot be watched. */
function gateOf(name: string): Gate | null {
  const known = closedGates.get(name);
  if (known) return known;
  const element = document.querySelector(`[data-when-seen="${CSS.escape(name)}"]`);
  if (!element || typeof IntersectionObserver !== 'function') return null;
  let resolve = () => {};
  const gate: Gate = {
    open: false,
    attempts: 0,
    opened: new Promise<void>((done) => (resolve = done)),
    element,
    openNow: () => {
      if (gate.open) return;
      gate.open = true;
      closedGates.delete(name);
      seenObserver?.unobserve(element);
      if (closedGates.size === 0) listenForUse(false);
      resolve();
    },
  };
  if (closedGates.size === 0) listenForUse(true);
  closedGates.set(name, gate);
  seenObserver ??= new IntersectionObserver(openGatesSeen, { rootMargin: SEEN_MARGIN });
  seenObserver.observe(element);
  return gate;
}

type HeldPart = SectionHydration & { gate: Gate | null };

/**
 * A part of the server's page that React hydrates only once it comes within a screen of the
 * viewport, or the visitor points at, touches or focuses something in it (docs/decisions/119): on a
 * phone All Parts shows one card of two dozen, and hydrating the others as the page loaded kept the
 * main thread busy for nothing the visitor sees. Until then it stays the server's HTML, its links
 * and forms working as they do before the scripts run. An event inside it opens it before React
 * hears of the event, so React hydrates it at once and hands it the event (selective hydration).
 *
 * Its first children are kept while it waits: React would drop the server's HTML of a waiting
 * part that receives new ones. What it was given since shows once it is hydrated. On a page the
 * browser renders itself it is only a `div` around its children.
 */
export function HydrateWhenSeen({
  name,
  className,
  children,
}: {
  /** Unique in the page and the same on the server and in the browser: finds the server's HTML. */
  name: string;
  className?: string;
  children: ReactNode;
}) {
  const fromServer = useIsHydrating();
  const [part] = useState<HeldPart>(() => ({
    hydrating: fromServer,
    gate: fromServer ? gateOf(name) : null,
  }));
  const [serversChildren, setServersChildren] = useState<ReactNode>(fromServer ? children : null);
  const shown = serversChildren ?? children;
  const hydrated = useCallback(() => setServersChildren(null), []);
  // The very element again while the server's children are kept: React leaves the part alone.
  return useMemo(
    () => (
      <SectionHydrationContext value={part}>
        <Suspense>
          <WaitUntilSeen part={part} />
          <div className={className} data-when-seen={name}>
            {shown}
          </div>
          <Hydrated part={part} onHydrated={hydrated} />
        </Suspense>
      </SectionHydrationContext>
    ),
    [part, className, name, shown, hydrated],
  );
}

/** Holds its part as the server's HTML until it is seen; lets it through on any later attempt. */
function WaitUntilSeen({ part }: { part: HeldPart }) {
  const gate = part.gate;
  if (!gate || gate.open) return null;
  gate.attempts += 1;
  // React tries a held part again only when it needs it: for an event inside it, or an update
  // that reaches it (a context it may read). Holding on then would make React drop the server's
  // HTML and render the part afresh; hydrating it now keeps it.
  if (gate.attempts > 1) {
    gate.openNow();
    return null;
  }
  // A thrown promise, not `use`: React unwinds to the boundary at once and keeps the server's
  // HTML until the promise settles, where `use` would have it wait in place.
  throw gate.opened;
}

/** Last in its part: from its commit on, what mounts there is the browser's. */
function Hydrated({ part, onHydrated }: { part: HeldPart; onHydrated: () => void }) {
  useLayoutEffect(() => {
    if (!part.hydrating) return;
    part.hydrating = false;
    onHydrated();
  }, [part, onHydrated]);
  return null;
}
