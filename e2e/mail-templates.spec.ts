/**
 * Mails the owner words (issue 37 item 5, decision 107), at both widths: from the Mailbox the
 * admin opens Mail templates, picks "Order placed", sees its placeholders; an unknown placeholder
 * is refused as typed, with Save off; the draft's preview shows the latest order (a customer whose
 * name is markup, shown as words); Save; the customer's next order mail reads the owner's words;
 * Reset to default after a confirmation, and the next mail reads the default again; the shop's
 * notes to itself are listed apart, "New order" previewed as the shop reads it. Every screen
 * through axe and the layout checks.
 */
import { orderNumber, type CataloguePart, type Order } from '@sprocket/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  POLL,
  screenshot,
  VIEWPORTS,
  visit,
  type ViewportName,
} from './support/browser.js';
import {
  ADMIN,
  callApi,
  checkoutOverHttp,
  clickDashboardMenu,
  customerOverHttp,
  expectToast,
  freshAccount,
  logIn,
  mailOverHttp,
  signInOverHttp,
} from './support/shop.js';

let browser: Browser;
let adminToken: string;
beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = (await signInOverHttp(ADMIN)).accessToken;
});
// The other journeys read the mails' default words, whatever happened here.
afterEach(async () => {
  if (adminToken)
    await callApi('/admin/mail-templates/order_placed', { method: 'DELETE', token: adminToken });
});
afterAll(async () => {
  await browser?.close();
});

/** A part any customer can order as it is. */
async function orderablePart(): Promise<CataloguePart> {
  const [part] = (await callApi<CataloguePart[]>('/parts')).filter(
    (each) => each.quantity >= each.order * 2 && each.variants.length === 0,
  );
  if (!part) throw new Error('No part in stock to order');
  return part;
}

describe('mail templates', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`are worded, refused, previewed, saved and reset by the owner (${viewport})`, async () => {
      const shot = (page: Page, step: string) =>
        screenshot(page, `mail-templates-${step}-${viewport}`);
      const name = `Ada <b>Bold</b> ${viewport}`;
      const account = { ...freshAccount('templates'), name };
      const customer = await customerOverHttp(account);
      const part = await orderablePart();
      const placeOrder = (): Promise<Order> =>
        checkoutOverHttp(customer.accessToken, [{ partId: part._id, quantity: part.order }]);
      const placedMail = async (order: Order) =>
        (await mailOverHttp(adminToken)).find(
          (each) => each.about === order._id && each.kind === 'order_placed',
        );
      const latest = await placeOrder();

      const { page } = await openPage(browser, viewport);
      await visit(page, '/login');
      await logIn(page, ADMIN);
      await visit(page, '/dashboard');
      await clickDashboardMenu(page, 'Mailbox');
      await page.getByRole('heading', { name: 'Mailbox', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Mail templates' }).first().click();
      await page.waitForURL('**/dashboard/mail-templates');
      await page.getByRole('heading', { name: 'Mail templates', level: 1 }).waitFor();
      expect(await page.getByRole('combobox', { name: 'Mail' }).textContent()).toContain(
        'Order placed',
      );
      await page.getByText('{{customerName}}', { exact: true }).waitFor();
      // The preview: the latest order, its customer's name as words.
      const preview = page.getByTestId('mail-html');
      await expect.poll(() => preview.textContent(), POLL).toContain(`Hello ${name},`);
      await page.getByText(`With order ${orderNumber(latest._id)}`, { exact: false }).waitFor();
      expect(await preview.locator('b').count()).toBe(0);
      await shot(page, 'screen');

      const body = page.getByRole('textbox', { name: /^Body/ });
      const save = page.getByRole('button', { name: 'Save' });
      await body.fill('Hi {{firstName}}');
      await page.getByText(/^Unknown placeholder \{\{firstName\}\}: this mail can use/).waitFor();
      expect(await save.isDisabled()).toBe(true);
      await shot(page, 'refused');

      await body.fill(
        'Thanks, **{{customerName}}**! Order {{orderNumber}} is ours to pack.\n\n{{orderLines}}\n\n{{shopSignature}}',
      );
      await expect
        .poll(() => preview.textContent(), POLL)
        .toContain(`Thanks, ${name}! Order ${orderNumber(latest._id)} is ours to pack.`);
      expect(await preview.locator('strong').textContent()).toBe(name);
      await expect.poll(() => save.isEnabled(), POLL).toBe(true);
      await save.click();
      await expectToast(page, 'Mail template saved');
      await page.getByText('Your words', { exact: true }).waitFor();
      await shot(page, 'saved');

      // The customer's next order is mailed in the owner's words, the name escaped.
      const worded = await placeOrder();
      const mail = await placedMail(worded);
      expect(mail?.message.text).toContain(
        `Thanks, **${name}**! Order ${orderNumber(worded._id)} is ours to pack.`,
      );
      expect(mail?.message.html).toContain(
        `<p>Thanks, <strong>Ada &lt;b&gt;Bold&lt;/b&gt; ${viewport}</strong>!`,
      );

      await page.getByRole('button', { name: 'Reset to default' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset “Order placed” to the default?' });
      await dialog.waitFor();
      await shot(page, 'reset');
      await dialog.getByRole('button', { name: 'Reset' }).click();
      await expectToast(page, 'Mail template reset to the default');
      await page.getByText('Default words', { exact: true }).waitFor();
      expect(await body.inputValue()).toMatch(/^Hello \{\{customerName\}\},/);
      const again = await placeOrder();
      expect((await placedMail(again))?.message.text).toContain(`Hello ${name},`);

      // The shop's notes to itself are listed apart and previewed as the shop reads them.
      await page.getByRole('combobox', { name: 'Mail' }).click();
      const listbox = page.getByRole('listbox');
      await listbox.getByText('To the shop', { exact: true }).waitFor();
      await shot(page, 'list');
      await listbox.getByRole('option', { name: 'New order, to the shop' }).click();
      await page.getByText('{{customerEmail}}', { exact: true }).waitFor();
      await expect
        .poll(() => preview.textContent(), POLL)
        .toContain(`${name} <${account.email}> placed order ${orderNumber(again._id)}.`);
      expect(await preview.locator('b').count()).toBe(0);
      await page
        .getByText(`With order ${orderNumber(again._id)}, as the shop would read it.`)
        .waitFor();
      await shot(page, 'shop-note');

      await page.close();
    });
  }
});
