/**
 * Amazon Sponsored Products behind the AdvertisingAdapter contract: campaigns and product ads through
 * Sponsored Products v3 (lists paged by nextToken, writes of up to 1,000 items answered 207 item by
 * item), daily figures through a Reporting v3 spAdvertisedProduct report (requested, polled, downloaded
 * gzipped). Every call acts on one advertising profile, found by listing the login's profiles
 * (listAmazonAdsProfiles); writes set absolute values, so sending one again is harmless.
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
import { MarketplaceError } from '../errors.ts';
import type { RetryPolicy } from '../shared/http-client.ts';
import { type RateLimit, type TokenBuckets } from '../shared/token-bucket.ts';
import { pollReport, type ReportPolling } from '../shared/report-polling.ts';
import { AmazonAdsClient, type AmazonAdsLogin, type AmazonAdsOperation } from './ads-client.ts';
import { adsProductionEndpoints, type AmazonAdsEndpoints } from './ads-endpoints.ts';
import {
  SP_MAX_ITEMS_PER_WRITE,
  advertisedProductReportRequest,
  bulkOutcomes,
  campaignFromSp,
  campaignUpdateToSp,
  duplicateReportId,
  isCalendarDate,
  productAdFromSp,
  productAdStateToSp,
  reportRowsToPerformance,
  reportWindows,
} from './ads-transform.ts';
import type { AdsProfile, AsyncReport, SpEntityState, SpUpdateCampaign } from './ads-types.ts';

export interface AmazonAdsCredentials extends AmazonAdsLogin {
  /** The advertising profile (GET /v2/profiles `profileId`) the adapter acts on. */
  profileId: string;
}

/**
 * How a report is waited for. Amazon says one "can take as long as 3 hours" and that polling too
 * often is throttled: polls start after a few seconds and slow down. A report not ready when the wait
 * is over is not lost: the next request for the same days meets 425 (a duplicate still processing)
 * and waits on that same report.
 */
export type { ReportPolling };
export const defaultReportPolling: ReportPolling = {
  firstDelayMs: 2_000,
  maxDelayMs: 60_000,
  giveUpAfterMs: 15 * 60_000,
};

export interface AmazonAdsAdapterOptions {
  /** Share one set of buckets per process so all work for a profile paces together. */
  buckets?: TokenBuckets;
  limits?: Partial<Record<AmazonAdsOperation, RateLimit>>;
  retry?: RetryPolicy;
  timeoutMs?: number;
  /** maxResults of each list page; Amazon's own largest page when not given. */
  pageSize?: number;
  reportPolling?: Partial<ReportPolling>;
}

export interface AmazonAdsAdapter extends AdvertisingAdapter {
  readonly kind: 'amazon';
  readonly client: AmazonAdsClient;
  /** The profile the adapter acts on: its marketplace, currency and time zone. */
  profile(signal?: AbortSignal): Promise<AdsProfile>;
}

/** The live states: the lists leave out what Amazon keeps of deleted and proposed entities. */
const LIVE_STATES: SpEntityState[] = ['ENABLED', 'PAUSED', 'ARCHIVED'];

/** The advertising profiles a login may act on: how the seller (or a test) finds the profileId to use. */
export function listAmazonAdsProfiles(
  login: AmazonAdsLogin,
  endpoints: AmazonAdsEndpoints = adsProductionEndpoints(),
  options: Pick<AmazonAdsAdapterOptions, 'buckets' | 'retry' | 'timeoutMs'> = {},
  signal?: AbortSignal,
): Promise<AdsProfile[]> {
  return new AmazonAdsClient({ login, endpoints, ...options }).listProfiles(signal);
}

function inChunks<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** Every page of a list, following nextToken; a token answered twice would loop, so it ends the read. */
async function everyPage<Item>(
  page: (nextToken: string | undefined) => Promise<{ items: Item[] | undefined; nextToken: string | undefined }>,
): Promise<Item[]> {
  const items: Item[] = [];
  const seen = new Set<string>();
  let nextToken: string | undefined;
  do {
    const answer = await page(nextToken);
    items.push(...(answer.items ?? []));
    nextToken = answer.nextToken || undefined;
    if (nextToken && seen.has(nextToken))
      throw new MarketplaceError('unavailable', 'Amazon Ads answered the same page token twice');
    if (nextToken) seen.add(nextToken);
  } while (nextToken);
  return items;
}

export function createAmazonAdsAdapter(
  credentials: AmazonAdsCredentials,
  endpoints: AmazonAdsEndpoints = adsProductionEndpoints(),
  options: AmazonAdsAdapterOptions = {},
): AmazonAdsAdapter {
  const { profileId, ...login } = credentials;
  const client = new AmazonAdsClient({
    login,
    profileId: profileId.trim(),
    endpoints,
    ...(options.buckets ? { buckets: options.buckets } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const polling = { ...defaultReportPolling, ...options.reportPolling };
  const paging = options.pageSize ? { maxResults: options.pageSize } : {};

  let knownProfile: Promise<AdsProfile> | undefined;
  /** The profile, read once: a profile id the login cannot use fails here, in words that name it. */
  function profile(signal?: AbortSignal): Promise<AdsProfile> {
    knownProfile ??= client.listProfiles(signal).then((profiles) => {
      const found = profiles.find((p) => String(p.profileId) === client.profileId);
      if (found) return found;
      const usable = profiles.map((p) => `${p.profileId} (${p.countryCode}, ${p.accountInfo?.type ?? 'unknown'})`);
      throw new MarketplaceError(
        'auth',
        `Amazon Ads profile ${client.profileId} is not one this login may act on; its profiles are ${usable.join(', ') || 'none'}`,
        { code: 'UNKNOWN_PROFILE' },
      );
    });
    knownProfile.catch(() => (knownProfile = undefined));
    return knownProfile;
  }

  /** getReport until COMPLETED or FAILED, slowing down as it waits; undefined when the wait is over. */
  function finishedReport(reportId: string, signal?: AbortSignal): Promise<AsyncReport | undefined> {
    return pollReport(
      (s) => client.getReport(reportId, s),
      (report) => report.status === 'COMPLETED' || report.status === 'FAILED',
      polling,
      signal,
    );
  }

  /** One report's rows: asked for, or the same one still being made (425) waited on instead. */
  async function reportRows(startDate: string, endDate: string, signal?: AbortSignal): Promise<AdPerformance[]> {
    let reportId: string;
    try {
      reportId = (await client.createReport(advertisedProductReportRequest(startDate, endDate), signal)).reportId;
    } catch (error) {
      const duplicate =
        error instanceof MarketplaceError && error.details.status === 425
          ? duplicateReportId(error.message)
          : undefined;
      if (!duplicate) throw error;
      reportId = duplicate;
    }
    const report = await finishedReport(reportId, signal);
    if (!report)
      throw new MarketplaceError('unavailable', `Amazon Ads is still making report ${reportId}; ask again later`);
    if (report.status === 'FAILED' || !report.url)
      throw new MarketplaceError(
        'unavailable',
        `Amazon Ads could not make report ${reportId}${report.failureReason ? `: ${report.failureReason}` : ''}`,
      );
    return reportRowsToPerformance(await client.downloadReport(report.url, signal));
  }

  return {
    kind: 'amazon',
    client,
    profile,

    async listCampaigns(signal?: AbortSignal): Promise<AdCampaign[]> {
      const { currencyCode } = await profile(signal);
      const campaigns = await everyPage(async (nextToken) => {
        const answer = await client.listCampaigns(
          { stateFilter: { include: LIVE_STATES }, ...paging, ...(nextToken ? { nextToken } : {}) },
          signal,
        );
        return { items: answer.campaigns, nextToken: answer.nextToken };
      });
      return campaigns.map((campaign) => campaignFromSp(campaign, currencyCode));
    },

    async updateCampaigns(updates: CampaignUpdate[], signal?: AbortSignal): Promise<AdWriteOutcome[]> {
      await profile(signal);
      const outcomes: AdWriteOutcome[] = [];
      const sendable: Array<{ position: number; campaign: SpUpdateCampaign }> = [];
      updates.forEach((update, position) => {
        const campaign = campaignUpdateToSp(update);
        if ('refused' in campaign) outcomes[position] = { id: update.campaignId, ok: false, message: campaign.refused };
        else sendable.push({ position, campaign });
      });
      for (const chunk of inChunks(sendable, SP_MAX_ITEMS_PER_WRITE)) {
        const answer = await client.updateCampaigns({ campaigns: chunk.map((c) => c.campaign) }, signal);
        const results = bulkOutcomes(
          chunk.map((c) => c.campaign.campaignId),
          answer?.campaigns,
        );
        results.forEach((outcome, index) => (outcomes[chunk[index]!.position] = outcome));
      }
      return outcomes;
    },

    async listProductAds(signal?: AbortSignal): Promise<ProductAd[]> {
      await profile(signal);
      const ads = await everyPage(async (nextToken) => {
        const answer = await client.listProductAds(
          { stateFilter: { include: LIVE_STATES }, ...paging, ...(nextToken ? { nextToken } : {}) },
          signal,
        );
        return { items: answer.productAds, nextToken: answer.nextToken };
      });
      return ads.map(productAdFromSp);
    },

    async setProductAdStates(updates: ProductAdStateChange[], signal?: AbortSignal): Promise<AdWriteOutcome[]> {
      await profile(signal);
      const outcomes: AdWriteOutcome[] = [];
      for (const chunk of inChunks(updates, SP_MAX_ITEMS_PER_WRITE)) {
        const answer = await client.updateProductAds({ productAds: chunk.map(productAdStateToSp) }, signal);
        outcomes.push(
          ...bulkOutcomes(
            chunk.map((change) => change.adId),
            answer?.productAds,
          ),
        );
      }
      return outcomes;
    },

    async dailyPerformance(from: string, to: string, signal?: AbortSignal): Promise<AdPerformance[]> {
      if (!isCalendarDate(from) || !isCalendarDate(to) || from > to)
        throw new MarketplaceError('rejected', `A report needs two dates, YYYY-MM-DD, the first not after the second`);
      await profile(signal);
      const rows: AdPerformance[] = [];
      for (const window of reportWindows(from, to))
        rows.push(...(await reportRows(window.startDate, window.endDate, signal)));
      return rows.sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          (a.adId ?? '').localeCompare(b.adId ?? '') ||
          a.campaignId.localeCompare(b.campaignId),
      );
    },
  };
}

export type { AmazonAdsEndpoints, AdsProfile };
