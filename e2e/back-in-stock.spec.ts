/**
 * Back in stock (issue 37 item 3, decision 100), at both widths: a guest picks a tyre's sold-out
 * size, asks "Email me when it's back" (a wrong address refused in words under the field), and
 * confirms from the mailed link without an account; the owner sees "1 waiting" on Manage Products
 * and adds stock to that size; the back-in-stock mail arrives, linking to the size, and its
 * unsubscribe link works without signing in. Every screen through axe and the layout checks.
 */
import type { Mail } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  POLL,
  screenshot,
  SHOP_URL,
  VIEWPORTS,
  visit,
  type ViewportName,
} from './support/browser.js';
import {
  ADMIN,
  addSizedTyre,
  callApi,
  expectToast,
  logIn,
  mailOverHttp,
  removePart,
  signInOverHttp,
  tableRow,
  uniqueId,
  type SizedTyre,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
const added: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
});
afterAll(async () => {
  for (const partId of added) await removePart(adminToken, partId);
  await browser?.close();
});

/** A tyre whose 28c is sold out and whose 32c is in stock. */
async function tyreSoldOutIn28(): Promise<SizedTyre> {
  const tyre = await addSizedTyre(adminToken, 'E2E Alert Tyre', 'ALR', 2);
  added.push(tyre.id);
  await callApi(`/parts/${tyre.id}`, {
    method: 'PUT',
    token: adminToken,
    body: JSON.stringify({ deliveredQuantity: 0, sku: tyre.sku('28c') }),
  });
  return tyre;
}

/** The one mail of `kind` to `to`, once the shop has written it. */
async function mailTo(kind: Mail['kind'], to: string): Promise<Mail> {
  const find = async () =>
    (await mailOverHttp(adminToken)).filter((mail) => mail.kind === kind && mail.to === to);
  await expect.poll(async () => (await find()).length, POLL).toBe(1);
  return (await find())[0]!;
}

/** The shop's address in a mail's text that opens `path` (`/alerts/confirm#token=…`). */
function linkIn(mail: Mail, path: string): string {
  const found = new RegExp(`${SHOP_URL}(${path}[^\\s]*)`).exec(mail.message.text);
  expect(found, mail.message.text).not.toBeNull();
  return found![1]!;
}

describe('back in stock', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`takes a guest's confirmed address on a sold-out size and mails it when the owner adds stock (${viewport})`, async () => {
      const shot = (page: Page, step: string) =>
        screenshot(page, `back-in-stock-${step}-${viewport}`);
      const tyre = await tyreSoldOutIn28();
      const email = `alert-${viewport}-${uniqueId()}@example.com`;

      // The guest: the sold-out size, its "Email me when it's back", a wrong address, then theirs.
      const guest = await openPage(browser, viewport);
      await visit(guest.page, `/parts/${tyre.id}`);
      await guest.page.getByRole('button', { name: '28c, sold out' }).click();
      await guest.page.getByRole('button', { name: 'Sold out', exact: true }).waitFor();
      await guest.page.getByRole('button', { name: "Email me when it's back" }).click();
      const form = guest.page.getByRole('form', { name: "Email me when it's back" });
      await form.getByRole('textbox', { name: 'Email' }).fill('not-an-address');
      await form.getByRole('button', { name: 'Notify me' }).click();
      await form.getByText('Email is not valid').waitFor();
      await shot(guest.page, 'refused');
      await form.getByRole('textbox', { name: 'Email' }).fill(email);
      await form.getByRole('button', { name: 'Notify me' }).click();
      await guest.page
        .getByText(`Almost there: open the link we sent to ${email} to confirm your address.`)
        .waitFor();
      await shot(guest.page, 'asked');

      // The confirmation mail's link, opened without an account.
      const confirmation = await mailTo('stock_alert_confirm', email);
      expect(confirmation.message.subject).toBe(
        `Sprocket: confirm your alert for ${tyre.name} (28c)`,
      );
      await visit(guest.page, linkIn(confirmation, '/alerts/confirm'));
      await guest.page.getByRole('heading', { level: 1, name: 'Alert confirmed' }).waitFor();
      await guest.page
        .getByText(`We will email ${email} once, when ${tyre.name} (28c) is back in stock.`)
        .waitFor();
      await shot(guest.page, 'confirmed');

      // The owner: "1 waiting" in the tyre's row, then one unit added to 28c.
      const owner = await openPage(browser, viewport);
      await visit(owner.page, '/login');
      await logIn(owner.page, ADMIN);
      await visit(owner.page, `/dashboard/manageProducts?q=${encodeURIComponent(tyre.name)}`);
      const row = tableRow(owner.page, 'All parts', tyre.name);
      await row.getByText('1 waiting', { exact: true }).waitFor();
      await shot(owner.page, 'manage-products');
      await row.getByRole('combobox', { name: 'Variant' }).click();
      await owner.page.getByRole('option', { name: '28c (0)' }).click();
      await row.getByRole('textbox', { name: `Quantity to add to ${tyre.name}` }).fill('1');
      const addStock = row.getByRole('button', { name: 'Add Stock' });
      await expect.poll(() => addStock.isEnabled(), POLL).toBe(true);
      await addStock.click();
      await expectToast(owner.page, 'Updated Successfully');
      await expect.poll(() => row.getByText(/waiting/).count(), POLL).toBe(0);

      // The mail arrives, linking to the size; its unsubscribe link needs no account either.
      const back = await mailTo('back_in_stock', email);
      expect(back.message.subject).toBe(`Sprocket: ${tyre.name} (28c) is back in stock`);
      expect(back.message.text).toContain(
        `${SHOP_URL}/parts/${tyre.id}?sku=${encodeURIComponent(tyre.sku('28c'))}`,
      );
      await visit(guest.page, linkIn(back, '/alerts/unsubscribe'));
      await guest.page.getByRole('heading', { level: 1, name: 'Unsubscribed' }).waitFor();
      await guest.page
        .getByText(`We will send ${email} no more mail about ${tyre.name} (28c).`)
        .waitFor();
      await shot(guest.page, 'unsubscribed');

      // The one refusal the browser logs: the wrong address's 422.
      const refused = (problem: string) =>
        problem.includes('status of 422') && problem.includes(`/api/parts/${tyre.id}/alerts`);
      expect(guest.problems.filter(refused)).toHaveLength(1);
      expect([...guest.problems.filter((problem) => !refused(problem)), ...owner.problems]).toEqual(
        [],
      );
      await Promise.all([guest.context.close(), owner.context.close()]);
    });
  }
});
