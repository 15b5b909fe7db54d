/**
 * The Amazon Ads API's payloads, as far as this product uses them: Profiles v2 (Profiles_prod_3p.yaml),
 * Sponsored Products v3 campaigns and product ads (SponsoredProducts_prod_3p.json, schema names
 * without their `SponsoredProducts` prefix), and Reporting v3 (OfflineReport_prod_3p.json).
 */

// ---- Profiles v2 ----

export interface AdsProfile {
  /** int64 in the spec; it goes back as the Amazon-Advertising-API-Scope header. */
  profileId: number;
  countryCode: string;
  /** The currency of every monetary value under this profile. */
  currencyCode: string;
  dailyBudget?: number;
  timezone: string;
  accountInfo: {
    marketplaceStringId: string;
    id: string;
    type: 'seller' | 'vendor' | 'agency';
    name?: string;
    subType?: 'KDP_AUTHOR' | 'AMAZON_ATTRIBUTION';
    validPaymentMethod?: boolean;
  };
}

// ---- Sponsored Products v3: shared ----

/** EntityState: what Amazon answers. */
export type SpEntityState = 'ENABLED' | 'PAUSED' | 'ARCHIVED' | 'ENABLING' | 'PROPOSED' | 'OTHER' | 'USER_DELETED';
/** CreateOrUpdateEntityState: what a write may ask for. */
export type SpWritableEntityState = 'ENABLED' | 'PAUSED' | 'PROPOSED';

export interface SpObjectIdFilter {
  include: string[];
}

/** The paging and filters every `/sp/<entity>/list` takes. */
export interface SpListRequest {
  maxResults?: number;
  nextToken?: string;
  stateFilter?: { include: SpEntityState[] };
  includeExtendedDataFields?: boolean;
}

/** ErrorCause: where in the payload the error is (a JSON path), and the value that caused it. */
export interface SpErrorCause {
  location: string;
  trigger?: string;
}

/**
 * One of an ErrorSelector's errors (entityNotFoundError, rangeError, budgetError, …): each has a
 * message and a reason; some add the entity, the limits or the values allowed.
 */
export interface SpErrorDetail {
  message: string;
  reason: string;
  cause?: SpErrorCause;
  entityId?: string;
  entityType?: string;
  allowed?: string[];
  lowerLimit?: string;
  upperLimit?: string;
}

/** A mutation error: `errorType` names the one key of `errorValue` that holds it. */
export interface SpMutationError {
  errorType: string;
  errorValue: Partial<Record<string, SpErrorDetail>>;
}

export interface SpFailureItem {
  /** The item's index in the request's array. */
  index: number;
  errors?: SpMutationError[];
}

/** The 207 answer of a create, update or delete: which items were taken and which refused. */
export interface SpBulkOperationResponse<Success extends { index: number }> {
  success?: Success[];
  error?: SpFailureItem[];
}

/** The error body of a refused call (CampaignAccessException, UnauthorizedException, ThrottlingException, …). */
export interface SpExceptionBody {
  code: string;
  message: string;
  errors?: SpMutationError[];
}

// ---- Campaigns ----

export type SpBiddingStrategy = 'AUTO_FOR_SALES' | 'LEGACY_FOR_SALES' | 'MANUAL' | 'OTHER' | 'RULE_BASED';

export interface SpCampaign {
  campaignId: string;
  name: string;
  state: SpEntityState;
  targetingType: 'AUTO' | 'MANUAL';
  budget: { budget: number; budgetType: 'DAILY' | 'OTHER'; effectiveBudget?: number };
  /** YYYY-MM-DD. */
  startDate: string;
  endDate?: string | null;
  dynamicBidding?: {
    strategy: SpBiddingStrategy;
    placementBidding?: Array<{ percentage?: number; placement?: string }>;
  };
  portfolioId?: string;
  tags?: Record<string, string>;
  extendedData?: { creationDateTime?: string; lastUpdateDateTime?: string; servingStatus?: string };
}

export interface SpListCampaignsRequest extends SpListRequest {
  campaignIdFilter?: SpObjectIdFilter;
}

export interface SpListCampaignsResponse {
  campaigns?: SpCampaign[];
  nextToken?: string;
  totalResults?: number;
}

/** UpdateCampaign: the id, and only what changes. */
export interface SpUpdateCampaign {
  campaignId: string;
  state?: SpWritableEntityState;
  budget?: { budget: number; budgetType: 'DAILY' };
}

export interface SpUpdateCampaignsRequest {
  campaigns: SpUpdateCampaign[];
}

export interface SpCampaignSuccessItem {
  index: number;
  campaignId?: string;
  campaign?: SpCampaign;
}

export interface SpUpdateCampaignsResponse {
  campaigns: SpBulkOperationResponse<SpCampaignSuccessItem>;
}

// ---- Product ads ----

export interface SpProductAd {
  adId: string;
  campaignId: string;
  adGroupId: string;
  state: SpEntityState;
  /** Seller accounts advertise by SKU… */
  sku?: string;
  /** …vendor accounts by ASIN. */
  asin?: string;
  customText?: string;
  extendedData?: { creationDateTime?: string; lastUpdateDateTime?: string; servingStatus?: string };
}

export interface SpListProductAdsRequest extends SpListRequest {
  adIdFilter?: SpObjectIdFilter;
  adGroupIdFilter?: SpObjectIdFilter;
  campaignIdFilter?: SpObjectIdFilter;
}

export interface SpListProductAdsResponse {
  productAds?: SpProductAd[];
  nextToken?: string;
  totalResults?: number;
}

export interface SpUpdateProductAdsRequest {
  productAds: Array<{ adId: string; state?: SpWritableEntityState }>;
}

export interface SpProductAdSuccessItem {
  index: number;
  adId?: string;
  productAd?: SpProductAd;
}

export interface SpUpdateProductAdsResponse {
  productAds: SpBulkOperationResponse<SpProductAdSuccessItem>;
}

// ---- Reporting v3 ----

export interface AsyncReportConfiguration {
  adProduct: 'SPONSORED_PRODUCTS' | 'SPONSORED_BRANDS' | 'SPONSORED_DISPLAY' | 'SPONSORED_TELEVISION' | 'ALL';
  reportTypeId: string;
  groupBy: string[];
  columns: string[];
  filters?: Array<{ field: string; values: string[] }> | null;
  timeUnit: 'DAILY' | 'SUMMARY';
  format: 'GZIP_JSON';
}

export interface CreateAsyncReportRequest {
  name?: string;
  /** YYYY-MM-DD. */
  startDate: string;
  endDate: string;
  configuration: AsyncReportConfiguration;
}

export type AsyncReportStatus = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

export interface AsyncReport {
  reportId: string;
  name?: string | null;
  status: AsyncReportStatus;
  startDate: string;
  endDate: string;
  configuration: AsyncReportConfiguration;
  createdAt: string;
  updatedAt: string;
  generatedAt?: string | null;
  fileSize?: number | null;
  /** Where the finished report is downloaded from (a pre-signed address: no token is sent). */
  url?: string | null;
  urlExpiresAt?: string | null;
  failureReason?: string | null;
}

/** AsyncReportingError: the spec types `code` as a string; its examples send a number. */
export interface AsyncReportingError {
  code?: string | number;
  detail?: string;
}

/**
 * A row of the spAdvertisedProduct report in the columns this product asks for (the names of the
 * spec's SponsoredProductsAdvertisedProductDailyReport example). Amazon writes ids as numbers.
 */
export interface SpAdvertisedProductRow {
  date?: string;
  campaignId?: number | string;
  adGroupId?: number | string;
  adId?: number | string;
  advertisedSku?: string | null;
  advertisedAsin?: string | null;
  impressions?: number;
  clicks?: number;
  cost?: number;
  sales7d?: number;
  purchases7d?: number;
  unitsSoldClicks7d?: number;
}
