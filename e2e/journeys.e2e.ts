import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { gone, launchBrowser, screenshot, see, watchForPageErrors } from './support/browser.ts';
import { startE2EProduct, type E2EProduct } from './support/product.ts';

let product: E2EProduct;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  [product, browser] = await Promise.all([startE2EProduct(), launchBrowser()]);
  await product.createUser({
    email: 'admin@hub.example',
    password: 'admin secret 1',
    role: 'admin',
    firstName: 'Alex',
    lastName: 'Admin',
  });
  await product.createUser({
    email: 'casey@cooper.example',
    password: 'casey secret 1',
    firstName: 'Casey',
    lastName: 'Cooper',
    companyName: 'Cooper Home',
  });
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});
beforeEach(async () => {
  context = await browser.newContext({ baseURL: product.url, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  pageErrors = watchForPageErrors(page);
  return async () => {
    await context.close();
    expect(pageErrors).toEqual([]);
  };
});

const toast = (title: string) => page.getByText(title, { exact: true }).first();

async function signIn(email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/');
}

describe('a seller, in a real browser', () => {
  it('signs up, verifies from the mailed link, lands on the dashboard, signs out and in again', async () => {
    await page.goto('/');
    await see(page.getByRole('link', { name: 'Start 7-Day Free Trial' }));
    await screenshot(page, 'landing');

    await page.getByRole('link', { name: 'Get Started' }).first().click();
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.getByLabel('First name', { exact: true }).fill('Dana');
    await page.getByLabel('Last name', { exact: true }).fill('Diaz');
    await page.getByLabel('Company name', { exact: true }).fill('Diaz Outdoor');
    await page.getByLabel('Email', { exact: true }).fill('dana@diaz.example');
    await page.getByLabel('Password', { exact: true }).fill('dana secret 1');
    await screenshot(page, 'sign-up');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await see(toast('Registration Successful'));
    await see(page.getByRole('heading', { name: 'Verify Your Email' }));
    await screenshot(page, 'verify-email-mode');

    const link = await product.mailedLink('dana@diaz.example', '/verify-email');
    await page.goto(link);
    await see(page.getByRole('heading', { name: 'Email Verified!' }));
    await screenshot(page, 'email-verified');
    // The page moves on to the dashboard by itself after 3 seconds.
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await see(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
    await see(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }));
    await screenshot(page, 'dashboard');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('dana@diaz.example');
    await screenshot(page, 'user-menu');
    // Sign Out posts the browser to the logout endpoint (a GET would let any site sign a user out).
    const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/logout');
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    const logout = await signedOut;
    expect([logout.request().method(), logout.status()]).toEqual(['POST', 303]);
    await page.waitForURL((url) => url.pathname === '/');
    await see(page.getByRole('link', { name: 'Start 7-Day Free Trial' }));

    await signIn('dana@diaz.example', 'dana secret 1');
    await see(toast('Welcome back!'));
    await see(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  });

  it('resets a forgotten password from the mailed link and signs in with the new one', async () => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await see(page.getByRole('heading', { name: 'Reset Password' }));
    await page.getByLabel('Email', { exact: true }).fill('casey@cooper.example');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await see(toast('Password Reset Email Sent'));

    const link = await product.mailedLink('casey@cooper.example', '/reset-password');
    await page.goto(link);
    await page.getByLabel('New Password', { exact: true }).fill('casey new 2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('casey new 3');
    await see(page.getByText('Passwords do not match'));
    expect(await page.getByRole('button', { name: 'Reset Password' }).isDisabled()).toBe(true);
    await screenshot(page, 'reset-passwords-differ');

    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm Password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await see(toast('Password Too Short'));
    await see(page.getByText('Password must be at least 6 characters long.'));
    await screenshot(page, 'reset-too-short');

    await page.getByLabel('New Password', { exact: true }).fill('casey new 2');
    await page.getByLabel('Confirm Password', { exact: true }).fill('casey new 2');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await see(toast('Password Reset Successful'));
    // Back to sign-in after 2 seconds.
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 5000 });

    await signIn('casey@cooper.example', 'casey new 2');
    await see(page.getByRole('heading', { level: 1, name: 'Dashboard' }));
  });

  it('shows "Invalid Reset Link" without a token and goes back to sign-in', async () => {
    await page.goto('/reset-password');
    await see(page.getByRole('heading', { name: 'Invalid Reset Link' }));
    await page.waitForURL((url) => url.pathname === '/auth', { timeout: 5000 });
  });
});

describe('an administrator', () => {
  it('views as a client, sees the banner and the client sidebar, and exits back to User Management', async () => {
    await signIn('admin@hub.example', 'admin secret 1');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await see(nav.getByRole('link', { name: 'User Management' }));
    await gone(nav.getByRole('link', { name: 'Billing' }));
    await nav.getByRole('link', { name: 'User Management' }).click();
    await see(page.getByRole('heading', { name: 'User Management' }));
    await screenshot(page, 'user-management');

    // Everything the page shows until the redirect is watched: "You don't have access" must never flash.
    await page.evaluate(() => {
      const seen = ((window as unknown as { noAccessSeen: boolean }).noAccessSeen = false);
      void seen;
      new MutationObserver(() => {
        if (/don't have access/i.test(document.body.innerText))
          (window as unknown as { noAccessSeen: boolean }).noAccessSeen = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole('button', { name: 'View as Casey Cooper' }).click();
    await see(toast('Impersonation Started'));
    await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
    expect(await page.evaluate(() => (window as unknown as { noAccessSeen: boolean }).noAccessSeen)).toBe(false);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect.poll(() => banner.textContent()).toContain('Viewing as: Casey Cooper (Cooper Home)');
    await see(nav.getByRole('link', { name: 'Billing' }));
    await gone(nav.getByRole('link', { name: 'User Management' }));
    await page.getByRole('button', { name: /Account menu/ }).click();
    await expect.poll(() => page.getByRole('menu').textContent()).toContain('View Mode');
    await screenshot(page, 'impersonating');
    await page.keyboard.press('Escape');

    await banner.getByRole('button', { name: 'Exit Impersonation' }).click();
    await see(toast('Impersonation Ended'));
    await page.waitForURL((url) => url.pathname === '/admin/users', { timeout: 5000 });
    await see(page.getByRole('heading', { name: 'User Management' }));
    await gone(page.getByRole('region', { name: 'Impersonation' }));
  });
});

describe('routes', () => {
  it('shows "Page Not Found" for an unknown path when signed in, and the sign-in screen when signed out', async () => {
    await page.goto('/no-such-page');
    await see(page.getByRole('tab', { name: 'Sign In' }));
    await signIn('casey@cooper.example', 'casey new 2');
    await page.goto('/no-such-page');
    await see(page.getByRole('heading', { name: 'Page Not Found' }));
    await screenshot(page, 'not-found');
  });

  it('shows the session error toast and takes the parameter out of the address', async () => {
    await page.goto('/auth?error=session_error');
    await see(toast('Session Error'));
    await see(page.getByText('There was an issue with your session. Please try signing in again.'));
    await expect.poll(() => page.url()).toBe(`${product.url}/auth`);
    await screenshot(page, 'session-error');
  });

  it('serves the public pages to anyone', async () => {
    for (const [path, text] of [
      ['/about', 'Get Started'],
      ['/privacy-policy', 'Privacy'],
      ['/support', 'Operational'],
      ['/marketing', 'Start 7-Day Free Trial'],
    ] as const) {
      await page.goto(path);
      await see(page.getByText(text).first());
      await screenshot(page, path.slice(1));
    }
  });
});
