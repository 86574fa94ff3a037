/**
 * A new customer: signs up on the way to buying a part, orders it, finds it in My Orders, deletes
 * it, reviews a part, fills in the profile (docs/product.md §2, §4, §8) and verifies the email
 * address through the link sign-up sent, at both widths.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  openPage,
  screenshot,
  SHOP_URL,
  VIEWPORTS,
  type ViewportName,
  visit,
  POLL,
} from './support/browser.js';
import {
  clickDashboardMenu,
  clickNav,
  expectToast,
  freshAccount,
  getPart,
  listParts,
  openVerificationLink,
  signUp,
  tableRow,
} from './support/shop.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('customer journey', () => {
  for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
    it(`signs up, orders, deletes the order, is asked to verify before reviewing, edits the profile (${viewport})`, async () => {
      const { context, page, problems } = await openPage(browser, viewport);
      const shot = (step: string, fullPage = true) =>
        screenshot(page, `customer-${step}-${viewport}`, { fullPage });
      const account = freshAccount(`customer-${viewport}`);
      // A part whose minimum order is more than one, so the quantity rule has something to say.
      const part = (await listParts()).find((candidate) => candidate.order > 1);
      if (!part) throw new Error('The catalogue has no part with a minimum order above 1');

      // Buy Now while signed out: the sign-in guard sends the visitor to Login, then Signup.
      await visit(page, '/parts');
      await page.getByRole('link', { name: `Buy Now: ${part.productName}` }).click();
      await page.waitForURL('**/login');
      await page.getByRole('link', { name: 'Create new account' }).click();
      await page.waitForURL('**/signup');
      await shot('signup');
      await signUp(page, account);

      // Back where they came from: the purchase page of that part, with a notice asking to
      // verify the new address that does not stand in the way of ordering.
      await page.waitForURL(`**/purchase/${part._id}`);
      const verifyNotice = page.getByRole('region', { name: 'Verify your email' });
      await verifyNotice.getByText('Please verify your email address').waitFor();
      await verifyNotice.getByText(account.email, { exact: true }).waitFor();
      const details = page.getByTestId('part-details');
      await details.getByRole('heading', { name: part.productName }).waitFor();
      const available = details.getByTestId('part-available');
      const stockBefore = Number(await available.innerText());

      const form = page.getByRole('form', { name: 'Order form' });
      const addToCart = form.getByRole('button', { name: 'Add to Cart' });
      const address = form.getByLabel('Address');
      const phone = form.getByLabel('Phone Number');
      const quantity = form.getByLabel('Order Quantity');
      expect(await form.getByLabel('Product Name').inputValue()).toBe(part.productName);
      expect(await form.getByLabel('Full Name').inputValue()).toBe(account.name);
      expect(await form.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
      expect(await quantity.inputValue()).toBe(String(part.order));
      expect(await addToCart.isDisabled()).toBe(true);

      await address.fill('12 Harbour Road, Bristol BS1 5TT');
      await phone.fill('0117');
      await form.getByText('invalid input').waitFor();
      expect(await addToCart.isDisabled()).toBe(true);
      await phone.fill('01174960000');
      await quantity.fill(String(part.order - 1));
      await form.getByText(/Invalid Input$/).waitFor();
      expect(await addToCart.isDisabled()).toBe(true);
      await quantity.fill(String(part.order));
      await expect.poll(() => addToCart.isEnabled(), POLL).toBe(true);
      await shot('purchase-form');

      await addToCart.click();
      await expectToast(page, 'Added to cart, Successfully');
      // The order is placed, its stock reserved, and the customer goes on to pay for it at the
      // checkout, which shows that order (issue 35).
      await page.waitForURL(/\/checkout\?order=/);
      await page
        .getByRole('form', { name: 'Checkout' })
        .getByRole('region', { name: 'Items' })
        .getByText(part.productName, { exact: true })
        .waitFor();
      expect((await getPart(part._id)).quantity).toBe(stockBefore - part.order);
      await shot('purchase-done');

      // My Orders: the order, unpaid, with Pay and Delete Order.
      await clickNav(page, 'Dashboard');
      await clickDashboardMenu(page, 'My Orders');
      await page.waitForURL('**/dashboard/myOrder');
      const row = tableRow(page, 'My orders', part.productName);
      await row.waitFor();
      expect(await row.count()).toBe(1);
      await row.getByText(String(part.order), { exact: true }).waitFor();
      await row.getByRole('link', { name: `Pay for ${part.productName}` }).waitFor();
      await shot('my-orders');

      await row.getByRole('button', { name: `Delete Order: ${part.productName}` }).click();
      const confirm = page.getByRole('dialog', { name: `Wanted to delete ${part.productName}` });
      await confirm.waitFor();
      await shot('delete-order-confirm', false);
      await confirm.getByRole('button', { name: 'Delete Order' }).click();
      await expectToast(page, `Deleted ${part.productName} Order`);
      await confirm.waitFor({ state: 'hidden' });
      await row.waitFor({ state: 'detached' });
      await page.getByText('You have no orders yet.', { exact: false }).waitFor();

      // Add Reviews: stars and text in the review modal. The shop takes a review only from a
      // verified address and a customer who paid for the part (docs/decisions/047); this one has
      // neither yet and is told so, with the text still in the dialog. The checkout journey
      // reviews a part it paid for.
      await clickDashboardMenu(page, 'Add Reviews');
      await page.waitForURL('**/dashboard/myReview');
      await page.getByRole('button', { name: `Add Review: ${part.productName}` }).click();
      const reviewDialog = page.getByRole('dialog', { name: `Review ${part.productName}` });
      await reviewDialog.waitFor();
      expect(await reviewDialog.getByLabel('Name', { exact: true }).inputValue()).toBe(
        account.name,
      );
      const submitReview = reviewDialog.getByRole('button', { name: 'Add Review' });
      const reviewText = `Shifted cleanly from the first ride (${account.email}).`;
      await reviewDialog.getByLabel('Your review').fill(reviewText);
      expect(await submitReview.isDisabled()).toBe(true); // no stars yet
      await reviewDialog.locator('label').filter({ hasText: '4 Stars' }).click();
      expect(await reviewDialog.getByRole('radio', { name: '4 Stars' }).isChecked()).toBe(true);
      await expect.poll(() => submitReview.isEnabled(), POLL).toBe(true);
      await shot('review-dialog', false);
      await submitReview.click();
      await reviewDialog
        .getByRole('alert')
        .getByText('Verify your email address before you write a review')
        .waitFor();
      expect(await reviewDialog.getByLabel('Your review').inputValue()).toBe(reviewText);
      await shot('review-refused', false);
      await reviewDialog.getByRole('button', { name: 'Cancel' }).click();
      await reviewDialog.waitFor({ state: 'hidden' });

      // My Profile: fill the Edit Profile modal; the card shows what was saved.
      await clickNav(page, 'Dashboard');
      await page.getByRole('heading', { name: account.name }).waitFor();
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const profileDialog = page.getByRole('dialog', { name: 'Edit Profile' });
      await profileDialog.waitFor();
      const profile = {
        degree: 'BSc Mechanical Engineering',
        cgpa: '3.75',
        address: '12 Harbour Road, Bristol',
        number: '01174960000',
        linkedin: `https://www.linkedin.com/in/${account.email.split('@')[0]}`,
      };
      await profileDialog.getByLabel('Degree').fill(profile.degree);
      await profileDialog.getByLabel('CGPA').fill(profile.cgpa);
      await profileDialog.getByLabel('Address').fill(profile.address);
      await profileDialog.getByLabel('Contact Number').fill(profile.number);
      await profileDialog.getByLabel('LinkedIn Link').fill(profile.linkedin);
      await shot('edit-profile', false);
      await profileDialog.getByRole('button', { name: 'Save Profile' }).click();
      await expectToast(page, 'Profile Updated');
      await profileDialog.waitFor({ state: 'hidden' });
      const card = page.getByRole('region', { name: account.name });
      for (const value of [profile.degree, profile.cgpa, profile.address, profile.number])
        await card.getByText(value, { exact: true }).waitFor();
      expect(
        await card
          .getByRole('link', { name: profile.linkedin.replace('https://www.', '') })
          .getAttribute('href'),
      ).toBe(profile.linkedin);
      // Cart reminders are on until the customer turns them off, here, saved at once.
      const reminders = card.getByRole('switch', { name: 'Remind me of a cart I leave behind' });
      await expect.poll(() => reminders.isChecked(), POLL).toBe(true);
      await reminders.click();
      await expect.poll(() => reminders.isChecked(), POLL).toBe(false);
      await shot('profile');

      // The dashboard keeps asking for the address to be verified: resend the link, say "I've
      // verified it" too early, then open the link (the Auth emulator keeps it) and say so.
      await verifyNotice.waitFor();
      await verifyNotice.getByRole('button', { name: 'Resend verification email' }).click();
      await expectToast(page, `Verification email sent to ${account.email}`);
      const verified = verifyNotice.getByRole('button', { name: "I've verified it" });
      await verified.click();
      await verifyNotice.getByText(/^Your address is not verified yet\./).waitFor();
      await shot('verify-email');
      await openVerificationLink(account.email);
      await verified.click();
      await expectToast(page, 'Thank you, your email address is verified.');
      await verifyNotice.waitFor({ state: 'detached' });
      await shot('email-verified');

      // The review refused above, as Chromium itself logs a refused request.
      expect(problems).toEqual([
        `console.error: Failed to load resource: the server responded with a status of 403 (Forbidden) (${SHOP_URL}/api/reviews)`,
      ]);
      await context.close();
    });
  }
});
