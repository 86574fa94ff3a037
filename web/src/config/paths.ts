/** Every route of the app (spec §2). Links are always built with getHref, never by hand. */

const enc = encodeURIComponent;

export const paths = {
  root: { path: '/', getHref: () => '/' },
  home: { path: '/home', getHref: () => '/home' },
  blogs: { path: '/blogs', getHref: () => '/blogs' },
  parts: { path: '/parts', getHref: () => '/parts' },
  reviews: { path: '/reviews', getHref: () => '/reviews' },
  purchase: { path: '/purchase/:id', getHref: (id: string) => `/purchase/${enc(id)}` },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    myOrders: { path: '/dashboard/myOrder', getHref: () => '/dashboard/myOrder' },
    myReview: { path: '/dashboard/myReview', getHref: () => '/dashboard/myReview' },
    payment: {
      path: '/dashboard/payment/:id',
      getHref: (orderId: string) => `/dashboard/payment/${enc(orderId)}`,
    },
    orders: { path: '/dashboard/orders', getHref: () => '/dashboard/orders' },
    addProducts: { path: '/dashboard/addProducts', getHref: () => '/dashboard/addProducts' },
    users: { path: '/dashboard/users', getHref: () => '/dashboard/users' },
    manageProducts: {
      path: '/dashboard/manageProducts',
      getHref: () => '/dashboard/manageProducts',
    },
  },
} as const;

/** True for /dashboard and everything under it (the navbar shows the sidebar toggle there). */
export const isDashboardPath = (pathname: string) =>
  pathname === paths.dashboard.root.path || pathname.startsWith(`${paths.dashboard.root.path}/`);
