/**
 * The raw eBay HTTP client: a user access token (from the seller's refresh token) or an application
 * token (client credentials), cached and refreshed before it expires; every call through
 * marketplaceFetch, paced by the daily quota of its API, with eBay's error wording.
 */
import { MarketplaceError } from '../errors.ts';
import { marketplaceFetch, type MarketplaceResponse, type RetryPolicy } from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit, type RateLimitUse } from '../shared/token-bucket.ts';
import { SINGLE_ATTEMPT, withEbayRetry } from './ebay-retry.ts';

export { MAX_RETRY_AFTER_MS } from './ebay-retry.ts';
import { ebayApplicationScope, type EbayEndpoints } from './endpoints.ts';
import { requestEbayToken, type EbayApplication, type EbayTokens } from './consent.ts';
import { describeEbayError } from './transform.ts';
import { AccessTokenCache, type HeldToken } from '../shared/access-token-cache.ts';

export type EbayApiName =
  'inventory' | 'fulfillment' | 'notification' | 'identity' | 'account' | 'finances' | 'taxonomy';

/**
 * The Fulfillment API's daily quota, which the shipment calls (createShippingFulfillment and
 * getShippingFulfillments) spend together with getOrders: eBay publishes no limit per method, only per
 * API. 100,000 calls a day is the Fulfillment API's default in eBay's call limits table
 * (https://developer.ebay.com/develop/get-started/api-call-limits), as copies of that table quote it;
 * the row was not read from eBay's page itself (confirm with getRateLimits).
 */
export const EBAY_FULFILLMENT_CALLS_PER_DAY = 100_000;

/**
 * eBay publishes daily quotas per API, not per-second rates
 * (https://developer.ebay.com/develop/api/sell/api_call_limits). Each is a bucket refilling a day's
 * quota over the day and holding an hour's share, so a busy hour cannot spend the day. Notification
 * 10,000/day and Account 25,000/day are published there; Inventory 2,000,000 and Fulfillment 100,000
 * are commonly quoted (confirm with getRateLimits); Identity's is not published.
 */
export const ebayDailyQuotas: Record<EbayApiName, number> = {
  inventory: 2_000_000,
  fulfillment: EBAY_FULFILLMENT_CALLS_PER_DAY,
  notification: 10_000,
  identity: 5_000,
  account: 25_000,
  /** The Finances API's quota is not published on that page: 15,000 a day assumed (confirm with getRateLimits). */
  finances: 15_000,
  /** The Taxonomy API's quota: 5,000 a day assumed, as for other commerce APIs (confirm with getRateLimits). */
  taxonomy: 5_000,
};

export const ebayRateLimits: Record<EbayApiName, RateLimit> = Object.fromEntries(
  Object.entries(ebayDailyQuotas).map(([api, perDay]) => [api, { rate: perDay / 86_400, burst: perDay / 24 }]),
) as Record<EbayApiName, RateLimit>;

/** Refresh this long before eBay's expiry, so a token never dies in flight. */
const REFRESH_MARGIN_MS = 5 * 60_000;

const defaultBuckets = new TokenBuckets();

export interface EbayClientOptions {
  endpoints: EbayEndpoints;
  application: Pick<EbayApplication, 'clientId' | 'clientSecret'>;
  /** A seller's grant, or 'application' for client-credentials calls (notification public keys). */
  grant: { refreshToken: string; scopes?: readonly string[] } | 'application';
  /** A token already held (from the code exchange), to spare a refresh. */
  accessToken?: { token: string; expiresAt: Date };
  /** Names the seller in the rate-limit buckets (quotas are per seller and API). */
  sellerKey: string;
  buckets?: TokenBuckets;
  retry?: RetryPolicy;
  /** Told each new access token, so the app may keep it (encrypted) between processes. */
  onAccessToken?: (token: { token: string; expiresAt: Date }) => void;
  now?: () => number;
}

export interface EbayRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** A full URL (built from endpoints) or a path below the API's base. */
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A write eBay may have done although it answered 5xx, and that has no idempotency key (issueRefund):
   * only a 429 (refused before any work) is retried here; the caller checks what eBay holds before sending again.
   */
  notReplayable?: boolean;
}

export class EbayClient {
  private readonly token: AccessTokenCache;
  private readonly buckets: TokenBuckets;
  private readonly now: () => number;

  constructor(private readonly options: EbayClientOptions) {
    this.buckets = options.buckets ?? defaultBuckets;
    this.now = options.now ?? Date.now;
    const held = options.accessToken;
    this.token = new AccessTokenCache((signal) => this.refresh(signal), {
      marginMs: REFRESH_MARGIN_MS,
      now: this.now,
      held: held && { value: held.token, expiresAt: held.expiresAt.getTime() },
    });
  }

  /** The busiest of this seller's limits over the last minute. */
  rateLimitUse(): RateLimitUse {
    return this.buckets.use(`ebay:${this.options.sellerKey}:`);
  }

  get endpoints(): EbayEndpoints {
    return this.options.endpoints;
  }

  /** A valid access token, refreshed once (not once per caller) when near expiry. */
  accessToken(signal?: AbortSignal): Promise<string> {
    return this.token.get(signal);
  }

  private async refresh(signal?: AbortSignal): Promise<HeldToken> {
    const grant = this.options.grant;
    const tokens: EbayTokens = await requestEbayToken({
      endpoints: this.options.endpoints,
      application: this.options.application,
      buckets: this.buckets,
      now: this.now,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(signal ? { signal } : {}),
      ...(grant === 'application'
        ? { grantType: 'client_credentials' as const, form: { scope: ebayApplicationScope } }
        : {
            grantType: 'refresh_token' as const,
            form: { refresh_token: grant.refreshToken, ...(grant.scopes ? { scope: grant.scopes.join(' ') } : {}) },
          }),
    });
    this.options.onAccessToken?.({ token: tokens.accessToken, expiresAt: tokens.accessTokenExpiresAt });
    return { value: tokens.accessToken, expiresAt: tokens.accessTokenExpiresAt.getTime() };
  }

  /**
   * One call to one of eBay's APIs. A 401 (revoked or expired token) refreshes once and tries again.
   * 429 and 5xx are retried here, one marketplaceFetch attempt at a time, so that a Retry-After
   * longer than MAX_RETRY_AFTER_MS (a daily quota spent until midnight Pacific) goes back to the
   * caller as 'rate_limited' with retryAfterMs instead of holding the call for hours.
   */
  async request<T>(api: EbayApiName, request: EbayRequest): Promise<MarketplaceResponse<T>> {
    return withEbayRetry(
      this.options.retry,
      request.signal,
      () => this.requestOnce<T>(api, request),
      (error) => error.kind === 'rate_limited' || (error.retryable && !request.notReplayable),
    );
  }

  private async requestOnce<T>(api: EbayApiName, request: EbayRequest): Promise<MarketplaceResponse<T>> {
    const url = /^https?:\/\//.test(request.url) ? request.url : `${this.options.endpoints[api]}${request.url}`;
    const send = async () =>
      marketplaceFetch<T>({
        method: request.method,
        url,
        headers: {
          authorization: `Bearer ${await this.accessToken(request.signal)}`,
          'accept-language': 'en-US',
          ...request.headers,
        },
        ...(request.body !== undefined ? { body: request.body } : {}),
        limit: { buckets: this.buckets, key: `ebay:${this.options.sellerKey}:${api}`, rate: ebayRateLimits[api] },
        describeError: describeEbayError,
        retry: SINGLE_ATTEMPT,
        ...(request.signal ? { signal: request.signal } : {}),
      });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind !== 'auth' || error.details.status !== 401) throw error;
      this.token.forget();
      return await send();
    }
  }
}
