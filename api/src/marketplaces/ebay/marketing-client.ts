/**
 * The raw eBay Marketing API (Promoted Listings) client. It acts with the seller's own grant: the
 * eBay channel's refresh token, refreshed at eBay's token endpoint for the sell.marketing scope only
 * (a refresh may ask for fewer scopes than were granted), the token cached until near expiry and
 * dropped once on a 401. Calls go through marketplaceFetch with eBay's error wording and retries
 * (ebay-retry.ts), paced per seller: the Marketing API's daily quota, and the report methods' own
 * limit of 200 calls an hour. It knows paths and payloads, not the neutral shapes
 * (marketing-transform.ts does that).
 */
import zlib from 'node:zlib';
import { MarketplaceError } from '../errors.ts';
import { marketplaceFetch, type MarketplaceResponse, type RetryPolicy } from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit } from '../shared/token-bucket.ts';
import { requestEbayToken, type EbayApplication } from './consent.ts';
import { SINGLE_ATTEMPT, withEbayRetry } from './ebay-retry.ts';
import { ebayMarketingScope, marketingPaths, type EbayMarketingEndpoints } from './marketing-endpoints.ts';
import type {
  PlAd,
  PlAdPage,
  PlBulkUpdateAdStatusRequest,
  PlBulkAdUpdateStatusResponse,
  PlCampaign,
  PlCampaignPage,
  PlCreateReportTask,
  PlReportTask,
  PlUpdateCampaignBudgetRequest,
} from './marketing-types.ts';
import { PL_MAX_PAGE, taskIdFromLocation } from './marketing-transform.ts';
import { describeEbayError } from './transform.ts';
import { AccessTokenCache, type HeldToken } from '../shared/access-token-cache.ts';

/**
 * "For ad_report and ad_report_task methods … a maximum of 200 times per hour for each seller/user. If
 * the number of calls per hour exceeds this limit, any new calls will be blocked for the next hour"
 * (sell_marketing_v1, FACTS.md 7.4). Paced from a bucket of 100 refilling 100 an hour, so that no
 * hour, however it is cut, holds more than 200.
 */
export const EBAY_REPORT_CALLS_PER_HOUR = 200;
export const ebayReportCallsLimit: RateLimit = {
  rate: EBAY_REPORT_CALLS_PER_HOUR / 2 / 3600,
  burst: EBAY_REPORT_CALLS_PER_HOUR / 2,
};

/**
 * The Marketing API's daily quota is not published in what we hold (FACTS.md 7.4: [U]); 10,000 calls
 * a day assumed, as a bucket refilling the day's calls over the day and holding an hour's share, as
 * the eBay client paces its other APIs (confirm with getRateLimits).
 */
export const EBAY_MARKETING_ASSUMED_CALLS_PER_DAY = 10_000;
const marketingDailyLimit: RateLimit = {
  rate: EBAY_MARKETING_ASSUMED_CALLS_PER_DAY / 86_400,
  burst: EBAY_MARKETING_ASSUMED_CALLS_PER_DAY / 24,
};

/** Refresh this long before eBay's expiry, so a token never dies in flight. */
const REFRESH_MARGIN_MS = 5 * 60_000;
const DOWNLOAD_TIMEOUT_MS = 60_000;

/** The seller's grant lacks the scope: eBay's token endpoint answers invalid_scope. */
export const MARKETING_SCOPE_MISSING =
  'The eBay channel was connected without Promoted Listings access (scope sell.marketing): connect eBay again and allow it.';

const defaultBuckets = new TokenBuckets();

export interface EbayMarketingClientOptions {
  endpoints: EbayMarketingEndpoints;
  application: Pick<EbayApplication, 'clientId' | 'clientSecret'>;
  /** The eBay channel's refresh token (its consent must include sell.marketing). */
  refreshToken: string;
  /** A token already held, to spare a refresh (it must carry sell.marketing). */
  accessToken?: { token: string; expiresAt: Date };
  /** Names the seller in the rate-limit buckets (the eBay channel's sellerKey). */
  sellerKey: string;
  buckets?: TokenBuckets;
  retry?: RetryPolicy;
  now?: () => number;
}

type Query = Record<string, string | number | undefined>;

export class EbayMarketingClient {
  readonly buckets: TokenBuckets;
  private readonly token: AccessTokenCache;
  private readonly now: () => number;

  constructor(private readonly options: EbayMarketingClientOptions) {
    this.buckets = options.buckets ?? defaultBuckets;
    this.now = options.now ?? Date.now;
    const held = options.accessToken;
    this.token = new AccessTokenCache((signal) => this.refresh(signal), {
      marginMs: REFRESH_MARGIN_MS,
      now: this.now,
      held: held && { value: held.token, expiresAt: held.expiresAt.getTime() },
    });
  }

  get endpoints(): EbayMarketingEndpoints {
    return this.options.endpoints;
  }

  /** A valid access token for sell.marketing, refreshed once (not once per caller) when near expiry. */
  accessToken(signal?: AbortSignal): Promise<string> {
    return this.token.get(signal);
  }

  private async refresh(signal?: AbortSignal): Promise<HeldToken> {
    try {
      const tokens = await requestEbayToken({
        endpoints: this.options.endpoints.ebay,
        application: this.options.application,
        grantType: 'refresh_token',
        form: { refresh_token: this.options.refreshToken, scope: ebayMarketingScope },
        buckets: this.buckets,
        now: this.now,
        ...(this.options.retry ? { retry: this.options.retry } : {}),
        ...(signal ? { signal } : {}),
      });
      return { value: tokens.accessToken, expiresAt: tokens.accessTokenExpiresAt.getTime() };
    } catch (error) {
      if (error instanceof MarketplaceError && error.details.code === 'invalid_scope')
        throw new MarketplaceError('auth', MARKETING_SCOPE_MISSING, error.details);
      throw error;
    }
  }

  private limitOf(report: boolean) {
    return report
      ? { key: `ebay:${this.options.sellerKey}:marketing-reports`, rate: ebayReportCallsLimit }
      : { key: `ebay:${this.options.sellerKey}:marketing`, rate: marketingDailyLimit };
  }

  /**
   * One call below the Marketing API's base. `report` marks the ad_report and ad_report_task methods,
   * which spend the hourly report budget. A 401 refreshes the token once; 429 and 5xx are retried
   * unless eBay's wait is longer than MAX_RETRY_AFTER_MS (the hour of a spent report budget), which
   * goes back as a retryable 'rate_limited' with retryAfterMs.
   */
  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    options: { query?: Query; body?: unknown; report?: boolean; signal?: AbortSignal } = {},
  ): Promise<MarketplaceResponse<T>> {
    const entries = Object.entries(options.query ?? {}).filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined,
    );
    const query = entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
    const url = `${this.options.endpoints.marketing}${path}${query}`;
    const send = async () =>
      marketplaceFetch<T>({
        method,
        url,
        headers: { authorization: `Bearer ${await this.accessToken(options.signal)}`, 'accept-language': 'en-US' },
        ...(options.body !== undefined ? { body: options.body } : {}),
        limit: { buckets: this.buckets, ...this.limitOf(options.report ?? false) },
        describeError: describeEbayError,
        retry: SINGLE_ATTEMPT,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    return withEbayRetry(this.options.retry, options.signal, async () => {
      try {
        return await send();
      } catch (error) {
        if (!(error instanceof MarketplaceError) || error.kind !== 'auth' || error.details.status !== 401) throw error;
        this.token.forget();
        return await send();
      }
    });
  }

  async campaignsPage(offset: number, limit: number, signal?: AbortSignal): Promise<PlCampaignPage> {
    const { body } = await this.call<PlCampaignPage>('GET', marketingPaths.campaigns, {
      query: { limit, offset },
      ...(signal ? { signal } : {}),
    });
    return body ?? {};
  }

  /** Every campaign, page after page while eBay says there is a `next`. */
  async listCampaigns(pageSize = PL_MAX_PAGE, signal?: AbortSignal): Promise<PlCampaign[]> {
    return this.allPages((offset) =>
      this.campaignsPage(offset, pageSize, signal).then((page) => ({ next: page.next, items: page.campaigns })),
    );
  }

  async adsPage(campaignId: string, offset: number, limit: number, signal?: AbortSignal): Promise<PlAdPage> {
    const { body } = await this.call<PlAdPage>('GET', marketingPaths.ads(campaignId), {
      query: { limit, offset },
      ...(signal ? { signal } : {}),
    });
    return body ?? {};
  }

  /** Every ad of one campaign (getAds is per campaign). */
  async listAds(campaignId: string, pageSize = PL_MAX_PAGE, signal?: AbortSignal): Promise<PlAd[]> {
    return this.allPages((offset) =>
      this.adsPage(campaignId, offset, pageSize, signal).then((page) => ({ next: page.next, items: page.ads })),
    );
  }

  /** Pages from offset 0, each starting where the last one ended, until eBay answers no `next`. */
  private async allPages<Item>(
    page: (offset: number) => Promise<{ next?: string | undefined; items?: Item[] | undefined }>,
  ): Promise<Item[]> {
    const all: Item[] = [];
    for (let offset = 0; ;) {
      const { next, items = [] } = await page(offset);
      all.push(...items);
      if (!next || items.length === 0) return all;
      offset += items.length;
    }
  }

  /** pauseCampaign and resumeCampaign: 204, no body. */
  async setCampaignRunning(campaignId: string, running: boolean, signal?: AbortSignal): Promise<void> {
    await this.call('POST', running ? marketingPaths.resume(campaignId) : marketingPaths.pause(campaignId), {
      ...(signal ? { signal } : {}),
    });
  }

  async updateCampaignBudget(
    campaignId: string,
    request: PlUpdateCampaignBudgetRequest,
    signal?: AbortSignal,
  ): Promise<void> {
    await this.call('POST', marketingPaths.updateBudget(campaignId), { body: request, ...(signal ? { signal } : {}) });
  }

  /** bulk_update_ads_status: 200 when every ad changed, 207 when some did not; both answer per ad. */
  async bulkUpdateAdsStatus(
    campaignId: string,
    request: PlBulkUpdateAdStatusRequest,
    signal?: AbortSignal,
  ): Promise<PlBulkAdUpdateStatusResponse> {
    const { body } = await this.call<PlBulkAdUpdateStatusResponse>(
      'POST',
      marketingPaths.bulkUpdateAdsStatus(campaignId),
      { body: request, ...(signal ? { signal } : {}) },
    );
    return body ?? {};
  }

  /** createReportTask: 202 with the task's address in Location; answers the task id. */
  async createReportTask(request: PlCreateReportTask, signal?: AbortSignal): Promise<string> {
    const { headers } = await this.call('POST', marketingPaths.reportTasks, {
      body: request,
      report: true,
      ...(signal ? { signal } : {}),
    });
    const taskId = taskIdFromLocation(headers.get('location'));
    if (!taskId) throw new MarketplaceError('unavailable', 'eBay accepted the report task without saying where it is');
    return taskId;
  }

  async getReportTask(taskId: string, signal?: AbortSignal): Promise<PlReportTask> {
    const { body } = await this.call<PlReportTask>('GET', marketingPaths.reportTask(taskId), {
      report: true,
      ...(signal ? { signal } : {}),
    });
    return body ?? {};
  }

  /**
   * getReport: the finished report's file (a gzipped TSV), from the task's reportHref when it is below
   * the Marketing API's base, else by its id. Read as bytes (marketplaceFetch reads text), gunzipped,
   * and paced and refused like the other report calls.
   */
  async downloadReport(task: PlReportTask, signal?: AbortSignal): Promise<string> {
    const base = this.options.endpoints.marketing;
    const url = task.reportHref?.startsWith(`${base}/`)
      ? task.reportHref
      : `${base}${marketingPaths.report(task.reportId ?? '')}`;
    const limit = this.limitOf(true);
    const once = async () => {
      await this.buckets.take(limit.key, limit.rate, 1, signal);
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${await this.accessToken(signal)}`, 'accept-language': 'en-US' },
        signal: signal ?? AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS),
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      if (!response.ok) throw downloadError(response, bytes);
      return bytes;
    };
    const bytes = await withEbayRetry(this.options.retry, signal, async () => {
      try {
        return await once();
      } catch (error) {
        if (!(error instanceof MarketplaceError) || error.kind !== 'auth' || error.details.status !== 401) throw error;
        this.token.forget();
        return await once();
      }
    });
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    try {
      return (gzipped ? zlib.gunzipSync(bytes) : bytes).toString('utf8');
    } catch (error) {
      throw new MarketplaceError('unavailable', `The eBay report could not be unpacked (${(error as Error).message})`);
    }
  }
}

/** A refused download as marketplaceFetch would name it. */
function downloadError(response: Response, bytes: Buffer): MarketplaceError {
  let body: unknown = bytes.toString('utf8');
  try {
    body = JSON.parse(body as string);
  } catch {
    // not JSON: eBay's words are the text
  }
  const { message, code } = describeEbayError(response.status, body);
  const details = { status: response.status, ...(code ? { code } : {}) };
  const retryAfter = Number(response.headers.get('retry-after'));
  if (response.status === 429)
    return new MarketplaceError('rate_limited', message, {
      ...details,
      ...(Number.isFinite(retryAfter) && response.headers.has('retry-after')
        ? { retryAfterMs: retryAfter * 1000 }
        : {}),
    });
  if (response.status >= 500) return new MarketplaceError('unavailable', message, details);
  if (response.status === 401 || response.status === 403) return new MarketplaceError('auth', message, details);
  return new MarketplaceError('rejected', message, details);
}
