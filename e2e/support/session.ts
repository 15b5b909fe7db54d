import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, see, watchForPageErrors } from './browser.ts';
import { rememberSandboxSellers, type SandboxSellers } from './listings.ts';
import { startE2EProduct, type E2EProduct } from './product.ts';

/** A test file's own product and one person's browser on it, at 1440 px. */
export interface SellerSession {
  product: E2EProduct;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Every error the page logged or threw; each test fails on any. */
  pageErrors: string[];
  /** The sandbox seller behind each channel the page connects. */
  sellers: SandboxSellers;
}

/**
 * Starts the product and the browser before the file's tests (`ready` hands them over), stops both
 * after, and fails each test on an error the page logged during it.
 */
export function useSellerSession(ready: (session: SellerSession) => void): void {
  let session: SellerSession | undefined;
  useProductAndBrowser(async ({ product, browser }) => {
    const { context, page } = await openPage(browser, product, 1440, 1000);
    session = {
      product,
      browser,
      context,
      page,
      pageErrors: watchForPageErrors(page),
      sellers: rememberSandboxSellers(page),
    };
    ready(session);
  });
  beforeEach(() => () => expect(session?.pageErrors).toEqual([]));
}

/**
 * Starts the test file's own product and a browser before its tests (`ready` hands them over, and may make the
 * people the tests need), and stops both after.
 */
export function useProductAndBrowser(
  ready: (started: { product: E2EProduct; browser: Browser }) => Promise<void> | void,
): void {
  let started: { product: E2EProduct; browser: Browser } | undefined;
  beforeAll(async () => {
    const [product, browser] = await Promise.all([startE2EProduct(), launchBrowser()]);
    started = { product, browser };
    await ready(started);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.product.stop();
  });
}

/** Someone who signs in with an email and a password. */
export interface Person {
  email: string;
  password: string;
}

/** A browser context of its own (its own cookies: another person, or another device) on the product, one page open. */
export async function openPage(
  browser: Browser,
  product: E2EProduct,
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: product.url, viewport: { width, height } });
  context.setDefaultTimeout(15_000);
  return { context, page: await context.newPage() };
}

/** Fills the sign-in form and sends it; what the product answers is the caller's to see. */
export async function submitSignIn(page: Page, person: Person): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the form and waits for the dashboard. */
export async function signIn(page: Page, person: Person): Promise<void> {
  await submitSignIn(page, person);
  await page.waitForURL((url) => url.pathname === '/');
}

/** A new context at this size (another device), signed in through the form. */
export async function signedIn(
  browser: Browser,
  product: E2EProduct,
  person: Person,
  width: number,
  height: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, product, width, height);
  await signIn(opened.page, person);
  return opened;
}

/** Opens Profile Settings from the account menu: its dialog. */
export async function openProfileSettings(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profile Settings' });
  // Its chunk and the profile load first: seconds on a busy machine.
  await see(dialog, 30_000);
  return dialog;
}
