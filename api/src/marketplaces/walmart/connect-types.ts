/**
 * Walmart Connect Sponsored Search ("Walmart Sponsored Products API") payloads, as far as this product
 * uses them: campaigns, ad groups, ad items and the v2 report snapshot, with the schema names, fields
 * and enums of Walmart's spec (/work/shared/marketplaces/walmart/connect_sponsored_products.openapi.json,
 * OpenAPI 3.0.1 converted from Swagger 2.0; see SOURCES.md there for where it comes from).
 */

/** Campaign.status: what Walmart answers. */
export type WcCampaignStatus = 'enabled' | 'proposal' | 'scheduled' | 'rescheduled' | 'live' | 'paused' | 'completed';
/** CampaignUpdate.status: what a write may ask for. */
export type WcCampaignUpdateStatus = 'enabled' | 'paused' | 'completed' | 'extend' | 'proposal' | 'scheduled';
/** AdGroup.status. */
export type WcAdGroupStatus = 'enabled' | 'disabled' | 'deleted';
/** AdGroupItem.status (what a list answers); AdGroupItemUpdate.status adds `deleted`. */
export type WcAdItemStatus = 'enabled' | 'disabled';
export type WcAdItemUpdateStatus = 'enabled' | 'disabled' | 'deleted';

/** Campaign (GET /api/v1/campaigns answers an array of these). Ids are int32. */
export interface WcCampaign {
  campaignId: number;
  name: string;
  campaignType?: 'sponsoredProducts' | 'sba' | 'video';
  targetingType?: 'auto' | 'manual';
  status: WcCampaignStatus;
  budgetType?: 'daily' | 'both';
  /** YYYY-MM-DD. */
  startDate?: string;
  endDate?: string;
  totalBudget?: number;
  /** In dollars ("the amount of budget spent in dollars", Walmart's report definitions). */
  dailyBudget?: number;
  rollover?: boolean;
  advertiserId?: number;
  biddingStrategy?: { strategy?: 'FIXED' | 'DYNAMIC' };
  channel?: 'Walmart.com';
}

/** CampaignUpdate: the id, and only what changes ("PUT request should only include the attribute which needs to be updated"). */
export interface WcCampaignUpdate {
  campaignId: number;
  status?: WcCampaignUpdateStatus;
  dailyBudget?: number;
}

/** CampaignResponse, AdItemResponse: one per item sent, `failure` with Walmart's words in `details`. */
export interface WcItemResponse {
  code?: 'success' | 'failure';
  details?: string;
  campaignId?: number;
  adItemId?: number;
}

export interface WcAdGroup {
  adGroupId: number;
  name?: string;
  status?: WcAdGroupStatus;
  campaignId: number;
}

/** AdGroupItem: an item advertised in an ad group (GET /api/v1/adItems?campaignId=). */
export interface WcAdGroupItem {
  campaignId: number;
  adGroupId: number;
  /** The Walmart item id (walmart.com/ip/<itemId>), a string of digits. */
  itemId: string;
  adItemId?: number;
  bid?: number;
  status: WcAdItemStatus;
  name?: string;
  itemImageUrl?: string;
  itemPageUrl?: string;
  reviewStatus?: 'pending' | 'approved' | 'rejected';
}

/** AdGroupItemUpdate: all four fields are required. */
export interface WcAdGroupItemUpdate {
  campaignId: number;
  adGroupId: number;
  itemId: string;
  status: WcAdItemUpdateStatus;
  bid?: number;
}

/** ReportSnapshotRequestV2 (POST /api/v2/snapshot/report): `reportDate` or `startDate` and `endDate`, not both. */
export interface WcReportSnapshotRequest {
  advertiserId: number;
  reportType: 'adItem' | 'adGroup' | 'keyword' | 'itemKeyword' | 'platform' | 'pageType' | 'placement,' | string;
  reportMetrics: string[];
  reportDate?: string;
  startDate?: string;
  endDate?: string;
}

export type WcJobStatus = 'pending' | 'processing' | 'done' | 'failed' | 'expired';

/** SnapshotResponse / SnapshotResponseV2: `details` is the file's address once `jobStatus` is `done`, else Walmart's words. */
export interface WcSnapshot {
  code?: 'success' | 'failure';
  details?: string;
  snapshotId?: string;
  jobStatus?: WcJobStatus;
}

/** ApiUsageAnalyze: the operations spent in the last hour. */
export interface WcApiUsage {
  count?: number;
}

/**
 * A row of the adItem report in the columns this product asks for (names from Walmart's "Definition of
 * Various Parameters Generated Across the Snapshot Reports"; the file is CSV, so every value is text).
 */
export interface WcAdItemReportRow {
  date?: string;
  campaignId?: string;
  adGroupId?: string;
  itemId?: string;
  numAdsShown?: string;
  numAdsClicks?: string;
  adSpend?: string;
  attributedSales14days?: string;
  attributedOrders14days?: string;
  attributedUnits14days?: string;
}
