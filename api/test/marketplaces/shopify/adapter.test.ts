import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { CatalogueItem } from '../../../src/marketplaces/types.ts';
import { verifyShopifyCallback } from '../../../src/marketplaces/shopify/consent.ts';
import { verifyShopifyWebhook } from '../../../src/marketplaces/shopify/webhooks.ts';
import type { ShopifyTokens } from '../../../src/marketplaces/shopify/types.ts';
import { app, startReceiver, startSandbox } from './harness.ts';

let h: Awaited<ReturnType<typeof startSandbox>>;
let seller: { sellerId: string; credentials: { shopDomain: string } };
let tokens: ShopifyTokens;
const catalogue: CatalogueItem[] = [];

beforeAll(async () => {
  h = await startSandbox('fast');
  seller = await h.createSeller(120);
  tokens = await h.connect(seller.credentials.shopDomain);
});
afterAll(async () => {
  await h.close();
});

describe('connecting a shop (OAuth install)', () => {
  it('shows a consent page with the scopes, Install app and Cancel, and no script', async () => {
    const { html, status, location, pageUrl } = await h.install(seller.credentials.shopDomain);
    expect(html).toContain('Install app');
    expect(html).toContain('Cancel');
    expect(html).toContain('write_inventory');
    expect(html).not.toMatch(/<script/i);
    const stylesheet = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
    const css = await fetch(new URL(stylesheet!, pageUrl));
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');
    expect(status).toBe(302);
    expect([...location.searchParams.keys()].sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
  });

  it('sends the seller back with access_denied on Cancel', async () => {
    const { location, state } = await h.install(seller.credentials.shopDomain, 'cancel');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe(state);
    expect(verifyShopifyCallback(Object.fromEntries(location.searchParams), app.clientSecret)).toMatchObject({
      ok: false,
      declined: true,
    });
  });

  it('refuses a callback whose parameters were changed, and a code used twice', async () => {
    const { location } = await h.install(seller.credentials.shopDomain);
    const query = Object.fromEntries(location.searchParams);
    expect(verifyShopifyCallback({ ...query, shop: 'evil-shop.myshopify.com' }, app.clientSecret)).toMatchObject({
      ok: false,
    });
    expect(verifyShopifyCallback(query, 'another-secret')).toMatchObject({ ok: false });
    const callback = verifyShopifyCallback(query, app.clientSecret);
    expect(callback.ok).toBe(true);
    const body = { client_id: app.clientId, client_secret: app.clientSecret, code: query.code };
    const tokenUrl = `${h.baseUrl}/shops/${seller.credentials.shopDomain}/admin/oauth/access_token`;
    const first = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(first.status).toBe(200);
    const second = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(second.status).toBe(400);
    expect((await second.json()).error_description).toMatch(/already used/);
  });

  it('answers a 400 page for an unknown app', async () => {
    const response = await fetch(
      `${h.baseUrl}/shops/${seller.credentials.shopDomain}/admin/oauth/authorize?client_id=nope&scope=read_products&redirect_uri=https://x.test/cb&state=s`,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('client_id');
  });

  it('issues an expiring offline token with a refresh token', () => {
    expect(tokens.accessToken).toMatch(/^shpat_/);
    expect(tokens.refreshToken).toMatch(/^shprt_/);
    expect(tokens.expiresAt! - Date.now()).toBeGreaterThan(3500 * 1000);
  });
});

describe('the Shopify adapter against the sandbox', () => {
  it('verifies the credentials and names the shop', async () => {
    const identity = await h.adapter(seller.credentials.shopDomain, tokens).verifyCredentials();
    expect(identity.sellerId).toBe(seller.credentials.shopDomain);
    expect(identity.displayName).toMatch(/^Hub Demo/);
  });

  it('refuses a wrong token with MarketplaceError auth', async () => {
    const adapter = h.adapter(seller.credentials.shopDomain, { accessToken: 'shpat_wrong', scope: '' });
    const error = await adapter.verifyCredentials().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect((error as MarketplaceError).kind).toBe('auth');
    expect((error as MarketplaceError).message).toMatch(/Invalid API key or access token/);
  });

  it('refreshes a token about to expire and hands over the rotated tokens', async () => {
    const fresh = await h.connect(seller.credentials.shopDomain);
    const rotated: ShopifyTokens[] = [];
    const adapter = h.adapter(
      seller.credentials.shopDomain,
      { ...fresh, expiresAt: Date.now() + 1000 },
      { onTokens: (t) => void rotated.push(t) },
    );
    await adapter.verifyCredentials();
    expect(rotated).toHaveLength(1);
    expect(rotated[0]!.accessToken).not.toBe(fresh.accessToken);
    expect(rotated[0]!.refreshToken).not.toBe(fresh.refreshToken);
    // The old refresh token is spent: a second adapter holding it must reconnect.
    const stale = h.adapter(seller.credentials.shopDomain, { ...fresh, expiresAt: Date.now() + 1000 });
    await expect(stale.verifyCredentials()).rejects.toMatchObject({ kind: 'auth' });
  });

  it('lists the whole catalogue a page at a time', async () => {
    const adapter = h.adapter(seller.credentials.shopDomain, tokens);
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await adapter.listCatalogue(cursor);
      catalogue.push(...page.items);
      cursor = page.next;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(catalogue.map((i) => i.sku)).size).toBe(120);
    const sample = catalogue[7]!;
    const view = await h.item(seller.sellerId, sample.sku);
    expect(sample.quantity).toBe(view.quantity);
    expect(sample.price).toEqual({ amount: view.price, currency: 'USD' });
    expect(sample.marketplaceId).toMatch(/^gid:\/\/shopify\/ProductVariant\/\d+$/);
    expect(sample.images[0]).toContain('/_images/');
  });

  it('reads listings, with unknown SKUs as not listed', async () => {
    const adapter = h.adapter(seller.credentials.shopDomain, tokens);
    const skus = [catalogue[0]!.sku, 'NOPE-000-00000', catalogue[99]!.sku];
    const listings = await adapter.readListings(skus);
    expect(listings.map((l) => l.sku)).toEqual(skus);
    expect(listings[1]).toMatchObject({ status: 'not listed', quantity: null });
    const view = await h.item(seller.sellerId, catalogue[99]!.sku);
    expect(listings[2]).toMatchObject({
      status: 'active',
      quantity: view.quantity,
      price: { amount: view.price, currency: 'USD' },
    });
  });

  it('sets quantities and prices, rejecting one item with Shopify’s message while the others land', async () => {
    const adapter = h.adapter(seller.credentials.shopDomain, tokens);
    const [a, b, c, d] = catalogue.slice(10, 14).map((i) => i.sku);
    const outcomes = await adapter.updateListings([
      { sku: a!, quantity: 41, price: { amount: '12.34', currency: 'USD' } },
      { sku: b!, quantity: -3 },
      { sku: c!, quantity: 7, price: { amount: '-1.00', currency: 'USD' } },
      { sku: d!, price: { amount: '99.00', currency: 'USD' } },
      { sku: 'NOPE-000-00000', quantity: 1 },
    ]);
    expect(outcomes.find((o) => o.sku === a)).toEqual({ sku: a, outcome: 'confirmed' });
    expect(outcomes.find((o) => o.sku === b)).toMatchObject({
      outcome: 'rejected',
      message: "The quantity can't be negative.",
      code: 'INVALID_QUANTITY_NEGATIVE',
    });
    expect(outcomes.find((o) => o.sku === c)).toMatchObject({
      outcome: 'rejected',
      message: 'Price must be greater than or equal to 0',
    });
    expect(outcomes.find((o) => o.sku === d)).toEqual({ sku: d, outcome: 'confirmed' });
    expect(outcomes.find((o) => o.sku === 'NOPE-000-00000')).toMatchObject({ outcome: 'rejected', code: 'NOT_FOUND' });
    expect(await h.item(seller.sellerId, a!)).toMatchObject({ quantity: 41, price: '12.34' });
    expect(await h.item(seller.sellerId, c!)).toMatchObject({ quantity: 7 });
    expect((await h.item(seller.sellerId, d!)).price).toBe('99.00');
    // Replaying the same absolute values changes nothing.
    const replay = await adapter.updateListings([
      { sku: a!, quantity: 41, price: { amount: '12.34', currency: 'USD' } },
    ]);
    expect(replay).toEqual([{ sku: a, outcome: 'confirmed' }]);
    expect(await h.item(seller.sellerId, a!)).toMatchObject({ quantity: 41, price: '12.34' });
  });

  it('sets the target again when a sale lands between its read and its compare-and-set', async () => {
    const adapter = h.adapter(seller.credentials.shopDomain, tokens);
    const sku = catalogue[40]!.sku;
    await adapter.updateListings([{ sku, quantity: 20 }]);
    let sold = false;
    h.beforeRequest(async (body) => {
      if (!sold && typeof body?.query === 'string' && body.query.includes('HubSetQuantities')) {
        sold = true;
        expect(
          (await h.control('POST', `sellers/${seller.sellerId}/orders`, { lines: [{ sku, quantity: 1 }] })).status,
        ).toBe(201);
      }
    });
    try {
      const before = h.sandbox.requests().length;
      expect(await adapter.updateListings([{ sku, quantity: 15 }])).toEqual([{ sku, outcome: 'confirmed' }]);
      const codes = h.sandbox
        .requests()
        .slice(before)
        .flatMap((r: any) => r.response?.data?.inventorySetQuantities?.userErrors ?? [])
        .map((e: any) => e.code);
      expect(codes).toEqual(['COMPARE_QUANTITY_STALE']);
      expect((await h.item(seller.sellerId, sku)).quantity).toBe(15);
    } finally {
      h.beforeRequest(undefined);
    }
  });

  it('sends prices while stock levels are still on their way (one cost bucket paces both)', async () => {
    const adapter = h.adapter(seller.credentials.shopDomain, tokens);
    const [a, b] = catalogue.slice(50, 52).map((i) => i.sku);
    // The first of the two mutations is held until the other arrives: one after the other, it never would.
    const kinds = ['HubSetQuantities', 'HubUpdatePrices'];
    const arrived = new Set<string>();
    let firstHeld = false;
    let bothUnderWay = false;
    let otherArrived: () => void = () => undefined;
    const other = new Promise<void>((resolve) => (otherArrived = resolve));
    h.beforeRequest(async (body) => {
      const kind = kinds.find((k) => typeof body?.query === 'string' && body.query.includes(k));
      if (!kind) return;
      arrived.add(kind);
      if (arrived.size === 2) {
        bothUnderWay ||= firstHeld;
        otherArrived();
      } else if (arrived.size === 1) {
        firstHeld = true;
        // The fallback only keeps a failing run from hanging.
        await Promise.race([other, new Promise((resolve) => setTimeout(resolve, 3000))]);
        firstHeld = false;
      }
    });
    try {
      const outcomes = await adapter.updateListings([
        { sku: a!, quantity: 12, price: { amount: '21.00', currency: 'USD' } },
        { sku: b!, quantity: 13, price: { amount: '22.00', currency: 'USD' } },
      ]);
      expect(outcomes.every((o) => o.outcome === 'confirmed')).toBe(true);
      expect(bothUnderWay).toBe(true);
      expect(await h.item(seller.sellerId, a!)).toMatchObject({ quantity: 12, price: '21.00' });
      expect(await h.item(seller.sellerId, b!)).toMatchObject({ quantity: 13, price: '22.00' });
    } finally {
      h.beforeRequest(undefined);
    }
  });

  it('sends at most 250 quantities per inventorySetQuantities call', async () => {
    const big = await h.createSeller(260);
    const adapter = h.adapter(big.credentials.shopDomain, await h.connect(big.credentials.shopDomain));
    const skus = h.sandbox.context.state().sellers[big.sellerId]!.products.flatMap((p) => p.variants.map((v) => v.sku));
    const before = h.sandbox.requests().length;
    const outcomes = await adapter.updateListings(skus.map((sku, i) => ({ sku, quantity: 1000 + i })));
    expect(outcomes.filter((o) => o.outcome === 'confirmed')).toHaveLength(260);
    const sets = h.sandbox
      .requests()
      .slice(before)
      .filter((r: any) => String(r.body?.query).includes('HubSetQuantities'));
    expect(sets.map((r: any) => r.body.variables.input.quantities.length)).toEqual([250, 10]);
    expect((await h.item(big.sellerId, skus[259]!)).quantity).toBe(1259);
  });

  it('keeps the variants it has read: after the catalogue a push looks nothing up; a count moved since is read again when Shopify refuses it', async () => {
    const shop = await h.createSeller(40);
    const adapter = h.adapter(shop.credentials.shopDomain, await h.connect(shop.credentials.shopDomain));
    let cursor: string | undefined;
    do cursor = (await adapter.listCatalogue(cursor)).next;
    while (cursor);
    const skus = h.sandbox.context
      .state()
      .sellers[shop.sellerId]!.products.flatMap((p) => p.variants.map((v) => v.sku));
    const lookups = (from: number) =>
      h.sandbox
        .requests()
        .slice(from)
        .filter((r: any) => String(r.body?.query).includes('HubVariantsBySku')).length;
    let mark = h.sandbox.requests().length;
    const outcomes = await adapter.updateListings(
      skus.slice(0, 10).map((sku, i) => ({ sku, quantity: 50 + i, price: { amount: '10.00', currency: 'USD' } })),
    );
    expect(outcomes.every((o) => o.outcome === 'confirmed')).toBe(true);
    expect(lookups(mark)).toBe(0);
    // A sale on Shopify moves a count the adapter kept: the compare-and-set is refused, that variant read again, the value set.
    expect(
      (await h.control('POST', `sellers/${shop.sellerId}/orders`, { lines: [{ sku: skus[0], quantity: 1 }] })).status,
    ).toBe(201);
    mark = h.sandbox.requests().length;
    expect(await adapter.updateListings([{ sku: skus[0]!, quantity: 45 }])).toEqual([
      { sku: skus[0], outcome: 'confirmed' },
    ]);
    expect(lookups(mark)).toBe(1);
    expect((await h.item(shop.sellerId, skus[0]!)).quantity).toBe(45);
    // Reading listings always asks the shop (reconciliation compares with what it holds now).
    mark = h.sandbox.requests().length;
    expect((await adapter.readListings([skus[1]!]))[0]).toMatchObject({ quantity: 51 });
    expect(lookups(mark)).toBe(1);
  });

  it('sets the prices of a product’s variants in one call, however far apart their SKUs come in the push', async () => {
    const shop = await h.createSeller(40);
    const adapter = h.adapter(shop.credentials.shopDomain, await h.connect(shop.credentials.shopDomain));
    const products = h.sandbox.context.state().sellers[shop.sellerId]!.products;
    // Each product's first variants, then each product's second: no two variants of a product side by side.
    const skus = [...products.map((p) => p.variants[0]!.sku), ...products.map((p) => p.variants[1]!.sku)];
    const mark = h.sandbox.requests().length;
    const outcomes = await adapter.updateListings(
      skus.map((sku) => ({ sku, price: { amount: '21.50', currency: 'USD' } })),
    );
    expect(outcomes.every((o) => o.outcome === 'confirmed')).toBe(true);
    const priceCalls = h.sandbox
      .requests()
      .slice(mark)
      .filter((r: any) => String(r.body?.query).includes('HubUpdatePrices'));
    expect(priceCalls).toHaveLength(products.length);
    expect(priceCalls.every((r: any) => r.body.variables.variants.length === 2)).toBe(true);
    expect((await h.item(shop.sellerId, skus.at(-1)!)).price).toBe('21.50');
  });

  it('adjusts stock once per idempotency key', async () => {
    const adapter = h.adapter(seller.credentials.shopDomain, tokens);
    const sku = catalogue[20]!.sku;
    await adapter.updateListings([{ sku, quantity: 30 }]);
    const key = crypto.randomUUID();
    expect(await adapter.adjustQuantity!(sku, -4, key)).toEqual({ sku, outcome: 'confirmed' });
    expect(await adapter.adjustQuantity!(sku, -4, key)).toEqual({ sku, outcome: 'confirmed' });
    expect((await h.item(seller.sellerId, sku)).quantity).toBe(26);
    expect(await adapter.adjustQuantity!(sku, -4, crypto.randomUUID())).toEqual({ sku, outcome: 'confirmed' });
    expect((await h.item(seller.sellerId, sku)).quantity).toBe(22);
  });

  it('sees an order in ordersSince and receives the signed orders/create webhook', async () => {
    const receiver = await startReceiver();
    try {
      const adapter = h.adapter(seller.credentials.shopDomain, tokens);
      expect(await adapter.subscribeWebhook('ORDERS_CREATE', receiver.url)).toMatchObject({
        id: expect.stringMatching(/^gid:\/\/shopify\/WebhookSubscription\//),
      });
      expect(await adapter.subscribeWebhook('ORDERS_CREATE', receiver.url)).toEqual({ id: null });
      await adapter.subscribeWebhook('INVENTORY_LEVELS_UPDATE', receiver.url);
      const since = new Date(Date.now() - 1000);
      const sku = catalogue[30]!.sku;
      await adapter.updateListings([{ sku, quantity: 5 }]);

      const tooMany = await h.control('POST', `sellers/${seller.sellerId}/orders`, { lines: [{ sku, quantity: 6 }] });
      expect(tooMany.status).toBe(409);
      const placed = await h.control('POST', `sellers/${seller.sellerId}/orders`, { lines: [{ sku, quantity: 2 }] });
      expect(placed.status).toBe(201);
      expect((await h.item(seller.sellerId, sku)).quantity).toBe(3);

      const page = await adapter.ordersSince(since, undefined);
      const order = page.items.find((o) => o.marketplaceOrderId === placed.body.id);
      expect(order).toMatchObject({ status: 'open', lines: [{ sku, quantity: 2, cancelledQuantity: 0 }] });
      expect((await adapter.ordersSince(new Date(Date.now() + 60_000), undefined)).items).toEqual([]);

      const delivery = await receiver.next((d) => d.headers['x-shopify-topic'] === 'orders/create');
      const check = verifyShopifyWebhook(delivery.rawBody, delivery.headers, app.clientSecret);
      expect(check).toMatchObject({ ok: true, topic: 'orders/create', shopDomain: seller.credentials.shopDomain });
      expect(JSON.parse(delivery.rawBody.toString()).admin_graphql_api_id).toBe(placed.body.id);
      expect(
        verifyShopifyWebhook(Buffer.concat([delivery.rawBody, Buffer.from(' ')]), delivery.headers, app.clientSecret)
          .ok,
      ).toBe(false);
      const stock = await receiver.next(
        (d) =>
          d.headers['x-shopify-topic'] === 'inventory_levels/update' &&
          JSON.parse(d.rawBody.toString()).available === 3,
      );
      expect(verifyShopifyWebhook(stock.rawBody, stock.headers, app.clientSecret).ok).toBe(true);
      expect(stock.headers['x-shopify-webhook-id']).not.toBe(delivery.headers['x-shopify-webhook-id']);
    } finally {
      await receiver.close();
    }
  });

  it('retries a failed delivery with the same webhook id', async () => {
    const receiver = await startReceiver({ failFirst: 1 });
    try {
      const shop = await h.createSeller(2);
      const shopTokens = await h.connect(shop.credentials.shopDomain);
      await h.adapter(shop.credentials.shopDomain, shopTokens).subscribeWebhook('ORDERS_CREATE', receiver.url);
      const sku = h.sandbox.context.state().sellers[shop.sellerId]!.products[0]!.variants[0]!.sku;
      expect(await h.adapter(shop.credentials.shopDomain, shopTokens).updateListings([{ sku, quantity: 5 }])).toEqual([
        { sku, outcome: 'confirmed' },
      ]);
      const placed = await h.control('POST', `sellers/${shop.sellerId}/orders`, { lines: [{ sku, quantity: 1 }] });
      expect(placed.status).toBe(201);
      await receiver.next((d) => d !== receiver.deliveries[0] && d.headers['x-shopify-topic'] === 'orders/create');
      expect(receiver.deliveries).toHaveLength(2);
      expect(receiver.deliveries[1]!.headers['x-shopify-webhook-id']).toBe(
        receiver.deliveries[0]!.headers['x-shopify-webhook-id'],
      );
      expect(
        verifyShopifyWebhook(receiver.deliveries[1]!.rawBody, receiver.deliveries[1]!.headers, app.clientSecret).ok,
      ).toBe(true);
    } finally {
      await receiver.close();
    }
  });
});
