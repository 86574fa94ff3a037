import { useEffect, useState, type SetStateAction } from 'react';
import { HYDRATED_ATTRIBUTE } from './page-state.js';
import { useHydrated } from './use-hydrated.js';

const PANEL_CLASS = 'disclosure-panel';

/**
 * Shows a collapsed panel (MUI's Collapse keeps it at height 0, hidden) as the page's target until
 * the page is hydrated (lib/page-state.ts marks it), after which state decides. Static CSS
 * (app/static-styles.ts): the panel's own styles stay the same as the page is hydrated, so no
 * style is made then (docs/decisions/112).
 */
export const DISCLOSURE_CSS = `
html:not([${HYDRATED_ATTRIBUTE}]) .${PANEL_CLASS}:target {
  height: auto !important;
  visibility: visible;
  overflow: visible;
}
`;

/**
 * A panel that a control opens and closes (the phone menu, the header's search row, the
 * catalogue's filters on phones), which also opens on a page the server rendered before its
 * scripts have run (docs/decisions/058): until the page is hydrated the control is a link to the
 * panel (`#id`) and CSS shows the panel as the address's target; from then on state decides,
 * starting open if that link was followed. A panel so opened stays in the page as the scripts
 * take over, with what was typed or ticked in it (docs/decisions/086), and shows at once.
 */
export function useDisclosure(id: string) {
  const hydrated = useHydrated();
  // Whether the panel was the address's target when the page loaded: its state once hydrated,
  // decided in the same render as the switch, so the panel is never unmounted in between.
  const [targeted] = useState(
    () => typeof window !== 'undefined' && window.location.hash === `#${id}`,
  );
  // The visitor's choice since the page was hydrated; null: none yet.
  const [choice, setChoice] = useState<boolean | null>(null);
  const open = hydrated && (choice ?? targeted);
  const setOpen = (value: SetStateAction<boolean>) =>
    setChoice((current) => (typeof value === 'function' ? value(current ?? targeted) : value));
  useEffect(() => {
    if (!hydrated || !targeted || window.location.hash !== `#${id}`) return;
    // Closing must close it: the address no longer names it as its target.
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  }, [hydrated, targeted, id]);
  return {
    open,
    setOpen,
    /** The control's props: a link to the panel until hydrated, then a toggle. */
    controlProps: hydrated
      ? {
          onClick: () => setOpen((current) => !current),
          'aria-expanded': open,
          'aria-controls': id,
        }
      : { component: 'a' as const, href: `#${id}` },
    /** The panel's props: its id, kept in the page until hydrated, shown as the target. */
    panelProps: {
      id,
      className: PANEL_CLASS,
      unmountOnExit: hydrated,
      // Already on screen when the page is hydrated: no unfolding from nothing.
      ...(open && choice === null && { timeout: 0 }),
    },
  };
}
