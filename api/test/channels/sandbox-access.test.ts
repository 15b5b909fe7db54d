/**
 * The built-in sandboxes on a public deployment (the default: SANDBOX_CONTROL unset): their control
 * API and consent pages serve each account its own sandbox sellers only, within limits; an anonymous
 * call is refused; our eBay and Shopify applications' secrets are the installation's own; a path a
 * sandbox does not know answers that marketplace's JSON 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { loadConfig } from '../../src/config.ts';

let t: TestProduct;
let alice: Browser;
let bob: Browser;
let anonymous: Browser;

type SandboxSeller = { sellerId: string; credentials: Record<string, string> };

const newSeller = async (browser: Browser, kind: string, products?: number) => {
  const answer = await browser.post('/api/channels/sandbox-sellers', { kind, ...(products ? { products } : {}) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as SandboxSeller;
};
const control = (browser: Browser, kind: string, method: string, path: string, body?: unknown) =>
  browser.request(method, `/sandbox/${kind}/_control${path}`, body);

let aliceAmazon: SandboxSeller;
let bobAmazon: SandboxSeller;

beforeAll(async () => {
  // Scoped unless SANDBOX_CONTROL=open says otherwise, in production too.
  expect(loadConfig({ NODE_ENV: 'test' }).sandbox.control).toBe('scoped');
  expect(loadConfig({ NODE_ENV: 'production' }).sandbox.control).toBe('scoped');
  expect(loadConfig({ NODE_ENV: 'production', SANDBOX_CONTROL: 'open' }).sandbox.control).toBe('open');
  t = await startTestProduct({ sandbox: { control: 'scoped' } });
  ({ browser: alice } = await t.signedInSeller());
  ({ browser: bob } = await t.signedInSeller());
  anonymous = t.browser();
  aliceAmazon = await newSeller(alice, 'amazon', 4);
  bobAmazon = await newSeller(bob, 'amazon', 4);
});
afterAll(() => t?.stop());

describe('the control API is refused without an account', () => {
  for (const [method, path, body] of [
    ['GET', '/requests'],
    ['PUT', '/faults', { errorRate: 1 }],
    ['POST', '/reset'],
    ['POST', '/sellers', { products: 100_000 }],
    ['GET', '/sellers/SELLER/items/SKU'],
    ['PATCH', '/sellers/SELLER/items/SKU', { price: '0.01' }],
    ['POST', '/sellers/SELLER/orders', { lines: [{ sku: 'SKU', quantity: 1 }] }],
  ] as Array<[string, string, unknown?]>) {
    it(`${method} ${path}: 401, nothing done`, async () => {
      for (const kind of ['amazon', 'walmart', 'ebay', 'shopify']) {
        const answer = await control(anonymous, kind, method, path.replace('SELLER', aliceAmazon.sellerId), body);
        expect(answer.status, `${kind} ${method} ${path}`).toBe(401);
        expect(answer.body.message).toMatch(/sign in/i);
      }
    });
  }

  it('an owner token forged or expired is no account', async () => {
    const forged = await anonymous.get('/sandbox/amazon/_control/requests', {
      'x-sandbox-owner': `${Buffer.from('someone').toString('base64url')}.9999999999.AAAA`,
    });
    expect(forged.status).toBe(401);
  });
});

describe('one account never reaches another account’s sandbox sellers', () => {
  it('reads, hand edits, orders and faults of another account’s seller answer 404 and change nothing', async () => {
    const sku = await firstSku(aliceAmazon);
    const before = await control(
      alice,
      'amazon',
      'GET',
      `/sellers/${aliceAmazon.sellerId}/items/${encodeURIComponent(sku)}`,
    );
    expect(before.status).toBe(200);

    for (const [method, path, body] of [
      ['GET', `/sellers/${aliceAmazon.sellerId}/items/${encodeURIComponent(sku)}`],
      ['PATCH', `/sellers/${aliceAmazon.sellerId}/items/${encodeURIComponent(sku)}`, { price: '0.01' }],
      ['POST', `/sellers/${aliceAmazon.sellerId}/orders`, { lines: [{ sku, quantity: 1 }] }],
      ['PUT', `/sellers/${aliceAmazon.sellerId}/faults`, { errorRate: 1 }],
      ['GET', `/sellers/${aliceAmazon.sellerId}/faults`],
    ] as Array<[string, string, unknown?]>) {
      const answer = await control(bob, 'amazon', method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(
      (await control(alice, 'amazon', 'GET', `/sellers/${aliceAmazon.sellerId}/items/${encodeURIComponent(sku)}`)).body,
    ).toEqual(before.body);
    expect((await control(alice, 'amazon', 'GET', `/sellers/${aliceAmazon.sellerId}/faults`)).body).toMatchObject({
      errorRate: 0,
    });
  });

  it('faults for every seller at once are not for an account to set', async () => {
    const answer = await control(alice, 'amazon', 'PUT', '/faults', { errorRate: 1 });
    expect(answer.status).toBe(403);
    expect((await control(alice, 'amazon', 'GET', '/faults')).body).toMatchObject({ errorRate: 0 });
  });

  it('the request log shows each account its own sellers’ calls only', async () => {
    // Connecting makes calls to Amazon with each seller's credentials (token, listings).
    expect(
      (
        await alice.post('/api/channels/connect', {
          kind: 'amazon',
          environment: 'sandbox',
          credentials: aliceAmazon.credentials,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await bob.post('/api/channels/connect', {
          kind: 'amazon',
          environment: 'sandbox',
          credentials: bobAmazon.credentials,
        })
      ).status,
    ).toBe(201);
    const seen = (await control(alice, 'amazon', 'GET', '/requests')).body as Array<{
      sellerId?: string;
      path: string;
    }>;
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((r) => r.sellerId))).toEqual(new Set([aliceAmazon.sellerId]));
    expect(JSON.stringify(seen)).not.toContain(bobAmazon.sellerId);
  });

  it('a seller’s own faults reach its calls only', async () => {
    expect(
      (await control(alice, 'amazon', 'PUT', `/sellers/${aliceAmazon.sellerId}/faults`, { rateLimitBurst: 3 })).status,
    ).toBe(200);
    const mark = ((await control(bob, 'amazon', 'GET', '/requests')).body as unknown[]).length;
    // Bob's sync now reads his Amazon listings: none of his calls meets Alice's 429s.
    const channels = (await bob.get('/api/channels')).body.items as Array<{ id: string }>;
    expect((await bob.post(`/api/channels/${channels[0]!.id}/sync`)).status).toBe(202);
    await expect
      .poll(async () => ((await control(bob, 'amazon', 'GET', '/requests')).body as unknown[]).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(mark);
    const bobCalls = ((await control(bob, 'amazon', 'GET', '/requests')).body as Array<{ status: number }>).slice(mark);
    expect(bobCalls.filter((r) => r.status === 429)).toEqual([]);
    expect((await control(alice, 'amazon', 'GET', `/sellers/${aliceAmazon.sellerId}/faults`)).body).toMatchObject({
      rateLimitBurst: 3,
    });
    // Alice's own sync meets them (her adapter retries the 429s).
    const aliceChannel = ((await alice.get('/api/channels')).body.items as Array<{ id: string }>)[0]!;
    expect((await alice.post(`/api/channels/${aliceChannel.id}/sync`)).status).toBe(202);
    await expect
      .poll(
        async () =>
          ((await control(alice, 'amazon', 'GET', '/requests')).body as Array<{ status: number }>).filter(
            (r) => r.status === 429,
          ).length,
        { timeout: 20_000 },
      )
      .toBe(3);
    expect((await control(alice, 'amazon', 'GET', `/sellers/${aliceAmazon.sellerId}/faults`)).body).toMatchObject({
      rateLimitBurst: 0,
    });
  });

  it('reset removes the caller’s own sellers only', async () => {
    const spare = await newSeller(bob, 'walmart');
    const alices = await newSeller(alice, 'walmart');
    expect((await control(bob, 'walmart', 'POST', '/reset')).status).toBe(200);
    expect((await control(bob, 'walmart', 'GET', `/sellers/${spare.sellerId}/faults`)).status).toBe(404);
    expect((await control(alice, 'walmart', 'GET', `/sellers/${alices.sellerId}/faults`)).status).toBe(200);
  });
});

describe('what one account may create', () => {
  it('a seller of more than 2,000 products is refused with the reason', async () => {
    const answer = await alice.post('/api/channels/sandbox-sellers', { kind: 'shopify', products: 2_001 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/2000/);
  });

  it('the eleventh seller on one marketplace is refused, for that account only', async () => {
    const made = [];
    for (let i = 0; i < 10; i++)
      made.push(await alice.post('/api/channels/sandbox-sellers', { kind: 'ebay', products: 1 }));
    expect(made.map((a) => a.status)).toEqual(Array(10).fill(201));
    const eleventh = await alice.post('/api/channels/sandbox-sellers', { kind: 'ebay', products: 1 });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toMatch(/most/);
    expect((await bob.post('/api/channels/sandbox-sellers', { kind: 'ebay', products: 1 })).status).toBe(201);
    expect((await control(alice, 'ebay', 'POST', '/reset')).status).toBe(200);
    expect((await alice.post('/api/channels/sandbox-sellers', { kind: 'ebay', products: 1 })).status).toBe(201);
  });

  it('a control body over 1 MB is refused before it is read', async () => {
    const answer = await control(alice, 'amazon', 'PUT', `/sellers/${aliceAmazon.sellerId}/faults`, {
      rejectSkus: Array.from({ length: 60_000 }, (_, i) => `SKU-${i}-${'x'.repeat(12)}`),
    });
    expect(answer.status).toBe(413);
  });
});

/** The hidden fields and the action of a consent page's form. */
function formOf(html: string): { action: string; fields: URLSearchParams } {
  const unescape = (value: string) =>
    value
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g))
    fields.set(name!, unescape(value!));
  return { action: unescape(html.match(/<form[^>]*action="([^"]+)"/)?.[1] ?? ''), fields };
}
const postForm = (browser: Browser, path: string, fields: URLSearchParams) =>
  browser.request('POST', path, fields.toString(), { 'content-type': 'application/x-www-form-urlencoded' });

describe('eBay’s consent page', () => {
  it('lists and grants only the sellers of the signed-in account', async () => {
    const mine = await newSeller(alice, 'ebay', 1);
    const theirs = await newSeller(bob, 'ebay', 1);
    const start = await alice.post('/api/channels/oauth/start', { kind: 'ebay', environment: 'sandbox' });
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.authorizeUrl);
    const page = await alice.get(authorize.pathname + authorize.search);
    expect(page.status).toBe(200);
    expect(page.body).toContain(mine.credentials.username);
    expect(page.body).not.toContain(theirs.credentials.username);

    const { fields } = formOf(page.body);
    fields.set('decision', 'agree');
    // Naming another account's seller grants nothing.
    fields.set('seller', theirs.credentials.username!);
    const refused = await postForm(alice, authorize.pathname, fields);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    // Signed out, the page offers no seller and grants none.
    const signedOut = await anonymous.get(authorize.pathname + authorize.search);
    expect(signedOut.body).not.toContain(mine.credentials.username);
    fields.set('seller', mine.credentials.username!);
    expect((await postForm(anonymous, authorize.pathname, fields)).status).toBe(400);
    // Alice's own seller is granted: the browser goes back to the app with a code.
    const granted = await postForm(alice, authorize.pathname, fields);
    expect(granted.status).toBe(302);
    expect(new URL(granted.headers.get('location')!).searchParams.get('code')).toBeTruthy();
  });
});

describe('Shopify’s install page', () => {
  it('shop addresses are not guessable, and only the shop’s own account can install', async () => {
    const shop = await newSeller(alice, 'shopify', 2);
    expect(shop.credentials.shopDomain).toMatch(/^hub-demo-[0-9a-f]{12}\.myshopify\.com$/);
    const start = await alice.post('/api/channels/oauth/start', {
      kind: 'shopify',
      environment: 'sandbox',
      shopDomain: shop.credentials.shopDomain,
    });
    expect(start.status).toBe(200);
    const authorize = new URL(start.body.authorizeUrl);
    for (const stranger of [bob, anonymous]) {
      const page = await stranger.get(authorize.pathname + authorize.search);
      expect(page.status).toBe(404);
      expect(page.body).not.toContain('Install app');
    }
    const page = await alice.get(authorize.pathname + authorize.search);
    expect(page.status).toBe(200);
    const { action, fields } = formOf(page.body);
    fields.set('decision', 'install');
    const formPath = new URL(action, authorize).pathname;
    expect((await postForm(bob, formPath, fields)).status).toBe(404);
    const installed = await postForm(alice, formPath, fields);
    expect(installed.status).toBe(302);
    const back = new URL(installed.headers.get('location')!);
    const landed = await alice.get(back.pathname + back.search);
    expect(landed.headers.get('location')).toBe('/channels?connected=shopify');
  });
});

describe('our applications on the sandboxes', () => {
  it('have secrets of this installation’s own, not a published default', async () => {
    const apps = t.product.ctx.marketplaces.sandboxApplications;
    expect(apps.shopify.clientSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(apps.shopify.clientSecret).not.toBe('shpss_sandbox_0123456789abcdef');
    expect(apps.ebay.clientSecret).not.toBe('marketplace-hub-sandbox-secret');
    const other = await startTestProduct();
    try {
      expect(other.product.ctx.marketplaces.sandboxApplications.shopify.clientSecret).not.toBe(
        apps.shopify.clientSecret,
      );
      expect(other.product.ctx.marketplaces.sandboxApplications.ebay.clientSecret).not.toBe(apps.ebay.clientSecret);
    } finally {
      await other.stop();
    }
    // The old public secret no longer trades a code for a token.
    const answer = await fetch(`${t.url}/sandbox/shopify/shops/x/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: apps.shopify.clientId,
        client_secret: 'shpss_sandbox_0123456789abcdef',
        code: 'x',
      }),
    });
    expect(answer.status).toBeGreaterThanOrEqual(400);
  });
});

describe('a path a sandbox does not know', () => {
  it('answers that marketplace’s own JSON 404, never the app’s page', async () => {
    const cases: Array<[string, string, (body: any) => void]> = [
      [
        'GET',
        '/sandbox/amazon/listings/2099-01-01/nowhere',
        (body) => expect(body.errors[0]).toMatchObject({ code: 'NotFound' }),
      ],
      [
        'POST',
        '/sandbox/walmart/v3/nowhere',
        (body) => expect(body.errors[0]).toMatchObject({ code: 'CONTENT_NOT_FOUND.GMP_GATEWAY_API' }),
      ],
      [
        'GET',
        '/sandbox/ebay/sell/nowhere/v1/x',
        (body) => expect(body.errors[0]).toMatchObject({ errorId: 2002, message: 'Resource not found' }),
      ],
      ['GET', '/sandbox/shopify/admin/nowhere', (body) => expect(body).toEqual({ errors: 'Not Found' })],
      ['GET', '/sandbox/nowhere/at/all', (body) => expect(body.message).toMatch(/sandbox/)],
      ['GET', '/sandbox/amazon/_control/nowhere', (body) => expect(body.message).toMatch(/control/)],
    ];
    for (const [method, path, check] of cases) {
      const answer = await alice.request(method, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('content-type'), path).toMatch(/application\/json/);
      check(answer.body);
    }
  });
});

async function firstSku(seller: SandboxSeller): Promise<string> {
  // The catalogue is generated from the account's seed: read a SKU through the marketplace's own API, as the app does.
  const channelless = await fetch(`${t.url}/sandbox/amazon/auth/o2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'refresh_token',
      refresh_token: seller.credentials.refreshToken,
      client_id: seller.credentials.clientId,
      client_secret: seller.credentials.clientSecret,
    }),
  });
  const { access_token: token } = (await channelless.json()) as { access_token: string };
  const listings = await fetch(
    `${t.url}/sandbox/amazon/listings/2021-08-01/items/${seller.sellerId}?marketplaceIds=ATVPDKIKX0DER`,
    { headers: { 'x-amz-access-token': token } },
  );
  const body = (await listings.json()) as { items: Array<{ sku: string }> };
  return body.items[0]!.sku;
}
