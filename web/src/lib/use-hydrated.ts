import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** Set by main.tsx while React takes over a page the server rendered (docs/decisions/040). */
let hydrating = false;
export const startHydrating = () => {
  hydrating = true;
};
export const finishHydrating = () => {
  hydrating = false;
};
/** Whether React is taking over the server's page now: what renders now was rendered there. */
export const isHydrating = () => hydrating;

/**
 * A part of the server's page that React hydrates after the rest, in a commit of its own
 * (components/layout/hydration-section.tsx): whether its content is still the server's.
 */
export type SectionHydration = { hydrating: boolean };
export const SectionHydrationContext = createContext<SectionHydration | null>(null);

/** Whether what renders here now was rendered by the server and is being hydrated. */
export function useIsHydrating(): boolean {
  const section = useContext(SectionHydrationContext);
  return typeof window !== 'undefined' && (hydrating || (section?.hydrating ?? false));
}

/**
 * False while React renders a page on the server and while it hydrates it in the browser, true
 * from then on (and at once on a page the browser rendered itself). A control that only works
 * with JavaScript is disabled until then (docs/decisions/040): a click on a page painted from the
 * server's HTML would otherwise do nothing, or submit a form the browser's own way. The switch is
 * a transition: the two dozen cards of All Parts re-render in slices, not in one long task.
 */
export function useHydrated(): boolean {
  const hydratingHere = useIsHydrating();
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydratingHere);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Runs `read` once, in the commit that hydrates the calling component from the server's HTML,
 * before anything renders it again (docs/decisions/086). What the visitor did to the page before
 * its scripts ran (a box ticked, a number typed, an option chosen) is still in the DOM then:
 * hydration leaves form fields as it finds them, but the next render of a controlled field would
 * set it back to React's state, so `read` takes it into that state. Never on a page the browser
 * rendered itself, nor for a component mounted after the hydration.
 */
export function useReadAtHydration(read: () => void): void {
  const [fromServer] = useState(useIsHydrating());
  const onHydrated = useEffectEvent(read);
  // Strict Mode runs a mount's effects twice in development: the visitor's state is taken once.
  const done = useRef(false);
  useLayoutEffect(() => {
    if (!fromServer || done.current) return;
    done.current = true;
    onHydrated();
  }, [fromServer]);
}
