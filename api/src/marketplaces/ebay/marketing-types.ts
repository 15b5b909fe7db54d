/**
 * eBay Marketing API (Promoted Listings) payloads, as far as this product uses them: campaigns, ads,
 * ad status writes and report tasks, with the schema names, fields and enums of sell_marketing_v1
 * (/work/shared/marketplaces/ebay/sell_marketing_v1_oas3.json, v1.17.0).
 */
import type { EbayAmount, EbayError } from './types.ts';

/** FundingStrategy.fundingModel: general strategy (an ad rate on each sale) or priority strategy (per click). */
export type PlFundingModel = 'COST_PER_SALE' | 'COST_PER_CLICK';

/**
 * Campaign.campaignStatus (CampaignStatusEnum): RUNNING, PAUSED, ENDED, and the passing states eBay
 * names (a campaign being made, synced or about to end).
 */
export type PlCampaignStatus =
  'RUNNING' | 'PAUSED' | 'ENDED' | 'ENDING_SOON' | 'SCHEDULED' | 'PENDING' | 'SYNCHRONIZING' | 'DRAFT' | 'SUSPENDED';

/** Ad.adStatus (AdStatusEnum): CPC ads only ("it does not apply to the Cost Per Sale (CPS) funding model"). */
export type PlAdStatus = 'ACTIVE' | 'PAUSED' | 'ARCHIVED';

export interface PlFundingStrategy {
  fundingModel?: PlFundingModel | string;
  /** The ad rate of a CPS campaign, a percentage as a string ("5.0"). */
  bidPercentage?: string;
  adRateStrategy?: string;
}

/** Budget: a CPC campaign's daily budget. */
export interface PlBudget {
  amount?: EbayAmount;
  budgetStatus?: string;
}

export interface PlCampaign {
  campaignId: string;
  campaignName?: string;
  campaignStatus?: PlCampaignStatus | string;
  fundingStrategy?: PlFundingStrategy;
  /** Returned for CPC campaigns only. */
  budget?: { daily?: PlBudget };
  marketplaceId?: string;
  /** UTC, yyyy-MM-ddThh:mm:ssZ. */
  startDate?: string;
  endDate?: string;
}

/** The paged lists (CampaignPagedCollectionResponse, AdPagedCollectionResponse) share these fields. */
export interface PlPage {
  href?: string;
  limit?: number;
  offset?: number;
  next?: string;
  prev?: string;
  total?: number;
}

export interface PlCampaignPage extends PlPage {
  campaigns?: PlCampaign[];
}

export interface PlAd {
  adId: string;
  listingId?: string;
  /** A SKU (INVENTORY_ITEM) or an inventory item group key (INVENTORY_ITEM_GROUP), for Inventory API listings. */
  inventoryReferenceId?: string;
  inventoryReferenceType?: 'INVENTORY_ITEM' | 'INVENTORY_ITEM_GROUP' | string;
  /** CPS ads: the ad's own ad rate. */
  bidPercentage?: string;
  /** CPC ads. */
  adGroupId?: string;
  adStatus?: PlAdStatus | string;
}

export interface PlAdPage extends PlPage {
  ads?: PlAd[];
}

/** UpdateCampaignBudgetRequest. */
export interface PlUpdateCampaignBudgetRequest {
  daily: { amount: EbayAmount };
}

/** BulkUpdateAdStatusRequest: UpdateAdStatusRequest items, at most 500 a call. */
export interface PlBulkUpdateAdStatusRequest {
  requests: Array<{ adId: string; adStatus: PlAdStatus }>;
}

/** BulkAdUpdateStatusResponse: one AdUpdateStatusResponse per ad (200, or 207 when some failed). */
export interface PlBulkAdUpdateStatusResponse {
  responses?: Array<{ adId?: string; statusCode?: number; href?: string; errors?: EbayError[] }>;
}

export interface PlDimension {
  dimensionKey: string;
  annotationKeys?: string[];
}

/** CreateReportTask. */
export interface PlCreateReportTask {
  reportType: 'CAMPAIGN_PERFORMANCE_REPORT' | 'LISTING_PERFORMANCE_REPORT' | string;
  reportFormat: 'TSV_GZIP';
  marketplaceId: string;
  fundingModels: PlFundingModel[];
  campaignIds?: string[];
  listingIds?: string[];
  /** ISO 8601; eBay considers the date only. */
  dateFrom: string;
  dateTo: string;
  dimensions: PlDimension[];
  metricKeys: string[];
}

/** ReportTask.reportTaskStatus (TaskStatusEnum). */
export type PlReportTaskStatus = 'PENDING' | 'SUCCESS' | 'FAILED';

export interface PlReportTask {
  reportTaskId?: string;
  reportTaskStatus?: PlReportTaskStatus | string;
  reportTaskStatusMessage?: string;
  reportId?: string;
  reportHref?: string;
  reportType?: string;
  fundingModels?: string[];
  dateFrom?: string;
  dateTo?: string;
}
