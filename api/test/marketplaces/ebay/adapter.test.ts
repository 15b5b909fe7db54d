/** The eBay adapter against the eBay sandbox over real HTTP: consent, credentials, catalogue, listings, updates, orders, notifications. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import { createEbayAdapter } from '../../../src/marketplaces/ebay/ebay-adapter.ts';
import { EbayClient } from '../../../src/marketplaces/ebay/ebay-client.ts';
import { ebayAuthorizeUrl, exchangeEbayCode, readEbayCallback } from '../../../src/marketplaces/ebay/consent.ts';
import {
  answerEbayChallenge,
  createEbayDestination,
  createEbayPublicKeyFetcher,
  createEbaySubscription,
  ebayTopics,
  verifyEbaySignature,
} from '../../../src/marketplaces/ebay/webhooks.ts';
import { startEbaySandbox, startReceiver, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let env: EbayTestSandbox;
beforeAll(async () => {
  env = await startEbaySandbox('fast');
});
afterAll(async () => {
  await env.close();
});

describe('consent and tokens', () => {
  it('shows the app, its scopes and an Agree/Decline form; Agree redirects with a code and the same state', async () => {
    const seller = await env.control('POST', '/sellers', { products: 1 });
    const result = await env.consent(seller.body.credentials.username, 'agree', 'xyz-42');
    expect(result.page.status).toBe(200);
    expect(result.page.html).toContain('Marketplace Hub (sandbox)');
    expect(result.page.html).toContain('https://api.ebay.com/oauth/api_scope/sell.inventory');
    expect(result.page.html).toMatch(/<link rel="stylesheet" href="[^"]+consent\.css">/);
    expect(result.page.html).not.toContain('<script');
    expect(result.status).toBe(302);
    expect(result.location.origin + result.location.pathname).toBe(env.application.ruName);
    expect(result.location.searchParams.get('state')).toBe('xyz-42');
    expect(result.location.searchParams.get('code')).toBeTruthy();
    const css = await fetch(`${env.baseUrl}/oauth2/consent.css`);
    expect(css.headers.get('content-type')).toContain('text/css');
  });

  it('without a login hint the page offers the sandbox sellers to choose from', async () => {
    const seller = await env.control('POST', '/sellers', { products: 1 });
    const url = ebayAuthorizeUrl({
      endpoints: env.endpoints,
      clientId: env.application.clientId,
      ruName: env.application.ruName,
      state: 's1',
    });
    const html = await (await fetch(url)).text();
    expect(html).toMatch(/<select id="seller" name="seller" required>/);
    expect(html).toContain(`<option value="${seller.body.credentials.username}">`);
  });

  it('readEbayCallback reads the code or the refusal', () => {
    expect(readEbayCallback(new URLSearchParams('code=c1&state=s&expires_in=299'))).toEqual({ code: 'c1', state: 's' });
    expect(
      readEbayCallback(new URLSearchParams('error=access_denied&error_description=The+user+declined&state=s')),
    ).toEqual({ error: 'The user declined', state: 's' });
  });

  it('Decline redirects with access_denied and the state', async () => {
    const seller = await env.control('POST', '/sellers', { products: 1 });
    const result = await env.consent(seller.body.credentials.username, 'decline', 'abc');
    expect(result.status).toBe(302);
    expect(result.location.searchParams.get('error')).toBe('access_denied');
    expect(result.location.searchParams.get('state')).toBe('abc');
    expect(result.location.searchParams.has('code')).toBe(false);
  });

  it('refuses an unknown application with a 400 page', async () => {
    const response = await fetch(
      `${env.baseUrl}/oauth2/authorize?client_id=someone-else&response_type=code&redirect_uri=${encodeURIComponent(env.application.ruName)}&scope=x&state=s`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('unauthorized_client');
  });

  it('a code is single use: the second exchange is refused as auth', async () => {
    const seller = await env.control('POST', '/sellers', { products: 1 });
    const { location } = await env.consent(seller.body.credentials.username);
    const code = location.searchParams.get('code')!;
    const tokens = await exchangeEbayCode({ endpoints: env.endpoints, application: env.application, code });
    expect(tokens.accessTokenExpiresAt.getTime() - Date.now()).toBeGreaterThan(7000 * 1000);
    const again = await exchangeEbayCode({ endpoints: env.endpoints, application: env.application, code }).catch(
      (e: unknown) => e,
    );
    expect(again).toBeInstanceOf(MarketplaceError);
    expect((again as MarketplaceError).kind).toBe('auth');
    expect((again as MarketplaceError).message).toContain('invalid_grant');
    // Neither the code nor the tokens reach the sandbox's request log.
    const log = JSON.stringify(env.sandbox.requests());
    for (const secret of [code, tokens.accessToken, tokens.refreshToken]) expect(log).not.toContain(secret);
  });

  it('refreshes the access token from the refresh token when none is held', async () => {
    const { tokens, sellerId } = await env.connectSeller(1);
    const seen: string[] = [];
    const adapter = createEbayAdapter({
      endpoints: env.endpoints,
      application: env.application,
      refreshToken: tokens.refreshToken,
      sellerKey: sellerId,
      onAccessToken: (t) => seen.push(t.token),
    });
    expect((await adapter.verifyCredentials()).sellerId).toBe(sellerId);
    expect(seen).toHaveLength(1);
    expect(seen[0]).not.toBe(tokens.accessToken);
  });
});

describe('the adapter', () => {
  it('an access token eBay refuses (401) is refreshed once and the call succeeds', async () => {
    const { tokens, sellerId } = await env.connectSeller(1);
    const adapter = createEbayAdapter({
      endpoints: env.endpoints,
      application: env.application,
      refreshToken: tokens.refreshToken,
      accessToken: { token: 'revoked-token', expiresAt: new Date(Date.now() + 3600_000) },
      sellerKey: sellerId,
    });
    expect((await adapter.verifyCredentials()).sellerId).toBe(sellerId);
  });

  it('verifyCredentials names the seller; refused credentials are MarketplaceError auth', async () => {
    const { adapter, sellerId, username } = await env.connectSeller(1);
    expect(await adapter.verifyCredentials()).toEqual({ sellerId, displayName: username });

    const revoked = createEbayAdapter({
      endpoints: env.endpoints,
      application: env.application,
      refreshToken: 'v^1.1#not-a-token',
      sellerKey: 'x',
    });
    const error = await revoked.verifyCredentials().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect((error as MarketplaceError).kind).toBe('auth');

    const wrongApp = createEbayAdapter({
      endpoints: env.endpoints,
      application: { clientId: env.application.clientId, clientSecret: 'wrong' },
      refreshToken: 'x',
      sellerKey: 'y',
    });
    expect(await wrongApp.verifyCredentials().catch((e: MarketplaceError) => e.kind)).toBe('auth');
  });

  it('listCatalogue returns every item across pages with offer id, price and quantity', async () => {
    const { adapter, sellerId } = await env.connectSeller(230);
    const items = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await adapter.listCatalogue(cursor);
      items.push(...page.items);
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(items).toHaveLength(230);
    expect(new Set(items.map((i) => i.sku)).size).toBe(230);
    const sample = items[17]!;
    const view = await env.item(sellerId, sample.sku);
    expect(sample.quantity).toBe(view.quantity);
    expect(sample.price?.amount).toBe(view.price);
    expect(sample.marketplaceId).toMatch(/^\d+$/);
    expect(sample.status).toBe('active');
    expect(sample.gtin).toMatch(/^\d{13}$/);
    expect(sample.images[0]).toContain('/_images/');
    expect(sample.attributes).toHaveProperty('Brand', sample.brand);
  });

  it('readListings reads quantity and price, and unknown SKUs come back as not listed', async () => {
    const { adapter, sellerId } = await env.connectSeller(30);
    const { items } = await adapter.listCatalogue(undefined);
    const skus = [...items.slice(0, 27).map((i) => i.sku), 'NO-SUCH-SKU'];
    const listings = await adapter.readListings(skus);
    expect(listings.map((l) => l.sku)).toEqual(skus);
    const first = await env.item(sellerId, skus[0]!);
    expect(listings[0]).toMatchObject({
      quantity: first.quantity,
      price: { amount: first.price, currency: 'USD' },
      status: 'active',
    });
    expect(listings.at(-1)).toEqual({
      sku: 'NO-SUCH-SKU',
      marketplaceId: null,
      quantity: null,
      price: null,
      status: 'not listed',
      issues: [],
    });
  });

  it('updateListings sets quantity and price; a rejected item carries eBay’s message while the others land', async () => {
    const { adapter, sellerId } = await env.connectSeller(5);
    const { items } = await adapter.listCatalogue(undefined);
    const [a, b, c] = items.map((i) => i.sku);
    const outcomes = await adapter.updateListings([
      { sku: a!, quantity: 7, price: { amount: '19.99', currency: 'USD' } },
      { sku: b!, price: { amount: '0.10', currency: 'USD' } },
      { sku: c!, quantity: 0 },
      { sku: 'GHOST-1', quantity: 3 },
    ]);
    expect(outcomes[0]).toEqual({ sku: a, outcome: 'confirmed' });
    expect(outcomes[1]).toMatchObject({ sku: b, outcome: 'rejected', code: '25709' });
    expect((outcomes[1] as { message: string }).message).toContain('at least 0.99 USD');
    expect(outcomes[2]).toEqual({ sku: c, outcome: 'confirmed' });
    expect(outcomes[3]).toMatchObject({ sku: 'GHOST-1', outcome: 'rejected' });
    expect((outcomes[3] as { message: string }).message).toContain('could not be found');
    expect(await env.item(sellerId, a!)).toMatchObject({ quantity: 7, price: '19.99' });
    expect(await env.item(sellerId, b!)).not.toMatchObject({ price: '0.10' });
    expect((await env.item(sellerId, c!)).quantity).toBe(0);
    // Replaying the same absolute values changes nothing.
    await adapter.updateListings([{ sku: a!, quantity: 7, price: { amount: '19.99', currency: 'USD' } }]);
    expect(await env.item(sellerId, a!)).toMatchObject({ quantity: 7, price: '19.99' });
  });

  it('more SKUs than one call takes go in several calls of at most 25', async () => {
    const { adapter, sellerId } = await env.connectSeller(60);
    const { items } = await adapter.listCatalogue(undefined);
    const before = env.sandbox.requests().length;
    const outcomes = await adapter.updateListings(items.slice(0, 60).map((i, n) => ({ sku: i.sku, quantity: n + 1 })));
    expect(outcomes.every((o) => o.outcome === 'confirmed')).toBe(true);
    const calls = env.sandbox
      .requests()
      .slice(before)
      .filter((r) => r.path.endsWith('/bulk_update_price_quantity'));
    expect(calls.map((c) => (c.body as { requests: unknown[] }).requests.length)).toEqual([25, 25, 10]);
    expect((await env.item(sellerId, items[59]!.sku)).quantity).toBe(60);
  });

  it('adjustQuantity reads and sets', async () => {
    const { adapter, sellerId } = await env.connectSeller(2);
    const { items } = await adapter.listCatalogue(undefined);
    const sku = items[0]!.sku;
    await adapter.updateListings([{ sku, quantity: 10 }]);
    expect(await adapter.adjustQuantity!(sku, -3, 'k1')).toEqual({ sku, outcome: 'confirmed' });
    expect((await env.item(sellerId, sku)).quantity).toBe(7);
  });

  it('an order placed by a buyer appears in ordersSince, and stock goes down', async () => {
    const { adapter, sellerId } = await env.connectSeller(3);
    const { items } = await adapter.listCatalogue(undefined);
    const sku = items[0]!.sku;
    await adapter.updateListings([{ sku, quantity: 5, price: { amount: '12.50', currency: 'USD' } }]);
    const since = new Date(Date.now() - 1000);
    const tooMany = await env.control('POST', `/sellers/${sellerId}/orders`, { lines: [{ sku, quantity: 6 }] });
    expect(tooMany.status).toBe(409);
    const placed = await env.control('POST', `/sellers/${sellerId}/orders`, { lines: [{ sku, quantity: 2 }] });
    expect(placed.status).toBe(201);
    const page = await adapter.ordersSince(since, undefined);
    expect(page.next).toBeUndefined();
    expect(page.items).toEqual([
      expect.objectContaining({
        marketplaceOrderId: placed.body.orderId,
        status: 'open',
        lines: [
          {
            sku,
            quantity: 2,
            price: { amount: '12.50', currency: 'USD' },
            cancelledQuantity: 0,
            lineId: expect.any(String),
            title: items[0]!.title,
            shippedQuantity: 0,
          },
        ],
      }),
    ]);
    expect((await env.item(sellerId, sku)).quantity).toBe(3);
    expect((await adapter.ordersSince(new Date(Date.now() + 1000), undefined)).items).toEqual([]);
  });

  it('pages through orders oldest first', async () => {
    const { adapter, sellerId } = await env.connectSeller(1);
    const { items } = await adapter.listCatalogue(undefined);
    await adapter.updateListings([{ sku: items[0]!.sku, quantity: 500 }]);
    const since = new Date(Date.now() - 1000);
    for (let i = 0; i < 205; i++)
      await env.control('POST', `/sellers/${sellerId}/orders`, { lines: [{ sku: items[0]!.sku, quantity: 1 }] });
    const first = await adapter.ordersSince(since, undefined);
    expect(first.items).toHaveLength(200);
    const second = await adapter.ordersSince(since, first.next);
    expect(second.items).toHaveLength(5);
    expect(second.next).toBeUndefined();
    const all = [...first.items, ...second.items].map((o) => o.updatedAt);
    expect(all).toEqual([...all].sort());
  });
});

describe('notifications', () => {
  const verificationToken = 'hub-verification-token-0123456789abcdef';

  it('ORDER_CONFIRMATION reaches a subscribed destination, signed with a key eBay serves', async () => {
    const receiver = await startReceiver(verificationToken, answerEbayChallenge);
    try {
      const { adapter, sellerId } = await env.connectSeller(2);
      const destinationId = await createEbayDestination(adapter.client, {
        name: 'hub orders',
        endpoint: receiver.endpoint,
        verificationToken,
      });
      await createEbaySubscription(adapter.client, { topicId: ebayTopics.orderConfirmation, destinationId });
      const { items } = await adapter.listCatalogue(undefined);
      const sku = items.find((i) => (i.quantity ?? 0) > 0)?.sku ?? items[0]!.sku;
      await adapter.updateListings([{ sku, quantity: 4 }]);
      const placed = await env.control('POST', `/sellers/${sellerId}/orders`, { lines: [{ sku, quantity: 1 }] });
      const notification = await receiver.next((n) => n.body.includes(placed.body.orderId));
      const body = JSON.parse(notification.body);
      expect(body.metadata.topic).toBe('ORDER_CONFIRMATION');
      expect(body.notification.data).toMatchObject({ orderId: placed.body.orderId, sku, quantity: 1 });

      const app = new EbayClient({
        endpoints: env.endpoints,
        application: env.application,
        grant: 'application',
        sellerKey: 'app',
      });
      const keys = createEbayPublicKeyFetcher(app);
      const header = notification.headers['x-ebay-signature'] as string;
      expect(await verifyEbaySignature(notification.body, header, keys)).toBe(true);
      expect(await verifyEbaySignature(notification.body.replace('"quantity":1', '"quantity":9'), header, keys)).toBe(
        false,
      );
      expect(await verifyEbaySignature(notification.body, undefined, keys)).toBe(false);
      expect(await verifyEbaySignature(notification.body, 'bm90IGpzb24=', keys)).toBe(false);
    } finally {
      await receiver.close();
    }
  });

  it('a destination whose endpoint fails the challenge is refused with eBay’s error', async () => {
    const receiver = await startReceiver(verificationToken, () => ({ challengeResponse: 'wrong' }));
    try {
      const { adapter } = await env.connectSeller(1);
      const error = await createEbayDestination(adapter.client, {
        name: 'bad',
        endpoint: receiver.endpoint,
        verificationToken,
      }).catch((e: unknown) => e);
      expect(error).toMatchObject({
        kind: 'rejected',
        message: 'Challenge verification failed for requested endpoint',
        details: { status: 409, code: '195020' },
      });
    } finally {
      await receiver.close();
    }
  });

  it('MARKETPLACE_ACCOUNT_DELETION goes to the application’s subscription, signed', async () => {
    const receiver = await startReceiver(verificationToken, answerEbayChallenge);
    try {
      const app = new EbayClient({
        endpoints: env.endpoints,
        application: env.application,
        grant: 'application',
        sellerKey: 'app',
      });
      const destinationId = await createEbayDestination(app, {
        name: 'hub account deletion',
        endpoint: receiver.endpoint,
        verificationToken,
      });
      await createEbaySubscription(app, { topicId: ebayTopics.accountDeletion, destinationId });
      const { sellerId, username, adapter } = await env.connectSeller(1);
      // A seller's token may not subscribe to the application's topic.
      const refused = await createEbaySubscription(adapter.client, {
        topicId: ebayTopics.accountDeletion,
        destinationId,
      }).catch((e: MarketplaceError) => e);
      expect(refused).toMatchObject({ kind: 'auth', details: { code: '195011' } });
      const trigger = await env.control('POST', `/sellers/${sellerId}/account_deletion`);
      expect(trigger.status).toBe(202);
      const notification = await receiver.next((n) => n.body.includes(username));
      const body = JSON.parse(notification.body);
      expect(body.metadata.topic).toBe('MARKETPLACE_ACCOUNT_DELETION');
      expect(body.notification.data).toMatchObject({ username, userId: sellerId });
      expect(
        await verifyEbaySignature(
          notification.body,
          notification.headers['x-ebay-signature'] as string,
          createEbayPublicKeyFetcher(app),
        ),
      ).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('answerEbayChallenge is hex SHA-256 of code + token + endpoint', () => {
    // Computed independently with sha256sum of "abctokenhttps://example.com/hook".
    expect(answerEbayChallenge('abc', 'token', 'https://example.com/hook')).toEqual({
      challengeResponse: '91da06b87d55867cb9b3ffe5a644ef736fb19d4c8debbd02cd94fb5637c33383',
    });
  });
});
