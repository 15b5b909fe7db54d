import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import type { AmazonAdsLogin } from '../../../src/marketplaces/amazon/ads-client.ts';
import { adsMediaTypes, adsSandboxEndpoints } from '../../../src/marketplaces/amazon/ads-endpoints.ts';
import {
  createAmazonAdsAdapter,
  listAmazonAdsProfiles,
  type AmazonAdsAdapter,
  type AmazonAdsAdapterOptions,
} from '../../../src/marketplaces/amazon/amazon-ads-adapter.ts';
import { TokenBuckets } from '../../../src/marketplaces/shared/token-bucket.ts';
import { startAmazonSandbox, testRetry, type AmazonTestEnv, type SandboxSeller } from './amazon-test-env.ts';

/** The adapter against the sandbox's Amazon Ads API, over HTTP; the sandbox in `fast` unless a test says otherwise. */
let env: AmazonTestEnv;
let seller: SandboxSeller;
let login: AmazonAdsLogin;
let profileId: string;
let adapter: AmazonAdsAdapter;
let catalogueSkus: string[];

/** Unpaced on our side, quick report polls: the sandbox's `fast` profile answers at once. */
const fastOptions = (): AmazonAdsAdapterOptions => ({
  retry: testRetry,
  buckets: new TokenBuckets(Date.now, { paced: false }),
  reportPolling: { firstDelayMs: 20, maxDelayMs: 200, giveUpAfterMs: 10_000 },
});
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  env = await startAmazonSandbox('fast');
  seller = await env.createSeller(10);
  login = {
    clientId: seller.credentials.clientId,
    clientSecret: seller.credentials.clientSecret,
    refreshToken: seller.credentials.refreshToken,
  };
  const profiles = await listAmazonAdsProfiles(login, adsSandboxEndpoints(env.baseUrl), { retry: testRetry });
  profileId = String(profiles[0]!.profileId);
  // One ad a page, so the lists walk nextToken.
  adapter = createAmazonAdsAdapter({ ...login, profileId }, adsSandboxEndpoints(env.baseUrl), {
    ...fastOptions(),
    pageSize: 1,
  });
  catalogueSkus = Object.keys(
    (env.sandbox.context.state().sellers[seller.sellerId] as { items: Record<string, unknown> }).items,
  );
});

afterAll(async () => {
  await env?.close();
});

/** A raw Ads API call with the seller's token and headers (overridable), answered as JSON. */
async function adsCall<T = unknown>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; body: T }> {
  const token = await adapter.client.accessToken();
  const response = await fetch(`${env.baseUrl}${path}`, {
    method,
    headers: {
      'Amazon-Advertising-API-ClientId': login.clientId,
      'Amazon-Advertising-API-Scope': profileId,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': adsMediaTypes.campaign }),
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
    .filter((r) => r.path === path && r.method === method);

describe('a new sandbox seller’s advertising', () => {
  test('one US seller profile, two campaigns (enabled 25.00, paused 10.00) and an enabled ad for each of its first SKUs', async () => {
    const profile = await adapter.profile();
    expect(profile).toMatchObject({
      profileId: Number(profileId),
      countryCode: 'US',
      currencyCode: 'USD',
      accountInfo: { type: 'seller', id: seller.sellerId, marketplaceStringId: 'ATVPDKIKX0DER' },
    });

    const mark = env.sandbox.requests().length;
    const campaigns = await adapter.listCampaigns();
    expect(campaigns.map(({ state, dailyBudget, currency }) => ({ state, dailyBudget, currency }))).toEqual([
      { state: 'enabled', dailyBudget: '25.00', currency: 'USD' },
      { state: 'paused', dailyBudget: '10.00', currency: 'USD' },
    ]);
    expect(campaigns[0]).toMatchObject({ biddingStrategy: 'LEGACY_FOR_SALES', startDate: day(-30) });

    const ads = await adapter.listProductAds();
    expect(ads.map((ad) => ad.sku)).toEqual(catalogueSkus.slice(0, 6));
    expect(ads.every((ad) => ad.state === 'enabled')).toBe(true);
    for (const campaign of campaigns) expect(ads.filter((ad) => ad.campaignId === campaign.campaignId)).toHaveLength(3);
    // A page of one: two campaign pages, six product ad pages.
    expect(requestsTo('/sp/campaigns/list', 'POST', mark)).toHaveLength(2);
    expect(requestsTo('/sp/productAds/list', 'POST', mark)).toHaveLength(6);
  });
});

describe('writes', () => {
  test('a campaign and a product ad paused read back paused, and enabled again', async () => {
    const [enabled] = (await adapter.listCampaigns()).filter((c) => c.state === 'enabled');
    const [ad] = await adapter.listProductAds();
    expect(await adapter.updateCampaigns([{ campaignId: enabled!.campaignId, state: 'paused' }])).toEqual([
      { id: enabled!.campaignId, ok: true },
    ]);
    expect(await adapter.setProductAdStates([{ adId: ad!.adId, state: 'paused' }])).toEqual([
      { id: ad!.adId, ok: true },
    ]);
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === enabled!.campaignId)!.state).toBe('paused');
    expect((await adapter.listProductAds()).find((a) => a.adId === ad!.adId)!.state).toBe('paused');

    await adapter.updateCampaigns([{ campaignId: enabled!.campaignId, state: 'enabled' }]);
    await adapter.setProductAdStates([{ adId: ad!.adId, state: 'enabled' }]);
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === enabled!.campaignId)!.state).toBe('enabled');
  });

  test('a 207 with one unknown id: one failed outcome in Amazon’s words, one ok, in the order sent', async () => {
    const [ad] = await adapter.listProductAds();
    const outcomes = await adapter.setProductAdStates([
      { adId: '999999999999999', state: 'paused' },
      { adId: ad!.adId, state: 'enabled' },
    ]);
    expect(outcomes).toEqual([
      {
        id: '999999999999999',
        ok: false,
        message: 'No product ad 999999999999999 in this profile (ENTITY_NOT_FOUND)',
      },
      { id: ad!.adId, ok: true },
    ]);
    const [campaign] = await adapter.listCampaigns();
    expect(
      await adapter.updateCampaigns([
        { campaignId: campaign!.campaignId, state: 'enabled' },
        { campaignId: '123', state: 'paused' },
      ]),
    ).toEqual([
      { id: campaign!.campaignId, ok: true },
      { id: '123', ok: false, message: 'No campaign 123 in this profile (ENTITY_NOT_FOUND)' },
    ]);
  });

  test('a daily budget is set; one that is no positive amount is refused before it is sent', async () => {
    const [, paused] = await adapter.listCampaigns();
    const mark = env.sandbox.requests().length;
    expect(
      await adapter.updateCampaigns([
        { campaignId: paused!.campaignId, dailyBudget: '42.50' },
        { campaignId: paused!.campaignId, dailyBudget: '-5' },
      ]),
    ).toEqual([
      { id: paused!.campaignId, ok: true },
      { id: paused!.campaignId, ok: false, message: expect.stringContaining('positive amount') },
    ]);
    const sent = requestsTo('/sp/campaigns', 'PUT', mark);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      campaigns: [{ campaignId: paused!.campaignId, budget: { budget: 42.5, budgetType: 'DAILY' } }],
    });
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === paused!.campaignId)!.dailyBudget).toBe('42.50');
  });

  test('the sandbox refuses a bad budget or state per item, and more than 1,000 items whole', async () => {
    const [campaign] = await adapter.listCampaigns();
    type Bulk = {
      campaigns: { success: Array<{ index: number }>; error: Array<{ index: number; errors: unknown[] }> };
    };
    const answer = await adsCall<Bulk>('PUT', '/sp/campaigns', {
      campaigns: [
        { campaignId: campaign!.campaignId, budget: { budget: 0, budgetType: 'DAILY' } },
        { campaignId: campaign!.campaignId, state: 'DELETED' },
        { campaignId: campaign!.campaignId, budget: { budget: 'lots', budgetType: 'DAILY' } },
      ],
    });
    expect(answer.status).toBe(207);
    expect(answer.headers.get('content-type')?.toLowerCase()).toContain(adsMediaTypes.campaign.toLowerCase());
    expect(answer.body.campaigns.success).toEqual([]);
    expect(answer.body.campaigns.error.map((e) => e.errors[0])).toEqual([
      {
        errorType: 'budgetError',
        errorValue: { budgetError: expect.objectContaining({ reason: 'BUDGET_TOO_LOW', lowerLimit: '1' }) },
      },
      {
        errorType: 'rangeError',
        errorValue: {
          rangeError: expect.objectContaining({ reason: 'INVALID_ENUM_VALUE', allowed: ['ENABLED', 'PAUSED'] }),
        },
      },
      {
        errorType: 'malformedValueError',
        errorValue: { malformedValueError: expect.objectContaining({ reason: 'PATTERN_NOT_MATCHED' }) },
      },
    ]);
    const tooMany = await adsCall<{ code: string; message: string }>('PUT', '/sp/campaigns', {
      campaigns: Array.from({ length: 1001 }, () => ({ campaignId: campaign!.campaignId, state: 'PAUSED' })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('at most 1000') });
    const wrongType = await adsCall('PUT', '/sp/campaigns', { campaigns: [] }, { 'content-type': 'application/json' });
    expect(wrongType).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  test('creates a campaign and a product ad (207, Prefer: return=representation), refusing what Amazon refuses', async () => {
    type Created = {
      campaigns: {
        success: Array<{ index: number; campaignId: string; campaign: unknown }>;
        error: Array<{ index: number; errors: Array<{ errorType: string }> }>;
      };
    };
    const created = await adsCall<Created>(
      'POST',
      '/sp/campaigns',
      {
        campaigns: [
          { name: 'Holiday', state: 'PAUSED', targetingType: 'AUTO', budget: { budget: 15, budgetType: 'DAILY' } },
          { state: 'ENABLED', targetingType: 'AUTO', budget: { budget: 15, budgetType: 'DAILY' } },
        ],
      },
      { prefer: 'return=representation' },
    );
    expect(created.status).toBe(207);
    expect(created.headers.get('preference-applied')).toBe('return=representation');
    expect(created.body.campaigns.success[0]).toMatchObject({
      index: 0,
      campaign: { name: 'Holiday', state: 'PAUSED', budget: { budget: 15, budgetType: 'DAILY' }, startDate: day(0) },
    });
    expect(created.body.campaigns.error).toEqual([
      { index: 1, errors: [expect.objectContaining({ errorType: 'missingValueError' })] },
    ]);

    const [first] = await adapter.listProductAds();
    const sku = catalogueSkus[6]!;
    const base = { campaignId: first!.campaignId, adGroupId: first!.adGroupId, state: 'ENABLED' };
    type AdsAnswer = {
      productAds: {
        success: Array<{ adId: string }>;
        error: Array<{ index: number; errors: Array<{ errorType: string }> }>;
      };
    };
    const ads = await adsCall<AdsAnswer>(
      'POST',
      '/sp/productAds',
      {
        productAds: [
          { ...base, sku },
          { ...base, sku },
          { ...base, sku: 'NO-SUCH-SKU' },
        ],
      },
      { 'content-type': adsMediaTypes.productAd },
    );
    expect(ads.status).toBe(207);
    expect(ads.body.productAds.error.map((e) => [e.index, e.errors[0]!.errorType])).toEqual([
      [1, 'duplicateValueError'],
      [2, 'productIdentifierError'],
    ]);
    const newAd = (await adapter.listProductAds()).find((ad) => ad.adId === ads.body.productAds.success[0]!.adId);
    expect(newAd).toMatchObject({ sku, state: 'enabled', campaignId: first!.campaignId });
  });
});

describe('daily performance', () => {
  test('rows only for the ads that serve (enabled, in an enabled campaign), the same figures every time', async () => {
    const [ad] = await adapter.listProductAds();
    await adapter.setProductAdStates([{ adId: ad!.adId, state: 'paused' }]);
    const enabledCampaigns = new Set(
      (await adapter.listCampaigns()).filter((c) => c.state === 'enabled').map((c) => c.campaignId),
    );
    const serving = (await adapter.listProductAds()).filter(
      (a) => a.state === 'enabled' && enabledCampaigns.has(a.campaignId),
    );
    expect(serving.length).toBeGreaterThan(0);

    const from = day(-7);
    const to = day(-1);
    const rows = await adapter.dailyPerformance(from, to);
    expect(new Set(rows.map((r) => r.adId))).toEqual(new Set(serving.map((a) => a.adId)));
    expect(rows).toHaveLength(serving.length * 7);
    for (const row of rows) {
      const servingAd = serving.find((a) => a.adId === row.adId)!;
      expect(row).toMatchObject({ campaignId: servingAd.campaignId, sku: servingAd.sku });
      expect(row.date >= from && row.date <= to).toBe(true);
      expect(row.impressions).toBeGreaterThan(0);
      expect(row.spend).toMatch(/^\d+\.\d{2}$/);
      expect(row.sales).toMatch(/^\d+\.\d{2}$/);
      expect(row.units).toBeGreaterThanOrEqual(row.orders);
    }

    // Asked again together: the second request is a duplicate of the first still being made (425), and waits on it.
    const mark = env.sandbox.requests().length;
    const [again, duplicate] = await Promise.all([
      adapter.dailyPerformance(from, to),
      adapter.dailyPerformance(from, to),
    ]);
    expect(again).toEqual(rows);
    expect(duplicate).toEqual(rows);
    expect(
      requestsTo('/reporting/reports', 'POST', mark)
        .map((r) => r.status)
        .sort(),
    ).toEqual([200, 425]);

    await adapter.setProductAdStates([{ adId: ad!.adId, state: 'enabled' }]);
  });

  test('a range refused before anything is asked, and a report the sandbox will not make refused in its words', async () => {
    await expect(adapter.dailyPerformance('2026-13-01', day(-1))).rejects.toMatchObject({ kind: 'rejected' });
    await expect(adapter.dailyPerformance(day(-200), day(-190))).rejects.toThrow(/95 days lookback/);
  });
});

describe('limits and refusals', () => {
  test('a 429 on the realistic profile is retried after its Retry-After, and the list completes', async () => {
    await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'realistic' });
    try {
      const burst = await Promise.all(Array.from({ length: 16 }, () => adsCall('POST', '/sp/campaigns/list', {})));
      const refused = burst.filter((r) => r.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      expect(refused[0]!.headers.get('retry-after')).toBe('1');
      expect(refused[0]!.body).toEqual({ code: 'THROTTLED', message: expect.any(String) });

      // A fresh adapter paces itself from a full bucket, so the sandbox's empty one answers 429 first.
      const patient = createAmazonAdsAdapter({ ...login, profileId }, adsSandboxEndpoints(env.baseUrl), {
        retry: { attempts: 4, baseDelayMs: 20, maxDelayMs: 2_000 },
      });
      const mark = env.sandbox.requests().length;
      const started = Date.now();
      expect(await patient.listCampaigns()).toHaveLength(3);
      const calls = requestsTo('/sp/campaigns/list', 'POST', mark).map((r) => r.status);
      expect(calls[0]).toBe(429);
      expect(calls.at(-1)).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'fast' });
    }
  });

  test('a profile id the login cannot act on is a clear auth MarketplaceError naming the profiles it can', async () => {
    const wrong = createAmazonAdsAdapter(
      { ...login, profileId: '123456789' },
      adsSandboxEndpoints(env.baseUrl),
      fastOptions(),
    );
    const error = await wrong.listCampaigns().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ kind: 'auth', details: { code: 'UNKNOWN_PROFILE' } });
    expect((error as MarketplaceError).message).toContain('profile 123456789 is not one this login may act on');
    expect((error as MarketplaceError).message).toContain(`${profileId} (US, seller)`);
    // The Ads API itself refuses the scope.
    expect(
      await adsCall('POST', '/sp/campaigns/list', {}, { 'Amazon-Advertising-API-Scope': '123456789' }),
    ).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: 'Not authorized to access scope 123456789' },
    });
  });

  test('headers: no ClientId, another client’s id, a bad bearer token, no Scope; each API in its own error shape', async () => {
    const list = (headers: Record<string, string>) => adsCall('POST', '/sp/campaigns/list', {}, headers);
    expect(await list({ 'Amazon-Advertising-API-ClientId': '' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_ARGUMENT' },
    });
    expect(await list({ 'Amazon-Advertising-API-ClientId': 'amzn1.application-oa2-client.other' })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED', message: expect.stringContaining('not issued to client') },
    });
    expect(await list({ authorization: 'Bearer Atza|forged' })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
    expect(await list({ 'Amazon-Advertising-API-Scope': '' })).toMatchObject({ status: 400 });
    expect(await adsCall('GET', '/v2/profiles', undefined, { authorization: 'Bearer nope' })).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED', details: expect.any(String) },
    });
    expect(await adsCall('GET', '/reporting/reports/nope', undefined, { authorization: 'Bearer nope' })).toMatchObject({
      status: 401,
      body: { code: '401', detail: expect.any(String) },
    });
    expect(await adsCall('GET', '/reporting/reports/nope')).toMatchObject({
      status: 404,
      body: { code: '404', detail: 'Not Found' },
    });
  });
});
