/**
 * MUI's theme machinery, with the default theme it makes as it loads: imported by main.tsx on its
 * own, before MUI's components, so that the browser evaluates it in a task of its own
 * (docs/decisions/118). One binding keeps the chunk loaded here; nothing else imports this module.
 */
export { createTheme } from '@mui/material/styles';
