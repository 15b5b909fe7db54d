import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSandbox } from './harness.ts';

/** 20 mutations in one document: 200 points (five of them empty the bucket). */
const burstMutation = `mutation Burst($callbackUrl: URL!) {
${Array.from({ length: 19 }, (_, i) => `  m${i}: webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: { callbackUrl: "https://hooks.example.test/${i}" }) { userErrors { message } }`).join('\n')}
  last: webhookSubscriptionCreate(topic: ORDERS_UPDATED, webhookSubscription: { callbackUrl: $callbackUrl }) { userErrors { message } }
}`;

describe('cost-based throttling (profile realistic: 1,000 points, 100 points/s)', () => {
  let h: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    h = await startSandbox('realistic');
  });
  afterAll(async () => {
    await h.close();
  });

  it('throttles a burst beyond the bucket, and the adapter paces and retries until done', async () => {
    const seller = await h.createSeller(12);
    const shop = seller.credentials.shopDomain;
    const tokens = await h.connect(shop);
    // 12 documents × 20 mutations × 10 points at once: 2,400 points for a 1,000-point bucket.
    const started = Date.now();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        h.graphql(shop, tokens.accessToken, burstMutation, { callbackUrl: `https://hooks.example.test/last/${i}` }),
      ),
    );
    const seconds = (Date.now() - started) / 1000;
    const throttled = burst.filter((r) => r.body.errors?.[0]?.extensions?.code === 'THROTTLED');
    const accepted = burst.filter((r) => r.body.data?.last);
    expect(throttled.length).toBeGreaterThan(0);
    expect(accepted.length + throttled.length).toBe(12);
    expect(burst[0]!.body.extensions.cost.requestedQueryCost).toBe(200);
    // No more than the bucket plus what it restored meanwhile.
    expect(accepted.length * 200).toBeLessThanOrEqual(1000 + Math.ceil(seconds * 100));
    for (const answer of throttled) {
      expect(answer.status).toBe(200);
      expect(answer.body.errors[0].message).toBe('Throttled');
      expect(answer.body.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 1000, restoreRate: 100 });
      expect(answer.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(200);
    }

    const adapter = h.adapter(shop, tokens);
    const skus = Array.from(
      { length: 12 },
      (_, i) => `${h.sandbox.context.state().sellers[shop]!.products[Math.floor(i / 2)]!.variants[i % 2]!.sku}`,
    );
    // The adapter's connection is opened first (once the bucket has room again), so its first call
    // below goes out at once: the bucket restores 100 points a second, and a call held back by a
    // new connection under load could find it refilled and not be throttled.
    await vi.waitFor(
      async () => {
        const answer = await h.graphql(shop, tokens.accessToken, '{ shop { name } }');
        expect(answer.body.extensions.cost.throttleStatus.currentlyAvailable).toBeGreaterThanOrEqual(100);
      },
      { timeout: 15_000, interval: 100 },
    );
    await adapter.readListings([skus[0]!]);
    // Empty the bucket to under 10 points; the adapter's own view of it is full, so its first call is throttled.
    const small = `mutation Drain($url: URL!) { webhookSubscriptionCreate(topic: ORDERS_UPDATED, webhookSubscription: { callbackUrl: $url }) { userErrors { message } } }`;
    for (let i = 0; ; i++) {
      const answer = await h.graphql(shop, tokens.accessToken, small, { url: `https://hooks.example.test/drain/${i}` });
      if (answer.body.errors?.[0]?.extensions?.code === 'THROTTLED') break;
    }
    const before = h.sandbox.requests().length;
    const outcomes = await adapter.updateListings(
      skus.map((sku, i) => ({ sku, quantity: i + 1, price: { amount: `${10 + i}.00`, currency: 'USD' } })),
    );
    expect(outcomes.every((o) => o.outcome === 'confirmed')).toBe(true);
    const adapterAnswers = h.sandbox
      .requests()
      .slice(before)
      .map((r) => r.response as any);
    // Throttled once, then paced by the reported throttleStatus rather than refused again and again.
    const throttledAdapter = adapterAnswers.filter((a) => a?.errors?.[0]?.extensions?.code === 'THROTTLED').length;
    expect(throttledAdapter).toBeGreaterThanOrEqual(1);
    expect(throttledAdapter).toBeLessThanOrEqual(2);
    expect(await h.item(seller.sellerId, skus[11]!)).toMatchObject({ quantity: 12, price: '21.00' });
  });

  it('refuses a single query above the maximum cost', async () => {
    const seller = await h.createSeller(2);
    const tokens = await h.connect(seller.credentials.shopDomain);
    const answer = await h.graphql(
      seller.credentials.shopDomain,
      tokens.accessToken,
      '{ productVariants(first: 250) { nodes { id product { id images(first: 10) { nodes { url } } } } } }',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
    expect(answer.body.errors[0].message).toMatch(/exceeds the single query max cost limit \(1000\)/);
  });
});

describe('injected faults', () => {
  let h: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    h = await startSandbox('fast');
  });
  afterAll(async () => {
    await h.close();
  });

  it('completes reads through a 30% error rate by retrying', async () => {
    const seller = await h.createSeller(110);
    const tokens = await h.connect(seller.credentials.shopDomain);
    expect((await h.control('PUT', 'faults', { errorRate: 0.3 })).status).toBe(200);
    const adapter = h.adapter(seller.credentials.shopDomain, tokens, {
      retry: { attempts: 10, baseDelayMs: 5, maxDelayMs: 50 },
    });
    const skus: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await adapter.listCatalogue(cursor);
      skus.push(...page.items.map((i) => i.sku));
      cursor = page.next;
    } while (cursor);
    expect(new Set(skus).size).toBe(110);
    const listings = await adapter.readListings(skus.slice(0, 60));
    expect(listings.every((l) => l.status === 'active')).toBe(true);
    // Enough calls (≈30) that the injected faults surely hit some (0.7^30 ≈ 0.002%).
    const single = await Promise.all(skus.slice(0, 24).map((sku) => adapter.readListings([sku])));
    expect(single.map(([l]) => l!.sku)).toEqual(skus.slice(0, 24));
    expect(h.sandbox.requests().filter((r) => r.status === 503).length).toBeGreaterThan(0);
    await h.control('PUT', 'faults', { errorRate: 0 });
  });
});
