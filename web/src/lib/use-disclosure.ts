import { useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated.js';

/** Shows a collapsed panel (MUI's Collapse keeps it at height 0, hidden) as the page's target. */
const SHOWN_AS_TARGET = {
  '&:target': { height: 'auto !important', visibility: 'visible', overflow: 'visible' },
} as const;

/**
 * A panel that a control opens and closes (the phone menu, the header's search row, the
 * catalogue's filters on phones), which also opens on a page the server rendered before its
 * scripts have run (docs/decisions/058): until the page is hydrated the control is a link to the
 * panel (`#id`) and CSS shows the panel as the address's target; from then on state decides,
 * starting open if that link was followed.
 */
export function useDisclosure(id: string) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!hydrated || window.location.hash !== `#${id}`) return;
    setOpen(true);
    // Closing must close it: the address no longer names it as its target.
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
  }, [hydrated, id]);
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
      unmountOnExit: hydrated,
      sx: hydrated ? {} : SHOWN_AS_TARGET,
    },
  };
}
