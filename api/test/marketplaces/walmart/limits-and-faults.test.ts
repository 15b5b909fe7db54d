import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

describe('Walmart published limits (profile realistic)', () => {
  let sb: WalmartSandboxHandle;
  beforeAll(async () => {
    sb = await startWalmartSandbox('realistic');
  });
  afterAll(async () => {
    await sb.close();
  });

  it('refuses a burst beyond the limit with Walmart’s 429, and the adapter paces and retries to completion', async () => {
    const seller = await sb.createSeller(12);
    const adapter = sb.adapter(seller.credentials, { retry: { attempts: 6, baseDelayMs: 100, maxDelayMs: 2000 } });
    const skus = (await adapter.listCatalogue(undefined)).items.map((i) => i.sku);
    const token = await adapter.client.accessToken();
    // 25 PUTs at once against a bucket of 10 (refilling 5/s).
    const burst = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        fetch(`${sb.baseUrl}/v3/inventory?sku=${encodeURIComponent(skus[i % skus.length]!)}`, {
          method: 'PUT',
          headers: {
            'WM_SEC.ACCESS_TOKEN': token,
            'WM_QOS.CORRELATION_ID': crypto.randomUUID(),
            'WM_SVC.NAME': 'burst',
            'content-type': 'application/json',
          },
          body: JSON.stringify({ sku: skus[i % skus.length], quantity: { unit: 'EACH', amount: 1 } }),
        }),
      ),
    );
    const refused = burst.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused[0]!.headers.get('x-current-token-count')).toBe('0');
    expect((await refused[0]!.json()).errors[0]).toMatchObject({
      code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API',
      description: 'Too Many Requests',
    });

    // The sandbox bucket is empty now; the adapter's own bucket is full, so it meets 429s and must wait them out.
    const outcomes = await adapter.updateListings(skus.slice(0, 12).map((sku, i) => ({ sku, quantity: 40 + i })));
    expect(outcomes.every((o) => o.outcome === 'confirmed')).toBe(true);
    const adapterRefusals = sb.sandbox
      .requests()
      .filter(
        (r) => r.path === '/v3/inventory' && r.status === 429 && r.at > new Date(Date.now() - 10_000).toISOString(),
      );
    expect(adapterRefusals.length).toBeGreaterThan(refused.length);
    for (const [i, sku] of skus.slice(0, 12).entries())
      expect((await sb.item(seller.sellerId, sku)).quantity).toBe(40 + i);
  });

  it('allows 10 inventory feeds an hour: the adapter waits for the 11th, and the sandbox refuses it when sent', async () => {
    const seller = await sb.createSeller(1);
    const paced = sb.adapter(seller.credentials, { retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } });
    const [sku] = (await paced.listCatalogue(undefined)).items.map((i) => i.sku);
    const feed = { InventoryHeader: { version: '1.4' }, Inventory: [{ sku, quantity: { unit: 'EACH', amount: 3 } }] };
    const feedsUrl = paced.client.endpoints.feeds('inventory');
    for (let i = 0; i < 10; i++) await paced.client.uploadFeed('inventoryFeed', feedsUrl, feed);
    const sent = () => sb.sandbox.requests().filter((r) => r.method === 'POST' && r.path === '/v3/feeds').length;
    const before = sent();
    // The adapter's bucket is empty too: the 11th waits (6 minutes) instead of being sent.
    await expect(paced.client.uploadFeed('inventoryFeed', feedsUrl, feed, AbortSignal.timeout(150))).rejects.toThrow();
    expect(sent()).toBe(before);
    // A client that does not pace (granted-more limits) is refused by the sandbox with Walmart's 429.
    const unpaced = sb.adapter(seller.credentials, {
      retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
      limits: { inventoryFeed: { rate: 100, burst: 100 } },
    });
    await expect(unpaced.client.uploadFeed('inventoryFeed', feedsUrl, feed)).rejects.toMatchObject({
      kind: 'rate_limited',
      details: { status: 429, code: 'REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API' },
    });
    // A price feed has its own 10/hour.
    const price = {
      PriceHeader: { version: '1.7' },
      Price: [{ sku, pricing: [{ currentPriceType: 'BASE', currentPrice: { currency: 'USD', amount: 9.99 } }] }],
    };
    await expect(
      paced.client.uploadFeed<{ feedId: string }>('priceFeed', paced.client.endpoints.feeds('price'), price),
    ).resolves.toMatchObject({ status: 200 });
  });
});

describe('Walmart faults', () => {
  let sb: WalmartSandboxHandle;
  beforeAll(async () => {
    sb = await startWalmartSandbox('fast');
  });
  afterAll(async () => {
    await sb.close();
  });

  it('completes reads through retries when 30% of calls fail', async () => {
    const seller = await sb.createSeller(80);
    const expected = await sb.skus(seller.credentials, 80);
    expect((await sb.control('PUT', '/faults', { errorRate: 0.3 })).status).toBe(200);
    // Generous client limits: the point here is the retries, not the pacing.
    const fast = { rate: 1000, burst: 1000 };
    const adapter = sb.adapter(seller.credentials, {
      retry: { attempts: 10, baseDelayMs: 5, maxDelayMs: 50 },
      limits: { itemsRead: fast, inventoryRead: fast },
    });
    const skus: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await adapter.listCatalogue(cursor);
      skus.push(...page.items.map((i) => i.sku));
      cursor = page.next;
    } while (cursor);
    expect(skus).toEqual(expected);
    const listings = await adapter.readListings(expected.slice(0, 15));
    expect(listings.every((l) => l.status === 'active' && l.quantity !== null)).toBe(true);
    const failures = sb.sandbox.requests().filter((r) => r.status === 503);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]!.response).toMatchObject({ errors: [{ code: 'SYSTEM_ERROR.GMP_GATEWAY_API' }] });
  });
});
