/** eBay's limits in the sandbox (daily quotas, 250 revisions a day, SKUs per call) and injected faults; the adapter still completes. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import { createEbayAdapter } from '../../../src/marketplaces/ebay/ebay-adapter.ts';
import { MAX_RETRY_AFTER_MS } from '../../../src/marketplaces/ebay/ebay-client.ts';
import { ebayAllowances, ebayContracts, withoutAllowed } from './ebay-contracts.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

let env: EbayTestSandbox;
beforeAll(async () => {
  env = await startEbaySandbox('realistic');
});
afterAll(async () => {
  await env.close();
});
beforeEach(async () => {
  await env.control('POST', '/reset');
});

describe('daily quotas (realistic profile)', () => {
  it('a burst beyond the quota gets eBay’s 429 with Retry-After; the adapter waits and completes', async () => {
    const { adapter, sellerId, tokens } = await env.connectSeller(12);
    const { items } = await adapter.listCatalogue(undefined);
    // The quota of a shortened "day": 5 Inventory calls a second.
    expect(
      (await env.control('PUT', '/settings', { dailyQuotas: { inventory: 5 }, quotaWindowSeconds: 1 })).status,
    ).toBe(200);

    const burst = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${env.endpoints.inventory}/inventory_item?limit=1`, {
          headers: { authorization: `Bearer ${tokens.accessToken}` },
        }),
      ),
    );
    const refused = burst.filter((r) => r.status === 429);
    // Twelve against five a window: even split across two windows, at least two are refused.
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused[0]!.json()).toMatchObject({
      errors: [{ errorId: 2001, domain: 'ACCESS', message: expect.stringContaining('Too many requests') }],
    });

    const before = env.sandbox.requests().length;
    const skus = items.slice(0, 7).map((i) => i.sku);
    const listings = await adapter.readListings(skus);
    const during = env.sandbox.requests().slice(before);
    expect(during.some((r) => r.status === 429)).toBe(true);
    expect(listings.map((l) => l.status)).toEqual(skus.map(() => 'active'));
    expect(listings[3]!.quantity).toBe((await env.item(sellerId, skus[3]!)).quantity);

    // The 429 answers follow eBay's error container; only the undeclared status is allowed.
    const contracts = ebayContracts();
    const problems = during
      .filter((r) => r.status === 429)
      .flatMap((r) =>
        contracts.inventory.check({ method: r.method, path: r.path, status: r.status, responseBody: r.response }),
      );
    expect(problems.some((p) => ebayAllowances[1].pattern.test(p))).toBe(true);
    expect(withoutAllowed(problems)).toEqual([]);
  });

  it('a quota spent for the day goes back to the caller as rate_limited with the wait, without holding the call', async () => {
    const { adapter } = await env.connectSeller(1);
    await env.control('PUT', '/settings', { dailyQuotas: { fulfillment: 0 } });
    const error = await adapter.ordersSince(new Date(Date.now() - 60_000), undefined).catch((e: MarketplaceError) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 429, code: '2001' } });
    expect((error as MarketplaceError).details.retryAfterMs).toBeGreaterThan(MAX_RETRY_AFTER_MS);
  });

  it('a listing can be revised 250 times a calendar day; the 251st is rejected with eBay’s words', async () => {
    const { adapter, sellerId } = await env.connectSeller(2);
    const { items } = await adapter.listCatalogue(undefined);
    const [sku, other] = items.map((i) => i.sku);
    for (let n = 1; n <= 250; n++)
      expect((await adapter.updateListings([{ sku: sku!, quantity: n }]))[0]!.outcome).toBe('confirmed');
    const [refused, fine] = await adapter.updateListings([
      { sku: sku!, quantity: 999 },
      { sku: other!, quantity: 3 },
    ]);
    expect(refused).toMatchObject({
      outcome: 'rejected',
      code: '25002',
      message: expect.stringContaining('250 times today'),
    });
    expect(fine).toEqual({ sku: other, outcome: 'confirmed' });
    expect((await env.item(sellerId, sku!)).quantity).toBe(250);
  });

  it('with "max SKUs per call" set to 1, a 2-SKU call is refused whole, and an adapter set to 1 SKU per call succeeds', async () => {
    const { adapter, sellerId, tokens } = await env.connectSeller(2);
    const { items } = await adapter.listCatalogue(undefined);
    const updates = items.map((i) => ({ sku: i.sku, quantity: 11 }));
    await env.control('PUT', '/settings', { maxSkusPerCall: 1 });
    const refused = await adapter.updateListings(updates);
    expect(refused.map((o) => o.outcome)).toEqual(['rejected', 'rejected']);
    expect((refused[0] as { message: string }).message).toContain('At most 1 SKUs per call');

    const single = createEbayAdapter({
      endpoints: env.endpoints,
      application: env.application,
      refreshToken: tokens.refreshToken,
      sellerKey: sellerId,
      maxSkusPerCall: 1,
    });
    expect(single.capabilities.maxSkusPerCall).toBe(1);
    expect((await single.updateListings(updates)).map((o) => o.outcome)).toEqual(['confirmed', 'confirmed']);
    expect((await env.item(sellerId, items[1]!.sku)).quantity).toBe(11);
  });

  it('refuses bad settings with a message', async () => {
    expect(await env.control('PUT', '/settings', { maxSkusPerCall: 26 })).toEqual({
      status: 400,
      body: { message: 'maxSkusPerCall must be a whole number from 1 to 25' },
    });
    expect((await env.control('PUT', '/settings', { dailyQuotas: { nonsense: 1 } })).status).toBe(400);
  });
});

describe('faults', () => {
  it('with 30% of calls failing, reads and writes still complete through retries', async () => {
    const { tokens, sellerId } = await env.connectSeller(60);
    await env.control('PUT', '/faults', { errorRate: 0.3, rateLimitProfile: 'fast' });
    const adapter = createEbayAdapter({
      endpoints: env.endpoints,
      application: env.application,
      refreshToken: tokens.refreshToken,
      sellerKey: `${sellerId}-faults`,
      retry: { attempts: 12, baseDelayMs: 5, maxDelayMs: 50 },
    });
    const { items, next } = await adapter.listCatalogue(undefined);
    expect(items).toHaveLength(60);
    expect(next).toBeUndefined();
    const listings = await adapter.readListings(items.slice(0, 30).map((i) => i.sku));
    expect(listings.every((l) => l.status === 'active')).toBe(true);
    const outcomes = await adapter.updateListings(items.slice(0, 25).map((i) => ({ sku: i.sku, quantity: 4 })));
    expect(outcomes.every((o) => o.outcome === 'confirmed')).toBe(true);
    expect((await adapter.ordersSince(new Date(Date.now() - 60_000), undefined)).items).toEqual([]);
    expect(env.sandbox.requests().filter((r) => r.status === 503).length).toBeGreaterThan(0);
    expect((await env.item(sellerId, items[24]!.sku)).quantity).toBe(4);
  });
});
