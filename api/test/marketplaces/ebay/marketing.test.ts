import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requestEbayToken } from '../../../src/marketplaces/ebay/consent.ts';
import {
  createEbayAdsAdapter,
  type EbayAdsAdapter,
  type EbayAdsAdapterOptions,
} from '../../../src/marketplaces/ebay/ebay-ads-adapter.ts';
import { ebayEarlierSellerScopes, ebaySellerScopes } from '../../../src/marketplaces/ebay/endpoints.ts';
import {
  EBAY_MARKETING_BASE_PATH,
  ebayMarketingEndpointsAt,
} from '../../../src/marketplaces/ebay/marketing-endpoints.ts';
import { CPS_AD_NOT_PAUSABLE, CPS_BUDGET_REFUSED } from '../../../src/marketplaces/ebay/marketing-transform.ts';
import { MarketplaceError } from '../../../src/marketplaces/errors.ts';
import { advertisingFactories, type AdapterTarget } from '../../../src/marketplaces/registry.ts';
import { TokenBuckets } from '../../../src/marketplaces/shared/token-bucket.ts';
import {
  dailyFigures,
  promotedListingsOf,
  type PlCampaignRecord,
  type PromotedListingsRecord,
} from '../../../src/sandbox/ebay/marketing-state.ts';
import type { EbayState } from '../../../src/sandbox/ebay/state.ts';
import { startEbaySandbox, type EbayTestSandbox } from './ebay-test-sandbox.ts';

/** The eBay Promoted Listings adapter against the eBay sandbox, over HTTP; the sandbox in `fast` unless a test says otherwise. */
let env: EbayTestSandbox;
let seller: Awaited<ReturnType<EbayTestSandbox['connectSeller']>>;
let adapter: EbayAdsAdapter;
let advertisedSkus: string[];

const testRetry = { attempts: 4, baseDelayMs: 20, maxDelayMs: 250 };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const api = (path: string) => `${EBAY_MARKETING_BASE_PATH}${path}`;

const sandboxRecord = (): PromotedListingsRecord =>
  promotedListingsOf((env.sandbox.context.state() as EbayState).sellers[seller.sellerId]!)!;
const sandboxCampaign = (name: string): PlCampaignRecord =>
  Object.values(sandboxRecord().campaigns).find((c) => c.campaignName === name)!;

/** Unpaced on our side, quick report polls. */
const fastOptions = (extra: EbayAdsAdapterOptions = {}): EbayAdsAdapterOptions => ({
  retry: testRetry,
  buckets: new TokenBuckets(Date.now, { paced: false }),
  reportPolling: { firstDelayMs: 20, maxDelayMs: 200, giveUpAfterMs: 10_000 },
  ...extra,
});

const adapterWith = (extra: EbayAdsAdapterOptions = {}, accessToken?: { token: string; expiresAt: Date }) =>
  createEbayAdsAdapter(
    {
      application: env.application,
      refreshToken: seller.tokens.refreshToken,
      sellerKey: seller.sellerId,
      ...(accessToken ? { accessToken } : {}),
    },
    ebayMarketingEndpointsAt(env.baseUrl),
    fastOptions(extra),
  );

beforeAll(async () => {
  env = await startEbaySandbox('fast');
  seller = await env.connectSeller(10);
  advertisedSkus = Object.keys((env.sandbox.context.state() as EbayState).sellers[seller.sellerId]!.items).slice(0, 6);
  adapter = adapterWith();
});

afterAll(async () => {
  await env?.close();
});

/** A raw Marketing API call with the adapter's token (or another). */
async function marketingCall<T = any>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; headers: Headers; body: T }> {
  const response = await fetch(`${env.baseUrl}${api(path)}`, {
    method,
    headers: {
      authorization: `Bearer ${token ?? (await adapter.client.accessToken())}`,
      'content-type': 'application/json',
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : undefined) as T };
}

const requestsTo = (pattern: RegExp, method: string, since = 0) =>
  env.sandbox
    .requests()
    .slice(since)
    .filter((r) => r.method === method && pattern.test(r.path));

describe('a new sandbox seller’s Promoted Listings', () => {
  test('two campaigns, one of each funding model, read a page at a time', async () => {
    const mark = env.sandbox.requests().length;
    const campaigns = await adapterWith({ pageSize: 1 }).listCampaigns();
    expect(
      campaigns.map(({ name, state, dailyBudget, currency, biddingStrategy }) => ({
        name,
        state,
        dailyBudget,
        currency,
        biddingStrategy,
      })),
    ).toEqual([
      // A cost-per-sale campaign has no daily budget (null): it pays a share of each sale.
      {
        name: 'eBay general',
        state: 'enabled',
        dailyBudget: null,
        currency: 'USD',
        biddingStrategy: 'COST_PER_SALE',
      },
      {
        name: 'eBay priority',
        state: 'enabled',
        dailyBudget: '20.00',
        currency: 'USD',
        biddingStrategy: 'COST_PER_CLICK',
      },
    ]);
    expect(campaigns[0]!.startDate).toBe(day(-30));
    // One page of one campaign, then the next (eBay's `next`), then none.
    const pages = requestsTo(new RegExp(`^${api('/ad_campaign')}$`), 'GET', mark);
    expect(pages.map((r) => [r.query?.limit, r.query?.offset])).toEqual([
      ['1', '0'],
      ['1', '1'],
    ]);
    expect(pages[0]!.response).toMatchObject({
      total: 2,
      limit: 1,
      offset: 0,
      next: expect.stringContaining('offset=1'),
    });
  });

  test('six ads, one per first SKU, alternately general (not pausable) and priority, read in pages', async () => {
    const mark = env.sandbox.requests().length;
    const ads = await adapterWith({ pageSize: 2 }).listProductAds();
    expect(ads).toHaveLength(6);
    expect(ads.map((ad) => ad.sku).sort()).toEqual([...advertisedSkus].sort());
    const general = sandboxCampaign('eBay general').campaignId;
    const priority = sandboxCampaign('eBay priority').campaignId;
    const cps = ads.filter((ad) => ad.campaignId === general);
    const cpc = ads.filter((ad) => ad.campaignId === priority);
    expect(cps).toHaveLength(3);
    expect(cpc).toHaveLength(3);
    expect(cps.every((ad) => ad.pausable === false && ad.adGroupId === '' && ad.state === 'enabled')).toBe(true);
    expect(cpc.every((ad) => ad.pausable === undefined && ad.adGroupId !== '' && ad.state === 'enabled')).toBe(true);
    expect(new Set(ads.map((ad) => ad.adId))).toEqual(new Set(Object.keys(sandboxRecord().ads)));
    // Three ads a campaign, two a page: two pages each.
    expect(requestsTo(/\/ad_campaign\/\d+\/ad$/, 'GET', mark)).toHaveLength(4);
  });

  test('the registry finds the seller’s account from the eBay channel’s credentials and reaches it', async () => {
    const target: AdapterTarget = {
      environment: 'sandbox',
      sandboxBaseUrl: env.baseUrl.replace(/\/ebay$/, ''),
      buckets: new TokenBuckets(Date.now, { paced: false }),
      applications: { ebay: env.application },
    };
    const credentials = {
      refreshToken: seller.tokens.refreshToken,
      sellerKey: seller.sellerId,
      scopes: ebaySellerScopes.join(' '),
    };
    expect(await advertisingFactories.ebay!.accounts(credentials, target)).toEqual([
      { externalId: 'EBAY_US', name: 'eBay Promoted Listings (EBAY_US)', currency: 'USD' },
    ]);
    const viaRegistry = advertisingFactories.ebay!.adapter(credentials, 'EBAY_US', target);
    expect((await viaRegistry.listCampaigns()).map((c) => c.name)).toEqual(['eBay general', 'eBay priority']);
    expect((await viaRegistry.listProductAds()).map((ad) => ad.sku).sort()).toEqual([...advertisedSkus].sort());
  });
});

describe('writes', () => {
  test('a priority ad and a campaign paused read back paused, and enabled again', async () => {
    const priority = sandboxCampaign('eBay priority');
    const general = sandboxCampaign('eBay general');
    const [ad] = (await adapter.listProductAds()).filter((a) => a.campaignId === priority.campaignId);
    const mark = env.sandbox.requests().length;
    expect(await adapter.setProductAdStates([{ adId: ad!.adId, state: 'paused' }])).toEqual([
      { id: ad!.adId, ok: true },
    ]);
    expect(await adapter.updateCampaigns([{ campaignId: general.campaignId, state: 'paused' }])).toEqual([
      { id: general.campaignId, ok: true },
    ]);
    // What went over the wire: BulkUpdateAdStatusRequest to the ad's campaign, and pauseCampaign.
    expect(requestsTo(/\/bulk_update_ads_status$/, 'POST', mark).map((r) => [r.path, r.body])).toEqual([
      [
        api(`/ad_campaign/${priority.campaignId}/bulk_update_ads_status`),
        { requests: [{ adId: ad!.adId, adStatus: 'PAUSED' }] },
      ],
    ]);
    expect(requestsTo(/\/pause$/, 'POST', mark).map((r) => [r.path, r.status])).toEqual([
      [api(`/ad_campaign/${general.campaignId}/pause`), 204],
    ]);
    expect((await adapter.listProductAds()).find((a) => a.adId === ad!.adId)!.state).toBe('paused');
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === general.campaignId)!.state).toBe('paused');
    expect(sandboxCampaign('eBay general').campaignStatus).toBe('PAUSED');

    // Paused again: already so, nothing is sent (eBay would refuse a pause of a paused campaign).
    const again = env.sandbox.requests().length;
    expect(await adapter.updateCampaigns([{ campaignId: general.campaignId, state: 'paused' }])).toEqual([
      { id: general.campaignId, ok: true },
    ]);
    expect(requestsTo(/\/(pause|resume)$/, 'POST', again)).toHaveLength(0);

    await adapter.setProductAdStates([{ adId: ad!.adId, state: 'enabled' }]);
    await adapter.updateCampaigns([{ campaignId: general.campaignId, state: 'enabled' }]);
    expect((await adapter.listProductAds()).find((a) => a.adId === ad!.adId)!.state).toBe('enabled');
    expect(sandboxCampaign('eBay general').campaignStatus).toBe('RUNNING');
  });

  test('a priority campaign’s daily budget is set and reads back', async () => {
    const priority = sandboxCampaign('eBay priority');
    const mark = env.sandbox.requests().length;
    expect(await adapter.updateCampaigns([{ campaignId: priority.campaignId, dailyBudget: '45.5' }])).toEqual([
      { id: priority.campaignId, ok: true },
    ]);
    expect(requestsTo(/\/update_campaign_budget$/, 'POST', mark)[0]!.body).toEqual({
      daily: { amount: { value: '45.50', currency: 'USD' } },
    });
    expect((await adapter.listCampaigns()).find((c) => c.campaignId === priority.campaignId)!.dailyBudget).toBe(
      '45.50',
    );
    await adapter.updateCampaigns([{ campaignId: priority.campaignId, dailyBudget: '20.00' }]);
  });

  test('refusals: a general campaign’s budget and a general ad’s state without asking eBay; a budget of 0 in eBay’s words', async () => {
    const priority = sandboxCampaign('eBay priority');
    const general = sandboxCampaign('eBay general');
    const ads = await adapter.listProductAds();
    const cpsAd = ads.find((a) => a.campaignId === general.campaignId)!;
    const cpcAd = ads.find((a) => a.campaignId === priority.campaignId)!;
    const mark = env.sandbox.requests().length;

    expect(
      await adapter.updateCampaigns([
        { campaignId: general.campaignId, dailyBudget: '30.00' },
        { campaignId: priority.campaignId, dailyBudget: '0' },
        { campaignId: priority.campaignId, dailyBudget: '21.00' },
        { campaignId: '123', state: 'paused' },
      ]),
    ).toEqual([
      { id: general.campaignId, ok: false, message: CPS_BUDGET_REFUSED },
      { id: priority.campaignId, ok: false, message: 'The daily budget below minimum allowed 1.00.' },
      { id: priority.campaignId, ok: true },
      { id: '123', ok: false, message: 'No campaign found for campaign id 123.' },
    ]);
    expect(
      await adapter.setProductAdStates([
        { adId: cpsAd.adId, state: 'paused' },
        { adId: cpcAd.adId, state: 'enabled' },
        { adId: '999', state: 'paused' },
      ]),
    ).toEqual([
      { id: cpsAd.adId, ok: false, message: CPS_AD_NOT_PAUSABLE },
      { id: cpcAd.adId, ok: true },
      { id: '999', ok: false, message: "eBay has no ad 999 in this seller's campaigns" },
    ]);
    // Nothing was sent about the general campaign's budget or its ad.
    expect(requestsTo(new RegExp(`/ad_campaign/${general.campaignId}/`), 'POST', mark)).toHaveLength(0);
    expect(
      requestsTo(/\/update_campaign_budget$/, 'POST', mark).map((r) => [r.status, (r.body as any).daily.amount.value]),
    ).toEqual([
      [409, '0.00'],
      [204, '21.00'],
    ]);
    expect(sandboxCampaign('eBay priority').dailyBudget).toBe('21.00');
    await adapter.updateCampaigns([{ campaignId: priority.campaignId, dailyBudget: '20.00' }]);

    // What eBay itself answers when asked anyway: its error container and the spec's ids.
    const cpsBudget = await marketingCall('POST', `/ad_campaign/${general.campaignId}/update_campaign_budget`, {
      daily: { amount: { value: '10.00', currency: 'USD' } },
    });
    expect(cpsBudget).toMatchObject({
      status: 400,
      body: { errors: [{ errorId: 36100, domain: 'API_MARKETING', category: 'REQUEST' }] },
    });
    const cpsStatus = await marketingCall('POST', `/ad_campaign/${general.campaignId}/bulk_update_ads_status`, {
      requests: [{ adId: cpsAd.adId, adStatus: 'PAUSED' }],
    });
    expect(cpsStatus).toMatchObject({ status: 409, body: { errors: [{ errorId: 36160 }] } });
    const mixed = await marketingCall('POST', `/ad_campaign/${priority.campaignId}/bulk_update_ads_status`, {
      requests: [
        { adId: cpcAd.adId, adStatus: 'ACTIVE' },
        { adId: '42', adStatus: 'PAUSED' },
      ],
    });
    expect(mixed.status).toBe(207);
    expect(mixed.body.responses).toEqual([
      expect.objectContaining({ adId: cpcAd.adId, statusCode: 200 }),
      expect.objectContaining({ adId: '42', statusCode: 404, errors: [expect.objectContaining({ errorId: 35044 })] }),
    ]);
  });
});

describe('daily performance', () => {
  test('rows for every serving ad and day, summing to the seeded figures (CPC per click, CPS a share of sales)', async () => {
    const record = sandboxRecord();
    const from = day(-7);
    const to = day(-1);
    const mark = env.sandbox.requests().length;
    const rows = await adapter.dailyPerformance(from, to);
    expect(rows).toHaveLength(6 * 7);
    expect(new Set(rows.map((r) => r.adId))).toEqual(new Set(Object.keys(record.ads)));
    expect(new Set(rows.map((r) => r.sku))).toEqual(new Set(advertisedSkus));
    expect(rows.every((r) => r.date >= from && r.date <= to)).toBe(true);

    const expected = { impressions: 0, clicks: 0, spendCents: 0, salesCents: 0, orders: 0 };
    for (const ad of Object.values(record.ads)) {
      const model = record.campaigns[ad.campaignId]!.fundingModel;
      for (let offset = -7; offset <= -1; offset++) {
        const figures = dailyFigures(ad.listingId, day(offset), model, model === 'COST_PER_SALE' ? 5 : 0);
        expected.impressions += figures.impressions;
        expected.clicks += figures.clicks;
        expected.spendCents += Math.round(figures.adFees * 100);
        expected.salesCents += Math.round(figures.saleAmount * 100);
        expected.orders += figures.sales;
      }
    }
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    expect({
      impressions: sum((r) => r.impressions),
      clicks: sum((r) => r.clicks),
      spendCents: sum((r) => Math.round(Number(r.spend) * 100)),
      salesCents: sum((r) => Math.round(Number(r.sales) * 100)),
      orders: sum((r) => r.orders),
    }).toEqual(expected);
    expect(sum((r) => r.units)).toBe(expected.orders);
    expect(expected.impressions).toBeGreaterThan(0);
    expect(expected.spendCents).toBeGreaterThan(0);

    // One report task per funding model, polled, then downloaded.
    const tasks = requestsTo(new RegExp(`^${api('/ad_report_task')}$`), 'POST', mark);
    expect(tasks.map((t) => [t.status, (t.body as any).fundingModels, (t.body as any).reportType])).toEqual([
      [202, ['COST_PER_SALE'], 'CAMPAIGN_PERFORMANCE_REPORT'],
      [202, ['COST_PER_CLICK'], 'CAMPAIGN_PERFORMANCE_REPORT'],
    ]);
    expect(tasks[0]!.body).toMatchObject({
      campaignIds: [sandboxCampaign('eBay general').campaignId],
      dateFrom: `${from}T00:00:00.000Z`,
      dateTo: `${to}T23:59:59.000Z`,
    });
    expect(requestsTo(/\/ad_report_task\/[^/]+$/, 'GET', mark).length).toBeGreaterThanOrEqual(2);
    expect(requestsTo(/\/ad_report\/[^/]+$/, 'GET', mark).map((r) => r.status)).toEqual([200, 200]);
  });

  test('a paused priority ad drops out of the next report; a bad range is refused before anything is asked', async () => {
    const priority = sandboxCampaign('eBay priority');
    const ad = (await adapter.listProductAds()).find((a) => a.campaignId === priority.campaignId)!;
    await adapter.setProductAdStates([{ adId: ad.adId, state: 'paused' }]);
    try {
      const rows = await adapter.dailyPerformance(day(-3), day(-1));
      expect(rows).toHaveLength(5 * 3);
      expect(rows.some((r) => r.adId === ad.adId)).toBe(false);
    } finally {
      await adapter.setProductAdStates([{ adId: ad.adId, state: 'enabled' }]);
    }
    const mark = env.sandbox.requests().length;
    await expect(adapter.dailyPerformance('2026-13-01', day(-1))).rejects.toMatchObject({ kind: 'rejected' });
    expect(await adapter.dailyPerformance(day(0), day(0))).toEqual([]);
    expect(requestsTo(/\/ad_report_task/, 'POST', mark)).toHaveLength(0);
  });

  test('the sandbox checks report tasks as eBay does: one funding model, CPS campaigns named, metrics of the model', async () => {
    const general = sandboxCampaign('eBay general').campaignId;
    const base = {
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      reportFormat: 'TSV_GZIP',
      marketplaceId: 'EBAY_US',
      dateFrom: `${day(-2)}T00:00:00.000Z`,
      dateTo: `${day(-1)}T00:00:00.000Z`,
      dimensions: [{ dimensionKey: 'campaign_id' }, { dimensionKey: 'listing_id' }, { dimensionKey: 'day' }],
      metricKeys: ['impressions'],
    };
    const answers = await Promise.all([
      marketingCall('POST', '/ad_report_task', {
        ...base,
        campaignIds: [general],
        fundingModels: ['COST_PER_SALE', 'COST_PER_CLICK'],
      }),
      marketingCall('POST', '/ad_report_task', { ...base, fundingModels: ['COST_PER_SALE'] }),
      marketingCall('POST', '/ad_report_task', { ...base, campaignIds: [general], metricKeys: ['cpc_clicks'] }),
      marketingCall('POST', '/ad_report_task', { ...base, campaignIds: [general], dateTo: `${day(1)}T00:00:00.000Z` }),
    ]);
    expect(answers.map((a) => [a.status, a.body?.errors?.[0]?.errorId])).toEqual([
      [400, 35124],
      [400, 35100],
      [400, 35122],
      [400, 35103],
    ]);
    const accepted = await marketingCall('POST', '/ad_report_task', { ...base, campaignIds: [general] });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('location')).toMatch(new RegExp(`${api('/ad_report_task/')}[\\w-]+$`));
  });
});

describe('the grant and the hourly report limit', () => {
  test('a token without sell.marketing is refused 403 in eBay’s shape; the adapter reports it as auth', async () => {
    const narrow = await requestEbayToken({
      endpoints: env.endpoints,
      application: env.application,
      grantType: 'refresh_token',
      // The scopes a channel connected before the app asked for Promoted Listings holds.
      form: { refresh_token: seller.tokens.refreshToken, scope: ebayEarlierSellerScopes.join(' ') },
    });
    const refused = await marketingCall('GET', '/ad_campaign', undefined, narrow.accessToken);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        errors: [
          {
            errorId: 1100,
            domain: 'ACCESS',
            category: 'REQUEST',
            message: 'Access denied',
            longMessage: 'Insufficient permissions to fulfill the request.',
          },
        ],
      },
    });
    const narrowAdapter = adapterWith({}, { token: narrow.accessToken, expiresAt: narrow.accessTokenExpiresAt });
    const error = await narrowAdapter.listCampaigns().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ kind: 'auth', details: { status: 403, code: '1100' } });
    expect((error as MarketplaceError).message).toBe('Insufficient permissions to fulfill the request.');
    // No token at all: eBay's 401.
    expect((await marketingCall('GET', '/ad_campaign', undefined, 'not-a-token')).status).toBe(401);
  });

  test('past 200 report calls an hour a 429 (blocked for the hour), which the client reports as retryable', async () => {
    await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'realistic' });
    try {
      const general = sandboxCampaign('eBay general').campaignId;
      const taskId = await adapter.client.createReportTask({
        reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
        reportFormat: 'TSV_GZIP',
        marketplaceId: 'EBAY_US',
        fundingModels: ['COST_PER_SALE'],
        campaignIds: [general],
        dateFrom: `${day(-2)}T00:00:00.000Z`,
        dateTo: `${day(-1)}T00:00:00.000Z`,
        dimensions: [{ dimensionKey: 'campaign_id' }, { dimensionKey: 'listing_id' }],
        metricKeys: ['impressions'],
      });
      let refused: Awaited<ReturnType<typeof marketingCall>> | undefined;
      for (let call = 0; call < 210 && !refused; call++) {
        const answer = await marketingCall('GET', `/ad_report_task/${taskId}`);
        if (answer.status === 429) refused = answer;
        else expect(answer.status).toBe(200);
      }
      // The hour's report calls, this test's and the earlier ones' alike: 200 answered, then refused.
      const reportCalls = env.sandbox
        .requests()
        .filter((r) => /\/ad_report(_task)?(\/|$)/.test(r.path) && r.status !== 429);
      expect(reportCalls).toHaveLength(200);
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(3500);
      expect(refused!.body).toMatchObject({ errors: [{ errorId: 2001, domain: 'ACCESS' }] });
      // Blocked: the campaign reads are not report calls and still answer.
      expect((await marketingCall('GET', '/ad_campaign')).status).toBe(200);

      const error = await adapter.client.getReportTask(taskId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MarketplaceError);
      expect(error).toMatchObject({ kind: 'rate_limited', details: { status: 429, code: '2001' } });
      expect((error as MarketplaceError).retryable).toBe(true);
      expect((error as MarketplaceError).details.retryAfterMs).toBeGreaterThan(3_500_000);
      await expect(adapter.dailyPerformance(day(-2), day(-1))).rejects.toMatchObject({ kind: 'rate_limited' });
    } finally {
      await env.control('PUT', `/sellers/${seller.sellerId}/faults`, { rateLimitProfile: 'fast' });
    }
    // Back in `fast`, the limit is large again and the block lifted.
    expect((await adapter.dailyPerformance(day(-1), day(-1))).length).toBe(6);
  });
});
