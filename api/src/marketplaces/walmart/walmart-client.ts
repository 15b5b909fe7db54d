import crypto from 'node:crypto';
import { MarketplaceError } from '../errors.ts';
import {
  marketplaceFetch,
  type MarketplaceRequest,
  type MarketplaceResponse,
  type RetryPolicy,
} from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit, type RateLimitUse } from '../shared/token-bucket.ts';
import { walmartEndpoints, type WalmartEndpoints } from './endpoints.ts';
import { describeWalmartError } from './transform.ts';
import type { WalmartToken } from './types.ts';
import { AccessTokenCache, type HeldToken } from '../shared/access-token-cache.ts';

const perHour = (n: number): RateLimit => ({ rate: n / 3600, burst: n });

/**
 * Walmart Marketplace (US) limits per seller and operation. Published in Walmart's throttling table
 * (https://developer.walmart.com/us-marketplace/lang-zh/docs/throttling): inventory and price feeds
 * 10/hour each, item (MP_ITEM) feeds 20/hour. Not published for the other Marketplace calls
 * (https://developer.walmart.com/us-marketplace/docs/throttling says only that limits vary by API), so
 * conservative choices: item, inventory and price calls 5/s with a burst of 10 (Walmart calls the
 * single PUTs "emergency" APIs, "highly throttled"); order reads 1/s, burst 5 (the Supplier API's 60/min
 * for GET v3/orders, https://developer.walmart.com/suppliers/docs/sync-api-throttling-limits); order
 * updates (acknowledge, ship order lines) likewise 1/s, burst 5, as no Marketplace figure is published for
 * them either (the orders definition, orders.json, states none); /v3/token 100/hour (the Supplier figure).
 * Sellers granted more pass their own limits.
 */
export const walmartRateLimits = {
  token: perHour(100),
  itemsRead: { rate: 5, burst: 10 },
  inventoryRead: { rate: 5, burst: 10 },
  inventoryUpdate: { rate: 5, burst: 10 },
  priceUpdate: { rate: 5, burst: 10 },
  inventoryFeed: perHour(10),
  priceFeed: perHour(10),
  /** MP_ITEM feeds: 20 an hour (https://developer.walmart.com/us-marketplace/lang-zh/docs/throttling). */
  itemFeed: perHour(20),
  itemRetire: { rate: 5, burst: 10 },
  feedStatus: { rate: 5, burst: 10 },
  ordersRead: { rate: 1, burst: 5 },
  /** Acknowledge, ship, cancel and refund order lines: unpublished for the Marketplace, paced as the order reads (above). */
  ordersUpdate: { rate: 1, burst: 5 },
  webhooks: { rate: 1, burst: 5 },
  /** GET /v3/returns: unpublished for the Marketplace (returns.json states none), paced as the order reads. */
  returnsRead: { rate: 1, burst: 5 },
  /**
   * POST /v3/items/spec (Get Spec): not in items.json; 10 a minute as Walmart's developer guide and the public
   * clients that call it quote (not confirmed in Walmart's throttling table).
   */
  itemSpec: { rate: 10 / 60, burst: 10 },
  /**
   * The recon (settlement) report's dates and files: no limit published (reports.json states none, and asks that a
   * file be fetched no more often than every two hours, which the adapter's cache keeps to); paced as the order reads.
   */
  reconReport: { rate: 1, burst: 5 },
} as const satisfies Record<string, RateLimit>;

export type WalmartOperation = keyof typeof walmartRateLimits;

/** A report download may take longer than a call: the recon report covers every order of a settlement period. */
const DOWNLOAD_TIMEOUT_MS = 120_000;

/** A token is renewed this long before Walmart's expires_in runs out. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface WalmartCredentials {
  clientId: string;
  clientSecret: string;
}

export interface WalmartClientOptions {
  credentials: WalmartCredentials;
  /** Production by default; the sandbox's base URL (…/sandbox/walmart) in development and tests. */
  baseUrl?: string;
  /** WM_SVC.NAME: Walmart asks for the caller's service name. */
  serviceName?: string;
  /** Shared per process so calls for one seller are paced together. */
  buckets?: TokenBuckets;
  limits?: Partial<Record<WalmartOperation, RateLimit>>;
  retry?: RetryPolicy;
  timeoutMs?: number;
  now?: () => number;
}

/**
 * The raw Walmart HTTP client: client-credentials token cached and renewed before it expires,
 * Walmart's headers on every call, and every call through marketplaceFetch with its bucket.
 */
export class WalmartClient {
  readonly endpoints: WalmartEndpoints;
  private readonly buckets: TokenBuckets;
  private readonly limits: Record<WalmartOperation, RateLimit>;
  private readonly now: () => number;
  private readonly token: AccessTokenCache;

  constructor(private readonly options: WalmartClientOptions) {
    this.endpoints = walmartEndpoints(options.baseUrl);
    this.buckets = options.buckets ?? new TokenBuckets();
    this.limits = { ...walmartRateLimits, ...options.limits };
    this.now = options.now ?? (() => Date.now());
    this.token = new AccessTokenCache((signal) => this.requestToken(signal), {
      marginMs: TOKEN_REFRESH_MARGIN_MS,
      now: this.now,
    });
  }

  /** Identifies the seller in bucket keys without exposing the secret. */
  get clientId(): string {
    return this.options.credentials.clientId;
  }

  /** The busiest of this seller's limits over the last minute. */
  rateLimitUse(): RateLimitUse {
    return this.buckets.use(`walmart:${this.clientId}:`);
  }

  private baseHeaders(): Record<string, string> {
    return {
      'WM_QOS.CORRELATION_ID': crypto.randomUUID(),
      'WM_SVC.NAME': this.options.serviceName ?? 'Marketplace Hub',
      accept: 'application/json',
    };
  }

  private fetchOptions(
    operation: WalmartOperation,
    signal?: AbortSignal,
  ): Pick<MarketplaceRequest, 'limit' | 'retry' | 'timeoutMs' | 'signal' | 'describeError'> {
    return {
      limit: { buckets: this.buckets, key: `walmart:${this.clientId}:${operation}`, rate: this.limits[operation] },
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
      ...(signal ? { signal } : {}),
      describeError: describeWalmartError,
    };
  }

  /** A valid access token: the cached one, or a new one when it is within the margin of expiring. */
  accessToken(signal?: AbortSignal): Promise<string> {
    return this.token.get(signal);
  }

  private async requestToken(signal?: AbortSignal): Promise<HeldToken> {
    const { clientId, clientSecret } = this.options.credentials;
    const response = await marketplaceFetch<WalmartToken>({
      method: 'POST',
      url: this.endpoints.token(),
      headers: {
        ...this.baseHeaders(),
        Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
      ...this.fetchOptions('token', signal),
    });
    const token = response.body;
    if (!token || typeof token.access_token !== 'string' || typeof token.expires_in !== 'number') {
      throw new MarketplaceError('unavailable', 'Walmart answered the token request without an access_token');
    }
    return { value: token.access_token, expiresAt: this.now() + token.expires_in * 1000 };
  }

  /** Forgets the token (Walmart refused it before its time). */
  invalidateToken(): void {
    this.token.forget();
  }

  /**
   * One authorised Walmart call. A 401 on a cached token gets one new token and one more try;
   * a second 401 is MarketplaceError('auth').
   */
  async call<T>(
    operation: WalmartOperation,
    request: {
      method: MarketplaceRequest['method'];
      url: string;
      body?: unknown;
      headers?: Record<string, string>;
      binary?: boolean;
    },
    signal?: AbortSignal,
  ): Promise<MarketplaceResponse<T>> {
    for (let attempt = 0; ; attempt++) {
      const token = await this.accessToken(signal);
      try {
        return await marketplaceFetch<T>({
          method: request.method,
          url: request.url,
          headers: { ...this.baseHeaders(), 'WM_SEC.ACCESS_TOKEN': token, ...request.headers },
          ...(request.body !== undefined ? { body: request.body } : {}),
          ...(request.binary ? { binary: true, timeoutMs: this.options.timeoutMs ?? DOWNLOAD_TIMEOUT_MS } : {}),
          ...this.fetchOptions(operation, signal),
        });
      } catch (error) {
        if (
          attempt === 0 &&
          error instanceof MarketplaceError &&
          error.kind === 'auth' &&
          error.details.status === 401
        ) {
          this.invalidateToken();
          continue;
        }
        throw error;
      }
    }
  }

  /** A file Walmart answers as bytes (the recon report's zip), as `call` makes any other call. */
  async download(operation: WalmartOperation, url: string, signal?: AbortSignal): Promise<Buffer> {
    const headers = { accept: 'application/octet-stream, application/json' };
    return (await this.call<Buffer>(operation, { method: 'GET', url, headers, binary: true }, signal)).body;
  }

  /** A feed file as Walmart takes it: multipart/form-data with one part named `file`. */
  async uploadFeed<T>(
    operation: WalmartOperation,
    url: string,
    feed: unknown,
    signal?: AbortSignal,
  ): Promise<MarketplaceResponse<T>> {
    const boundary = `----walmart-feed-${crypto.randomBytes(12).toString('hex')}`;
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="feed.json"',
      'Content-Type: application/json',
      '',
      JSON.stringify(feed),
      `--${boundary}--`,
      '',
    ].join('\r\n');
    return this.call<T>(
      operation,
      { method: 'POST', url, body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } },
      signal,
    );
  }
}
