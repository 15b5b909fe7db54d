import { expect } from 'vitest';
import type { Browser } from './browser.ts';

/** A channel connected through the product's own flows, and the sandbox seller behind it. */
export interface ConnectedChannel {
  id: string;
  kind: 'amazon' | 'walmart' | 'ebay' | 'shopify';
  role: 'main' | 'target';
  environment: 'sandbox' | 'production';
  externalSellerId: string;
  sandboxSellerId: string;
}

const unescape = (value: string) =>
  value
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");

/** Submits a sandbox consent page's form as a browser would, pressing the button with this value. */
export async function submitConsent(
  authorizeUrl: string,
  decision: string,
  extra: Record<string, string> = {},
): Promise<URL> {
  const authorize = new URL(authorizeUrl);
  const page = await fetch(authorize);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    form.set(name!, unescape(value!));
  for (const [name, value] of Object.entries(extra)) if (!form.get(name)) form.set(name, value);
  form.set('decision', decision);
  const action = unescape(html.match(/<form[^>]*action="([^"]+)"/)?.[1] ?? authorize.pathname);
  const submitted = await fetch(new URL(action, authorize), {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(submitted.status).toBe(302);
  return new URL(submitted.headers.get('location')!);
}

export async function newSandboxSeller(browser: Browser, kind: ConnectedChannel['kind'], products?: number) {
  const answer = await browser.post('/api/channels/sandbox-sellers', { kind, ...(products ? { products } : {}) });
  expect(answer.status).toBe(201);
  return answer.body as { sellerId: string; credentials: Record<string, string> };
}

/** Amazon or Walmart: a sandbox seller's credentials, typed in. */
export async function connectWithSandboxSeller(
  browser: Browser,
  kind: 'amazon' | 'walmart',
  products?: number,
): Promise<ConnectedChannel> {
  const sandboxSeller = await newSandboxSeller(browser, kind, products);
  const answer = await browser.post('/api/channels/connect', {
    kind,
    environment: 'sandbox',
    credentials: sandboxSeller.credentials,
  });
  expect(answer.status).toBe(201);
  return { ...answer.body, sandboxSellerId: sandboxSeller.sellerId };
}

/** eBay: the consent page, Agree or Decline. Answers where the popup ends and the channel (when agreed). */
export async function consentOnEbay(
  browser: Browser,
  decision: 'agree' | 'decline',
  options: { forgeState?: boolean; products?: number } = {},
) {
  const sandboxSeller = await newSandboxSeller(browser, 'ebay', options.products);
  const start = await browser.post('/api/channels/oauth/start', {
    kind: 'ebay',
    environment: 'sandbox',
    sellerHint: sandboxSeller.credentials.username,
  });
  expect(start.status).toBe(200);
  expect(new URL(start.body.authorizeUrl).pathname).toBe('/sandbox/ebay/oauth2/authorize');
  const back = await submitConsent(start.body.authorizeUrl, decision, { seller: sandboxSeller.credentials.username! });
  if (options.forgeState) back.searchParams.set('state', 'forged');
  const landed = await browser.get(back.pathname + back.search);
  expect(landed.status).toBe(302);
  const channels = (await browser.get('/api/channels')).body.items as ConnectedChannel[];
  const channel = channels.filter((c) => c.kind === 'ebay').at(-1);
  return {
    location: landed.headers.get('location')!,
    channel: channel ? { ...channel, sandboxSellerId: sandboxSeller.sellerId } : undefined,
  };
}

/** Shopify: the shop domain, then the install page, Install app or Cancel. */
export async function installOnShopify(
  browser: Browser,
  decision: 'install' | 'cancel',
  options: { products?: number } = {},
) {
  const sandboxSeller = await newSandboxSeller(browser, 'shopify', options.products);
  const shopDomain = sandboxSeller.credentials.shopDomain!;
  const start = await browser.post('/api/channels/oauth/start', {
    kind: 'shopify',
    environment: 'sandbox',
    shopDomain,
  });
  expect(start.status).toBe(200);
  const back = await submitConsent(start.body.authorizeUrl, decision);
  expect(back.pathname).toBe('/api/channels/oauth/shopify/callback');
  const landed = await browser.get(back.pathname + back.search);
  expect(landed.status).toBe(302);
  const channel = ((await browser.get('/api/channels')).body.items as ConnectedChannel[]).find(
    (c) => c.kind === 'shopify' && c.externalSellerId === shopDomain,
  );
  return {
    location: landed.headers.get('location')!,
    shopDomain,
    channel: channel ? { ...channel, sandboxSellerId: sandboxSeller.sellerId } : undefined,
  };
}
