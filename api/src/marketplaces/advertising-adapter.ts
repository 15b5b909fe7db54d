/**
 * One interface for a seller's marketplace advertising: Amazon Sponsored Products now, Walmart Connect
 * Sponsored Search and eBay Promoted Listings later. Each implementation speaks the marketplace's own
 * ads API over HTTP (the marketplace itself or its sandbox), and answers in these neutral shapes:
 * money as decimal strings, dates as YYYY-MM-DD in the ads account's own time zone.
 */

/** The marketplaces that sell advertising to their sellers (Shopify sells none). */
export const advertisingKinds = ['amazon', 'walmart', 'ebay'] as const;
export type AdvertisingKind = (typeof advertisingKinds)[number];

/** Where a campaign or an ad stands. Archived is final on every one of these marketplaces. */
export const adStates = ['enabled', 'paused', 'archived'] as const;
export type AdState = (typeof adStates)[number];
/** What a seller may switch between (archiving cannot be undone, so it is not a switch). */
export type SwitchableAdState = Exclude<AdState, 'archived'>;

export interface AdCampaign {
  campaignId: string;
  name: string;
  state: AdState;
  /**
   * A decimal, e.g. "25.00", in `currency`; null where the campaign has no daily budget (eBay's cost-per-sale
   * campaigns pay a share of each sale instead).
   */
  dailyBudget: string | null;
  currency: string;
  /** The marketplace's own name for how bids move (Amazon: LEGACY_FOR_SALES, AUTO_FOR_SALES, …). */
  biddingStrategy?: string;
  /** YYYY-MM-DD; null where the marketplace has none. */
  startDate: string | null;
}

export interface ProductAd {
  adId: string;
  campaignId: string;
  adGroupId: string;
  sku: string;
  state: AdState;
  /**
   * Whether the marketplace lets this ad be paused and enabled on its own (setProductAdStates).
   * Absent means true. eBay's cost-per-sale (general) ads have no state of their own: they are false,
   * and a state change for one is refused without asking eBay (lower the ad rate or end the campaign).
   */
  pausable?: boolean;
}

/** One day of one ad (or of a campaign, where the marketplace reports no finer). */
export interface AdPerformance {
  /** YYYY-MM-DD. */
  date: string;
  campaignId: string;
  adId: string | null;
  sku: string | null;
  impressions: number;
  clicks: number;
  /** What the clicks cost, a decimal in the campaign's currency. */
  spend: string;
  /** Sales the marketplace attributes to the ad, a decimal in the campaign's currency. */
  sales: string;
  orders: number;
  units: number;
}

/** One write's result, in the order the writes were given; a refusal carries the marketplace's words. */
export type AdWriteOutcome = { id: string; ok: true } | { id: string; ok: false; message: string };

export interface CampaignUpdate {
  campaignId: string;
  state?: SwitchableAdState;
  /** A positive decimal, e.g. "25.00". */
  dailyBudget?: string;
}

export interface ProductAdStateChange {
  adId: string;
  state: SwitchableAdState;
}

export interface AdvertisingAdapter {
  readonly kind: AdvertisingKind;
  /** Every campaign of the seller's ads account, however many pages the marketplace answers in. */
  listCampaigns(signal?: AbortSignal): Promise<AdCampaign[]>;
  /** One outcome per update, in order; an update the marketplace refuses does not stop the others. */
  updateCampaigns(updates: CampaignUpdate[], signal?: AbortSignal): Promise<AdWriteOutcome[]>;
  /** Every product ad of the seller's ads account. */
  listProductAds(signal?: AbortSignal): Promise<ProductAd[]>;
  setProductAdStates(updates: ProductAdStateChange[], signal?: AbortSignal): Promise<AdWriteOutcome[]>;
  /** Each ad's figures for each day from `from` to `to` (YYYY-MM-DD, both included). */
  dailyPerformance(from: string, to: string, signal?: AbortSignal): Promise<AdPerformance[]>;
}
