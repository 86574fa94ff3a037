import { ThemeProvider } from '@mui/material/styles';
import {
  dehydrate,
  hydrate as hydrateQueries,
  QueryClientProvider,
  type QueryClient,
} from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { onTestFinished, vi } from 'vitest';
import { DEFAULT_CATEGORIES } from '@sprocket/contract';
import { createQueryClient } from '../lib/query-client.js';
import { queryKeys } from '../lib/query-keys.js';
import { createShopTheme, themeOfAccent } from '../lib/theme.js';
import { finishHydrating, startHydrating } from '../lib/use-hydrated.js';

/**
 * The shop's theme with a phone's layout in jsdom, whose window is 1024 px wide and cannot be
 * narrowed (jsdom 31 applies media queries at that width): every breakpoint starts above it.
 */
const phoneLayoutTheme = createShopTheme({
  values: { xs: 0, sm: 2000, md: 2100, lg: 2200, xl: 2300 },
});

type Layout = 'phone' | 'desktop';

/** The app's providers around a router, as main.tsx puts them (the theme for the layout). */
function withProviders(
  queryClient: QueryClient,
  router: ReturnType<typeof createMemoryRouter>,
  layout: Layout,
) {
  return (
    <ThemeProvider theme={layout === 'phone' ? phoneLayoutTheme : themeOfAccent()}>
      <SnackbarProvider
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        autoHideDuration={5000}
      >
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}

/**
 * A query client as a screen finds it in the app: with the shop's first categories, which every
 * page's loader asks for (app/prefetch.ts) and the admin's forms read.
 */
const testQueryClient = () => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  queryClient.setQueryData(queryKeys.categories.shown(), DEFAULT_CATEGORIES);
  queryClient.setQueryData(
    queryKeys.categories.all(),
    DEFAULT_CATEGORIES.map((category) => ({ ...category, parts: 0 })),
  );
  return queryClient;
};

/**
 * Renders routes with the app's real providers, at `path`, in a memory router; `layout: 'phone'`
 * lays the screens out as on a phone; `state` is the history entry's (the sign-in guard's).
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    layout = 'desktop',
    state,
  }: { path?: string; layout?: Layout; state?: unknown } = {},
) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [{ ...parsePath(path), state }] });
  const user = userEvent.setup();
  const view = render(withProviders(queryClient, router, layout));
  return { ...view, router, user, queryClient };
}

const parsePath = (path: string) => {
  const url = new URL(path, 'http://shop.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

/**
 * A page as the function serves it and the browser then takes it over (docs/decisions/040):
 * `routes` at `path` rendered to HTML with what `prepare` puts in the cache, as the server does;
 * `before` done to that HTML, as a visitor does before the scripts have run (no React is
 * listening yet); then hydrated, with the app's providers and the same data (web/src/main.tsx).
 * The page stays in the document until the test ends.
 */
export async function hydrateRoutes(
  routes: RouteObject[],
  {
    path = '/',
    layout = 'desktop',
    prepare,
    before,
  }: {
    path?: string;
    layout?: Layout;
    prepare?: (queryClient: QueryClient) => Promise<unknown>;
    before?: (page: HTMLElement, user: ReturnType<typeof userEvent.setup>) => Promise<void>;
  },
) {
  const serverData = testQueryClient();
  await prepare?.(serverData);
  const page = document.body.appendChild(document.createElement('div'));
  const user = userEvent.setup();
  const queryClient = testQueryClient();
  hydrateQueries(queryClient, dehydrate(serverData));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  let root: ReturnType<typeof hydrateRoot> | undefined;
  onTestFinished(() => {
    act(() => root?.unmount());
    page.remove();
  });
  startHydrating();
  try {
    page.innerHTML = renderToString(
      withProviders(serverData, createMemoryRouter(routes, { initialEntries: [path] }), layout),
    );
    await before?.(page, user);
    await act(async () => {
      root = hydrateRoot(page, withProviders(queryClient, router, layout));
    });
  } finally {
    finishHydrating();
  }
  return { page, router, user, queryClient };
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
