/**
 * Sprocket's own look: deep teal and graphite, like a well-kept workshop, with a warm orange
 * accent for the things to press.
 */
import { createTheme, responsiveFontSizes } from '@mui/material/styles';

const fontFamily = [
  '"Inter"',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

const headingFamily = [
  '"Montserrat"',
  '"Avenir Next"',
  '"Segoe UI"',
  'Roboto',
  'Arial',
  'sans-serif',
].join(',');

const base = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#0e4a52', light: '#2b6f78', dark: '#07333a', contrastText: '#ffffff' },
    secondary: { main: '#e8772e', light: '#f39a5a', dark: '#b8561a', contrastText: '#1b1206' },
    text: { primary: '#1f262b', secondary: '#55616a' },
    background: { default: '#f5f3ef', paper: '#ffffff' },
    divider: 'rgba(31, 38, 43, 0.12)',
    success: { main: '#2e7d4f' },
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
    h3: { fontFamily: headingFamily, fontWeight: 700, letterSpacing: '-0.01em', fontSize: '2rem' },
    h4: { fontFamily: headingFamily, fontWeight: 700, fontSize: '1.6rem' },
    h5: { fontFamily: headingFamily, fontWeight: 700, fontSize: '1.3rem' },
    h6: { fontFamily: headingFamily, fontWeight: 700, fontSize: '1.1rem' },
    subtitle1: { fontWeight: 600 },
    overline: { fontWeight: 700, letterSpacing: '0.14em' },
    button: { textTransform: 'none', fontWeight: 700, letterSpacing: '0.01em' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 20 } },
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
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiLink: { defaultProps: { underline: 'hover' } },
  },
});

export const theme = responsiveFontSizes(base);
