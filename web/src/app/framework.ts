/**
 * The styling framework (emotion and MUI's system): imported by main.tsx on its own, so that the
 * browser evaluates it in a task of its own before the storefront's (docs/decisions/073, 120),
 * after the router's (app/routing.ts). A binding from each package
 * keeps its chunk loaded here; nothing else imports this module.
 */
export { CacheProvider } from '@emotion/react';
export { default as styled } from '@emotion/styled';
export { createTheme } from '@mui/system';
