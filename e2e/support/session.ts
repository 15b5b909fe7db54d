import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, watchForPageErrors } from './browser.ts';
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
  beforeAll(async () => {
    const [product, browser] = await Promise.all([startE2EProduct(), launchBrowser()]);
    const context = await browser.newContext({ baseURL: product.url, viewport: { width: 1440, height: 1000 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
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
  afterAll(async () => {
    await session?.browser.close();
    await session?.product.stop();
  });
  beforeEach(() => () => expect(session?.pageErrors).toEqual([]));
}
