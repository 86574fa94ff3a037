/** Paths of the HTTP API, relative to its base (`/api`). */
export const API_BASE = '/api';

const enc = encodeURIComponent;

export const apiPaths = {
  parts: () => '/parts',
  part: (id: string) => `/parts/${enc(id)}`,
  orders: () => '/ordered',
  ordersOf: (email: string) => `/ordered?email=${enc(email)}`,
  order: (id: string) => `/ordered/${enc(id)}`,
  createPaymentIntent: () => '/create-payment-intent',
  paymentsWebhook: () => '/payments/webhook',
  simulatedConfirm: () => '/payments/simulated/confirm',
  reviews: () => '/reviews',
  profiles: () => '/profiles',
  profileOf: (email: string) => `/profiles?email=${enc(email)}`,
  adminStatus: (email: string) => `/admin/${enc(email)}`,
  users: () => '/users',
  promote: (email: string) => `/user/admin/${enc(email)}`,
  token: (email: string) => `/user/${enc(email)}`,
} as const;
