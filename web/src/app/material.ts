/**
 * MUI's components that the storefront uses: imported by main.tsx on its own, so that the browser
 * evaluates them in a task of their own before the storefront's (docs/decisions/110). One binding
 * keeps the chunk loaded here; nothing else imports this module.
 */
export { default as Button } from '@mui/material/Button';
