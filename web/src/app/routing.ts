/**
 * The router and React Query: imported by main.tsx on its own, before the styling framework
 * (app/framework.ts), so that the browser evaluates each in a task of its own
 * (docs/decisions/073, 120). A binding from each package keeps its chunk loaded here; nothing
 * else imports this module.
 */
export { QueryClient } from '@tanstack/react-query';
export { createBrowserRouter } from 'react-router';
