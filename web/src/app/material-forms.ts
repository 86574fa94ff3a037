/**
 * MUI's form fields, menus and dialogs that the storefront uses, with the parts they are built
 * from: imported by main.tsx on its own, before the rest of MUI's components (app/material.ts),
 * so that the browser evaluates each half in a task of its own (docs/decisions/110, 120). One
 * binding keeps the chunk loaded here; nothing else imports this module.
 */
export { default as TextField } from '@mui/material/TextField';
