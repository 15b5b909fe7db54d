import { describe, expect, it } from 'vitest';
import {
  ADVERTISED_PRODUCT_COLUMNS,
  advertisedProductReportRequest,
  budgetAmount,
  bulkOutcomes,
  campaignFromSp,
  campaignUpdateToSp,
  describeAdsError,
  duplicateReportId,
  productAdFromSp,
  productAdStateToSp,
  reportRowsToPerformance,
  reportWindows,
} from './ads-transform.ts';
import type { SpCampaign, SpUpdateCampaignsResponse, SpUpdateProductAdsResponse } from './ads-types.ts';

// A SponsoredProductsCampaign as ListSponsoredProductsCampaigns answers it (its required fields, and the
// optional ones includeExtendedDataFields adds).
const campaign: SpCampaign = {
  campaignId: '270096157466042',
  name: 'Best sellers',
  state: 'ENABLED',
  targetingType: 'AUTO',
  budget: { budget: 25, budgetType: 'DAILY', effectiveBudget: 25 },
  startDate: '2026-10-31',
  endDate: null,
  dynamicBidding: { strategy: 'LEGACY_FOR_SALES', placementBidding: [] },
  extendedData: {
    creationDateTime: '2026-10-31T09:12:44.000Z',
    lastUpdateDateTime: '2026-11-28T17:02:10.000Z',
    servingStatus: 'CAMPAIGN_STATUS_ENABLED',
  },
};

// The columns of the spec's SponsoredProductsAdvertisedProductDailyReport example (OfflineReport_prod_3p.json).
const specAdvertisedProductColumns = [
  'acosClicks14d',
  'acosClicks7d',
  'adGroupId',
  'adGroupName',
  'adId',
  'advertisedAsin',
  'advertisedSku',
  'attributedSalesSameSku14d',
  'attributedSalesSameSku1d',
  'attributedSalesSameSku30d',
  'attributedSalesSameSku7d',
  'campaignBudgetAmount',
  'campaignBudgetCurrencyCode',
  'campaignBudgetType',
  'campaignId',
  'campaignName',
  'campaignStatus',
  'clickThroughRate',
  'clicks',
  'cost',
  'costPerClick',
  'date',
  'impressions',
  'portfolioId',
  'purchases14d',
  'purchases1d',
  'purchases30d',
  'purchases7d',
  'roasClicks14d',
  'roasClicks7d',
  'sales14d',
  'sales1d',
  'sales30d',
  'sales7d',
  'salesOtherSku7d',
  'spend',
  'unitsSoldClicks14d',
  'unitsSoldClicks1d',
  'unitsSoldClicks30d',
  'unitsSoldClicks7d',
];

describe('Amazon Ads: campaigns and product ads as the neutral shapes', () => {
  it('reads a campaign: its state, daily budget as a decimal in the profile’s currency, bidding and start', () => {
    expect(campaignFromSp(campaign, 'USD')).toEqual({
      campaignId: '270096157466042',
      name: 'Best sellers',
      state: 'enabled',
      dailyBudget: '25.00',
      currency: 'USD',
      biddingStrategy: 'LEGACY_FOR_SALES',
      startDate: '2026-10-31',
    });
    expect(
      campaignFromSp({ ...campaign, state: 'PAUSED', budget: { budget: 10.5, budgetType: 'DAILY' } }, 'USD'),
    ).toMatchObject({ state: 'paused', dailyBudget: '10.50' });
    // States outside the live three read as the nearest.
    expect(campaignFromSp({ ...campaign, state: 'ENABLING' }, 'USD').state).toBe('enabled');
    expect(campaignFromSp({ ...campaign, state: 'USER_DELETED' }, 'USD').state).toBe('archived');
  });

  it('reads a seller’s product ad by SKU, a vendor’s by ASIN', () => {
    const ad = { adId: '154210998531118', campaignId: '270096157466042', adGroupId: '384020112958004' };
    expect(productAdFromSp({ ...ad, state: 'ENABLED', sku: 'MUG-001' })).toEqual({
      ...ad,
      sku: 'MUG-001',
      state: 'enabled',
    });
    expect(productAdFromSp({ ...ad, state: 'ARCHIVED', asin: 'B0CX4T2Q9Z' })).toMatchObject({
      sku: 'B0CX4T2Q9Z',
      state: 'archived',
    });
  });

  it('writes an update as UpdateCampaign with only what changes, a budget as a DAILY Budget', () => {
    expect(campaignUpdateToSp({ campaignId: '1', state: 'paused', dailyBudget: '12.50' })).toEqual({
      campaignId: '1',
      state: 'PAUSED',
      budget: { budget: 12.5, budgetType: 'DAILY' },
    });
    expect(campaignUpdateToSp({ campaignId: '1', state: 'enabled' })).toEqual({ campaignId: '1', state: 'ENABLED' });
    expect(campaignUpdateToSp({ campaignId: '1', dailyBudget: '0' })).toEqual({
      refused: expect.stringContaining('positive amount'),
    });
    expect(budgetAmount('25')).toBe(25);
    for (const refused of ['-3', 'abc', '1.234', '', '0.00']) expect(budgetAmount(refused)).toBeUndefined();
    expect(productAdStateToSp({ adId: '9', state: 'paused' })).toEqual({ adId: '9', state: 'PAUSED' });
  });
});

describe('Amazon Ads: a 207 answer as one outcome per item', () => {
  it('takes success items, gives refused ones Amazon’s words, and never takes an unanswered one for done', () => {
    const answer: SpUpdateCampaignsResponse = {
      campaigns: {
        success: [
          {
            index: 0,
            campaignId: '270096157466042',
          },
        ],
        error: [
          {
            index: 1,
            errors: [
              {
                errorType: 'entityNotFoundError',
                errorValue: {
                  entityNotFoundError: {
                    entityId: '999',
                    entityType: 'CAMPAIGN',
                    message: 'No campaign 999 in this profile',
                    reason: 'ENTITY_NOT_FOUND',
                    cause: { location: '$.campaigns[1].campaignId', trigger: '999' },
                  },
                },
              },
            ],
          },
        ],
      },
    };
    expect(bulkOutcomes(['270096157466042', '999', '555'], answer.campaigns)).toEqual([
      { id: '270096157466042', ok: true },
      { id: '999', ok: false, message: 'No campaign 999 in this profile (ENTITY_NOT_FOUND)' },
      { id: '555', ok: false, message: 'Amazon answered nothing about this item' },
    ]);
  });

  it('joins several errors of one item, and reads an error whose errorType names no key', () => {
    const answer: SpUpdateProductAdsResponse = {
      productAds: {
        success: [],
        error: [
          {
            index: 0,
            errors: [
              {
                errorType: 'rangeError',
                errorValue: {
                  rangeError: {
                    reason: 'INVALID_ENUM_VALUE',
                    allowed: ['ENABLED', 'PAUSED'],
                    message: 'DELETED is not one of ENABLED, PAUSED',
                  },
                },
              },
              {
                errorType: 'OTHER',
                errorValue: { entityStateError: { reason: 'ARCHIVED_ENTITY_CANNOT_BE_MODIFIED', message: 'Archived' } },
              },
            ],
          },
        ],
      },
    };
    expect(bulkOutcomes(['7'], answer.productAds)).toEqual([
      {
        id: '7',
        ok: false,
        message:
          'DELETED is not one of ENABLED, PAUSED (INVALID_ENUM_VALUE); Archived (ARCHIVED_ENTITY_CANNOT_BE_MODIFIED)',
      },
    ]);
  });
});

describe('Amazon Ads: error bodies of each part of the API', () => {
  it('reads Sponsored Products, Reporting, Profiles and Login with Amazon errors', () => {
    expect(describeAdsError(401, { code: 'UNAUTHORIZED', message: 'Not authorized to access scope 42' })).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Not authorized to access scope 42',
    });
    // AsyncReportingError: the spec's examples send the code as a number.
    expect(describeAdsError(404, { code: 404, detail: 'Not Found' })).toEqual({ code: '404', message: 'Not Found' });
    expect(describeAdsError(401, { code: 'UNAUTHORIZED', details: 'Invalid token' })).toEqual({
      code: 'UNAUTHORIZED',
      message: 'Invalid token',
    });
    expect(describeAdsError(400, { error: 'invalid_grant', error_description: 'bad refresh_token' })).toEqual({
      code: 'invalid_grant',
      message: 'bad refresh_token',
    });
    expect(describeAdsError(502, '<html>Bad gateway</html>').message).toBe('HTTP 502: <html>Bad gateway</html>');
  });
});

describe('Amazon Ads: the advertised products report', () => {
  it('asks for spAdvertisedProduct by day as the spec’s example does, in columns the example names', () => {
    const request = advertisedProductReportRequest('2026-11-01', '2026-11-07');
    expect(request).toMatchObject({
      startDate: '2026-11-01',
      endDate: '2026-11-07',
      configuration: {
        adProduct: 'SPONSORED_PRODUCTS',
        reportTypeId: 'spAdvertisedProduct',
        groupBy: ['advertiser'],
        timeUnit: 'DAILY',
        format: 'GZIP_JSON',
      },
    });
    for (const column of ADVERTISED_PRODUCT_COLUMNS) expect(specAdvertisedProductColumns).toContain(column);
  });

  it('reads rows as daily performance: ids written as numbers, money as decimals, 7-day conversions', () => {
    const rows = [
      {
        date: '2026-11-02',
        campaignId: 270096157466042,
        adGroupId: 384020112958004,
        adId: 154210998531118,
        advertisedSku: 'MUG-001',
        advertisedAsin: 'B0CX4T2Q9Z',
        impressions: 1024,
        clicks: 9,
        cost: 6.3,
        sales7d: 39.98,
        purchases7d: 2,
        unitsSoldClicks7d: 2,
      },
      { date: '2026-11-03', campaignId: '270096157466042', adId: null, advertisedSku: null, impressions: 5 },
      { campaignId: 1, impressions: 3 },
    ];
    expect(reportRowsToPerformance(rows)).toEqual([
      {
        date: '2026-11-02',
        campaignId: '270096157466042',
        adId: '154210998531118',
        sku: 'MUG-001',
        impressions: 1024,
        clicks: 9,
        spend: '6.30',
        sales: '39.98',
        orders: 2,
        units: 2,
      },
      {
        date: '2026-11-03',
        campaignId: '270096157466042',
        adId: null,
        sku: null,
        impressions: 5,
        clicks: 0,
        spend: '0.00',
        sales: '0.00',
        orders: 0,
        units: 0,
      },
    ]);
    expect(reportRowsToPerformance({ rows: [] })).toEqual([]);
  });

  it('splits a long range into reports of at most 31 days', () => {
    expect(reportWindows('2026-09-01', '2026-11-09')).toEqual([
      { startDate: '2026-09-01', endDate: '2026-10-01' },
      { startDate: '2026-10-02', endDate: '2026-11-01' },
      { startDate: '2026-11-02', endDate: '2026-11-09' },
    ]);
    expect(reportWindows('2026-11-09', '2026-11-09')).toEqual([{ startDate: '2026-11-09', endDate: '2026-11-09' }]);
  });

  it('finds the report a 425 names', () => {
    expect(duplicateReportId('The Request is a duplicate of : 8adca409-98e1-442c-9e74-28147f9f7bc8')).toBe(
      '8adca409-98e1-442c-9e74-28147f9f7bc8',
    );
    expect(duplicateReportId('Too Early')).toBeUndefined();
  });
});
