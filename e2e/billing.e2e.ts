import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, screenshot, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import { signUpAndVerify } from './support/listings.ts';
import { accounts } from '../api/src/db/schema/index.ts';

let product: E2EProduct;
let page: Page;

useSellerSession((session) => ({ product, page } = session));

/** The account's Stripe subscription, as the webhooks left it in the database. */
async function subscriptionId(): Promise<string> {
  const [row] = await product.product.ctx.db
    .select({ id: accounts.stripeSubscriptionId })
    .from(accounts)
    .where(eq(accounts.name, 'Billed Goods'));
  return row!.id!;
}

/** The end of the subscription's period, now, on the Stripe sandbox (its control API, as tests drive it). */
async function endPeriod(): Promise<void> {
  const answer = await fetch(
    `${product.url}/sandbox/stripe/_control/subscriptions/${await subscriptionId()}/period-end`,
    {
      method: 'POST',
    },
  );
  expect(answer.status).toBe(200);
}

async function checkLayout(name: string) {
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, name);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 1000 });
}

/** In the Stripe sandbox's customer portal, from the Billing page's "Manage billing". */
async function inThePortal(action: (portal: Page) => Promise<void>) {
  await page.goto('/billing');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await see(page.getByRole('heading', { name: 'Manage billing' }));
  await action(page);
}

describe('Billing on the real product, with the Stripe sandbox (issue 26)', () => {
  it('a new account is in its 7-day trial: the top bar counts it down', async () => {
    await signUpAndVerify(page, product, {
      firstName: 'Bea',
      lastName: 'Billing',
      companyName: 'Billed Goods',
      email: 'bea@billed.example',
      password: 'bea secret 1',
    });
    const bar = page.getByRole('region', { name: 'Free trial' });
    await see(bar);
    expect(await bar.innerText()).toMatch(/Free trial: 7 days left/);
    expect((await bar.boundingBox())!.height).toBe(44);
    await bar.getByRole('link', { name: 'Choose a plan' }).click();
    await see(page.getByRole('list', { name: 'Plans' }));
    await checkLayout('billing-plans-trial');
  });

  it('upgrades to Growth through the hosted payment page: the plan and its limits change at once', async () => {
    await page.getByRole('button', { name: 'Choose Growth' }).click();
    await page.waitForURL(/\/sandbox\/stripe\/checkout\/cs_test_/);
    await see(page.getByText('Growth: $49.00 per month'));
    await checkLayout('stripe-sandbox-checkout');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL((url) => url.pathname === '/billing');
    await see(page.getByText('Your payment was received and your plan is active.'), 20_000);
    await see(page.getByText('Active', { exact: true }));
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'SKUs in your catalogue' }).getAttribute('aria-valuetext'))
      .toBe('0 of 2,000 SKUs');
    expect(await page.getByRole('region', { name: 'Free trial' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Invoices' }).click();
    const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
    await see(rows);
    expect(await rows.first().innerText()).toMatch(/\$49\.00[\s\S]*Paid/);
    await checkLayout('billing-active');
  });

  it('a failed renewal shows the past-due state with "Update payment method", which fixes it', async () => {
    await inThePortal(async (portal) => {
      await portal.getByLabel(/^Payment method/).selectOption('4000000000000341');
      await portal.getByRole('button', { name: 'Update payment method' }).click();
      await see(portal.getByText(/visa •••• 0341/i));
    });
    await endPeriod();
    await page.goto('/billing');
    await see(page.getByText('Past due'), 20_000);
    await see(page.getByRole('region', { name: 'Payment failed' }));
    await checkLayout('billing-past-due');
    await page.getByRole('alert').getByRole('button', { name: 'Update payment method' }).click();
    await see(page.getByRole('heading', { name: 'Manage billing' }));
    await page.getByLabel(/^Payment method/).selectOption('4242424242424242');
    await page.getByRole('button', { name: 'Update payment method' }).click();
    await page.goto('/billing');
    await expect.poll(async () => page.getByText('Active', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
  });

  it('changes plan on the Plans tab: the prorated price first, then the new limits at once', async () => {
    await page.goto('/billing?tab=plans');
    await page.getByRole('button', { name: 'Change to Business' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change to Business' });
    await see(dialog.getByText(/^Due today: \$\d+\.\d\d$/));
    expect(await dialog.getByRole('list').innerText()).toMatch(/Unused time on Marketplace Hub Growth/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm plan change' }).click();
    await see(page.getByText('You are on the Business plan now.'));
    await page.getByRole('tab', { name: 'Overview' }).click();
    await expect
      .poll(() => page.getByRole('progressbar', { name: 'SKUs in your catalogue' }).getAttribute('aria-valuetext'))
      .toBe('0 of 10,000 SKUs');
  });

  it("cancelling keeps the plan to the period's end, then the account is read-only with its data", async () => {
    await inThePortal(async (portal) => {
      await portal.getByRole('button', { name: 'Cancel plan' }).click();
      await see(portal.getByRole('button', { name: 'Renew plan' }));
      await portal.getByRole('link', { name: 'Return' }).click();
    });
    await page.waitForURL((url) => url.pathname === '/billing');
    await see(page.getByText(/^Your plan ends on .*; nothing is deleted after it\.$/), 20_000);
    await endPeriod();
    await page.reload();
    await see(page.getByText('Ended', { exact: true }), 20_000);
    const bar = page.getByRole('region', { name: 'Plan ended' });
    await see(bar);
    expect(await bar.innerText()).toMatch(/Your plan has ended\. Sync is paused and all your data is kept/);
    await checkLayout('billing-plan-ended');
    // Nothing was deleted: the account, its pages and its invoices are all still there.
    await page.getByRole('tab', { name: 'Invoices' }).click();
    await see(page.getByRole('table', { name: 'Invoices' }));
  });
});
