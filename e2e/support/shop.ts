/**
 * What the journeys share: the seeded admin, fresh accounts, toasts, the navigation a user would
 * click at either width, and a customer with a paid order made over HTTP for the admin journey.
 */
import { randomBytes } from 'node:crypto';
import {
  ORDER_TOKEN_HEADER,
  type CheckoutResult,
  type InsertResult,
  type Mail,
  type Order,
  type Part,
  type PartInput,
  type TokenResult,
} from '@sprocket/contract';
import type { Browser, Locator, Page } from 'playwright-core';
import { openPage, SHOP_URL, visit, type ViewportName } from './browser.js';
import { paceSignIn } from './sign-in-pace.js';

export const ADMIN = { email: 'admin@sprocket.test', password: 'sprocket-admin-pass' } as const;

/** The Auth emulator started by scripts/suite.ts (fixed port, see the team's port table). */
const AUTH_EMULATOR = process.env.AUTH_EMULATOR_URL ?? 'http://127.0.0.1:9099';
/** The emulator suite's project (scripts/suite.ts). */
const PROJECT_ID = 'demo-sprocket';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A short id no other run has used, for names and emails a journey creates. */
export const uniqueId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/** A customer nobody has used before, so a journey never sees another journey's orders. */
export function freshAccount(label: string): Account {
  const id = uniqueId();
  return {
    name: `E2E ${label[0]?.toUpperCase()}${label.slice(1)} ${id.slice(-4)}`,
    email: `e2e-${label}-${id}@sprocket.test`,
    password: `pass-${id}`,
  };
}

/** Waits until a toast (or any text) with exactly this text is on screen. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: true }).first().waitFor({ state: 'visible' });
}

/** MUI's default breakpoints, which the web theme keeps. */
const MD = 900;
const LG = 1200;
const narrowerThan = (page: Page, width: number) => (page.viewportSize()?.width ?? 0) < width;

/** Clicks a link of the main navigation, through the collapsible menu below tablet width. */
export async function clickNav(page: Page, label: string): Promise<void> {
  if (narrowerThan(page, MD)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/** Clicks an item of the dashboard's side menu, a drawer opened from the navbar below desktop. */
export async function clickDashboardMenu(page: Page, label: string): Promise<void> {
  if (narrowerThan(page, LG))
    await page.getByRole('button', { name: 'Toggle dashboard menu' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: label, exact: true })
    .click();
}

/**
 * The auth screens navigate away only once the user is signed in and the accessToken stored; a
 * page loaded earlier would find no session.
 */
const leftAuthScreen = (page: Page) =>
  page.waitForURL((url) => url.pathname !== '/login' && url.pathname !== '/signup');

/** Logs in through the Login screen and waits until the user is signed in. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByText('Please Login').waitFor();
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await paceSignIn(account.email);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await leftAuthScreen(page);
}

/**
 * Signs up through the Signup screen (its submit button is labelled "Login", docs/product.md §2.8).
 */
export async function signUp(page: Page, account: Account) {
  await page.getByText('Please Signup').waitFor();
  const form = page.getByRole('form', { name: 'Signup' });
  await form.getByLabel('Your Name').fill(account.name);
  await form.getByLabel('Email address').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Login', exact: true }).click();
  await leftAuthScreen(page);
}

/** The row (table) or card (phone) of a dashboard table that mentions `text`. */
export function tableRow(page: Page, tableName: string, text: string): Locator {
  const table = page.getByRole('table', { name: tableName });
  const list = page.getByRole('list', { name: tableName });
  return table
    .getByRole('row')
    .filter({ hasText: text })
    .or(list.getByRole('listitem').filter({ hasText: text }));
}

/** The shop's API over HTTP, with a bearer token when given; a refusal throws with its answer. */
export async function callApi<T>(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<T> {
  const { token, ...rest } = init;
  const response = await fetch(`${SHOP_URL}/api${path}`, {
    ...rest,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  const body: unknown = await response.json();
  if (!response.ok)
    throw new Error(
      `${init.method ?? 'GET'} /api${path} answered ${response.status}: ${JSON.stringify(body)}`,
    );
  return body as T;
}

/**
 * A customer created in the Auth emulator and given the shop's accessToken, without a browser.
 * Their email is verified, as one who followed the link (the shop mails and takes reviews only
 * from such an address, docs/decisions/046): signed up, sent the link, opened it, signed in again.
 */
export async function customerOverHttp(account: Account): Promise<{ accessToken: string }> {
  const signedUp = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: account.email,
        password: account.password,
        displayName: account.name,
        returnSecureToken: true,
      }),
    },
  );
  if (!signedUp.ok) throw new Error(`Auth emulator signUp answered ${signedUp.status}`);
  const { idToken } = (await signedUp.json()) as { idToken: string };
  const sent = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
    },
  );
  if (!sent.ok) throw new Error(`Auth emulator sendOobCode answered ${sent.status}`);
  await openVerificationLink(account.email);
  return signInOverHttp(account);
}

/** An existing account (the seeded admin, say) given the shop's accessToken, without a browser. */
export async function signInOverHttp(
  account: Pick<Account, 'email' | 'password'>,
): Promise<{ accessToken: string }> {
  const response = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, returnSecureToken: true }),
    },
  );
  if (!response.ok) throw new Error(`Auth emulator signInWithPassword answered ${response.status}`);
  const { idToken } = (await response.json()) as { idToken: string };
  await paceSignIn(account.email);
  const { token } = await callApi<TokenResult>(`/user/${encodeURIComponent(account.email)}`, {
    method: 'PUT',
    token: idToken,
  });
  return { accessToken: token };
}

/** The mail the shop wrote, newest first, as the admins' Mailbox reads it. */
export async function mailOverHttp(adminAccessToken: string): Promise<Mail[]> {
  return callApi<Mail[]>('/mail', { token: adminAccessToken });
}

/**
 * Opens the verification link the app had Firebase send to `email`, as its owner would: the Auth
 * emulator keeps every such link instead of mailing it.
 */
export async function openVerificationLink(email: string): Promise<void> {
  const listed = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  if (!listed.ok) throw new Error(`Auth emulator oobCodes answered ${listed.status}`);
  const { oobCodes } = (await listed.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const link = oobCodes
    .filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL')
    .at(-1);
  if (!link) throw new Error(`No verification email was sent to ${email}`);
  const applied = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: link.oobCode }),
    },
  );
  if (!applied.ok) throw new Error(`Auth emulator accounts:update answered ${applied.status}`);
}

/**
 * Follows the password-reset link the app had Firebase send to `email` and chooses
 * `newPassword`, as its owner would on the page the link opens.
 */
export async function resetPasswordThroughLink(email: string, newPassword: string): Promise<void> {
  const listed = await fetch(`${AUTH_EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  if (!listed.ok) throw new Error(`Auth emulator oobCodes answered ${listed.status}`);
  const { oobCodes } = (await listed.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const link = oobCodes
    .filter((code) => code.email === email && code.requestType === 'PASSWORD_RESET')
    .at(-1);
  if (!link) throw new Error(`No password-reset email was sent to ${email}`);
  const reset = await fetch(
    `${AUTH_EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: link.oobCode, newPassword }),
    },
  );
  if (!reset.ok) throw new Error(`Auth emulator accounts:resetPassword answered ${reset.status}`);
}

export async function getPart(id: string): Promise<Part> {
  return callApi<Part>(`/parts/${encodeURIComponent(id)}`);
}

export async function listParts(): Promise<Part[]> {
  return callApi<Part[]>('/parts');
}

export async function getOrderOverHttp(accessToken: string, orderId: string): Promise<Order> {
  return callApi<Order>(`/ordered/${encodeURIComponent(orderId)}`, { token: accessToken });
}

/** Places an order as the customer; it stays unpaid, holding its stock for a while. */
export async function unpaidOrderOverHttp(
  accessToken: string,
  partId: string,
  orderQuantity: number,
): Promise<Order> {
  const { insertedId } = await callApi<InsertResult>('/ordered', {
    method: 'POST',
    token: accessToken,
    body: JSON.stringify({
      partId,
      address: '1 Test Lane, Bristol',
      number: '01174960000',
      orderQuantity,
    }),
  });
  return getOrderOverHttp(accessToken, insertedId);
}

/**
 * Checks out several lines at once as the customer, to Britain in a shop that has set no shipping
 * methods (the journeys' shop); the order stays unpaid.
 */
export async function checkoutOverHttp(
  accessToken: string,
  items: { partId: string; quantity: number }[],
): Promise<Order> {
  const { insertedId } = await callApi<InsertResult>('/checkout', {
    method: 'POST',
    token: accessToken,
    body: JSON.stringify({
      items,
      address: '1 Test Lane, Bristol',
      number: '01174960000',
      country: 'GB',
    }),
  });
  return getOrderOverHttp(accessToken, insertedId);
}

/** Places an order as the customer, then pays it with the simulated gateway's 4242 card. */
export async function paidOrderOverHttp(
  accessToken: string,
  partId: string,
  orderQuantity: number,
): Promise<Order> {
  const { _id: orderId } = await unpaidOrderOverHttp(accessToken, partId, orderQuantity);
  return payOverHttp(accessToken, orderId);
}

/** Pays the customer's unpaid order with the simulated gateway's 4242 card. */
export async function payOverHttp(token: string, orderId: string): Promise<Order> {
  const { clientSecret } = await callApi<{ clientSecret: string }>('/create-payment-intent', {
    method: 'POST',
    token,
    body: JSON.stringify({ orderId: orderId }),
  });
  const { transactionId } = await callApi<{ transactionId: string }>(
    '/payments/simulated/confirm',
    {
      method: 'POST',
      token,
      body: JSON.stringify({
        clientSecret,
        cardNumber: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
        billingName: 'E2E Customer',
        billingEmail: 'e2e@sprocket.test',
      }),
    },
  );
  // What the payment page does next; harmless if the webhook already marked the order paid.
  await callApi(`/ordered/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    token,
    body: JSON.stringify({ transactionId }),
  });
  return getOrderOverHttp(token, orderId);
}

/** A tyre in two sizes (28c and 32c), added by an admin for one journey. */
export interface SizedTyre {
  id: string;
  name: string;
  /** The sku of a size. */
  sku: (size: string) => string;
}

/**
 * Adds a part over HTTP as the admin: a $12.00 part of 20 units at a minimum order of one unless
 * `fields` say otherwise (a journey's own part, so no other journey's orders take its stock).
 */
export async function addPartOverHttp(
  adminToken: string,
  fields: Partial<PartInput> & { productName: string },
): Promise<string> {
  const added = await callApi<InsertResult>('/parts', {
    method: 'POST',
    token: adminToken,
    body: JSON.stringify({
      img: '/parts/velotrack-cx12-chain.svg',
      order: 1,
      description: `${fields.productName}, added by a journey.`,
      ...(fields.variants ? {} : { quantity: 20, price: 1200 }),
      ...fields,
    }),
  });
  return added.insertedId;
}

/**
 * Adds a tyre sold in 28c and 32c, `unitsEach` of each, named after `label` (with a unique end,
 * whose letters also start its skus after `skuPrefix`); delete it after with `removePart`.
 */
export async function addSizedTyre(
  adminToken: string,
  label: string,
  skuPrefix: string,
  unitsEach: number,
): Promise<SizedTyre> {
  const name = `${label} ${uniqueId().slice(-5)}`;
  const sku = (size: string) => `${skuPrefix}-${name.slice(-5)}-${size}`.toUpperCase();
  const id = await addPartOverHttp(adminToken, {
    productName: name,
    img: '/parts/halden-cork-bar-tape.svg',
    description: 'A folding road tyre in two widths.',
    category: 'wheels-and-tyres',
    options: [{ name: 'Size', values: ['28c', '32c'] }],
    variants: [
      { sku: sku('28c'), options: { Size: '28c' }, price: 3999, quantity: unitsEach },
      { sku: sku('32c'), options: { Size: '32c' }, price: 4299, quantity: unitsEach },
    ],
  });
  return { id, name, sku };
}

/** Deletes a part a journey added. */
export async function removePart(adminToken: string, partId: string): Promise<void> {
  await callApi(`/parts/${partId}`, { method: 'DELETE', token: adminToken });
}

/** Holds every script of the shop back until `release` is called, as a slow network would. */
export async function holdScripts(page: Page): Promise<{ release(): void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    // Requests of a page the browser has left are dropped.
    await route.continue().catch(() => undefined);
  });
  return { release };
}

/** A future expiry for the simulated gateway's test cards, as its field takes it (MM/YY). */
export const TEST_CARD_EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

/**
 * Fills a test card into the card fields within `scope` (the checkout's Payment section, the
 * payment page's card form): its number, a future expiry and a CVC.
 */
export async function enterTestCard(scope: Locator, number: string): Promise<void> {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry').fill(TEST_CARD_EXPIRY);
  await scope.getByLabel('CVC').fill('123');
}

/** What Chromium logs for a declined test card: the gateway's 402, as Stripe's own API answers. */
export const DECLINED_CARD_LOG = `console.error: Failed to load resource: the server responded with a status of 402 (Payment Required) (${SHOP_URL}/api/payments/simulated/confirm)`;

/** Whether the element is wholly inside the window (not scrolled off above or below). */
export async function inView(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const height = element.ownerDocument.defaultView?.innerHeight ?? 0;
    return box.top >= 0 && box.bottom <= height;
  });
}

/** Whether `upper` starts above `lower` on the page. */
export async function isAbove(upper: Locator, lower: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([upper.boundingBox(), lower.boundingBox()]);
  return a !== null && b !== null && a.y + a.height <= b.y;
}

/** A new page at `viewport`, signed in as `account` through the Login screen. */
export async function signedInPage(
  browser: Browser,
  viewport: ViewportName,
  account: Pick<Account, 'email' | 'password'>,
): Promise<Page> {
  const { page } = await openPage(browser, viewport);
  await visit(page, '/login');
  await logIn(page, account);
  return page;
}

/** The API over HTTP with an order's private link, as a guest's browser calls it. */
async function withOrderLink<T>(path: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(`${SHOP_URL}/api${path}`, {
    method: path.startsWith('/ordered/') ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json', [ORDER_TOKEN_HEADER]: token },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A guest's paid order of one unit of the part, sent to Bristol and paid with the 4242 card as the
 * guest's browser pays it, over HTTP: its id and its private link's token.
 */
export async function guestPaidOrderOverHttp(
  partId: string,
  label: string,
): Promise<{ id: string; token: string }> {
  const placed = await fetch(`${SHOP_URL}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      items: [{ partId, quantity: 1 }],
      address: '1 Test Lane, Bristol',
      number: '01174960000',
      country: 'GB',
      email: `guest-${label}-${uniqueId()}@example.com`,
      name: 'Grace Guest',
    }),
  });
  if (placed.status !== 201) throw new Error(`The guest's checkout answered ${placed.status}`);
  const { insertedId: id, orderToken: token = '' } = (await placed.json()) as CheckoutResult;
  const { clientSecret } = await withOrderLink<{ clientSecret: string }>(
    '/create-payment-intent',
    token,
    { orderId: id },
  );
  const { transactionId } = await withOrderLink<{ transactionId: string }>(
    '/payments/simulated/confirm',
    token,
    {
      clientSecret,
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
    },
  );
  await withOrderLink(`/ordered/${encodeURIComponent(id)}`, token, { transactionId });
  return { id, token };
}
