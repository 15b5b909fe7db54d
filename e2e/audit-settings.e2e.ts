import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, screenshot, see, watchForPageErrors } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { openPage, signIn, useProductAndBrowser } from './support/session.ts';

let product: E2EProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

const ADMIN = { email: 'ada@hub.example', password: 'ada secret 1' };

useProductAndBrowser(async (started) => {
  ({ product, browser } = started);
  await product.createUser({ ...ADMIN, role: 'super_user', firstName: 'Ada', lastName: 'Admin' });
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser, product, 1440, 1000));
  pageErrors = watchForPageErrors(page);
  return async () => {
    await context.close();
    expect(pageErrors).toEqual([]);
  };
});

/** Changes one text setting on System Settings and saves it. */
async function changeSetting(label: string, value: string) {
  await page.goto('/admin/settings');
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await see(page.getByText('Settings Saved', { exact: true }));
}

/** The staff audit log filtered to settings changes: its rows' text. */
async function settingsChangesInTheLog(): Promise<string[]> {
  await page.goto('/admin/audit');
  await page.getByRole('combobox', { name: 'Action' }).selectOption('settings.changed');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await see(page.getByText('Showing entries that match your filters.'));
  const table = page.getByRole('table', { name: 'Audit entries' });
  await see(table);
  const rows = async () => (await table.locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  // The rows of the last answer stay on screen until the filtered one arrives (slow under load): wait for it.
  await expect.poll(async () => (await rows()).every((row) => row.includes('Settings: changed'))).toBe(true);
  return rows();
}

/** The CSV the Export button downloads, as lines. */
async function exportedLines(): Promise<string[]> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const file = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  return file.trim().split(/\r\n/);
}

describe('System Settings changes in the audit log (issue 27)', () => {
  it('at 1440 px: a trial length changed shows in the log with before and after, filtered and exported', async () => {
    await signIn(page, ADMIN);
    await changeSetting('Trial length (days)', '14');
    await changeSetting('Notice shown to every signed-in user', 'Maintenance tonight from 22:00 UTC.');
    // The notice is on every signed-in page, this one included.
    await see(
      page.getByRole('region', { name: 'Maintenance notice' }).getByText('Maintenance tonight from 22:00 UTC.'),
    );

    const rows = await settingsChangesInTheLog();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatch(/Settings: changed.*Ada Admin.*ada@hub\.example.*platform settings trialDays/);
    await page
      .getByRole('button', { name: /^Open Settings: changed/ })
      .last()
      .click();
    const drawer = page.getByRole('dialog', { name: 'Settings: changed' });
    const diff = drawer.getByRole('table', { name: 'Before and after' });
    await expect
      .poll(() => diff.getByRole('row').filter({ hasText: 'trialDays' }).innerText())
      .toMatch(/trialDays\s+7\s+14/);
    await see(drawer.getByText('Ada Admin · ada@hub.example'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'audit-settings-entry-1440');
    await page.keyboard.press('Escape');

    const [header, ...lines] = await exportedLines();
    expect(header).toBe(
      'time,action,actor name,actor email,impersonated by,ip,user agent,target type,target id,before,after,details',
    );
    expect(lines).toHaveLength(2);
    expect(lines.every((line) => line.split(',')[1] === 'settings.changed')).toBe(true);
    expect(lines[1]).toContain('Ada Admin,ada@hub.example');
    expect(lines[1]).toContain('"{""trialDays"":7}","{""trialDays"":14}"');
  });

  it('at 390 px: the sender address changed, found in the log without sideways scrolling, and exported', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN);
    await changeSetting('Sender address', 'Hub Team <team@hub.example>');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const rows = await settingsChangesInTheLog();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/platform settings senderAddress/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page
      .getByRole('button', { name: /^Open Settings: changed/ })
      .first()
      .click();
    const diff = page
      .getByRole('dialog', { name: 'Settings: changed' })
      .getByRole('table', { name: 'Before and after' });
    await expect
      .poll(() => diff.getByRole('row').filter({ hasText: 'senderAddress' }).innerText())
      .toMatch(/senderAddress\s+Marketplace Hub <no-reply@marketplace-hub\.local>\s+Hub Team <team@hub\.example>/);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshot(page, 'audit-settings-entry-390');
    await page.keyboard.press('Escape');

    // Searching narrows it to the one change, and the export follows the search.
    await page.getByRole('textbox', { name: 'Search' }).fill('senderAddress');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Audit entries' }).locator('tbody tr').count()).toBe(1);
    const [, ...lines] = await exportedLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Hub Team <team@hub.example>');
  });
});
