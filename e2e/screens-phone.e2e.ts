import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { join } from 'node:path';
import {
  accessibilityViolations,
  horizontalOverflow,
  launchBrowser,
  screenshotDir,
  watchForPageErrors,
} from './support/browser.ts';
import { startE2EProduct, type E2EProduct } from './support/product.ts';
import { connectFourSandboxChannels, signUpAndVerify } from './support/listings.ts';

// Every screen a seller can reach, at 1440 px and on a phone (390 px): the page's main heading is
// visible, nothing is wider than the window, axe finds nothing and the page logs no error.

const signedInPaths = [
  '/',
  '/listings',
  '/orders',
  '/channels',
  '/analytics',
  '/advertising',
  '/compliance',
  '/billing',
  '/user-management',
  '/audit-logs',
  '/admin/channels',
  '/admin/settings',
  '/support',
];
const publicPaths = ['/marketing', '/about', '/privacy-policy', '/auth', '/reset-password', '/auth-declined'];

let product: E2EProduct;
let browser: Browser;

beforeAll(async () => {
  [product, browser] = await Promise.all([startE2EProduct(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** What is wrong with the page at this path: overflow, no visible main heading, axe findings. */
async function problemsOf(page: Page, path: string, width: number): Promise<string[]> {
  await page.goto(path);
  const heading = page.getByRole('heading', { level: 1 }).first();
  const problems: string[] = [];
  try {
    await heading.waitFor({ state: 'visible', timeout: 15_000 });
  } catch {
    problems.push(`${path} @${width}: no visible main heading`);
  }
  const overflow = await horizontalOverflow(page);
  if (overflow > 0) problems.push(`${path} @${width}: ${overflow} px wider than the window`);
  for (const violation of await accessibilityViolations(page)) problems.push(`${path} @${width}: ${violation}`);
  await page.screenshot({
    path: join(screenshotDir, `screen${path.replaceAll('/', '-')}-${width}.png`),
    fullPage: true,
  });
  return problems;
}

describe('every screen at 1440 px and 390 px', () => {
  it('a seller with four sandbox channels sees every signed-in and public screen whole', async () => {
    const storage = await (async () => {
      const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1440, height: 1000 } });
      context.setDefaultTimeout(15_000);
      const page = await context.newPage();
      await signUpAndVerify(page, product, {
        firstName: 'Sam',
        lastName: 'Screens',
        companyName: 'Small Screens',
        email: 'sam@screens.example',
        password: 'sam secret 12',
      });
      await connectFourSandboxChannels(page);
      const state = await context.storageState();
      await context.close();
      return state;
    })();

    const problems: string[] = [];
    for (const [width, height] of [
      [1440, 1000],
      [390, 844],
    ] as const) {
      const signedIn = await browser.newContext({
        baseURL: product.url,
        viewport: { width, height },
        storageState: storage,
      });
      const page = await signedIn.newPage();
      const errors = watchForPageErrors(page);
      for (const path of signedInPaths) problems.push(...(await problemsOf(page, path, width)));
      const signedOut = await browser.newContext({ baseURL: product.url, viewport: { width, height } });
      const publicPage = await signedOut.newPage();
      const publicErrors = watchForPageErrors(publicPage);
      for (const path of publicPaths) problems.push(...(await problemsOf(publicPage, path, width)));
      problems.push(...errors.map((e) => `@${width} signed in: ${e}`), ...publicErrors.map((e) => `@${width}: ${e}`));
      await signedIn.close();
      await signedOut.close();
    }
    expect(problems).toEqual([]);
  }, 240_000);
});
