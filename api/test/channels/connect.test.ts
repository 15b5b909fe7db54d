import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { consentOnEbay, installOnShopify } from '../support/channel-flows.ts';

let t: TestProduct;
let seller: Browser;
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller } = await t.signedInSeller());
});
afterAll(() => t?.stop());

describe('connecting Walmart with typed credentials, against the built-in sandbox over HTTP', () => {
  it('creates a sandbox seller, checks the credentials with Walmart, seals them, and makes the first channel main', async () => {
    const sandboxSeller = await seller.post('/api/channels/sandbox-sellers', { kind: 'walmart' });
    expect(sandboxSeller.status).toBe(201);
    expect(Object.keys(sandboxSeller.body.credentials).sort()).toEqual(['clientId', 'clientSecret']);

    const connected = await seller.post('/api/channels/connect', {
      kind: 'walmart',
      environment: 'sandbox',
      credentials: sandboxSeller.body.credentials,
    });
    expect(connected.status).toBe(201);
    expect(connected.body).toMatchObject({ kind: 'walmart', role: 'main', status: 'active', environment: 'sandbox' });

    const stored = await rows<{ credentials_ciphertext: string }>(
      `select credentials_ciphertext from channels where id = '${connected.body.id}'`,
    );
    expect(stored[0]!.credentials_ciphertext).toMatch(/^v1\./);
    expect(stored[0]!.credentials_ciphertext).not.toContain(sandboxSeller.body.credentials.clientSecret);
    const audit = await rows<{ entry: string }>(
      `select row_to_json(a)::text as entry from audit_log a where action = 'channel.connected'`,
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entry).not.toContain(sandboxSeller.body.credentials.clientSecret);

    // Walmart itself saw the token request.
    const requests = await (await fetch(`${t.url}/sandbox/walmart/_control/requests`)).json();
    expect(requests.some((r: { path: string }) => r.path === '/v3/token')).toBe(true);

    const again = await seller.post('/api/channels/connect', {
      kind: 'walmart',
      environment: 'sandbox',
      credentials: sandboxSeller.body.credentials,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already connected/);
  });

  it('refuses credentials Walmart rejects, saving nothing', async () => {
    const before = await rows<{ n: number }>('select count(*)::int as n from channels');
    const answer = await seller.post('/api/channels/connect', {
      kind: 'walmart',
      environment: 'sandbox',
      credentials: { clientId: 'nobody', clientSecret: 'wrong' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^Walmart refused these credentials/);
    expect(await rows<{ n: number }>('select count(*)::int as n from channels')).toEqual(before);
  });
});

describe('connecting eBay by consent', () => {
  it('Agree connects eBay and ends on /auth-success', async () => {
    expect((await consentOnEbay(seller, 'agree')).location).toBe('/auth-success');
    const channels = (await seller.get('/api/channels')).body.items;
    expect(channels.find((c: { kind: string }) => c.kind === 'ebay')).toMatchObject({
      role: 'target',
      status: 'active',
    });
  });

  it('Decline ends on /auth-declined and connects nothing', async () => {
    const before = (await seller.get('/api/channels')).body.items.length;
    expect((await consentOnEbay(seller, 'decline')).location).toBe('/auth-declined');
    expect((await seller.get('/api/channels')).body.items).toHaveLength(before);
  });

  it('asks eBay for one application token however many sellers connect (eBay allows an application 1,000 a day)', async () => {
    const applicationTokens = async () =>
      (
        (await (await fetch(`${t.url}/sandbox/ebay/_control/requests`)).json()) as Array<{
          method: string;
          path: string;
          body?: unknown;
        }>
      ).filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/identity/v1/oauth2/token' &&
          JSON.stringify(r.body ?? '').includes('client_credentials'),
      ).length;
    // The first eBay seller (above) registered our notification endpoint with the application's token.
    const before = await applicationTokens();
    expect(before).toBe(1);
    for (let i = 0; i < 3; i++) expect((await consentOnEbay(seller, 'agree')).location).toBe('/auth-success');
    expect(await applicationTokens()).toBe(before);
  });

  it('a forged state connects nothing', async () => {
    const before = (await seller.get('/api/channels')).body.items.length;
    expect((await consentOnEbay(seller, 'agree', { forgeState: true })).location).toBe('/auth-declined?reason=expired');
    expect((await seller.get('/api/channels')).body.items).toHaveLength(before);
  });
});

describe('connecting Shopify by shop domain and install consent', () => {
  it('Install app connects the shop and lands on /channels', async () => {
    const { location, shopDomain } = await installOnShopify(seller, 'install');
    expect(location).toBe('/channels?connected=shopify');
    const shop = (await seller.get('/api/channels')).body.items.find((c: { kind: string }) => c.kind === 'shopify');
    expect(shop).toMatchObject({
      externalSellerId: expect.stringContaining(shopDomain.split('.')[0]!),
      status: 'active',
    });
  });

  it('Cancel connects nothing and says so', async () => {
    const before = (await seller.get('/api/channels')).body.items.length;
    const { location } = await installOnShopify(seller, 'cancel');
    // A code the page words itself, never text of ours in the address (anyone could write a link with any).
    expect(location).toBe('/channels?error=cancelled');
    expect((await seller.get('/api/channels')).body.items).toHaveLength(before);
  });

  it('refuses a shop domain that is not one', async () => {
    const answer = await seller.post('/api/channels/oauth/start', {
      kind: 'shopify',
      environment: 'sandbox',
      shopDomain: 'evil.example.com',
    });
    expect(answer.status).toBe(400);
    // The seller's words, never the contract's regular expression.
    expect(answer.body.message).toBe(
      "Shop domain must be your store's Shopify address, like your-store.myshopify.com.",
    );
  });
});
