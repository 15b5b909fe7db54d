/**
 * eBay Promoted Listings payloads ⇄ the neutral advertising shapes (advertising-adapter.ts), pure:
 * campaigns and ads from their pages, the writes a neutral update becomes (pause, resume,
 * update_campaign_budget, bulk_update_ads_status) or why it cannot be sent, the bulk answers as one
 * outcome per ad, and the report task and its TSV file as daily performance.
 */
import type {
  AdCampaign,
  AdPerformance,
  AdState,
  AdWriteOutcome,
  ProductAd,
  SwitchableAdState,
} from '../advertising-adapter.ts';
import { ebayErrorMessage } from './transform.ts';
import type {
  PlAd,
  PlAdStatus,
  PlBulkAdUpdateStatusResponse,
  PlCampaign,
  PlCreateReportTask,
  PlFundingModel,
  PlUpdateCampaignBudgetRequest,
} from './marketing-types.ts';

/** Bulk ad calls take at most 500 ads (FACTS.md 7.4; 409 35071 past it). */
export const PL_MAX_ADS_PER_WRITE = 500;
/** getCampaigns and getAds answer at most 500 a page ("Maximum: 500"). */
export const PL_MAX_PAGE = 500;

/** The marketplace the product sells on, and so the Promoted Listings account it runs. */
export const PL_DEFAULT_MARKETPLACE = 'EBAY_US';

/** The currency of an eBay marketplace, for a CPS campaign (which carries no amount to read it from). */
const marketplaceCurrencies: Record<string, string> = {
  EBAY_US: 'USD',
  EBAY_MOTORS: 'USD',
  EBAY_CA: 'CAD',
  EBAY_GB: 'GBP',
  EBAY_AU: 'AUD',
  EBAY_DE: 'EUR',
  EBAY_FR: 'EUR',
  EBAY_IT: 'EUR',
  EBAY_ES: 'EUR',
  EBAY_AT: 'EUR',
  EBAY_BE: 'EUR',
  EBAY_NL: 'EUR',
  EBAY_IE: 'EUR',
  EBAY_CH: 'CHF',
  EBAY_PL: 'PLN',
};
export const currencyOfMarketplace = (marketplaceId: string | undefined): string =>
  marketplaceCurrencies[marketplaceId ?? PL_DEFAULT_MARKETPLACE] ?? 'USD';

/** The seller's words for the refusals made here, before anything is sent to eBay. */
export const CPS_AD_NOT_PAUSABLE = 'eBay cannot pause a cost-per-sale ad; lower its ad rate or end the campaign.';
export const CPS_BUDGET_REFUSED =
  'This eBay campaign is cost-per-sale (general strategy): it has no daily budget, its fee is an ad rate on each sale. Change its ad rate on eBay instead.';

/**
 * Campaign.campaignStatus read as the neutral state: RUNNING, and the states on the way to running or
 * still running (SCHEDULED, PENDING, SYNCHRONIZING, ENDING_SOON), serve; PAUSED, a DRAFT and a
 * SUSPENDED campaign do not; ENDED is final.
 */
const campaignStateOf: Record<string, AdState> = {
  RUNNING: 'enabled',
  SCHEDULED: 'enabled',
  PENDING: 'enabled',
  SYNCHRONIZING: 'enabled',
  ENDING_SOON: 'enabled',
  PAUSED: 'paused',
  DRAFT: 'paused',
  SUSPENDED: 'paused',
  ENDED: 'archived',
};
export const campaignState = (status: string | undefined): AdState => campaignStateOf[status ?? ''] ?? 'paused';

const adStateOf: Record<string, AdState> = { ACTIVE: 'enabled', PAUSED: 'paused', ARCHIVED: 'archived' };
/** A CPC ad's adStatus; a CPS ad has none and serves while its campaign runs. */
export const adState = (status: string | undefined): AdState =>
  status === undefined ? 'enabled' : (adStateOf[status] ?? 'paused');

export const fundingModelOf = (campaign: PlCampaign): PlFundingModel =>
  campaign.fundingStrategy?.fundingModel === 'COST_PER_CLICK' ? 'COST_PER_CLICK' : 'COST_PER_SALE';

/** eBay's amounts are decimal strings; kept as two-decimal strings ("20" → "20.00"), "0.00" when unreadable. */
export function decimalOf(value: string | number | undefined): string {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isFinite(number) ? number.toFixed(2) : '0.00';
}

/**
 * A campaign in the neutral shape. A CPS campaign has no daily budget on eBay (its fee is an ad rate on
 * each sale): its dailyBudget is null and budget updates are refused for it. `biddingStrategy`
 * carries the funding model (COST_PER_SALE or COST_PER_CLICK). Start dates are eBay's UTC dates.
 */
export function campaignFromPl(campaign: PlCampaign): AdCampaign {
  const daily = campaign.budget?.daily?.amount;
  const cpc = fundingModelOf(campaign) === 'COST_PER_CLICK';
  return {
    campaignId: campaign.campaignId,
    name: campaign.campaignName ?? campaign.campaignId,
    state: campaignState(campaign.campaignStatus),
    dailyBudget: cpc ? decimalOf(daily?.value) : null,
    currency: daily?.currency ?? currencyOfMarketplace(campaign.marketplaceId),
    biddingStrategy: fundingModelOf(campaign),
    startDate:
      campaign.startDate && /^\d{4}-\d{2}-\d{2}/.test(campaign.startDate) ? campaign.startDate.slice(0, 10) : null,
  };
}

/**
 * The seller's SKU of an ad: for an Inventory API listing eBay names it (an INVENTORY_ITEM reference
 * is the SKU); otherwise `skuOf` maps the listing id where the caller knows it, else the listing id
 * stands in (an INVENTORY_ITEM_GROUP key, or the ad id, when there is no listing id either).
 */
export function skuOfAd(ad: PlAd, skuOf: (listingId: string) => string | undefined): string {
  if (ad.inventoryReferenceType === 'INVENTORY_ITEM' && ad.inventoryReferenceId) return ad.inventoryReferenceId;
  if (ad.listingId) return skuOf(ad.listingId) ?? ad.listingId;
  return ad.inventoryReferenceId ?? ad.adId;
}

/**
 * An ad in the neutral shape, with eBay's adId. A CPS ad has no status and no ad group on eBay: it
 * serves while its campaign runs, cannot be paused (`pausable: false`) and its adGroupId is "".
 */
export function productAdFromPl(
  ad: PlAd,
  campaign: PlCampaign,
  skuOf: (listingId: string) => string | undefined,
): ProductAd {
  const cps = fundingModelOf(campaign) === 'COST_PER_SALE';
  return {
    adId: ad.adId,
    campaignId: campaign.campaignId,
    adGroupId: ad.adGroupId ?? '',
    sku: skuOfAd(ad, skuOf),
    state: cps ? 'enabled' : adState(ad.adStatus),
    ...(cps ? { pausable: false } : {}),
  };
}

/** The call a campaign state change needs: none when it is already there. */
export function campaignStateCall(status: string | undefined, asked: SwitchableAdState): 'pause' | 'resume' | 'none' {
  const now = campaignState(status);
  if (now === asked) return 'none';
  return asked === 'paused' ? 'pause' : 'resume';
}

const AMOUNT = /^-?\d{1,9}(\.\d{1,2})?$/;

/**
 * The UpdateCampaignBudgetRequest for a CPC campaign, or why it cannot be sent. A number is sent as it
 * is, zero too: eBay judges amounts (its minimum and maximum per marketplace) and its refusal is the
 * one the seller should read.
 */
export function budgetRequest(
  dailyBudget: string,
  currency: string,
): PlUpdateCampaignBudgetRequest | { refused: string } {
  if (!AMOUNT.test(dailyBudget.trim()))
    return { refused: `The daily budget must be an amount such as 25.00, not "${dailyBudget}"` };
  return { daily: { amount: { value: Number(dailyBudget).toFixed(2), currency } } };
}

export const adStatusOf = (state: SwitchableAdState): PlAdStatus => (state === 'enabled' ? 'ACTIVE' : 'PAUSED');

/**
 * A bulk_update_ads_status answer as one outcome per ad asked, by adId: each AdUpdateStatusResponse
 * carries its statusCode and eBay's errors. An ad the answer does not cover is not taken for done.
 */
export function bulkAdOutcomes(adIds: string[], answer: PlBulkAdUpdateStatusResponse | undefined): AdWriteOutcome[] {
  const byAd = new Map((answer?.responses ?? []).filter((r) => r.adId).map((r) => [r.adId!, r]));
  return adIds.map((id) => {
    const response = byAd.get(id);
    if (!response) return { id, ok: false, message: 'eBay answered nothing about this ad' };
    const code = response.statusCode ?? 0;
    if (code >= 200 && code < 300 && !response.errors?.length) return { id, ok: true };
    return { id, ok: false, message: ebayErrorMessage(response.errors) };
  });
}

// ---- Reports ----

/**
 * The metrics asked of each funding model (eBay refuses CPS and CPC metrics in one report, 35122, and
 * several funding models in one task, 35124): impressions, clicks, the attributed sales count, their
 * amount, and the ad fees (what the ads cost). CPC amounts in the listing site's currency.
 */
export const PL_REPORT_METRICS: Record<
  PlFundingModel,
  { impressions: string; clicks: string; sales: string; saleAmount: string; adFees: string }
> = {
  COST_PER_SALE: {
    impressions: 'impressions',
    clicks: 'clicks',
    sales: 'sales',
    saleAmount: 'sale_amount',
    adFees: 'ad_fees',
  },
  COST_PER_CLICK: {
    impressions: 'cpc_impressions',
    clicks: 'cpc_clicks',
    sales: 'cpc_attributed_sales',
    saleAmount: 'cpc_sale_amount_listingsite_currency',
    adFees: 'cpc_ad_fees_listingsite_currency',
  },
};

/**
 * The dimensions asked: campaign, listing and day (a CPC report also needs the ad group, which eBay
 * requires of priority strategy reports).
 */
export const reportDimensions = (fundingModel: PlFundingModel): string[] =>
  fundingModel === 'COST_PER_CLICK'
    ? ['campaign_id', 'ad_group_id', 'listing_id', 'day']
    : ['campaign_id', 'listing_id', 'day'];

/**
 * A CAMPAIGN_PERFORMANCE_REPORT task (item level) for one funding model's campaigns over whole days:
 * eBay reads the date only of dateFrom and dateTo, and dateTo must be after dateFrom, so the last day
 * is asked up to its last second (UTC).
 */
export function reportTaskRequest(
  fundingModel: PlFundingModel,
  campaignIds: string[],
  from: string,
  to: string,
  marketplaceId = PL_DEFAULT_MARKETPLACE,
): PlCreateReportTask {
  return {
    reportType: 'CAMPAIGN_PERFORMANCE_REPORT',
    reportFormat: 'TSV_GZIP',
    marketplaceId,
    fundingModels: [fundingModel],
    campaignIds,
    dateFrom: `${from}T00:00:00.000Z`,
    dateTo: `${to}T23:59:59.000Z`,
    dimensions: reportDimensions(fundingModel).map((dimensionKey) => ({ dimensionKey })),
    metricKeys: Object.values(PL_REPORT_METRICS[fundingModel]),
  };
}

/** The report task's id from createReportTask's Location header (…/ad_report_task/{id}). */
export function taskIdFromLocation(location: string | null | undefined): string | undefined {
  const match = /\/ad_report_task\/([^/?#]+)/.exec(location ?? '');
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/**
 * A tab-separated report as records keyed by its header row. The header is the first row naming a
 * campaign or listing column, so title lines above it are passed over.
 */
export function parseTsv(text: string): Array<Record<string, string>> {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line) => line.split('\t').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')));
  const headerAt = rows.findIndex((cells) => cells.includes('campaign_id') || cells.includes('listing_id'));
  if (headerAt < 0) return [];
  const header = rows[headerAt]!;
  return rows
    .slice(headerAt + 1)
    .filter((cells) => cells.some((cell) => cell !== ''))
    .map((cells) => Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])));
}

/** A report amount: "12.50", "USD 12.50", "$1,234.50"; "0.00" when there is none. */
export function reportAmount(value: string | undefined): string {
  const match = /-?\d[\d,]*(\.\d+)?/.exec(value ?? '');
  return decimalOf(match ? match[0].replace(/,/g, '') : undefined);
}

const count = (value: string | undefined): number => {
  const number = Number((value ?? '').replace(/,/g, ''));
  return value && Number.isFinite(number) ? Math.round(number) : 0;
};

/** A report's day as YYYY-MM-DD: an ISO date or timestamp, or MM/DD/YYYY. */
export function reportDay(value: string | undefined): string | undefined {
  const text = value?.trim() ?? '';
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  return us ? `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}` : undefined;
}

/**
 * The report's rows as daily performance. `adOf` names the ad and SKU of a campaign's listing (the ad
 * id null where no ad is known for it); where it names neither, the listing id stands in for the SKU. eBay reports a count of
 * attributed sales, not units apart: it is both orders and units here. A row without a day or a
 * campaign is no ad's day and is left out.
 */
export function reportRowsToPerformance(
  rows: Array<Record<string, string>>,
  fundingModel: PlFundingModel,
  adOf: (campaignId: string, listingId: string) => { adId: string | null; sku: string } | undefined,
): AdPerformance[] {
  const metrics = PL_REPORT_METRICS[fundingModel];
  const found: AdPerformance[] = [];
  for (const row of rows) {
    const date = reportDay(row.day);
    const campaignId = row.campaign_id?.trim();
    if (!date || !campaignId) continue;
    const listingId = row.listing_id?.trim() || null;
    const ad = listingId ? adOf(campaignId, listingId) : undefined;
    const sales = count(row[metrics.sales]);
    found.push({
      date,
      campaignId,
      adId: ad?.adId ?? null,
      sku: ad?.sku ?? listingId,
      impressions: count(row[metrics.impressions]),
      clicks: count(row[metrics.clicks]),
      spend: reportAmount(row[metrics.adFees]),
      sales: reportAmount(row[metrics.saleAmount]),
      orders: sales,
      units: sales,
    });
  }
  return found;
}
