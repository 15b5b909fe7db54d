/**
 * The raw Amazon Ads API client: Login with Amazon access tokens from the seller's refresh token
 * (cached until a minute before expiry), and every call through marketplaceFetch with the headers
 * the Ads API asks for (Amazon-Advertising-API-ClientId, Amazon-Advertising-API-Scope, Bearer token),
 * the entity's versioned media type, and a token bucket per profile and operation. It knows paths and
 * payloads, not the neutral shapes (ads-transform.ts does that).
 */
import zlib from 'node:zlib';
import { MarketplaceError } from '../errors.ts';
import { marketplaceFetch, type MarketplaceResponse, type RetryPolicy } from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit } from '../shared/token-bucket.ts';
import { TOKEN_REFRESH_MARGIN_MS } from './amazon-client.ts';
import { amazonPaths } from './endpoints.ts';
import { adsMediaTypes, adsPaths, type AmazonAdsEndpoints } from './ads-endpoints.ts';
import { describeAdsError } from './ads-transform.ts';
import type {
  AdsProfile,
  AsyncReport,
  CreateAsyncReportRequest,
  SpListCampaignsRequest,
  SpListCampaignsResponse,
  SpListProductAdsRequest,
  SpListProductAdsResponse,
  SpUpdateCampaignsRequest,
  SpUpdateCampaignsResponse,
  SpUpdateProductAdsRequest,
  SpUpdateProductAdsResponse,
} from './ads-types.ts';
import type { LwaTokenResponse } from './types.ts';
import { AccessTokenCache, type HeldToken } from '../shared/access-token-cache.ts';

/** The LWA application and the seller's grant to it (the same kind of login the SP-API client uses). */
export interface AmazonAdsLogin {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
}

/**
 * Amazon publishes no fixed Ads API limits: throttling is dynamic, by the load of the whole service,
 * and a 429 says when to come back (Retry-After). So each operation is paced well below what busy
 * integrations are commonly seen to sustain, about one call a second per profile with a small burst,
 * and the reports, which Amazon takes minutes to hours to make, far slower: a sync never leans on the
 * limit, and Retry-After governs whenever Amazon refuses anyway. Pass `limits` to change them.
 */
export const amazonAdsRateLimits = {
  listProfiles: { rate: 0.5, burst: 2 },
  listCampaigns: { rate: 1, burst: 5 },
  updateCampaigns: { rate: 1, burst: 5 },
  listProductAds: { rate: 1, burst: 5 },
  updateProductAds: { rate: 1, burst: 5 },
  createReport: { rate: 0.2, burst: 2 },
  getReport: { rate: 1, burst: 5 },
} as const satisfies Record<string, RateLimit>;
export type AmazonAdsOperation = keyof typeof amazonAdsRateLimits;

export interface AmazonAdsClientOptions {
  login: AmazonAdsLogin;
  /** The advertising profile every scoped call acts on (Amazon-Advertising-API-Scope); not needed to list profiles. */
  profileId?: string;
  endpoints: AmazonAdsEndpoints;
  /** Shared per process, so every adapter of the same profile paces from the same buckets. */
  buckets?: TokenBuckets;
  limits?: Partial<Record<AmazonAdsOperation, RateLimit>>;
  retry?: RetryPolicy;
  timeoutMs?: number;
  now?: () => number;
}

const DOWNLOAD_TIMEOUT_MS = 60_000;

export class AmazonAdsClient {
  readonly buckets: TokenBuckets;
  private readonly now: () => number;
  private readonly token: AccessTokenCache;

  constructor(private readonly options: AmazonAdsClientOptions) {
    this.buckets = options.buckets ?? new TokenBuckets();
    this.now = options.now ?? Date.now;
    this.token = new AccessTokenCache((signal) => this.requestToken(signal), {
      marginMs: TOKEN_REFRESH_MARGIN_MS,
      now: this.now,
    });
  }

  get profileId(): string | undefined {
    return this.options.profileId;
  }

  private limitOf(operation: AmazonAdsOperation): RateLimit {
    return this.options.limits?.[operation] ?? amazonAdsRateLimits[operation];
  }

  /** Limits are the profile's (profiles listing, which has none, is the login's). */
  private bucketKey(operation: AmazonAdsOperation): string {
    return `amazon-ads:${this.options.profileId ?? this.options.login.clientId}:${operation}`;
  }

  /** The seller's LWA access token; concurrent callers share one request. */
  accessToken(signal?: AbortSignal): Promise<string> {
    return this.token.get(signal);
  }

  private async requestToken(signal: AbortSignal | undefined): Promise<HeldToken> {
    const { clientId, clientSecret, refreshToken } = this.options.login;
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: clientId,
      client_secret: clientSecret,
    });
    try {
      const { body } = await marketplaceFetch<LwaTokenResponse>({
        method: 'POST',
        url: `${this.options.endpoints.lwa}${amazonPaths.lwaToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: form.toString(),
        describeError: describeAdsError,
        ...this.fetchOptions(signal),
      });
      if (!body || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number')
        throw new MarketplaceError('unavailable', 'Login with Amazon answered without an access token');
      return { value: body.access_token, expiresAt: this.now() + body.expires_in * 1000 };
    } catch (error) {
      // LWA refuses a bad client or refresh token with 400 (invalid_client, invalid_grant): the seller must connect again.
      if (error instanceof MarketplaceError && error.kind === 'rejected')
        throw new MarketplaceError(
          'auth',
          `Login with Amazon refused the credentials: ${error.message}`,
          error.details,
        );
      throw error;
    }
  }

  private fetchOptions(signal: AbortSignal | undefined) {
    return {
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(signal ? { signal } : {}),
    };
  }

  /**
   * One Ads API call, paced by the operation's bucket. Scoped calls carry the profile; a refused
   * cached token is replaced once, as Amazon may revoke one before it expires.
   */
  async call<T>(
    operation: AmazonAdsOperation,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { body?: unknown; mediaType?: string; accept?: string; scoped?: boolean; signal?: AbortSignal } = {},
  ): Promise<MarketplaceResponse<T>> {
    const scoped = options.scoped ?? true;
    if (scoped && !this.options.profileId)
      throw new MarketplaceError(
        'rejected',
        'An Amazon Ads profile is needed for this call (Amazon-Advertising-API-Scope)',
      );
    for (let attempt = 0; ; attempt++) {
      const hadToken = this.token.holds;
      const token = await this.accessToken(options.signal);
      try {
        return await marketplaceFetch<T>({
          method,
          url: `${this.options.endpoints.ads}${path}`,
          headers: {
            'Amazon-Advertising-API-ClientId': this.options.login.clientId,
            ...(scoped ? { 'Amazon-Advertising-API-Scope': this.options.profileId! } : {}),
            authorization: `Bearer ${token}`,
            ...(options.mediaType && options.body !== undefined ? { 'content-type': options.mediaType } : {}),
            accept: options.accept ?? options.mediaType ?? 'application/json',
            'user-agent': 'MarketplaceHub/0.1 (Language=TypeScript)',
          },
          ...(options.body !== undefined ? { body: options.body } : {}),
          limit: { buckets: this.buckets, key: this.bucketKey(operation), rate: this.limitOf(operation) },
          describeError: describeAdsError,
          ...this.fetchOptions(options.signal),
        });
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'auth' && hadToken && attempt === 0) {
          this.token.forget();
          continue;
        }
        throw error;
      }
    }
  }

  // ---- Profiles v2 ----

  async listProfiles(signal?: AbortSignal): Promise<AdsProfile[]> {
    const { body } = await this.call<AdsProfile[]>('listProfiles', 'GET', adsPaths.profiles, {
      scoped: false,
      ...(signal ? { signal } : {}),
    });
    return Array.isArray(body) ? body : [];
  }

  // ---- Sponsored Products v3 ----

  async listCampaigns(request: SpListCampaignsRequest, signal?: AbortSignal): Promise<SpListCampaignsResponse> {
    const { body } = await this.call<SpListCampaignsResponse>('listCampaigns', 'POST', adsPaths.listCampaigns, {
      body: request,
      mediaType: adsMediaTypes.campaign,
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  async updateCampaigns(request: SpUpdateCampaignsRequest, signal?: AbortSignal): Promise<SpUpdateCampaignsResponse> {
    const { body } = await this.call<SpUpdateCampaignsResponse>('updateCampaigns', 'PUT', adsPaths.campaigns, {
      body: request,
      mediaType: adsMediaTypes.campaign,
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  async listProductAds(request: SpListProductAdsRequest, signal?: AbortSignal): Promise<SpListProductAdsResponse> {
    const { body } = await this.call<SpListProductAdsResponse>('listProductAds', 'POST', adsPaths.listProductAds, {
      body: request,
      mediaType: adsMediaTypes.productAd,
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  async updateProductAds(
    request: SpUpdateProductAdsRequest,
    signal?: AbortSignal,
  ): Promise<SpUpdateProductAdsResponse> {
    const { body } = await this.call<SpUpdateProductAdsResponse>('updateProductAds', 'PUT', adsPaths.productAds, {
      body: request,
      mediaType: adsMediaTypes.productAd,
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  // ---- Reporting v3 ----

  /** Throws MarketplaceError 'rejected' with status 425 when a same report is still being made (its id in the message). */
  async createReport(request: CreateAsyncReportRequest, signal?: AbortSignal): Promise<AsyncReport> {
    const { body } = await this.call<AsyncReport>('createReport', 'POST', adsPaths.reports, {
      body: request,
      mediaType: adsMediaTypes.createReportRequest,
      accept: adsMediaTypes.createReportResponse,
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  async getReport(reportId: string, signal?: AbortSignal): Promise<AsyncReport> {
    const { body } = await this.call<AsyncReport>('getReport', 'GET', adsPaths.report(reportId), {
      accept: adsMediaTypes.getReportResponse,
      ...(signal ? { signal } : {}),
    });
    return body;
  }

  /** A finished report from its pre-signed `url` (no token: the address is the permission), gunzipped and parsed. */
  async downloadReport(url: string, signal?: AbortSignal): Promise<unknown> {
    const response = await fetch(url, { signal: signal ?? AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok)
      throw new MarketplaceError(
        response.status >= 500 ? 'unavailable' : 'rejected',
        `The Amazon Ads report download failed (HTTP ${response.status})`,
        { status: response.status },
      );
    const bytes = Buffer.from(await response.arrayBuffer());
    try {
      return JSON.parse(zlib.gunzipSync(bytes).toString('utf8'));
    } catch (error) {
      throw new MarketplaceError(
        'unavailable',
        `The Amazon Ads report was not gzip JSON (${(error as Error).message})`,
      );
    }
  }
}
