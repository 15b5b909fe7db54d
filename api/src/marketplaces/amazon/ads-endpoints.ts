/**
 * Where the Amazon Ads API lives. As with the SP-API (endpoints.ts), the base URLs are configuration:
 * production by region, or a sandbox serving the same paths below its own address.
 */
import { lwaProductionBase } from './endpoints.ts';

/** The Ads API's regional hosts (Profiles_prod_3p.yaml `servers`). */
export const adsApiRegions = {
  na: 'https://advertising-api.amazon.com',
  eu: 'https://advertising-api-eu.amazon.com',
  fe: 'https://advertising-api-fe.amazon.com',
} as const;
export type AdsApiRegion = keyof typeof adsApiRegions;

export interface AmazonAdsEndpoints {
  /** Ads API base, no trailing slash. */
  ads: string;
  /** Login with Amazon base, no trailing slash: the same token endpoint the SP-API uses. */
  lwa: string;
}

export function adsProductionEndpoints(region: AdsApiRegion = 'na'): AmazonAdsEndpoints {
  return { ads: adsApiRegions[region], lwa: lwaProductionBase };
}

/** The Amazon sandbox serves LWA, the SP-API and the Ads API under one address (e.g. http://localhost:3000/sandbox/amazon). */
export function adsSandboxEndpoints(sandboxBaseUrl: string): AmazonAdsEndpoints {
  const base = sandboxBaseUrl.replace(/\/+$/, '');
  return { ads: base, lwa: base };
}

const enc = encodeURIComponent;

/** The Ads API's own paths, the same on production and sandbox. */
export const adsPaths = {
  profiles: '/v2/profiles',
  campaigns: '/sp/campaigns',
  listCampaigns: '/sp/campaigns/list',
  listAdGroups: '/sp/adGroups/list',
  productAds: '/sp/productAds',
  listProductAds: '/sp/productAds/list',
  reports: '/reporting/reports',
  report: (reportId: string) => `/reporting/reports/${enc(reportId)}`,
} as const;

/**
 * Sponsored Products v3 and Reporting v3 name a versioned media type per entity, for Content-Type and
 * Accept alike (SponsoredProducts_prod_3p.json, OfflineReport_prod_3p.json).
 */
export const adsMediaTypes = {
  campaign: 'application/vnd.spCampaign.v3+json',
  adGroup: 'application/vnd.spAdGroup.v3+json',
  productAd: 'application/vnd.spProductAd.v3+json',
  createReportRequest: 'application/vnd.createasyncreportrequest.v3+json',
  createReportResponse: 'application/vnd.createasyncreportresponse.v3+json',
  getReportResponse: 'application/vnd.getasyncreportresponse.v3+json',
} as const;
