/**
 * eBay Promoted Listings behind the AdvertisingAdapter contract, with the seller's own grant (the eBay
 * channel's refresh token, scope sell.marketing): campaigns and their ads through the paged lists
 * (getCampaigns, getAds per campaign), campaign state through pause and resume, a CPC campaign's daily
 * budget through update_campaign_budget, CPC ads' state through bulk_update_ads_status (up to 500 a
 * call), and daily figures through a report task per funding model (created, polled, its gzipped TSV
 * downloaded) within the report methods' 200 calls an hour. The ad account is one eBay marketplace of
 * the seller (EBAY_US); product ad ids are eBay's adIds.
 *
 * eBay's two funding models differ: a cost-per-sale (general strategy) campaign has an ad rate and no
 * daily budget, and its ads cannot be paused; a cost-per-click (priority strategy) campaign has a daily
 * budget and ads that are ACTIVE or PAUSED. So a CPS campaign reads dailyBudget null and refuses a
 * budget, and a CPS ad reads `pausable: false` and refuses a state change, both without asking eBay.
 */
import type {
  AdCampaign,
  AdPerformance,
  AdWriteOutcome,
  AdvertisingAdapter,
  CampaignUpdate,
  ProductAd,
  ProductAdStateChange,
} from '../advertising-adapter.ts';
import { isCalendarDate, reportWindows } from '../amazon/ads-transform.ts';
import { MarketplaceError } from '../errors.ts';
import type { RetryPolicy } from '../shared/http-client.ts';
import { type TokenBuckets } from '../shared/token-bucket.ts';
import { pollReport, type ReportPolling } from '../shared/report-polling.ts';
import type { EbayApplication } from './consent.ts';
import { EbayMarketingClient } from './marketing-client.ts';
import { ebayMarketingProduction, type EbayMarketingEndpoints } from './marketing-endpoints.ts';
import {
  CPS_AD_NOT_PAUSABLE,
  CPS_BUDGET_REFUSED,
  PL_DEFAULT_MARKETPLACE,
  PL_MAX_ADS_PER_WRITE,
  PL_MAX_PAGE,
  adStatusOf,
  budgetRequest,
  bulkAdOutcomes,
  campaignFromPl,
  campaignStateCall,
  currencyOfMarketplace,
  fundingModelOf,
  parseTsv,
  productAdFromPl,
  reportRowsToPerformance,
  reportTaskRequest,
  skuOfAd,
} from './marketing-transform.ts';
import type { PlAd, PlCampaign, PlFundingModel, PlReportTask } from './marketing-types.ts';

export interface EbayAdsCredentials {
  application: Pick<EbayApplication, 'clientId' | 'clientSecret'>;
  /** The eBay channel's refresh token; its consent must include sell.marketing. */
  refreshToken: string;
  /** The eBay channel's sellerKey: the rate-limit buckets are per seller. */
  sellerKey: string;
  accessToken?: { token: string; expiresAt: Date };
  /** The ad account: the eBay marketplace whose campaigns are acted on (EBAY_US unless told). */
  marketplaceId?: string;
}

/**
 * How a report task is waited for. eBay says reports "often take time to generate"; the report calls
 * are limited to 200 an hour, so polls slow down as they go. A task not done when the wait is over is
 * asked for again next time.
 */
export type { ReportPolling };
export const defaultReportPolling: ReportPolling = {
  firstDelayMs: 5_000,
  maxDelayMs: 60_000,
  giveUpAfterMs: 15 * 60_000,
};

/** Days per report task: eBay's longest range ({maxDayRange}, 35090) is not published; 31 as for the others. */
export const PL_REPORT_WINDOW_DAYS = 31;

export interface EbayAdsAdapterOptions {
  buckets?: TokenBuckets;
  retry?: RetryPolicy;
  reportPolling?: Partial<ReportPolling>;
  /** Campaigns and ads per page (eBay allows 500, the default). */
  pageSize?: number;
  /**
   * The seller's SKU of each listing id, where the caller can tell. An ad of an Inventory API listing
   * names its SKU itself; an ad known by its listing id only does not, and without this its listing id
   * stands in for the SKU.
   */
  skusOfListings?: (listingIds: string[], signal?: AbortSignal) => Promise<Record<string, string>>;
}

export interface EbayAdsAdapter extends AdvertisingAdapter {
  readonly kind: 'ebay';
  readonly client: EbayMarketingClient;
  readonly marketplaceId: string;
}

/** Whether eBay refused the request itself (its body or an id in it), not the call's circumstances. */
const isRefusal = (error: unknown): error is MarketplaceError =>
  error instanceof MarketplaceError && error.kind === 'rejected';

function inChunks<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

const refused = (id: string, message: string): AdWriteOutcome => ({ id, ok: false, message });

/**
 * Whether the seller's eBay grant reaches Promoted Listings for a marketplace: one campaign read.
 * eBay's refusal of a seller not eligible for Promoted Listings (409 35077, 35078) answers false;
 * a grant without sell.marketing, and any other failure, is thrown.
 */
export async function ebayPromotedListingsReachable(client: EbayMarketingClient, signal?: AbortSignal) {
  try {
    await client.campaignsPage(0, 1, signal);
    return true;
  } catch (error) {
    if (error instanceof MarketplaceError && ['35077', '35078'].includes(error.details.code ?? '')) return false;
    throw error;
  }
}

export function createEbayAdsAdapter(
  credentials: EbayAdsCredentials,
  endpoints: EbayMarketingEndpoints = ebayMarketingProduction,
  options: EbayAdsAdapterOptions = {},
): EbayAdsAdapter {
  const marketplaceId = credentials.marketplaceId?.trim() || PL_DEFAULT_MARKETPLACE;
  const client = new EbayMarketingClient({
    endpoints,
    application: credentials.application,
    refreshToken: credentials.refreshToken,
    sellerKey: credentials.sellerKey,
    ...(credentials.accessToken ? { accessToken: credentials.accessToken } : {}),
    ...(options.buckets ? { buckets: options.buckets } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const pageSize = Math.min(PL_MAX_PAGE, Math.max(1, options.pageSize ?? PL_MAX_PAGE));
  const polling = { ...defaultReportPolling, ...options.reportPolling };
  /** Each ad's campaign and funding model, as last listed: neither ever changes, so a write needs no list. */
  const adIndex = new Map<string, { campaignId: string; fundingModel: PlFundingModel }>();

  /** The campaigns of the account's marketplace (a campaign without one is taken as the account's). */
  async function accountCampaigns(signal?: AbortSignal): Promise<PlCampaign[]> {
    return (await client.listCampaigns(pageSize, signal)).filter(
      (campaign) => !campaign.marketplaceId || campaign.marketplaceId === marketplaceId,
    );
  }

  /**
   * Every ad of the campaigns that have not ended (eBay refuses getAds of an ended campaign, 35035;
   * their ads are archived with it), with its campaign, noted in the index.
   */
  async function accountAds(
    campaigns: PlCampaign[],
    signal?: AbortSignal,
  ): Promise<Array<{ ad: PlAd; campaign: PlCampaign }>> {
    const found: Array<{ ad: PlAd; campaign: PlCampaign }> = [];
    for (const campaign of campaigns) {
      if (campaign.campaignStatus === 'ENDED') continue;
      for (const ad of await client.listAds(campaign.campaignId, pageSize, signal)) {
        found.push({ ad, campaign });
        adIndex.set(ad.adId, { campaignId: campaign.campaignId, fundingModel: fundingModelOf(campaign) });
      }
    }
    return found;
  }

  /** The SKU lookup for these ads' listings (those whose ad names no SKU). */
  async function skuLookup(ads: PlAd[], signal?: AbortSignal): Promise<(listingId: string) => string | undefined> {
    const listingIds = ads
      .filter((ad) => !(ad.inventoryReferenceType === 'INVENTORY_ITEM' && ad.inventoryReferenceId) && ad.listingId)
      .map((ad) => ad.listingId!);
    if (!options.skusOfListings || listingIds.length === 0) return () => undefined;
    const known = await options.skusOfListings([...new Set(listingIds)], signal);
    return (listingId) => known[listingId];
  }

  /** One campaign's update: its budget (CPC only), then its state; the first refusal is its outcome. */
  async function updateCampaign(
    update: CampaignUpdate,
    campaign: PlCampaign | undefined,
    signal?: AbortSignal,
  ): Promise<AdWriteOutcome> {
    const id = update.campaignId;
    if (update.state === undefined && update.dailyBudget === undefined)
      return refused(id, 'Nothing to change: give a state or a daily budget');
    try {
      if (update.dailyBudget !== undefined) {
        if (campaign && fundingModelOf(campaign) === 'COST_PER_SALE') return refused(id, CPS_BUDGET_REFUSED);
        const currency = campaign?.budget?.daily?.amount?.currency ?? currencyOfMarketplace(marketplaceId);
        const request = budgetRequest(update.dailyBudget, currency);
        if ('refused' in request) return refused(id, request.refused);
        await client.updateCampaignBudget(id, request, signal);
      }
      if (update.state !== undefined) {
        // An unknown campaign is still asked for: eBay's "No campaign found" is the seller's answer.
        const call = campaign
          ? campaignStateCall(campaign.campaignStatus, update.state)
          : update.state === 'paused'
            ? 'pause'
            : 'resume';
        if (call !== 'none') await client.setCampaignRunning(id, call === 'resume', signal);
      }
      return { id, ok: true };
    } catch (error) {
      if (isRefusal(error)) return refused(id, error.message);
      throw error;
    }
  }

  /** One campaign's CPC ads in bulk calls of at most 500; a call eBay refuses whole refuses each ad of it. */
  async function setAdsOfCampaign(
    campaignId: string,
    changes: ProductAdStateChange[],
    signal?: AbortSignal,
  ): Promise<AdWriteOutcome[]> {
    const outcomes: AdWriteOutcome[] = [];
    for (const chunk of inChunks(changes, PL_MAX_ADS_PER_WRITE)) {
      const adIds = chunk.map((change) => change.adId);
      try {
        const answer = await client.bulkUpdateAdsStatus(
          campaignId,
          { requests: chunk.map((change) => ({ adId: change.adId, adStatus: adStatusOf(change.state) })) },
          signal,
        );
        outcomes.push(...bulkAdOutcomes(adIds, answer));
      } catch (error) {
        if (!isRefusal(error)) throw error;
        outcomes.push(...adIds.map((id) => refused(id, error.message)));
      }
    }
    return outcomes;
  }

  /** getReportTask until SUCCESS or FAILED, slowing down as it waits; undefined when the wait is over. */
  function finishedTask(taskId: string, signal?: AbortSignal): Promise<PlReportTask | undefined> {
    return pollReport(
      (s) => client.getReportTask(taskId, s),
      (task) => task.reportTaskStatus === 'SUCCESS' || task.reportTaskStatus === 'FAILED',
      polling,
      signal,
    );
  }

  async function reportRows(
    fundingModel: PlFundingModel,
    campaignIds: string[],
    from: string,
    to: string,
    signal?: AbortSignal,
  ): Promise<Array<Record<string, string>>> {
    const taskId = await client.createReportTask(
      reportTaskRequest(fundingModel, campaignIds, from, to, marketplaceId),
      signal,
    );
    const task = await finishedTask(taskId, signal);
    if (!task) throw new MarketplaceError('unavailable', `eBay is still making report task ${taskId}; ask again later`);
    if (task.reportTaskStatus !== 'SUCCESS' || (!task.reportId && !task.reportHref))
      throw new MarketplaceError(
        'unavailable',
        `eBay could not make report task ${taskId}${task.reportTaskStatusMessage ? `: ${task.reportTaskStatusMessage}` : ''}`,
      );
    return parseTsv(await client.downloadReport(task, signal));
  }

  return {
    kind: 'ebay',
    client,
    marketplaceId,

    async listCampaigns(signal?: AbortSignal): Promise<AdCampaign[]> {
      return (await accountCampaigns(signal)).map(campaignFromPl);
    },

    /** Campaigns are read once (funding model, status, currency), then each update is sent on its own. */
    async updateCampaigns(updates: CampaignUpdate[], signal?: AbortSignal): Promise<AdWriteOutcome[]> {
      if (updates.length === 0) return [];
      const campaigns = new Map((await accountCampaigns(signal)).map((c) => [c.campaignId, c]));
      const outcomes: AdWriteOutcome[] = [];
      for (const update of updates)
        outcomes.push(await updateCampaign(update, campaigns.get(update.campaignId.trim()), signal));
      return outcomes;
    },

    async listProductAds(signal?: AbortSignal): Promise<ProductAd[]> {
      const ads = await accountAds(await accountCampaigns(signal), signal);
      const skuOf = await skuLookup(
        ads.map(({ ad }) => ad),
        signal,
      );
      return ads.map(({ ad, campaign }) => productAdFromPl(ad, campaign, skuOf));
    },

    /**
     * CPC ads by campaign, in bulk; a CPS ad is refused without asking eBay (it cannot be paused). An
     * ad id not seen yet has its campaign found by listing the ads again; one still unknown is refused.
     */
    async setProductAdStates(updates: ProductAdStateChange[], signal?: AbortSignal): Promise<AdWriteOutcome[]> {
      if (updates.some((change) => !adIndex.has(change.adId))) await accountAds(await accountCampaigns(signal), signal);
      const outcomes: AdWriteOutcome[] = [];
      const byCampaign = new Map<string, Array<{ position: number; change: ProductAdStateChange }>>();
      updates.forEach((change, position) => {
        const known = adIndex.get(change.adId);
        if (!known)
          outcomes[position] = refused(change.adId, `eBay has no ad ${change.adId} in this seller's campaigns`);
        else if (known.fundingModel === 'COST_PER_SALE') outcomes[position] = refused(change.adId, CPS_AD_NOT_PAUSABLE);
        else byCampaign.set(known.campaignId, [...(byCampaign.get(known.campaignId) ?? []), { position, change }]);
      });
      for (const [campaignId, changes] of byCampaign) {
        const sent = await setAdsOfCampaign(
          campaignId,
          changes.map((c) => c.change),
          signal,
        );
        sent.forEach((outcome, index) => (outcomes[changes[index]!.position] = outcome));
      }
      return outcomes;
    },

    /**
     * One report task per funding model (eBay makes one report of one model) and window of 31 days, for
     * the account's campaigns of that model; rows matched to ads by campaign and listing.
     */
    async dailyPerformance(from: string, to: string, signal?: AbortSignal): Promise<AdPerformance[]> {
      if (!isCalendarDate(from) || !isCalendarDate(to) || from > to)
        throw new MarketplaceError('rejected', 'A report needs two dates, YYYY-MM-DD, the first not after the second');
      // eBay refuses a date in the future; a day is reported once it is over (UTC): asked up to yesterday.
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const until = to > yesterday ? yesterday : to;
      if (from > until) return [];
      const campaigns = await accountCampaigns(signal);
      const ads = await accountAds(campaigns, signal);
      const skuOf = await skuLookup(
        ads.map(({ ad }) => ad),
        signal,
      );
      const adsByListing = new Map(
        ads
          .filter(({ ad }) => ad.listingId)
          .map(({ ad, campaign }) => [
            `${campaign.campaignId}|${ad.listingId}`,
            { adId: ad.adId, sku: skuOfAd(ad, skuOf) },
          ]),
      );
      const adOf = (campaignId: string, listingId: string) =>
        adsByListing.get(`${campaignId}|${listingId}`) ?? { adId: null, sku: skuOf(listingId) ?? listingId };

      const rows: AdPerformance[] = [];
      for (const fundingModel of ['COST_PER_SALE', 'COST_PER_CLICK'] as const) {
        const campaignIds = campaigns.filter((c) => fundingModelOf(c) === fundingModel).map((c) => c.campaignId);
        if (campaignIds.length === 0) continue;
        for (const window of reportWindows(from, until, PL_REPORT_WINDOW_DAYS)) {
          const found = await reportRows(fundingModel, campaignIds, window.startDate, window.endDate, signal);
          rows.push(...reportRowsToPerformance(found, fundingModel, adOf));
        }
      }
      return rows
        .filter((row) => row.date >= from && row.date <= until)
        .sort(
          (a, b) =>
            a.date.localeCompare(b.date) ||
            a.campaignId.localeCompare(b.campaignId) ||
            (a.adId ?? '').localeCompare(b.adId ?? '') ||
            (a.sku ?? '').localeCompare(b.sku ?? ''),
        );
    },
  };
}

export type { EbayMarketingEndpoints };
