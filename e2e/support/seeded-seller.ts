import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { Browser } from '../../api/test/support/browser.ts';
import { connectWithSandboxSeller, consentOnEbay, installOnShopify } from '../../api/test/support/channel-flows.ts';
import { see } from './browser.ts';
import { MARKETPLACE_NAMES, type Person, type SandboxKind, type SandboxSellers } from './listings.ts';
import type { E2EProduct } from './product.ts';
import { signIn } from './session.ts';

/**
 * A seller whose sign-up and connections are not the journey under test: the verified account is made in the
 * database, each channel is connected over HTTP through the product's own flows (credentials typed in for
 * Amazon and Walmart, eBay's consent, Shopify's install: what the API tests do), the first kind as the main
 * channel, and the page signs in through the form. The sign-up and connection screens themselves are
 * newcomer.e2e.ts's, channels.e2e.ts's and listings.e2e.ts's journeys.
 */
export async function seededSeller(
  page: Page,
  product: E2EProduct,
  person: Person,
  kinds: readonly SandboxKind[],
  sellers: SandboxSellers,
): Promise<void> {
  await product.createUser(person);
  const api = new Browser(product.url, product.url);
  const signedIn = await api.post('/api/auth/login', { email: person.email, password: person.password });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  for (const kind of kinds) {
    const channel =
      kind === 'ebay'
        ? (await consentOnEbay(api, 'agree')).channel
        : kind === 'shopify'
          ? (await installOnShopify(api, 'install')).channel
          : await connectWithSandboxSeller(api, kind);
    expect(channel, `${kind} connected`).toBeTruthy();
    sellers[kind] = channel!.sandboxSellerId;
  }
  await api.post('/api/auth/logout');
  await signIn(page, person);
  if (kinds.length > 0) {
    await page.goto('/channels');
    await see(page.getByRole('article', { name: new RegExp(MARKETPLACE_NAMES[kinds[0]!]) }).getByText('Main channel'));
  }
}
