/**
 * Signing in in plain words (docs/product.md §2.2, §2.8): a wrong password and an unknown
 * address read the same, "Forgot password?" sends the reset link the owner then follows, and
 * the signed-in user's menu leads to My Orders and logs out, at both widths.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  VIEWPORTS,
  type ViewportName,
  visit,
} from './support/browser.js';
import { customerOverHttp, freshAccount, logIn, resetPasswordThroughLink } from './support/shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CREDENTIALS = "That email and password don't match. Try again or reset your password.";

describe('signing in', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`words failures plainly, resets the password and offers the user's menu (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `sign-in-${step}-${viewport}`, { fullPage });
      const account = freshAccount(`sign-in-${viewport}`);
      await customerOverHttp(account);
      const form = page.getByRole('form', { name: 'Login' });
      const tryLogIn = async (email: string, password: string) => {
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Password').fill(password);
        await form.getByRole('button', { name: 'Login', exact: true }).click();
      };

      // A wrong password and an address nobody uses get the same words, never a Firebase code.
      await visit(page, '/login');
      await page.getByText('Please Login').waitFor();
      await tryLogIn(`nobody-${account.email}`, 'whatever-password');
      await page.getByRole('alert').filter({ hasText: CREDENTIALS }).waitFor();
      await tryLogIn(account.email, 'not-the-password');
      await page.getByRole('alert').filter({ hasText: CREDENTIALS }).waitFor();
      expect(await page.getByText(/Firebase|auth\//).count()).toBe(0);
      await shot('wrong-password');

      // Forgot password?: the address typed is kept; the answer does not say whether it exists.
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset your password' });
      expect(await dialog.getByLabel('Email').inputValue()).toBe(account.email);
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await dialog
        .getByText(
          `If an account exists for ${account.email}, we've sent a link to reset its password.`,
        )
        .waitFor();
      await shot('reset-link-sent', false);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The owner follows the link the emulator kept, then logs in with the new password.
      const newPassword = `${account.password}-new`;
      await resetPasswordThroughLink(account.email, newPassword);
      await logIn(page, { email: account.email, password: newPassword });
      // The page behind the menu at rest (its heading drawn) before the menu is looked at.
      await page.getByRole('heading', { level: 1 }).first().waitFor();

      // The user's name is in the bar; its menu (the folding menu on phones) has My Orders.
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const menu = page.locator('#main-menu-small');
        await menu.getByText(account.name).waitFor();
        await shot('user-menu', false);
        await menu.getByRole('link', { name: 'My Orders' }).click();
      } else {
        await page.getByRole('button', { name: account.name }).click();
        const menu = page.getByRole('menu');
        await menu.getByRole('menuitem', { name: 'Dashboard' }).waitFor();
        await shot('user-menu', false);
        await menu.getByRole('menuitem', { name: 'My Orders' }).click();
      }
      await page.waitForURL('**/dashboard/myOrder');
      await page.getByRole('heading', { name: 'My Orders' }).waitFor();

      // Log Out from the same menu: the dashboard sends the visitor to Login.
      if (viewport === 'phone') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.locator('#main-menu-small').getByRole('button', { name: 'Log Out' }).click();
      } else {
        await page.getByRole('button', { name: account.name }).click();
        await page.getByRole('menuitem', { name: 'Log Out' }).click();
      }
      await page.getByText('Please Login').waitFor();

      // The refused sign-ins are the identity service's 400s; nothing else went wrong.
      expect(problems.filter((problem) => !problem.includes('identitytoolkit'))).toEqual([]);
      await context.close();
    });
  }
});
