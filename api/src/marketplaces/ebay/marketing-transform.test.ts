import { describe, expect, it } from 'vitest';
import {
  CPS_AD_NOT_PAUSABLE,
  PL_REPORT_METRICS,
  adState,
  budgetRequest,
  bulkAdOutcomes,
  campaignFromPl,
  campaignState,
  campaignStateCall,
  parseTsv,
  productAdFromPl,
  reportAmount,
  reportDay,
  reportRowsToPerformance,
  reportTaskRequest,
  skuOfAd,
  taskIdFromLocation,
} from './marketing-transform.ts';
import type { PlAd, PlCampaign } from './marketing-types.ts';

// Campaigns as getCampaigns answers them (Campaign: campaignId, campaignName, campaignStatus, fundingStrategy,
// budget for CPC only, marketplaceId, startDate in UTC).
const general: PlCampaign = {
  campaignId: '10000000001',
  campaignName: 'Spring general',
  campaignStatus: 'RUNNING',
  fundingStrategy: { fundingModel: 'COST_PER_SALE', bidPercentage: '5.0', adRateStrategy: 'FIXED' },
  marketplaceId: 'EBAY_US',
  startDate: '2026-10-01T07:00:00.000Z',
};
const priority: PlCampaign = {
  campaignId: '10000000002',
  campaignName: 'Spring priority',
  campaignStatus: 'PAUSED',
  fundingStrategy: { fundingModel: 'COST_PER_CLICK' },
  budget: { daily: { amount: { value: '20', currency: 'USD' } } },
  marketplaceId: 'EBAY_US',
  startDate: '2026-10-02T00:00:00Z',
};

const inventoryAd: PlAd = {
  adId: '20000000001',
  listingId: '110012345678',
  inventoryReferenceId: 'MUG-RED-01',
  inventoryReferenceType: 'INVENTORY_ITEM',
  bidPercentage: '5.0',
};
const listingAd: PlAd = {
  adId: '20000000002',
  listingId: '110087654321',
  adGroupId: '30000000001',
  adStatus: 'PAUSED',
};

describe('campaigns', () => {
  it('a CPS campaign: no dailyBudget (null), currency from its marketplace, funding model as biddingStrategy', () => {
    expect(campaignFromPl(general)).toEqual({
      campaignId: '10000000001',
      name: 'Spring general',
      state: 'enabled',
      dailyBudget: null,
      currency: 'USD',
      biddingStrategy: 'COST_PER_SALE',
      startDate: '2026-10-01',
    });
  });

  it('a CPC campaign: its daily budget as two decimals, in the budget’s currency', () => {
    expect(campaignFromPl(priority)).toMatchObject({
      state: 'paused',
      dailyBudget: '20.00',
      currency: 'USD',
      biddingStrategy: 'COST_PER_CLICK',
      startDate: '2026-10-02',
    });
    expect(campaignFromPl({ ...priority, marketplaceId: 'EBAY_GB', budget: undefined }).currency).toBe('GBP');
  });

  it('campaignStatus as the neutral state; unknown statuses do not serve', () => {
    expect(['RUNNING', 'SCHEDULED', 'ENDING_SOON', 'PAUSED', 'DRAFT', 'ENDED', 'WHATEVER'].map(campaignState)).toEqual([
      'enabled',
      'enabled',
      'enabled',
      'paused',
      'paused',
      'archived',
      'paused',
    ]);
  });

  it('a state change needs pause, resume or nothing', () => {
    expect(campaignStateCall('RUNNING', 'paused')).toBe('pause');
    expect(campaignStateCall('PAUSED', 'enabled')).toBe('resume');
    expect(campaignStateCall('RUNNING', 'enabled')).toBe('none');
    // Ended: asked anyway, so that eBay's refusal ("has ended") is what the seller reads.
    expect(campaignStateCall('ENDED', 'enabled')).toBe('resume');
  });

  it('a budget request: two decimals in the campaign’s currency; zero sent for eBay to judge; words refused', () => {
    expect(budgetRequest('25.5', 'USD')).toEqual({ daily: { amount: { value: '25.50', currency: 'USD' } } });
    expect(budgetRequest('0', 'USD')).toEqual({ daily: { amount: { value: '0.00', currency: 'USD' } } });
    expect(budgetRequest('lots', 'USD')).toEqual({ refused: expect.stringContaining('"lots"') });
    expect(budgetRequest('1.234', 'USD')).toHaveProperty('refused');
  });
});

describe('ads', () => {
  it('an Inventory API ad names its SKU; a CPS ad is not pausable and has no ad group', () => {
    expect(productAdFromPl(inventoryAd, general, () => 'unused')).toEqual({
      adId: '20000000001',
      campaignId: '10000000001',
      adGroupId: '',
      sku: 'MUG-RED-01',
      state: 'enabled',
      pausable: false,
    });
  });

  it('a CPC ad by listing id: its state from adStatus, its SKU from the mapping, else the listing id', () => {
    const mapped = productAdFromPl(listingAd, priority, (id) => (id === '110087654321' ? 'LAMP-01' : undefined));
    expect(mapped).toEqual({
      adId: '20000000002',
      campaignId: '10000000002',
      adGroupId: '30000000001',
      sku: 'LAMP-01',
      state: 'paused',
    });
    expect(mapped).not.toHaveProperty('pausable');
    expect(skuOfAd(listingAd, () => undefined)).toBe('110087654321');
    expect(
      skuOfAd(
        { adId: 'a', inventoryReferenceId: 'GROUP-1', inventoryReferenceType: 'INVENTORY_ITEM_GROUP' },
        () => undefined,
      ),
    ).toBe('GROUP-1');
    expect(['ACTIVE', 'PAUSED', 'ARCHIVED', undefined].map(adState)).toEqual([
      'enabled',
      'paused',
      'archived',
      'enabled',
    ]);
  });

  it('bulk answers by adId: 200 done, an error in eBay’s words, an ad not answered not taken for done', () => {
    expect(
      bulkAdOutcomes(['a1', 'a2', 'a3'], {
        responses: [
          {
            adId: 'a2',
            statusCode: 404,
            errors: [
              { errorId: 35044, message: "No Ad found for 'ad_id' a2. Please correct the 'ad_id' and try again." },
            ],
          },
          { adId: 'a1', statusCode: 200 },
        ],
      }),
    ).toEqual([
      { id: 'a1', ok: true },
      { id: 'a2', ok: false, message: "No Ad found for 'ad_id' a2. Please correct the 'ad_id' and try again." },
      { id: 'a3', ok: false, message: 'eBay answered nothing about this ad' },
    ]);
  });

  it('the CPS refusal says what to do instead', () => {
    expect(CPS_AD_NOT_PAUSABLE).toBe('eBay cannot pause a cost-per-sale ad; lower its ad rate or end the campaign.');
  });
});

describe('reports', () => {
  it('one funding model a task: CPS by campaign, listing and day; CPC adds the ad group and its cpc_ metrics', () => {
    const cps = reportTaskRequest('COST_PER_SALE', ['1', '2'], '2026-11-01', '2026-11-07');
    expect(cps).toEqual({
      reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
      reportFormat: 'TSV_GZIP',
      marketplaceId: 'EBAY_US',
      fundingModels: ['COST_PER_SALE'],
      campaignIds: ['1', '2'],
      dateFrom: '2026-11-01T00:00:00.000Z',
      dateTo: '2026-11-07T23:59:59.000Z',
      dimensions: [{ dimensionKey: 'campaign_id' }, { dimensionKey: 'listing_id' }, { dimensionKey: 'day' }],
      metricKeys: ['impressions', 'clicks', 'sales', 'sale_amount', 'ad_fees'],
    });
    const cpc = reportTaskRequest('COST_PER_CLICK', ['3'], '2026-11-01', '2026-11-01');
    expect(cpc.dimensions.map((d) => d.dimensionKey)).toEqual(['campaign_id', 'ad_group_id', 'listing_id', 'day']);
    expect(cpc.metricKeys.every((key) => key.startsWith('cpc_'))).toBe(true);
  });

  it('the task id from the Location header', () => {
    expect(taskIdFromLocation('https://api.ebay.com/sell/marketing/v1/ad_report_task/12345-abc')).toBe('12345-abc');
    expect(taskIdFromLocation(null)).toBeUndefined();
  });

  it('TSV: title lines above the header passed over; amounts with a currency; days in either form', () => {
    const rows = parseTsv(
      'Campaign Performance Report\r\n\r\ncampaign_id\tlisting_id\tday\timpressions\r\n7\t110\t2026-11-01\t1,200\r\n\r\n',
    );
    expect(rows).toEqual([{ campaign_id: '7', listing_id: '110', day: '2026-11-01', impressions: '1,200' }]);
    expect(parseTsv('no header here\n1\t2')).toEqual([]);
    expect(['USD 12.5', '$1,234.56', '', '0.10'].map(reportAmount)).toEqual(['12.50', '1234.56', '0.00', '0.10']);
    expect([reportDay('2026-11-01T07:00:00.000Z'), reportDay('11/1/2026'), reportDay('yesterday')]).toEqual([
      '2026-11-01',
      '2026-11-01',
      undefined,
    ]);
  });

  it('rows as daily performance: the ad by campaign and listing, sales as orders and units, ad fees as spend', () => {
    const { sales, saleAmount, adFees, impressions, clicks } = PL_REPORT_METRICS.COST_PER_CLICK;
    const rows = [
      {
        campaign_id: '2',
        listing_id: '110',
        day: '2026-11-01',
        [impressions]: '900',
        [clicks]: '7',
        [sales]: '2',
        [saleAmount]: 'USD 39.98',
        [adFees]: '3.15',
      },
      { campaign_id: '2', listing_id: '999', day: '2026-11-01', [impressions]: '10' },
      { campaign_id: '', listing_id: '110', day: '2026-11-01' },
      { campaign_id: '2', listing_id: '110', day: '' },
    ];
    const performance = reportRowsToPerformance(rows, 'COST_PER_CLICK', (campaignId, listingId) =>
      campaignId === '2' && listingId === '110' ? { adId: 'ad-1', sku: 'MUG-RED-01' } : undefined,
    );
    expect(performance).toEqual([
      {
        date: '2026-11-01',
        campaignId: '2',
        adId: 'ad-1',
        sku: 'MUG-RED-01',
        impressions: 900,
        clicks: 7,
        spend: '3.15',
        sales: '39.98',
        orders: 2,
        units: 2,
      },
      {
        date: '2026-11-01',
        campaignId: '2',
        adId: null,
        sku: '999',
        impressions: 10,
        clicks: 0,
        spend: '0.00',
        sales: '0.00',
        orders: 0,
        units: 0,
      },
    ]);
  });
});
