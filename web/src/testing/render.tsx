import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.js';
import { createShopTheme, theme } from '../lib/theme.js';

/**
 * The shop's theme with a phone's layout in jsdom, whose window is 1024 px wide and cannot be
 * narrowed (jsdom 31 applies media queries at that width): every breakpoint starts above it.
 */
const phoneLayoutTheme = createShopTheme({
  values: { xs: 0, sm: 2000, md: 2100, lg: 2200, xl: 2300 },
});

/**
 * Renders routes with the app's real providers, at `path`, in a memory router; `layout: 'phone'`
 * lays the screens out as on a phone.
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', layout = 'desktop' }: { path?: string; layout?: 'phone' | 'desktop' } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <ThemeProvider theme={layout === 'phone' ? phoneLayoutTheme : theme}>
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={5000}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>,
  );
  return { ...view, router, user, queryClient };
}

/** One screen at "/". */
export const renderScreen = (element: ReactNode) => renderRoutes([{ path: '/', element }]);

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** A JSON body parsed; any other body (a File) as it was sent. */
  body: unknown;
}

/** A stubbed response: status (200), JSON body, and headers besides Content-Type. */
export interface StubAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * Replaces the network: `respond` answers each request. Returns the calls made, so tests can
 * check what went over the wire.
 */
export function stubFetch(respond: (call: FetchCall) => StubAnswer | Promise<StubAnswer>) {
  const calls: FetchCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
    };
    calls.push(call);
    const { status = 200, body, headers } = await respond(call);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  };
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}
