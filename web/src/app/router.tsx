/**
 * Every route of docs/product.md §2.1. The pages the function renders (home, All Parts, a part,
 * All Reviews, Blogs, not found) come with the app's start, in one chunk a visitor's browser
 * fetches at once (docs/decisions/058); every other screen is its own lazily loaded module, so a
 * visitor's browser downloads only the screens it shows (the public pages never fetch the
 * dashboard's code).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  type HydrationState,
  type RouteObject,
} from 'react-router';
import { FullScreenSpinner } from '../components/feedback/full-screen-spinner.js';
import { RouteErrorPage } from '../components/feedback/route-error-page.js';
import { paths } from '../config/paths.js';
import { prefetchLoaders, type ScreenLoaders } from './prefetch.js';
import { RootLayout } from './root-layout.js';
import Blogs from './routes/blogs.js';
import Home from './routes/home.js';
import NotFound from './routes/not-found.js';
import Part from './routes/part.js';
import Parts from './routes/parts.js';
import Reviews from './routes/reviews.js';
import ShopPage from './routes/shop-page.js';

/** Adapts a module whose default export is the screen to react-router's `lazy`. */
const screen = (load: () => Promise<{ default: ComponentType }>) => async () => ({
  Component: (await load()).default,
});

/**
 * /dashboard and its screens. Add a dashboard screen as one module under routes/dashboard/ and
 * one entry here; admin-only screens go in the `admin` group, which wraps them in RequireAdmin.
 */
const dashboardRoutes: RouteObject[] = [
  { index: true, lazy: screen(() => import('./routes/dashboard/dashboard-index.js')) },
  {
    path: paths.dashboard.profile.path,
    lazy: screen(() => import('./routes/dashboard/profile.js')),
  },
  {
    path: paths.dashboard.myOrders.path,
    lazy: screen(() => import('./routes/dashboard/my-orders.js')),
  },
  {
    path: paths.dashboard.myReview.path,
    lazy: screen(() => import('./routes/dashboard/my-review.js')),
  },
  {
    path: paths.dashboard.payment.path,
    lazy: screen(() => import('./routes/dashboard/payment.js')),
  },
  {
    // Its customer's or, for an admin, anyone's: the API decides who may read it.
    path: paths.dashboard.order.path,
    lazy: screen(() => import('./routes/dashboard/order.js')),
  },
  {
    // admin: every screen below is wrapped in RequireAdmin.
    lazy: screen(() => import('./routes/dashboard/admin-layout.js')),
    children: [
      {
        path: paths.dashboard.overview.path,
        lazy: screen(() => import('./routes/dashboard/overview.js')),
      },
      {
        path: paths.dashboard.orders.path,
        lazy: screen(() => import('./routes/dashboard/orders.js')),
      },
      {
        path: paths.dashboard.customers.path,
        lazy: screen(() => import('./routes/dashboard/customers.js')),
      },
      {
        path: paths.dashboard.auditLog.path,
        lazy: screen(() => import('./routes/dashboard/audit-log.js')),
      },
      {
        path: paths.dashboard.addProducts.path,
        lazy: screen(() => import('./routes/dashboard/add-products.js')),
      },
      {
        path: paths.dashboard.users.path,
        lazy: screen(() => import('./routes/dashboard/users.js')),
      },
      {
        path: paths.dashboard.manageProducts.path,
        lazy: screen(() => import('./routes/dashboard/manage-products.js')),
      },
      {
        path: paths.dashboard.mailbox.path,
        lazy: screen(() => import('./routes/dashboard/mailbox.js')),
      },
      {
        path: paths.dashboard.mailTemplates.path,
        lazy: screen(() => import('./routes/dashboard/mail-templates.js')),
      },
      {
        path: paths.dashboard.messages.path,
        lazy: screen(() => import('./routes/dashboard/messages.js')),
      },
      {
        path: paths.dashboard.discounts.path,
        lazy: screen(() => import('./routes/dashboard/discounts.js')),
      },
      {
        path: paths.dashboard.shippingTax.path,
        lazy: screen(() => import('./routes/dashboard/shipping-tax.js')),
      },
      {
        path: paths.dashboard.pages.path,
        lazy: screen(() => import('./routes/dashboard/pages.js')),
      },
      {
        path: paths.dashboard.returns.path,
        lazy: screen(() => import('./routes/dashboard/returns.js')),
      },
      {
        path: paths.dashboard.brand.path,
        lazy: screen(() => import('./routes/dashboard/brand.js')),
      },
      {
        path: paths.dashboard.categories.path,
        lazy: screen(() => import('./routes/dashboard/categories.js')),
      },
    ],
  },
];

/** `loaders` start the public screens' data while their code loads (app/prefetch.ts). */
export const appRoutes = (loaders: ScreenLoaders = {}): RouteObject[] => [
  {
    path: paths.root.path,
    Component: RootLayout,
    // The shop's brand and the footer's links on every page (issue 36 items 1 and 2).
    loader: loaders.shell,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <FullScreenSpinner />,
    children: [
      {
        // Errors of a screen render inside the layout, so the navigation bar stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, Component: Home, loader: loaders.home },
          { path: paths.home.path, Component: Home, loader: loaders.home },
          { path: paths.blogs.path, Component: Blogs },
          { path: paths.parts.path, Component: Parts, loader: loaders.parts },
          { path: paths.part.path, Component: Part, loader: loaders.part },
          { path: paths.reviews.path, Component: Reviews, loader: loaders.reviews },
          { path: paths.shopPage.path, Component: ShopPage, loader: loaders.shopPage },
          {
            path: paths.purchase.path,
            lazy: screen(() => import('./routes/purchase.js')),
            loader: loaders.session,
          },
          {
            path: paths.cart.path,
            lazy: screen(() => import('./routes/cart.js')),
            loader: loaders.session,
          },
          {
            path: paths.checkout.path,
            lazy: screen(() => import('./routes/checkout.js')),
            loader: loaders.session,
          },
          {
            path: paths.orderConfirmation.path,
            lazy: screen(() => import('./routes/order-confirmation.js')),
          },
          {
            path: paths.orderLink.path,
            lazy: screen(() => import('./routes/order-link.js')),
          },
          {
            path: paths.stockAlertConfirm.path,
            lazy: screen(() => import('./routes/stock-alert-link.js')),
          },
          {
            path: paths.stockAlertUnsubscribe.path,
            lazy: screen(() => import('./routes/stock-alert-link.js')),
          },
          {
            path: paths.login.path,
            lazy: screen(() => import('./routes/login.js')),
            loader: loaders.auth,
          },
          {
            path: paths.signup.path,
            lazy: screen(() => import('./routes/signup.js')),
            loader: loaders.auth,
          },
          {
            path: paths.dashboard.root.path,
            lazy: screen(() => import('./routes/dashboard/layout.js')),
            loader: loaders.session,
            children: dashboardRoutes,
          },
          { path: '*', Component: NotFound },
        ],
      },
    ],
  },
];

/** The screens as the tests render them: data is asked for by the screens alone. */
export const routes = appRoutes();

export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter(appRoutes(prefetchLoaders(queryClient)));

/**
 * The router of a page the server rendered (docs/decisions/040): the screens of its address are
 * loaded first, so the router starts on what the server painted instead of its loading state, and
 * the loaders' results come from the page.
 */
export async function createHydratingRouter(queryClient: QueryClient, state: HydrationState) {
  const routes = appRoutes(prefetchLoaders(queryClient));
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
  // Matching the address against every route, then again in making the router, made one long
  // task on a phone: the router is made in a task of its own (docs/decisions/110).
  await new Promise((resolve) => setTimeout(resolve, 0));
  return createBrowserRouter(routes, { hydrationData: state });
}
