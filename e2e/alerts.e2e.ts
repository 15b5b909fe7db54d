import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, see } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { useSellerSession } from './support/session.ts';
import type { SandboxSellers } from './support/listings.ts';
import { seededSeller } from './support/seeded-seller.ts';

let product: E2EProduct;
let page: Page;
let sellers: SandboxSellers;

useSellerSession((session) => ({ product, page, sellers } = session));

const EMAIL = 'ada@alerts.example';

describe('alerts that reach people (issue 27)', () => {
  it('signs in with Walmart (main) and Amazon sandbox sellers', async () => {
    await seededSeller(
      page,
      product,
      {
        firstName: 'Ada',
        lastName: 'Alerts',
        companyName: 'Alerted Goods',
        email: EMAIL,
        password: 'ada secret 1',
      },
      ['walmart', 'amazon'],
      sellers,
    );
    expect(sellers.amazon).toBeTruthy();
  });

  it('the seller removes our app on Amazon: the channel turns to error and the seller is mailed, with the link to fix it', async () => {
    const revoked = await page.request.post(`/sandbox/amazon/_control/sellers/${sellers.amazon}/authorization/revoke`);
    expect(revoked.status()).toBe(200);
    await page.goto('/channels');
    const amazon = page.getByRole('article', { name: /Amazon/ });
    await amazon.getByRole('button', { name: 'Sync now: Amazon' }).click();
    await see(amazon.getByText('Error', { exact: true }), 30_000);
    // The mail names the channel and links to Channels, where it is connected again.
    const link = await product.mailedLink(EMAIL, '/channels');
    expect(new URL(link).pathname).toBe('/channels');
  });

  it('the dashboard lists the alert with its fix, at 1440 px and at 390 px', async () => {
    await page.goto('/');
    const alerts = page.getByRole('list', { name: 'Alerts' });
    await see(alerts.getByText(/is in error$/), 15_000);
    const channelAlert = alerts.getByRole('listitem').filter({ hasText: /is in error/ });
    expect(await channelAlert.getByRole('link', { name: 'Fix it' }).getAttribute('href')).toBe('/channels');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await see(alerts.getByText(/is in error$/));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  it('the mail’s settings link opens the alert settings; turning a kind off is kept', async () => {
    await page.goto('/?alerts=settings');
    const dialog = page.getByRole('dialog', { name: 'Alert settings' });
    await see(dialog);
    await dialog.getByRole('checkbox', { name: 'Low stock' }).uncheck();
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await see(page.getByText('Alert Settings Saved').first());
    const saved = await page.request.get('/api/alerts/settings');
    expect((await saved.json()).kinds).toContainEqual({ kind: 'low_stock', name: 'Low stock', email: false });
  });
});
