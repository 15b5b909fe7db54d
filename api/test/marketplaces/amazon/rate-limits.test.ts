import { afterAll, beforeAll, expect, test } from 'vitest';
import { amazonRateLimits } from '../../../src/marketplaces/amazon/amazon-client.ts';
import { startAmazonSandbox, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';

/** Published limits are the point here, so the sandbox runs in profile `realistic`. */
let env: AmazonTestEnv;
let seller: SandboxSeller;
let skus: string[];

beforeAll(async () => {
  env = await startAmazonSandbox('realistic');
  seller = await env.createSeller(12);
  skus = Object.keys(
    (env.sandbox.context.state().sellers[seller.sellerId] as { items: Record<string, unknown> }).items,
  );
});

afterAll(async () => {
  await env?.close();
});

const itemUrl = (sku: string) =>
  `${env.baseUrl}/listings/2021-08-01/items/${seller.sellerId}/${encodeURIComponent(sku)}?marketplaceIds=ATVPDKIKX0DER`;

test('a burst beyond getListingsItem’s burst of 10 gets 429 as Amazon sends it; the adapter paces and retries to finish', async () => {
  const adapter = env.adapter(seller);
  const token = await adapter.client.accessToken();
  const burst = await Promise.all(
    [...skus, ...skus].map((sku) => fetch(itemUrl(sku), { headers: { 'x-amz-access-token': token } })),
  );
  const refused = burst.filter((r) => r.status === 429);
  const allowed = burst.filter((r) => r.status === 200).length;
  // Burst 10, plus what refills at 5 per second while the 24 requests arrive (slower on a loaded machine).
  expect(allowed).toBeGreaterThanOrEqual(10);
  expect(allowed).toBeLessThanOrEqual(16);
  expect(refused).toHaveLength(24 - allowed);
  expect(refused[0]!.headers.get('x-amzn-requestid')).toBeTruthy();
  expect(refused[0]!.headers.get('retry-after')).toBeNull();
  expect(await refused[0]!.json()).toEqual({
    errors: [{ code: 'QuotaExceeded', message: 'You exceeded your quota for the requested resource.' }],
  });
  expect(burst[0]!.headers.get('x-amzn-ratelimit-limit')).toBe('5');

  // The sandbox's bucket is empty now; a fresh adapter (full local bucket) meets 429s and still completes.
  const mark = env.sandbox.requests().length;
  const states = await adapter.readListings(skus);
  expect(states.map((s) => s.sku)).toEqual(skus);
  expect(states.every((s) => s.status !== 'not listed')).toBe(true);
  const during = env.sandbox
    .requests()
    .slice(mark)
    .filter((r) => r.path.startsWith(`/listings/2021-08-01/items/${seller.sellerId}/`));
  expect(during.filter((r) => r.status === 429).length).toBeGreaterThan(0);
  expect(during.filter((r) => r.status === 200)).toHaveLength(skus.length);
});

test('the adapter paces PATCH calls to 5 per second without being refused', async () => {
  const adapter = env.adapter(seller);
  const mark = env.sandbox.requests().length;
  const started = Date.now();
  const updates = skus.slice(0, 8).map((sku, i) => ({ sku, quantity: 10 + i }));
  const outcomes = await adapter.updateListings(updates);
  expect(outcomes.every((o) => o.outcome === 'accepted')).toBe(true);
  const patches = env.sandbox
    .requests()
    .slice(mark)
    .filter((r) => r.method === 'PATCH');
  expect(patches.filter((r) => r.status === 200)).toHaveLength(8);
  // Pacing keeps refusals rare (network jitter between the two clocks can still cost one).
  expect(patches.filter((r) => r.status === 429).length).toBeLessThanOrEqual(2);
  // Burst 5, then 5 per second: the last 3 wait about 0.2 s each.
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
});

test('JSON_LISTINGS_FEED: a sixth submission within 5 minutes is refused, and the adapter’s own bucket would wait for it', async () => {
  const other = await env.createSeller(2);
  const adapter = env.adapter(other);
  const token = await adapter.client.accessToken();
  const document = await adapter.client.createFeedDocument('application/json; charset=UTF-8');
  const feed = {
    header: { sellerId: other.sellerId, version: '2.0' },
    messages: [{ messageId: 1, sku: 'X', operationType: 'DELETE' }],
  };
  await adapter.client.uploadFeedDocument(document.url, 'application/json; charset=UTF-8', JSON.stringify(feed));
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await fetch(`${env.baseUrl}/feeds/2021-06-30/feeds`, {
      method: 'POST',
      headers: { 'x-amz-access-token': token, 'content-type': 'application/json' },
      body: JSON.stringify({
        feedType: 'JSON_LISTINGS_FEED',
        marketplaceIds: ['ATVPDKIKX0DER'],
        inputFeedDocumentId: document.feedDocumentId,
      }),
    });
    statuses.push(response.status);
  }
  expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);

  // The client spends one token per JSON_LISTINGS_FEED from a 5-per-5-minutes bucket before createFeed.
  const { buckets } = adapter.client;
  const key = adapter.client.bucketKey('jsonListingsFeedSubmission');
  for (let i = 0; i < 5; i++) await buckets.take(key, amazonRateLimits.jsonListingsFeedSubmission);
  expect(buckets.waitFor(key, amazonRateLimits.jsonListingsFeedSubmission)).toBeGreaterThan(55_000);
});
