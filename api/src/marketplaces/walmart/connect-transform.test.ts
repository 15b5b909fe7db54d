import { describe, expect, it } from 'vitest';
import {
  AD_ITEM_REPORT_METRICS,
  adItemReportRequest,
  adItemUpdateToWc,
  campaignFromWc,
  campaignState,
  campaignUpdateToWc,
  describeConnectError,
  itemOutcomes,
  parseCsv,
  parseProductAdId,
  productAdFromWc,
  productAdId,
  reportRowsToPerformance,
} from './connect-transform.ts';
import type { WcAdGroupItem, WcCampaign } from './connect-types.ts';

// A Campaign as GET /api/v1/campaigns answers it, with the values of the spec's examples
// (campaignId 123456789, advertiserId 987654321, dailyBudget 100, totalBudget 1000, channel Walmart.com).
const campaign: WcCampaign = {
  name: 'Campaign name',
  campaignType: 'sponsoredProducts',
  targetingType: 'auto',
  status: 'live',
  budgetType: 'daily',
  startDate: '2026-10-31',
  endDate: '9999-12-30',
  totalBudget: 1000,
  dailyBudget: 100,
  rollover: true,
  advertiserId: 987654321,
  campaignId: 123456789,
  biddingStrategy: { strategy: 'FIXED' },
  channel: 'Walmart.com',
};

// An AdGroupItem from the spec's examples (itemId "600004", adGroupId 987654321, adItemId 1122334455, bid 0.6).
const adItem: WcAdGroupItem = {
  campaignId: 123456789,
  adGroupId: 987654321,
  itemId: '600004',
  adItemId: 1122334455,
  bid: 0.6,
  status: 'enabled',
  name: 'AdItem name',
  reviewStatus: 'approved',
  itemPageUrl: 'https://www.walmart.com/ip/16785027',
};

describe('campaigns', () => {
  it('reads a Campaign: id as text, the budget as a decimal in dollars, the bidding strategy and start', () => {
    expect(campaignFromWc(campaign)).toEqual({
      campaignId: '123456789',
      name: 'Campaign name',
      state: 'enabled',
      dailyBudget: '100.00',
      currency: 'USD',
      biddingStrategy: 'FIXED',
      startDate: '2026-10-31',
    });
    expect(campaignFromWc({ ...campaign, dailyBudget: 12.5, biddingStrategy: {} })).toMatchObject({
      dailyBudget: '12.50',
    });
    expect(campaignFromWc({ ...campaign, startDate: undefined }).startDate).toBeNull();
  });

  it('maps every Campaign.status of the spec to the three neutral states', () => {
    const states = ['enabled', 'proposal', 'scheduled', 'rescheduled', 'live', 'paused', 'completed'].map((s) => [
      s,
      campaignState(s),
    ]);
    expect(Object.fromEntries(states)).toEqual({
      enabled: 'enabled',
      live: 'enabled',
      scheduled: 'enabled',
      rescheduled: 'enabled',
      proposal: 'paused',
      paused: 'paused',
      completed: 'archived',
    });
    expect(campaignState('something new')).toBe('paused');
  });

  it('writes a CampaignUpdate with only what changes; numbers Walmart must judge are sent, text is refused', () => {
    expect(campaignUpdateToWc({ campaignId: '123456789', state: 'paused' })).toEqual({
      campaignId: 123456789,
      status: 'paused',
    });
    expect(campaignUpdateToWc({ campaignId: '123456789', state: 'enabled', dailyBudget: '25.00' })).toEqual({
      campaignId: 123456789,
      status: 'enabled',
      dailyBudget: 25,
    });
    // Zero goes to Walmart, whose refusal the seller reads.
    expect(campaignUpdateToWc({ campaignId: '1', dailyBudget: '0' })).toEqual({ campaignId: 1, dailyBudget: 0 });
    expect(campaignUpdateToWc({ campaignId: '1', dailyBudget: 'lots' })).toEqual({
      refused: expect.stringContaining('amount such as 25.00'),
    });
    expect(campaignUpdateToWc({ campaignId: 'abc', state: 'paused' })).toEqual({
      refused: expect.stringContaining('not a Walmart Connect campaign id'),
    });
    expect(campaignUpdateToWc({ campaignId: '1' })).toEqual({ refused: expect.stringContaining('Nothing to change') });
  });
});

describe('ad items', () => {
  it('an ad item is a product ad named by campaign, ad group and item; disabled reads paused', () => {
    expect(productAdFromWc(adItem, () => undefined)).toEqual({
      adId: '123456789:987654321:600004',
      campaignId: '123456789',
      adGroupId: '987654321',
      sku: '600004',
      state: 'enabled',
    });
    const mapped = productAdFromWc({ ...adItem, status: 'disabled' }, (itemId) =>
      itemId === '600004' ? 'SKU-RED-M' : undefined,
    );
    expect(mapped).toMatchObject({ sku: 'SKU-RED-M', state: 'paused' });
  });

  it('the ad id parses back to the AdGroupItemUpdate Walmart takes (all four required fields)', () => {
    const adId = productAdId(123456789, 987654321, '600004');
    expect(parseProductAdId(adId)).toEqual({ campaignId: 123456789, adGroupId: 987654321, itemId: '600004' });
    expect(adItemUpdateToWc({ adId, state: 'paused' })).toEqual({
      campaignId: 123456789,
      adGroupId: 987654321,
      itemId: '600004',
      status: 'disabled',
    });
    expect(adItemUpdateToWc({ adId, state: 'enabled' })).toMatchObject({ status: 'enabled' });
    expect(adItemUpdateToWc({ adId: '270096157466042', state: 'paused' })).toEqual({
      refused: expect.stringContaining('campaignId:adGroupId:itemId'),
    });
  });
});

describe('write answers', () => {
  it('an array of CampaignResponse, one per item in order: success ok, failure with its details', () => {
    expect(
      itemOutcomes(
        ['1', '2', '3'],
        [
          { code: 'success', details: '', campaignId: 1 },
          { code: 'failure', details: 'Campaign 2 not found for this advertiser', campaignId: 2 },
        ],
      ),
    ).toEqual([
      { id: '1', ok: true },
      { id: '2', ok: false, message: 'Campaign 2 not found for this advertiser' },
      { id: '3', ok: false, message: 'Walmart Connect answered nothing about this item' },
    ]);
    expect(itemOutcomes(['9'], { code: 'success', details: '', adItemId: 1122334455 })).toEqual([
      { id: '9', ok: true },
    ]);
  });

  it('error bodies in Walmart’s words: the spec’s failure shape, an array of it, the gateways’ shapes', () => {
    expect(describeConnectError(400, { code: 'failure', details: 'Daily budget should be greater than 0' })).toEqual({
      message: 'Daily budget should be greater than 0',
      code: 'failure',
    });
    expect(describeConnectError(400, [{ code: 'failure', details: 'Invalid status', campaignId: 1 }]).message).toBe(
      'Invalid status',
    );
    expect(
      describeConnectError(401, { details: { Description: 'Could not authenticate in-request, auth signature' } }),
    ).toEqual({ message: 'Could not authenticate in-request, auth signature' });
    expect(
      describeConnectError(429, { errors: [{ code: 'REQUEST_THRESHOLD_VIOLATED', description: 'Too Many Requests' }] }),
    ).toEqual({ message: 'Too Many Requests', code: 'REQUEST_THRESHOLD_VIOLATED' });
    expect(describeConnectError(503, '')).toEqual({ message: 'HTTP 503' });
  });
});

describe('the adItem report snapshot', () => {
  it('asks ReportSnapshotRequestV2 for adItem by day between two dates (no reportDate beside them)', () => {
    const request = adItemReportRequest(987654321, '2022-01-01', '2022-01-07');
    expect(request).toEqual({
      advertiserId: 987654321,
      reportType: 'adItem',
      startDate: '2022-01-01',
      endDate: '2022-01-07',
      reportMetrics: [...AD_ITEM_REPORT_METRICS],
    });
    expect(request).not.toHaveProperty('reportDate');
    expect(request.reportMetrics).toEqual(expect.arrayContaining(['date', 'itemId', 'numAdsShown', 'adSpend']));
  });

  it('parses CSV with quotes, doubled quotes, commas inside fields and CRLF, and reads rows as daily figures', () => {
    const csv =
      '"date","campaignId","adGroupId","itemId","itemName","numAdsShown","numAdsClicks","adSpend","attributedSales14days","attributedOrders14days","attributedUnits14days"\r\n' +
      '2022-01-01,123456789,987654321,600004,"Mug, 12 oz ""blue""",1520,11,6.6,39.98,2,2\r\n' +
      '2022-01-02,123456789,987654321,600004,plain,800,0,0,0,0,0\r\n' +
      ',123456789,987654321,600004,no date,1,1,1,1,1,1\r\n';
    const rows = parseCsv(csv);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.itemName).toBe('Mug, 12 oz "blue"');
    const performance = reportRowsToPerformance(rows, (itemId) => (itemId === '600004' ? 'MUG-BLUE' : undefined));
    expect(performance).toEqual([
      {
        date: '2022-01-01',
        campaignId: '123456789',
        adId: '123456789:987654321:600004',
        sku: 'MUG-BLUE',
        impressions: 1520,
        clicks: 11,
        spend: '6.60',
        sales: '39.98',
        orders: 2,
        units: 2,
      },
      expect.objectContaining({ date: '2022-01-02', impressions: 800, spend: '0.00', sales: '0.00' }),
    ]);
  });

  it('a campaign-level row (no item) has no ad and no SKU; an empty file has no rows', () => {
    const rows = parseCsv('date,campaignId,numAdsShown,adSpend\n2022-01-01,123456789,10,1.5\n');
    expect(reportRowsToPerformance(rows, () => undefined)).toEqual([
      expect.objectContaining({ campaignId: '123456789', adId: null, sku: null, impressions: 10, spend: '1.50' }),
    ]);
    expect(parseCsv('')).toEqual([]);
  });
});
