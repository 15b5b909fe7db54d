import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import { advertisingFactories, type AdapterTarget } from '../../../src/marketplaces/registry.ts';
import { TokenBuckets } from '../../../src/marketplaces/shared/token-bucket.ts';
import type { WalmartConnectPartner } from '../../../src/marketplaces/walmart/connect-client.ts';
import {
  SANDBOX_CONNECT_CONSUMER_ID,
  SANDBOX_CONNECT_KEY_VERSION,
  SANDBOX_CONNECT_PRIVATE_KEY,
  connectSandboxEndpoints,
  sandboxAdvertiserId,
  sandboxConnectAuthToken,
  WALMART_CONNECT_BASE_PATH,
} from '../../../src/marketplaces/walmart/connect-endpoints.ts';
import {
  createWalmartConnectAdapter,
  listWalmartConnectAdvertisers,
  type WalmartConnectAdapter,
  type WalmartConnectAdapterOptions,
} from '../../../src/marketplaces/walmart/walmart-connect-adapter.ts';
import { connectOf, dailyFigures, type ConnectAdvertiserRecord } from '../../../src/sandbox/walmart/connect-state.ts';
import type { WalmartSandboxState } from '../../../src/sandbox/walmart/state.ts';
import { startWalmartSandbox, type WalmartSandboxHandle } from './walmart-test-kit.ts';

/** The Walmart Connect adapter against the Walmart sandbox, over HTTP; the sandbox in `fast` unless a test says otherwise. */
let env: WalmartSandboxHandle;
let seller: { sellerId: string; credentials: { clientId: string; clientSecret: string } };
let partner: WalmartConnectPartner;
let advertiserId: string;
let adapter: WalmartConnectAdapter;
let catalogueSkus: string[];

const testRetry = { attempts: 4, baseDelayMs: 20, maxDelayMs: 250 };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = (path: string) => `${WALMART_CONNECT_BASE_PATH}${path}`;

const sandboxAdvertiser = (): ConnectAdvertiserRecord =>
  connectOf((env.sandbox.context.state() as WalmartSandboxState).sellers[seller.sellerId]!)!;

/** Unpaced on our side, quick snapshot polls, SKUs read from the sandbox's own record of its items. */
const fastOptions = (): WalmartConnectAdapterOptions => ({
  retry: testRetry,
  buckets: new TokenBuckets(Date.now, { paced: false }),
  snapshotPolling: { firstDelayMs: 20, maxDelayMs: 200, giveUpAfterMs: 10_000 },
  skusOfItems: async (itemIds) =>
    Object.fromEntries(
      Object.values(sandboxAdvertiser().adItems)
        .filter((item) => itemIds.includes(item.itemId))
        .map((item) => [item.itemId, item.sku]),
    ),
});

beforeAll(async () => {
  env = await startWalmartSandbox('fast');
  seller = await env.createSeller(10);
  catalogueSkus = (env.sandbox.context.state() as WalmartSandboxState).sellers[seller.sellerId]!.skus;
  partner = {
    consumerId: SANDBOX_CONNECT_CONSUMER_ID,
    keyVersion: SANDBOX_CONNECT_KEY_VERSION,
    privateKey: SANDBOX_CONNECT_PRIVATE_KEY,
    authToken: sandboxConnectAuthToken(seller.credentials.clientId, seller.credentials.clientSecret),
  };
  advertiserId = String(sandboxAdvertiserId(seller.credentials.clientId));
  adapter = createWalmartConnectAdapter({ partner, advertiserId }, connectSandboxEndpoints(env.baseUrl), fastOptions());
});

afterAll(async () => {
  await env?.close();
});

/** A raw Walmart Connect call, signed as the adapter signs, with headers overridable. */
async function connectCall<T = any>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${env.baseUrl}${api(path)}`, {
    method,
    headers: {
      ...adapter.client.signedHeaders(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as T };
}

const requestsTo = (path: string, method: string, since = 0) =>
  env.sandbox
    .requests()
    .slice(since)
    .filter((r) => r.path === api(path) && r.method === method);

describe('a new sandbox seller’s Walmart Connect advertiser', () => {
  test('the advertisers reachable: the seller’s one, not another id; the registry finds it from the channel’s credentials', async () => {
    const found = await listWalmartConnectAdvertisers(
      partner,
      [advertiserId, '123456', 'not-an-id'],
      connectSandboxEndpoints(env.baseUrl),
      { retry: testRetry },
    );
    expect(found).toEqual([{ advertiserId: Number(advertiserId), campaigns: 2 }]);

    const target: AdapterTarget = {
      environment: 'sandbox',
      sandboxBaseUrl: env.baseUrl.replace(/\/walmart$/, ''),
      buckets: new TokenBuckets(Date.now, { paced: false }),
      applications: {},
    };
    const accounts = await advertisingFactories.walmart!.accounts(seller.credentials, target);
    expect(accounts).toEqual([
      { externalId: advertiserId, name: `Walmart Connect advertiser ${advertiserId}`, currency: 'USD' },
    ]);
    // The registry's adapter: Walmart Connect names items by their Walmart id; the channel's login (the items
    // API, productIdType=ITEM_ID) tells each one's SKU, asked once per item.
    const viaRegistry = advertisingFactories.walmart!.adapter(seller.credentials, advertiserId, target);
    const ads = await viaRegistry.listProductAds();
    expect(ads).toHaveLength(6);
    expect(ads.map((ad) => ad.sku).sort()).toEqual(catalogueSkus.slice(0, 6).sort());
    expect(ads.map((ad) => ad.adId)).toEqual((await adapter.listProductAds()).map((ad) => ad.adId));
    await viaRegistry.listProductAds();
    const lookups = env.sandbox.requests().filter((r) => r.method === 'GET' && /\/v3\/items\/\d{9}$/.test(r.path));
    expect(lookups).toHaveLength(6);
  });

  test('two campaigns: best sellers live at 30.00, clearance paused at 12.00, started 30 days ago', async () => {
    const mark = env.sandbox.requests().length;
    const campaigns = await adapter.listCampaigns();
    expect(campaigns.map(({ name, state, dailyBudget, currency }) => ({ name, state, dailyBudget, currency }))).toEqual(
      [
        { name: 'Walmart best sellers', state: 'enabled', dailyBudget: '30.00', currency: 'USD' },
        { name: 'Walmart clearance', state: 'paused', dailyBudget: '12.00', currency: 'USD' },
      ],
    );
    expect(campaigns[0]).toMatchObject({ biddingStrategy: 'FIXED', startDate: day(-30) });
    // The spec's lists do not page: one call answers them all.
    expect(requestsTo('/api/v1/campaigns', 'GET', mark)).toHaveLength(1);
  });

  test('six product ads, one per first SKU, alternately in each campaign’s ad group, ids campaign:adGroup:item', async () => {
    const mark = env.sandbox.requests().length;
    const ads = await adapter.listProductAds();
    expect(ads.map((ad) => ad.sku).sort()).toEqual(catalogueSkus.slice(0, 6).sort());
    expect(ads.every((ad) => ad.state === 'enabled')).toBe(true);
    const campaigns = await adapter.listCampaigns();
    for (const campaign of campaigns) {
      const inCampaign = ads.filter((ad) => ad.campaignId === campaign.campaignId);
      expect(inCampaign).toHaveLength(3);
      expect(new Set(inCampaign.map((ad) => ad.adGroupId)).size).toBe(1);
    }
    for (const ad of ads) expect(ad.adId.startsWith(`${ad.campaignId}:${ad.adGroupId}:`)).toBe(true);
    // Ad items are listed per campaign: one list of campaigns, then one call for each.
    expect(requestsTo('/api/v1/campaigns', 'GET', mark).length).toBeGreaterThanOrEqual(1);
    expect(requestsTo('/api/v1/adItems', 'GET', mark)).toHaveLength(2);
  });
});

describe('writes', () => {
  test('an ad item and a campaign paused read back paused, and enabled again', async () => {
    const [live] = (await adapter.listCampaigns()).filter((c) => c.state === 'enabled');
    const [ad] = (await adapter.listProductAds()).filter((a) => a.campaignId === live!.campaignId);
    const mark = env.sandbox.requests().length;
    expect(await adapter.setProductAdStates([{ adId: ad!.adId, state: 'paused' }])).toEqual([
      { id: ad!.adId, ok: true },
    ]);
    expect(await adapter.updateCampaigns([{ campaignId: live!.campaignId, state: 'paused' }])).toEqual([
      { id: live!.campaignId, ok: true },
    ]);
    // What went over the wire: AdGroupItemUpdate and CampaignUpdate, as arrays.
    const [itemId] = ad!.adId.split(':').slice(2);
    expect(requestsTo('/api/v1/adItems', 'PUT', mark)[0]!.body).toEqual([
      { campaignId: Number(ad!.campaignId), adGroupId: Number(ad!.adGroupId), itemId, status: 'disabled' },
    ]);
    expect(requestsTo('/api/v1/campaigns', 'PUT', mark)[0]!.body).toEqual([
      { campaignId: Number(live!.campaignId), status: 'paused' },
    ]);
    expect((await adapter.listProductAds()).find((a) => a.adId === ad!.adId)!.state).toBe('paused');
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === live!.campaignId)!.state).toBe('paused');
    expect(sandboxAdvertiser().campaigns[live!.campaignId]!.status).toBe('paused');

    await adapter.setProductAdStates([{ adId: ad!.adId, state: 'enabled' }]);
    await adapter.updateCampaigns([{ campaignId: live!.campaignId, state: 'enabled' }]);
    expect((await adapter.listProductAds()).find((a) => a.adId === ad!.adId)!.state).toBe('enabled');
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === live!.campaignId)!.state).toBe('enabled');
    // Enabling a campaign whose start has passed makes it live again.
    expect(sandboxAdvertiser().campaigns[live!.campaignId]!.status).toBe('live');
  });

  test('a daily budget is set and reads back', async () => {
    const [, clearance] = await adapter.listCampaigns();
    expect(await adapter.updateCampaigns([{ campaignId: clearance!.campaignId, dailyBudget: '45.50' }])).toEqual([
      { id: clearance!.campaignId, ok: true },
    ]);
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === clearance!.campaignId)!.dailyBudget).toBe(
      '45.50',
    );
  });

  test('a budget of 0 is refused in Walmart’s words, the other update of the call still made', async () => {
    const [bestSellers, clearance] = await adapter.listCampaigns();
    const mark = env.sandbox.requests().length;
    const outcomes = await adapter.updateCampaigns([
      { campaignId: bestSellers!.campaignId, dailyBudget: '0' },
      { campaignId: clearance!.campaignId, dailyBudget: '13.00' },
      { campaignId: '123', state: 'paused' },
    ]);
    expect(outcomes).toEqual([
      { id: bestSellers!.campaignId, ok: false, message: 'Daily budget should be greater than 0' },
      { id: clearance!.campaignId, ok: true },
      { id: '123', ok: false, message: 'Campaign 123 not found for this advertiser' },
    ]);
    // The batch was refused whole (400), then each item sent alone.
    expect(requestsTo('/api/v1/campaigns', 'PUT', mark).map((r) => r.status)).toEqual([400, 400, 200, 200]);
    const after = await adapter.listCampaigns();
    expect(after.find((c) => c.campaignId === bestSellers!.campaignId)!.dailyBudget).toBe('30.00');
    expect(after.find((c) => c.campaignId === clearance!.campaignId)!.dailyBudget).toBe('13.00');
  });

  test('the sandbox validates bodies: an unknown status, a negative budget, more than 10 items (400, the spec’s shape)', async () => {
    const [campaign] = await adapter.listCampaigns();
    const id = Number(campaign!.campaignId);
    const unknownStatus = await connectCall('PUT', '/api/v1/campaigns', [{ campaignId: id, status: 'archived' }]);
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.body).toEqual([
      { code: 'failure', details: expect.stringContaining('Invalid status "archived"'), campaignId: id },
    ]);
    const negative = await connectCall('PUT', '/api/v1/campaigns', [{ campaignId: id, dailyBudget: -5 }]);
    expect(negative).toMatchObject({
      status: 400,
      body: [{ code: 'failure', details: expect.stringContaining('greater than 0') }],
    });
    const [ad] = await adapter.listProductAds();
    const [campaignId, adGroupId, itemId] = ad!.adId.split(':');
    const item = { campaignId: Number(campaignId), adGroupId: Number(adGroupId), itemId, status: 'enabled' };
    const tooMany = await connectCall(
      'PUT',
      '/api/v1/adItems',
      Array.from({ length: 11 }, () => item),
    );
    expect(tooMany).toMatchObject({
      status: 400,
      body: { code: 'failure', details: expect.stringContaining('At most 10') },
    });
    const badItemStatus = await connectCall('PUT', '/api/v1/adItems', [{ ...item, status: 'paused' }]);
    expect(badItemStatus).toMatchObject({ status: 400, body: [{ code: 'failure' }] });
    expect(sandboxAdvertiser().campaigns[id]!.status).not.toBe('archived');
  });
});

describe('daily performance', () => {
  test('rows for the items serving (enabled, in the live campaign), summing to the seeded figures', async () => {
    const campaigns = await adapter.listCampaigns();
    const enabledCampaigns = new Set(campaigns.filter((c) => c.state === 'enabled').map((c) => c.campaignId));
    const serving = (await adapter.listProductAds()).filter(
      (a) => a.state === 'enabled' && enabledCampaigns.has(a.campaignId),
    );
    expect(serving).toHaveLength(3);

    const from = day(-7);
    const to = day(-1);
    const mark = env.sandbox.requests().length;
    const rows = await adapter.dailyPerformance(from, to);
    expect(rows).toHaveLength(3 * 7);
    expect(new Set(rows.map((r) => r.adId))).toEqual(new Set(serving.map((a) => a.adId)));
    expect(new Set(rows.map((r) => r.sku))).toEqual(new Set(serving.map((a) => a.sku)));
    expect(rows.every((r) => r.date >= from && r.date <= to)).toBe(true);

    const expected = { impressions: 0, clicks: 0, spendCents: 0, salesCents: 0, orders: 0, units: 0 };
    for (const ad of serving) {
      const itemId = ad.adId.split(':')[2]!;
      for (let offset = -7; offset <= -1; offset++) {
        const figures = dailyFigures(itemId, day(offset));
        expected.impressions += figures.impressions;
        expected.clicks += figures.clicks;
        expected.spendCents += Math.round(figures.adSpend * 100);
        expected.salesCents += Math.round(figures.sales * 100);
        expected.orders += figures.orders;
        expected.units += figures.units;
      }
    }
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    expect({
      impressions: sum((r) => r.impressions),
      clicks: sum((r) => r.clicks),
      spendCents: sum((r) => Math.round(Number(r.spend) * 100)),
      salesCents: sum((r) => Math.round(Number(r.sales) * 100)),
      orders: sum((r) => r.orders),
      units: sum((r) => r.units),
    }).toEqual(expected);
    expect(expected.impressions).toBeGreaterThan(0);

    const [request] = requestsTo('/api/v2/snapshot/report', 'POST', mark);
    expect(request!.body).toMatchObject({
      advertiserId: Number(advertiserId),
      reportType: 'adItem',
      startDate: from,
      endDate: to,
    });
    expect(requestsTo('/api/v2/snapshot', 'GET', mark).length).toBeGreaterThanOrEqual(1);
  });

  test('a paused item drops out of the next report; a bad range is refused before anything is asked', async () => {
    const live = (await adapter.listCampaigns()).find((c) => c.state === 'enabled')!;
    const servingAd = (await adapter.listProductAds()).find((a) => a.campaignId === live.campaignId)!;
    await adapter.setProductAdStates([{ adId: servingAd.adId, state: 'paused' }]);
    try {
      const rows = await adapter.dailyPerformance(day(-3), day(-1));
      expect(rows).toHaveLength(2 * 3);
      expect(rows.some((r) => r.adId === servingAd.adId)).toBe(false);
    } finally {
      await adapter.setProductAdStates([{ adId: servingAd.adId, state: 'enabled' }]);
    }
    await expect(adapter.dailyPerformance('2026-13-01', day(-1))).rejects.toMatchObject({ kind: 'rejected' });
    // Today is not reported until it is over (a snapshot cannot include it): a range ending today is read up to
    // yesterday, and today alone answers nothing without asking.
    const untilToday = await adapter.dailyPerformance(day(-1), day(0));
    expect(untilToday.length).toBeGreaterThan(0);
    expect(untilToday.every((row) => row.date === day(-1))).toBe(true);
    const asked = env.sandbox.requests().length;
    expect(await adapter.dailyPerformance(day(0), day(0))).toEqual([]);
    expect(env.sandbox.requests().length).toBe(asked);
  });
});

describe('signatures, tokens and the hourly operations limit', () => {
  test('a bad signature, another key, a stale timestamp or a forged token is refused 401 in the spec’s shape', async () => {
    const badSignature = await connectCall('GET', `/api/v1/campaigns?advertiserId=${advertiserId}`, undefined, {
      'WM_SEC.AUTH_SIGNATURE': Buffer.from('not a signature').toString('base64'),
    });
    expect(badSignature).toMatchObject({
      status: 401,
      body: { code: 'failure', details: expect.stringContaining('signature') },
    });
    const stale = await connectCall('GET', `/api/v1/campaigns?advertiserId=${advertiserId}`, undefined, {
      'WM_CONSUMER.intimestamp': String(Date.now() - 3_600_000),
    });
    expect(stale.status).toBe(401);
    const noToken = await connectCall('GET', `/api/v1/campaigns?advertiserId=${advertiserId}`, undefined, {
      authorization: '',
    });
    expect(noToken).toMatchObject({ status: 401, body: { code: 'failure' } });

    const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    const impostor = createWalmartConnectAdapter(
      { partner: { ...partner, privateKey: otherKey }, advertiserId },
      connectSandboxEndpoints(env.baseUrl),
      fastOptions(),
    );
    const error = await impostor.listCampaigns().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect((error as MarketplaceError).message).toContain('auth signature verification failed');

    const forged = createWalmartConnectAdapter(
      {
        partner: { ...partner, authToken: sandboxConnectAuthToken(seller.credentials.clientId, 'wrong') },
        advertiserId,
      },
      connectSandboxEndpoints(env.baseUrl),
      fastOptions(),
    );
    await expect(forged.listCampaigns()).rejects.toMatchObject({ kind: 'auth', details: { status: 401 } });
    // Another advertiser's id with this seller's token: "Invalid credentials".
    const other = await connectCall('GET', '/api/v1/campaigns?advertiserId=123456');
    expect(other).toMatchObject({ status: 404, body: { code: 'failure' } });
  });

  test('past the hour’s operations a 429 (Retry-After 600), which the client reports as retryable', async () => {
    await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'realistic' });
    try {
      const ads = await adapter.listProductAds();
      const updates = Array.from({ length: 10 }, (_, index) => {
        const [campaignId, adGroupId, itemId] = ads[index % ads.length]!.adId.split(':');
        return { campaignId: Number(campaignId), adGroupId: Number(adGroupId), itemId, status: 'enabled' };
      });
      let refused: Awaited<ReturnType<typeof connectCall>> | undefined;
      // Ten changes a call: the assumed 1,000 an hour are spent in at most 100 calls.
      for (let call = 0; call < 120 && !refused; call++) {
        const answer = await connectCall('PUT', '/api/v1/adItems', updates);
        if (answer.status === 429) refused = answer;
        else expect(answer.status).toBe(200);
      }
      expect(refused).toBeDefined();
      expect(refused!.headers.get('retry-after')).toBe('600');
      expect(refused!.body).toEqual({ code: 'failure', details: expect.stringContaining('retry after 10 minutes') });
      // The last few operations of the hour go one at a time; the usage call says how many were spent.
      let spent = 0;
      for (let call = 0; call < 12; call++) {
        const usage = await connectCall<{ count: number }>('GET', '/api/v1/api_usage_analyze');
        if (usage.status === 429) break;
        spent = usage.body.count;
      }
      expect(spent).toBeGreaterThan(990);

      const error = await adapter.listCampaigns().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MarketplaceError);
      expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 429, retryAfterMs: 600_000 } });
      expect((error as MarketplaceError).retryable).toBe(true);
    } finally {
      await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'fast' });
    }
    // Back in `fast`, the budget is large again.
    expect(await adapter.listCampaigns()).toHaveLength(2);
  });
});
