import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTheme, type Theme } from '@mui/material/styles';
import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from '../../../components/icons/close.js';
import { useMediaMatch } from '../../../lib/use-client-store.js';
import type { useDisclosure } from '../../../lib/use-disclosure.js';
import { useHydrated } from '../../../lib/use-hydrated.js';
import { CATALOGUE_FORM_ID } from './catalogue-filters.js';
import { FILTER_SHEET_CLASS } from './filter-sheet-styles.js';

/** Room above the filters' column for the sticky navigation bar. */
const BAR_HEIGHT = 88;

/**
 * Below md a bottom sheet over the page, shown while open (or, before the scripts have run, as
 * the address's target); from md up the sticky column beside the cards. CSS decides, not a width
 * measured in JavaScript, so a page rendered on the server shows it where the browser will.
 */
const SHEET = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    display: 'none',
    position: 'fixed',
    left: 0,
    right: 0,
    bottom: 0,
    zIndex: theme.zIndex.modal,
    maxHeight: '85dvh',
    flexDirection: 'column',
    bgcolor: 'background.paper',
    borderTopLeftRadius: 16,
    borderTopRightRadius: 16,
    boxShadow: theme.shadows[16],
    // The sheet is the surface on phones: the card inside draws nothing of its own.
    '& .MuiCard-root': { boxShadow: 'none', borderRadius: 0, bgcolor: 'transparent' },
  },
  [theme.breakpoints.up('md')]: { position: 'sticky', top: BAR_HEIGHT },
});
const SHOWN_ON_PHONES = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: { display: 'flex' },
});
/**
 * What scrolls on phones: the filters, above the foot, which stays beside them rather than over
 * them (nothing is drawn under the button).
 */
const SCROLLED_ON_PHONES = (theme: Theme) => ({
  [theme.breakpoints.down('md')]: {
    position: 'relative',
    flex: '1 1 auto',
    minHeight: 0,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
  },
});
const ONLY_ON_PHONES = { display: { md: 'none' } } as const;

const resultsLabel = (total: number | undefined) =>
  total === undefined ? 'Show results' : `Show ${total} ${total === 1 ? 'result' : 'results'}`;

/**
 * All Parts' filters (issue 35 item 4, docs/decisions/089): on phones a bottom sheet that the
 * Filters button opens over the results, with "Show N results" (the matches of the filters as
 * they are now) at its foot, which sends the filters' form and closes it; from md up the filters'
 * column. Opened, it is a modal dialog on phones: the page behind does not scroll, Escape and the
 * backdrop close it, and the focus returns to the Filters button. It stays in the page while
 * closed, so what is ticked in it is kept (decision 086); before the scripts have run the Filters
 * button is a link to it (use-disclosure) and "Show results" sends the form the browser's way.
 */
export function FilterSheet({
  panel,
  total,
  resultsId,
  children,
}: {
  panel: ReturnType<typeof useDisclosure>;
  /** How many parts the filters give now; undefined while it is being asked. */
  total: number | undefined;
  /** The results' element, where closing the sheet leads before the scripts have run. */
  resultsId: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const wide = useMediaMatch(useTheme().breakpoints.up('md'));
  const modal = panel.open && !wide;
  const closeRef = useRef<HTMLButtonElement>(null);
  const { setOpen } = panel;

  useEffect(() => {
    if (!modal) return;
    const opener = document.activeElement;
    // Opened by a tap (not kept open through the hydration): the focus goes into the sheet.
    if (
      opener instanceof HTMLElement &&
      opener.getAttribute('aria-controls') === panel.panelProps.id
    )
      closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = overflow;
      document.removeEventListener('keydown', onKey);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [modal, setOpen, panel.panelProps.id]);

  const close = () => setOpen(false);
  return (
    <>
      {modal && (
        <Box
          aria-hidden="true"
          onClick={close}
          sx={(theme) => ({
            position: 'fixed',
            inset: 0,
            zIndex: theme.zIndex.modal - 1,
            bgcolor: 'rgba(0, 0, 0, 0.5)',
          })}
        />
      )}
      <Box
        id={panel.panelProps.id}
        {...(modal && { role: 'dialog', 'aria-modal': true, 'aria-label': 'Filters' })}
        // Before the scripts have run, shown as the address's target by static CSS (only then:
        // the address may still name it after the sheet is closed, as `:target` does not follow
        // history.replaceState).
        className={FILTER_SHEET_CLASS}
        sx={[SHEET, panel.open && SHOWN_ON_PHONES]}
      >
        <Box sx={SCROLLED_ON_PHONES}>
          <IconButton
            ref={closeRef}
            aria-label="Close filters"
            {...(hydrated
              ? { onClick: close }
              : { component: 'a' as const, href: `#${resultsId}` })}
            sx={{ ...ONLY_ON_PHONES, position: 'absolute', top: 8, right: 8, zIndex: 1 }}
          >
            <CloseIcon />
          </IconButton>
          {children}
        </Box>
        <Box
          sx={{
            ...ONLY_ON_PHONES,
            flex: 'none',
            p: 2,
            pt: 1.5,
            bgcolor: 'background.paper',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          {/* Sends the filters' form: the prices typed are applied, as Apply does. */}
          <Button
            type="submit"
            form={CATALOGUE_FORM_ID}
            variant="contained"
            size="large"
            fullWidth
            onClick={hydrated ? close : undefined}
          >
            {hydrated ? resultsLabel(total) : 'Show results'}
          </Button>
        </Box>
      </Box>
    </>
  );
}
