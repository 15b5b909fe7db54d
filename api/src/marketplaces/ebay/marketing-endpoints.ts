/**
 * Where eBay's Marketing API (Promoted Listings) lives: below api.ebay.com in production
 * (sell_marketing_v1's server, basePath /sell/marketing/v1), below the eBay sandbox's address in the
 * sandbox, with the token endpoint of the same place (the seller's grant is refreshed there).
 */
import { ebayEndpointsAt, ebayProduction, type EbayEndpoints } from './endpoints.ts';

export const EBAY_MARKETING_BASE_PATH = '/sell/marketing/v1';

/** The scope every Promoted Listings write and report needs (reads also take sell.marketing.readonly). */
export const ebayMarketingScope = 'https://api.ebay.com/oauth/api_scope/sell.marketing';
export const ebayMarketingReadScope = 'https://api.ebay.com/oauth/api_scope/sell.marketing.readonly';

export interface EbayMarketingEndpoints {
  /** eBay's other endpoints: the token endpoint refreshes the seller's grant. */
  ebay: EbayEndpoints;
  /** The Marketing API's base, base path included, no trailing slash. */
  marketing: string;
}

export const ebayMarketingProduction: EbayMarketingEndpoints = {
  ebay: ebayProduction,
  marketing: `https://api.ebay.com${EBAY_MARKETING_BASE_PATH}`,
};

/** eBay's own paths below one base URL (the eBay sandbox, e.g. http://localhost:3000/sandbox/ebay). */
export function ebayMarketingEndpointsAt(baseUrl: string): EbayMarketingEndpoints {
  const base = baseUrl.replace(/\/+$/, '');
  return { ebay: ebayEndpointsAt(base), marketing: `${base}${EBAY_MARKETING_BASE_PATH}` };
}

/** The spec's paths, below the base. */
export const marketingPaths = {
  campaigns: '/ad_campaign',
  campaign: (campaignId: string) => `/ad_campaign/${encodeURIComponent(campaignId)}`,
  pause: (campaignId: string) => `/ad_campaign/${encodeURIComponent(campaignId)}/pause`,
  resume: (campaignId: string) => `/ad_campaign/${encodeURIComponent(campaignId)}/resume`,
  updateBudget: (campaignId: string) => `/ad_campaign/${encodeURIComponent(campaignId)}/update_campaign_budget`,
  ads: (campaignId: string) => `/ad_campaign/${encodeURIComponent(campaignId)}/ad`,
  bulkUpdateAdsStatus: (campaignId: string) => `/ad_campaign/${encodeURIComponent(campaignId)}/bulk_update_ads_status`,
  reportTasks: '/ad_report_task',
  reportTask: (taskId: string) => `/ad_report_task/${encodeURIComponent(taskId)}`,
  report: (reportId: string) => `/ad_report/${encodeURIComponent(reportId)}`,
} as const;
