import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { gone, see } from './browser.ts';
import type { E2EProduct } from './product.ts';

export type SandboxKind = 'amazon' | 'walmart' | 'ebay' | 'shopify';
/** The sandbox seller behind each connected channel, as "Use a sandbox seller" created it. */
export type SandboxSellers = Partial<Record<SandboxKind, string>>;

export interface Person {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  password: string;
}

/** Remembers each sandbox seller the page asks for (orders and checks are made on it). */
export function rememberSandboxSellers(page: Page): SandboxSellers {
  const sellers: SandboxSellers = {};
  page.on('response', async (response) => {
    if (!response.url().endsWith('/api/channels/sandbox-sellers') || response.status() !== 201) return;
    const seller = (await response.json()) as { kind: SandboxKind; sellerId: string };
    sellers[seller.kind] = seller.sellerId;
  });
  return sellers;
}

/** Signs up through the form and follows the mailed link; ends on the home page. */
export async function signUpAndVerify(page: Page, product: E2EProduct, person: Person): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name', { exact: true }).fill(person.firstName);
  await page.getByLabel('Last name', { exact: true }).fill(person.lastName);
  await page.getByLabel('Company name', { exact: true }).fill(person.companyName);
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await see(page.getByRole('heading', { name: 'Verify Your Email' }));
  await page.goto(await product.mailedLink(person.email, '/verify-email'));
  await see(page.getByRole('heading', { name: 'Email Verified!' }));
  await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
}

/**
 * Connects a sandbox seller on one marketplace from the Channels page, as a seller would: the first
 * channel connected becomes the main channel, the others targets.
 */
export async function connectSandboxChannel(page: Page, kind: SandboxKind): Promise<void> {
  const card = (name: RegExp) => page.getByRole('article', { name });
  if (new URL(page.url()).pathname !== '/channels') await page.goto('/channels');
  const connected = () => see(card(new RegExp(MARKETPLACE_NAMES[kind])).getByText(/^(Main channel|Target)$/));
  const name = MARKETPLACE_NAMES[kind];
  await page.getByRole('button', { name: `Connect ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Connect ${name}` });
  await dialog.getByRole('button', { name: 'Use a sandbox seller' }).click();
  if (kind === 'walmart' || kind === 'amazon') {
    const filled = kind === 'walmart' ? 'Client ID' : 'Seller ID (merchant token)';
    await expect.poll(() => dialog.getByLabel(filled, { exact: true }).inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: `Connect ${name}` }).click();
    await connected();
  } else if (kind === 'ebay') {
    await see(dialog.getByText(/Sandbox seller:/));
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: 'Continue to eBay' }).click(),
    ]);
    await popup.waitForLoadState();
    await popup.getByRole('button', { name: 'Agree' }).click();
    await connected();
    // The popup closes itself once the opener has the result; on a loaded machine that takes its time.
    await popup.waitForEvent('close', { timeout: 30_000 });
  } else {
    await expect
      .poll(() => dialog.getByLabel('Shop domain', { exact: true }).inputValue())
      .toMatch(/\.myshopify\.com$/);
    await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
    await page.getByRole('button', { name: 'Install app' }).click();
    await page.waitForURL((url) => url.pathname === '/channels');
    await connected();
    // Its toast fades out before the next screens are checked for contrast.
    await gone(page.getByText('Shopify Connected', { exact: true }), 15_000);
  }
}

/** How the Channels page names each marketplace on its card. */
export const MARKETPLACE_NAMES = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay', shopify: 'Shopify' } as const;

/** Connects a sandbox seller on Walmart (first, so the main channel), Amazon, eBay and Shopify. */
export async function connectFourSandboxChannels(page: Page): Promise<void> {
  for (const kind of ['walmart', 'amazon', 'ebay', 'shopify'] as const) await connectSandboxChannel(page, kind);
  await see(page.getByRole('article', { name: /Walmart/ }).getByText('Main channel'));
}

/** A SKU's row in the catalogue grid (read also while a dialog hides the page from assistive technology). */
export const rowOf = (page: Page, sku: string) =>
  page
    .getByRole('row', { includeHidden: true })
    .filter({ has: page.getByRole('button', { name: `Open ${sku}`, exact: true, includeHidden: true }) });

/** The Available column of a SKU's row. */
export const availableOf = async (page: Page, sku: string) =>
  Number((await rowOf(page, sku).locator('td').nth(4).textContent())?.trim());

/** A channel chip's accessible label for a SKU, once nothing is on its way to it ("sending" gone). */
async function settledChipLabel(page: Page, sku: string, marketplace: string): Promise<string | null> {
  const label = await rowOf(page, sku)
    .getByRole('img', { name: new RegExp(`^${marketplace} · `), includeHidden: true })
    .getAttribute('aria-label');
  return !label || label.includes('sending') ? null : label;
}

/** The quantity a channel's chip shows for a SKU, once nothing is on its way to it. */
export async function settledQuantity(page: Page, sku: string, marketplace: string): Promise<number | null> {
  const match = (await settledChipLabel(page, sku, marketplace))?.match(/Qty (\d+)$/);
  return match ? Number(match[1]) : null;
}

/** The price a channel's chip shows for a SKU (as "12.50"), once nothing is on its way to it. */
export async function settledPrice(page: Page, sku: string, marketplace: string): Promise<string | null> {
  // "Price $12.50": the amount after its currency sign.
  const match = (await settledChipLabel(page, sku, marketplace))?.match(/ · Price [^\d·]*([\d,]+(?:\.\d+)?) · /);
  return match ? Number(match[1]!.replace(/,/g, '')).toFixed(2) : null;
}
