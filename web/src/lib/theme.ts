/**
 * The shop's look: deep teal and graphite, like a well-kept workshop, with an accent for the
 * things to press: the owner's colour (docs/decisions/104), warm orange until they choose one. Its
 * text and its shades for the dark bar and the light pages come from the contract's contrast
 * rules (accentShades), so every accent reads.
 */
import { accentShades, BRAND_DEFAULTS } from '@sprocket/contract';
import {
  createTheme,
  responsiveFontSizes,
  type BreakpointsOptions,
  type Theme,
} from '@mui/material/styles';

/** The text's fonts (the storefront's static CSS uses them too, app/static-styles.ts). */
export const fontFamily = [
  '"Inter"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** The headings' fonts. */
export const headingFamily = [
  '"Montserrat"',
  '"Avenir Next"',
  '"Segoe UI"',
  'Roboto',
  'Arial',
  'sans-serif',
].join(',');

/** MUI's `sm` breakpoint, below which the layouts are the phone's. */
const PHONE = '@media (max-width:599.95px)';
const TAP_TARGET = 44;

/** Where phones end: MUI's default `sm` breakpoint, which `breakpoints.down('sm')` reads. */
const SM_WIDTH = 600;

/**
 * The shop's theme in its accent colour; `breakpoints` only for tests, which cannot narrow
 * jsdom's window.
 */
export function createShopTheme(
  breakpoints?: BreakpointsOptions,
  accent: string = BRAND_DEFAULTS.accent,
): Theme {
  const { hover: accentHover, ...secondary } = accentShades(accent);
  return responsiveFontSizes(
    createTheme({
      ...(breakpoints && { breakpoints }),
      palette: {
        mode: 'light',
        primary: { main: '#0e4a52', light: '#2b6f78', dark: '#07333a', contrastText: '#ffffff' },
        secondary,
        text: { primary: '#1f262b', secondary: '#55616a' },
        background: { default: '#f5f3ef', paper: '#ffffff' },
        divider: 'rgba(31, 38, 43, 0.12)',
        success: { main: '#2e7d4f' },
        // Darker than MUI's orange (3.1:1 on white) so a warning's words, such as the "Not Paid"
        // chip, reach 4.5:1.
        warning: { main: '#b45309' },
        error: { main: '#c0392b' },
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily,
        h1: {
          fontFamily: headingFamily,
          fontWeight: 800,
          letterSpacing: '-0.02em',
          fontSize: '3.25rem',
        },
        h2: {
          fontFamily: headingFamily,
          fontWeight: 800,
          letterSpacing: '-0.015em',
          fontSize: '2.5rem',
        },
        h3: {
          fontFamily: headingFamily,
          fontWeight: 700,
          letterSpacing: '-0.01em',
          fontSize: '2rem',
        },
        h4: { fontFamily: headingFamily, fontWeight: 700, fontSize: '1.6rem' },
        h5: { fontFamily: headingFamily, fontWeight: 700, fontSize: '1.3rem' },
        h6: { fontFamily: headingFamily, fontWeight: 700, fontSize: '1.1rem' },
        subtitle1: { fontWeight: 600 },
        overline: { fontWeight: 700, letterSpacing: '0.14em' },
        button: { textTransform: 'none', fontWeight: 700, letterSpacing: '0.01em' },
      },
      components: {
        // The autofill keyframes every field's InputBase would add as a global style of its own,
        // once here (MUI's advice for pages with many fields: All Parts has one on each card).
        MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } },
        MuiCssBaseline: {
          styleOverrides: {
            '@keyframes mui-auto-fill': { from: { display: 'block' } },
            '@keyframes mui-auto-fill-cancel': { from: { display: 'block' } },
            // Every control shows where the keyboard is: the accent's dark shade reads on the light
            // pages, its light one on the teal navigation bar.
            'body :focus-visible': { outline: `3px solid ${secondary.dark}`, outlineOffset: 2 },
            '.MuiAppBar-root :focus-visible': { outlineColor: secondary.light },
            // notistack's own toast colours put white on 3:1 green and blue: the theme's tones instead.
            'body .notistack-MuiContent-success': { backgroundColor: '#2e7d4f' },
            'body .notistack-MuiContent-error': { backgroundColor: '#c0392b' },
            'body .notistack-MuiContent-warning': { backgroundColor: '#b45309' },
            'body .notistack-MuiContent-info': { backgroundColor: '#0e4a52' },
            // Phones show toasts at the bottom, where a dialog has its buttons: while one is open,
            // they go to the top, over the backdrop that covers the navigation bar (issue 27).
            [`@media (max-width: ${SM_WIDTH - 0.05}px)`]: {
              'body:has(.MuiDialog-root) .notistack-SnackbarContainer': {
                top: '14px !important',
                bottom: 'auto !important',
              },
            },
            // A visitor who asks for less motion gets none: slides, dialogs, ripples and toasts appear
            // in their final state at once (and the browser journeys check screens that way, at rest).
            '@media (prefers-reduced-motion: reduce)': {
              '*, *::before, *::after': {
                animationDuration: '0.01ms !important',
                animationIterationCount: '1 !important',
                transitionDuration: '0.01ms !important',
                transitionDelay: '0ms !important',
                scrollBehavior: 'auto !important',
              },
            },
          },
        },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: {
            root: {
              borderRadius: 999,
              paddingInline: 20,
              // A contained button in the accent hovers away from its text, not to `dark`
              // (contract's accentHover).
              variants: [
                {
                  props: { color: 'secondary' },
                  style: {
                    '@media (hover: hover)': {
                      '&:hover': { '--variant-containedBg': accentHover },
                    },
                  },
                },
              ],
            },
          },
        },
        MuiCard: {
          defaultProps: { elevation: 0 },
          styleOverrides: {
            root: {
              border: '1px solid rgba(31, 38, 43, 0.08)',
              boxShadow: '0 1px 2px rgba(16, 24, 32, 0.04), 0 8px 24px rgba(16, 24, 32, 0.06)',
            },
          },
        },
        MuiTextField: { defaultProps: { fullWidth: true } },
        // A finger needs 44 px (WCAG 2.5.5) on phones: every button-like control (buttons, icon
        // buttons, toggles, checkboxes, pagination, menu items, clickable chips) is at least that.
        MuiButtonBase: {
          styleOverrides: { root: { [PHONE]: { minWidth: TAP_TARGET, minHeight: TAP_TARGET } } },
        },
        MuiChip: {
          styleOverrides: { clickable: { [PHONE]: { borderRadius: TAP_TARGET / 2 } } },
        },
        // A switch as tall as a finger, its track and thumb still centred; its thumb's own width
        // stays, as the switch's input spans the whole switch.
        MuiSwitch: {
          styleOverrides: {
            root: { [PHONE]: { height: TAP_TARGET, paddingTop: 15, paddingBottom: 15 } },
            switchBase: { [PHONE]: { minWidth: 0 } },
          },
        },
        // Small fields and selects (40 px) on phones.
        MuiOutlinedInput: {
          styleOverrides: {
            sizeSmall: {
              [PHONE]: { '& .MuiOutlinedInput-input': { paddingTop: 10.5, paddingBottom: 10.5 } },
            },
          },
        },
        MuiAppBar: { defaultProps: { elevation: 0 } },
        // A link that is a button ("Forgot password?") stands alone, so it is tapped like one.
        MuiLink: {
          defaultProps: { underline: 'hover' },
          styleOverrides: { button: { [PHONE]: { minHeight: TAP_TARGET } } },
        },
      },
    }),
  );
}

const themes = new Map<string, Theme>();

/**
 * The theme of an accent colour (the default one's when none is given), made once per colour a
 * visit sees. None is made as this module loads: app/start.tsx makes the page's in a task of its
 * own, where it was a quarter of evaluating the storefront on a phone (docs/decisions/118).
 */
export function themeOfAccent(accent: string = BRAND_DEFAULTS.accent): Theme {
  let made = themes.get(accent);
  if (!made) {
    made = createShopTheme(undefined, accent);
    themes.set(accent, made);
  }
  return made;
}
