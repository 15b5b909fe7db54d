import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accessibilityViolations, horizontalOverflow, screenshot, see, watchForPageErrors } from './support/browser.ts';
import type { E2EProduct } from './support/product.ts';
import { openPage, signIn, submitSignIn, useProductAndBrowser } from './support/session.ts';
import { accounts, users } from '../api/src/db/schema/index.ts';

/**
 * Teams in a real browser (issue 27): an owner on the Business plan invites by email, the invitee
 * joins through the mailed link on a phone, the owner changes their role, and staff disable them:
 * the invitee's session ends at once. A super user changes a seller's role. The owner makes an API key a script
 * uses, then revokes it.
 */
let product: E2EProduct;
let browser: Browser;
/** One browser context per person: the owner at 1440 px, the invitee on a phone, a super user at 1440 px. */
const people = {} as Record<'owner' | 'invitee' | 'admin', { context: BrowserContext; page: Page; errors: string[] }>;
const invitee = { email: 'mo@olive-team.example', password: 'mo secret 12' };

async function open(name: keyof typeof people, width: number, height: number) {
  const { context, page } = await openPage(browser, product, width, height);
  people[name] = { context, page, errors: watchForPageErrors(page) };
  return page;
}

/** No accessibility violation and nothing wider than the screen, at 390 px and back at 1440 px. */
async function checkBothWidths(page: Page, name: string) {
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  expect(await accessibilityViolations(page)).toEqual([]);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1440, height: 1000 });
}

useProductAndBrowser(async (started) => {
  ({ product, browser } = started);
  await product.createUser({ email: 'super@hub.example', password: 'super secret 1', role: 'super_user' });
  await product.createUser({
    email: 'casey@cooper.example',
    password: 'casey secret 1',
    firstName: 'Casey',
    lastName: 'Cooper',
    companyName: 'Cooper Home',
  });
  const ownerId = await product.createUser({
    email: 'olive@olive-team.example',
    password: 'olive secret 1',
    firstName: 'Olive',
    lastName: 'Owner',
    companyName: 'Olive Team Goods',
  });
  // The Business plan includes team management (given by staff here: no checkout needed).
  const db = product.product.ctx.db;
  const [owner] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, ownerId));
  await db.update(accounts).set({ plan: 'business' }).where(eq(accounts.id, owner!.accountId));
  await open('owner', 1440, 1000);
  await open('invitee', 390, 844);
  await open('admin', 1440, 1000);
});

describe('a team, in a real browser', () => {
  it('the owner invites by email; the invitee signs up through the mailed link on a phone and joins', async () => {
    const { page } = people.owner;
    await signIn(page, { email: 'olive@olive-team.example', password: 'olive secret 1' });
    await page.goto('/user-management');
    await see(page.getByRole('heading', { name: 'Team', exact: true }));
    await page.getByLabel('Email address').fill(invitee.email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await see(page.getByText(`We emailed an invitation to ${invitee.email}. It expires in 7 days.`));
    await see(page.getByRole('cell', { name: invitee.email }));
    await checkBothWidths(page, 'team-invitation-sent');

    const phone = people.invitee.page;
    await phone.goto(await product.mailedLink(invitee.email, '/join'));
    await see(phone.getByRole('heading', { name: 'Join Olive Team Goods' }));
    expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
    expect(await accessibilityViolations(phone)).toEqual([]);
    await screenshot(phone, 'join-team-390');
    await phone.getByLabel('First name').fill('Mo');
    await phone.getByLabel('Choose a password').fill(invitee.password);
    await phone.getByRole('button', { name: 'Create account and join' }).click();
    await expect.poll(() => new URL(phone.url()).pathname).toBe('/');
    const me = await phone.request.get('/api/auth/user');
    expect(await me.json()).toMatchObject({ email: invitee.email, companyName: 'Olive Team Goods' });

    await page.reload();
    await see(page.getByText(invitee.email));
    await expect.poll(() => page.getByRole('heading', { name: 'Pending invitations' }).count()).toBe(0);
  });

  it('the owner makes the new member an owner, then a member again', async () => {
    const { page } = people.owner;
    const role = page.getByLabel('Role of Mo');
    await role.selectOption('owner');
    await see(page.getByText('Mo is now an owner.'));
    await page.reload();
    await expect.poll(() => page.getByLabel('Role of Mo').inputValue()).toBe('owner');
    await page.getByLabel('Role of Mo').selectOption('member');
    await see(page.getByText('Mo is now a member.'));
    await page.reload();
    await expect.poll(() => page.getByLabel('Role of Mo').inputValue()).toBe('member');
  });

  it('the owner makes an API key, shown once, that a script then uses; revoked, it is refused (1440 px and 390 px)', async () => {
    const { page } = people.owner;
    const keys = page.getByRole('form', { name: 'Make an API key' });
    await keys.getByLabel(/Key name/).fill('Warehouse script');
    await keys.getByRole('button', { name: 'Make key' }).click();
    const shown = page.getByLabel('New API key');
    await see(shown);
    const secret = (await shown.innerText()).trim();
    expect(secret).toMatch(/^mhk_[A-Za-z0-9_-]{43}$/);
    await checkBothWidths(page, 'team-api-key');
    // A script: no cookie, the key alone.
    const asScript = () => fetch(`${product.url}/api/channels`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asScript()).status).toBe(200);
    await page.getByRole('button', { name: 'I have stored it' }).click();
    await page.reload();
    await see(page.getByText(`${secret.slice(0, 12)}…`));
    expect(await page.getByText(secret).count()).toBe(0);
    await page.getByRole('button', { name: 'Revoke Warehouse script' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Warehouse script?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await see(page.getByText('No keys yet.'));
    expect((await asScript()).status).toBe(401);
  });

  it("staff disable the member: the member's session ends at once and signing in is refused", async () => {
    const { page } = people.admin;
    await signIn(page, { email: 'super@hub.example', password: 'super secret 1' });
    await page.goto('/admin/users');
    await page.getByLabel('Search users').fill(invitee.email);
    await page.getByRole('button', { name: 'More actions for Mo' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Mo?' });
    await see(dialog);
    await dialog.getByRole('button', { name: 'Disable user' }).click();
    await see(page.getByText('Mo has been signed out.'));
    await see(page.getByRole('table').getByText('Disabled', { exact: true }));
    await checkBothWidths(page, 'user-management-disabled');

    const phone = people.invitee.page;
    expect((await phone.request.get('/api/auth/user')).status()).toBe(401);
    await phone.reload();
    await see(
      phone.getByRole('link', { name: 'Start 7-Day Free Trial' }).or(phone.getByRole('tab', { name: 'Sign In' })),
    );
    await submitSignIn(phone, invitee);
    await see(phone.getByText('This account has been disabled. Please contact support.'));
  });

  it('a super user gives a seller the admin role', async () => {
    const { page } = people.admin;
    await page.getByLabel('Search users').fill('casey@cooper.example');
    await page.getByRole('button', { name: 'More actions for Casey Cooper' }).click();
    await page.getByRole('menuitem', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change the role of Casey Cooper' });
    await dialog.getByLabel('New role').selectOption('admin');
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await see(page.getByText('Casey Cooper is now admin.'));
    const [casey] = await product.product.ctx.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, 'casey@cooper.example'));
    expect(casey!.role).toBe('admin');
  });

  it('no page logged an error', () => {
    for (const person of Object.values(people)) expect(person.errors).toEqual([]);
  });
});
