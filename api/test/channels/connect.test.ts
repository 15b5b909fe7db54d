import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';

let t: TestProduct;
let seller: Browser;
const rows = async <T>(query: string): Promise<T[]> => ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await startTestProduct();
  await t.createUser({ email: 'seller@example.com', password: 'seller secret 1' });
  seller = t.browser();
  await seller.signIn('seller@example.com', 'seller secret 1');
});
afterAll(() => t?.stop());

describe('connecting Walmart with typed credentials, against the built-in sandbox over HTTP', () => {
  it('creates a sandbox seller, checks the credentials with Walmart, seals them, and makes the first channel main', async () => {
    const sandboxSeller = await seller.post('/api/channels/sandbox-sellers', { kind: 'walmart' });
    expect(sandboxSeller.status).toBe(201);
    expect(Object.keys(sandboxSeller.body.credentials).sort()).toEqual(['clientId', 'clientSecret']);

    const connected = await seller.post('/api/channels/connect', { kind: 'walmart', environment: 'sandbox', credentials: sandboxSeller.body.credentials });
    expect(connected.status).toBe(201);
    expect(connected.body).toMatchObject({ kind: 'walmart', role: 'main', status: 'active', environment: 'sandbox' });

    const stored = await rows<{ credentials_ciphertext: string }>(`select credentials_ciphertext from channels where id = '${connected.body.id}'`);
    expect(stored[0]!.credentials_ciphertext).toMatch(/^v1\./);
    expect(stored[0]!.credentials_ciphertext).not.toContain(sandboxSeller.body.credentials.clientSecret);
    const audit = await rows<{ entry: string }>(`select row_to_json(a)::text as entry from audit_log a where action = 'channel.connected'`);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entry).not.toContain(sandboxSeller.body.credentials.clientSecret);

    // Walmart itself saw the token request.
    const requests = await (await fetch(`${t.url}/sandbox/walmart/_control/requests`)).json();
    expect(requests.some((r: { path: string }) => r.path === '/v3/token')).toBe(true);

    const again = await seller.post('/api/channels/connect', { kind: 'walmart', environment: 'sandbox', credentials: sandboxSeller.body.credentials });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already connected/);
  });

  it('refuses credentials Walmart rejects, saving nothing', async () => {
    const before = await rows<{ n: number }>('select count(*)::int as n from channels');
    const answer = await seller.post('/api/channels/connect', { kind: 'walmart', environment: 'sandbox', credentials: { clientId: 'nobody', clientSecret: 'wrong' } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Walmart refused these credentials/);
    expect(await rows<{ n: number }>('select count(*)::int as n from channels')).toEqual(before);
  });
});

describe('connecting eBay by consent', () => {
  async function consent(decision: 'agree' | 'decline', options: { forgeState?: boolean } = {}) {
    const sandboxSeller = await seller.post('/api/channels/sandbox-sellers', { kind: 'ebay' });
    const start = await seller.post('/api/channels/oauth/start', { kind: 'ebay', environment: 'sandbox', sellerHint: sandboxSeller.body.credentials.username });
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.authorizeUrl);
    expect(authorize.pathname).toBe('/sandbox/ebay/oauth2/authorize');
    const page = await fetch(authorize);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/Agree/);
    expect(html).toMatch(/Decline/);
    // The consent form, as the browser would submit it.
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)) form.set(name!, value!.replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
    if (!form.get('username') && sandboxSeller.body.credentials.username) form.set('username', sandboxSeller.body.credentials.username);
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&') ?? authorize.pathname;
    const decisionField = html.match(new RegExp(`<button[^>]*name="([^"]+)"[^>]*value="(${decision}[^"]*)"`, 'i'));
    if (decisionField) form.set(decisionField[1]!, decisionField[2]!);
    const submitted = await fetch(new URL(action, authorize), { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(submitted.status).toBe(302);
    const back = new URL(submitted.headers.get('location')!);
    if (options.forgeState) back.searchParams.set('state', 'forged');
    const landed = await seller.get(back.pathname + back.search);
    expect(landed.status).toBe(302);
    return landed.headers.get('location');
  }

  it('Agree connects eBay and ends on /auth-success', async () => {
    expect(await consent('agree')).toBe('/auth-success');
    const channels = (await seller.get('/api/channels')).body.items;
    expect(channels.find((c: { kind: string }) => c.kind === 'ebay')).toMatchObject({ role: 'target', status: 'active' });
  });

  it('Decline ends on /auth-declined and connects nothing', async () => {
    const before = (await seller.get('/api/channels')).body.items.length;
    expect(await consent('decline')).toBe('/auth-declined');
    expect((await seller.get('/api/channels')).body.items).toHaveLength(before);
  });

  it('a forged state connects nothing', async () => {
    const before = (await seller.get('/api/channels')).body.items.length;
    expect(await consent('agree', { forgeState: true })).toBe('/auth-declined');
    expect((await seller.get('/api/channels')).body.items).toHaveLength(before);
  });
});

describe('connecting Shopify by shop domain and install consent', () => {
  async function install(decision: 'install' | 'cancel') {
    const sandboxSeller = await seller.post('/api/channels/sandbox-sellers', { kind: 'shopify' });
    const shopDomain = sandboxSeller.body.credentials.shopDomain;
    expect(shopDomain).toMatch(/\.myshopify\.com$/);
    const start = await seller.post('/api/channels/oauth/start', { kind: 'shopify', environment: 'sandbox', shopDomain });
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.authorizeUrl);
    const html = await (await fetch(authorize)).text();
    expect(html).toMatch(/Install app/);
    const form = new URLSearchParams();
    for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) form.set(name!, value!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'"));
    form.set('decision', decision);
    const action = html.match(/<form[^>]*action="([^"]+)"/)![1]!.replace(/&amp;/g, '&');
    const submitted = await fetch(new URL(action, authorize), { method: 'POST', body: form, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(submitted.status).toBe(302);
    const back = new URL(submitted.headers.get('location')!);
    expect(back.pathname).toBe('/api/channels/oauth/shopify/callback');
    const landed = await seller.get(back.pathname + back.search);
    expect(landed.status).toBe(302);
    return { location: landed.headers.get('location')!, shopDomain };
  }

  it('Install app connects the shop and lands on /channels', async () => {
    const { location, shopDomain } = await install('install');
    expect(location).toBe('/channels?connected=shopify');
    const shop = (await seller.get('/api/channels')).body.items.find((c: { kind: string }) => c.kind === 'shopify');
    expect(shop).toMatchObject({ externalSellerId: expect.stringContaining(shopDomain.split('.')[0]), status: 'active' });
  });

  it('Cancel connects nothing and says so', async () => {
    const before = (await seller.get('/api/channels')).body.items.length;
    const { location } = await install('cancel');
    expect(location).toMatch(/^\/channels\?error=not_connected&message=.*cancelled/);
    expect((await seller.get('/api/channels')).body.items).toHaveLength(before);
  });

  it('refuses a shop domain that is not one', async () => {
    const answer = await seller.post('/api/channels/oauth/start', { kind: 'shopify', environment: 'sandbox', shopDomain: 'evil.example.com' });
    expect(answer.status).toBe(400);
  });
});
