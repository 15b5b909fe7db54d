import { MarketplaceError } from '../errors.ts';
import { marketplaceFetch, type RetryPolicy } from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit, type RateLimitUse } from '../shared/token-bucket.ts';
import { shopDomainPattern, shopifyEndpoints } from './endpoints.ts';
import { refreshShopifyToken, type ShopifyApp } from './consent.ts';
import type { ShopifyCost, ShopifyGraphqlResponse, ShopifyTokens } from './types.ts';

/**
 * A leaky bucket per app and store, restored at 100 points/s on the Standard plan; 1,000 points is
 * the last published bucket size (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits).
 * Both are replaced by what throttleStatus reports.
 */
export const SHOPIFY_DEFAULT_LIMIT: RateLimit = { rate: 100, burst: 1000 };
/**
 * A mutation's calculated cost, 10 points, from the same bucket as every query (the cost table on the
 * page above; the answer's `extensions.cost` reports the real figure). The shipment call,
 * fulfillmentCreate, has no limit of its own: it is one mutation.
 */
export const SHOPIFY_MUTATION_COST = 10;
/** Refresh the access token this long before it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60 * 1000;
/** A THROTTLED answer is waited out and asked again this many times in all. */
const THROTTLE_ATTEMPTS = 10;

/** One shared limiter per process: every adapter for the same shop paces from the same bucket. */
const sharedBuckets = new TokenBuckets();

export interface ShopifyClientOptions {
  shopDomain: string;
  app: ShopifyApp;
  tokens: ShopifyTokens;
  /** Called with rotated tokens: the app must store them (the old refresh token stops working). */
  onTokens?: (tokens: ShopifyTokens) => void | Promise<void>;
  /** The sandbox's base URL; undefined reaches the shop itself. */
  sandboxBaseUrl?: string;
  buckets?: TokenBuckets;
  retry?: RetryPolicy;
  timeoutMs?: number;
}

export function describeShopifyError(status: number, body: unknown): { message: string; code?: string } {
  const b = body as { errors?: unknown; error?: string; error_description?: string } | undefined;
  if (b && typeof b === 'object') {
    if (typeof b.errors === 'string') return { message: b.errors };
    if (Array.isArray(b.errors))
      return { message: b.errors.map((e: { message?: string }) => e.message ?? String(e)).join('; ') };
    if (b.errors && typeof b.errors === 'object')
      return {
        message: Object.entries(b.errors)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join('; '),
      };
    if (b.error) return { message: b.error_description ?? b.error, code: b.error };
  }
  if (typeof body === 'string' && body) return { message: `Shopify answered HTTP ${status}: ${body.slice(0, 200)}` };
  return { message: `Shopify answered HTTP ${status}` };
}

/** The raw Admin GraphQL client: token refresh, cost-based pacing, THROTTLED retries. */
export class ShopifyClient {
  readonly shopDomain: string;
  private tokens: ShopifyTokens;
  private refreshing: Promise<void> | undefined;
  private readonly buckets: TokenBuckets;
  private readonly bucketKey: string;
  private limit: RateLimit = { ...SHOPIFY_DEFAULT_LIMIT };
  lastCost: ShopifyCost | undefined;

  constructor(private readonly options: ShopifyClientOptions) {
    if (!shopDomainPattern.test(options.shopDomain))
      throw new MarketplaceError('auth', `"${options.shopDomain}" is not a shop domain (name.myshopify.com)`);
    this.shopDomain = options.shopDomain;
    this.tokens = { ...options.tokens };
    this.buckets = options.buckets ?? sharedBuckets;
    this.bucketKey = `shopify:${options.shopDomain}:graphql`;
  }

  /** The query cost of this client's calls that took their tokens and have not been answered yet. */
  private inFlightCost = 0;

  /** The shop's query cost spent over the last minute, against its restore rate. */
  rateLimitUse(): RateLimitUse {
    return this.buckets.use(`shopify:${this.shopDomain}:`);
  }

  private async refresh(signal?: AbortSignal): Promise<void> {
    if (!this.tokens.refreshToken)
      throw new MarketplaceError(
        'auth',
        'The Shopify access token has expired and there is no refresh token: connect the shop again.',
      );
    this.refreshing ??= (async () => {
      try {
        this.tokens = await refreshShopifyToken({
          shopDomain: this.shopDomain,
          app: this.options.app,
          refreshToken: this.tokens.refreshToken!,
          sandboxBaseUrl: this.options.sandboxBaseUrl,
          signal,
        });
        await this.options.onTokens?.(this.tokens);
      } finally {
        this.refreshing = undefined;
      }
    })();
    await this.refreshing;
  }

  private async accessToken(signal?: AbortSignal): Promise<string> {
    if (this.refreshing) await this.refreshing;
    if (this.tokens.expiresAt !== undefined && this.tokens.expiresAt - Date.now() < TOKEN_REFRESH_MARGIN_MS)
      await this.refresh(signal);
    return this.tokens.accessToken;
  }

  /** Runs one document; answers `data`, or throws MarketplaceError with Shopify's own words. */
  async graphql<T>(
    document: string,
    variables: Record<string, unknown>,
    options: { cost?: number; signal?: AbortSignal } = {},
  ): Promise<T> {
    let refreshed = false;
    // The caller's estimate first; after a THROTTLED answer, the cost Shopify calculated.
    let requested = options.cost ?? 1;
    for (let attempt = 1; ; attempt++) {
      const cost = Math.min(requested, this.limit.burst);
      let body: ShopifyGraphqlResponse<T>;
      // What this call took from the bucket, counted as in flight until its answer (see below).
      let taken = 0;
      const pacer: Pick<TokenBuckets, 'take' | 'drain'> = {
        take: async (key, rate, spend = 1, signal) => {
          await this.buckets.take(key, rate, spend, signal);
          taken += spend;
          this.inFlightCost += spend;
        },
        drain: (key, rate) => this.buckets.drain(key, rate),
      };
      try {
        const response = await marketplaceFetch<ShopifyGraphqlResponse<T>>({
          method: 'POST',
          url: shopifyEndpoints(this.shopDomain, this.options.sandboxBaseUrl).graphql,
          headers: { 'X-Shopify-Access-Token': await this.accessToken(options.signal) },
          body: { query: document, variables },
          limit: { buckets: pacer, key: this.bucketKey, rate: this.limit, cost },
          ...(this.options.retry ? { retry: this.options.retry } : {}),
          ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
          signal: options.signal,
          describeError: describeShopifyError,
        });
        body = response.body;
      } catch (error) {
        // A token revoked or expired early: one refresh, then the seller must reconnect.
        if (error instanceof MarketplaceError && error.kind === 'auth' && !refreshed && this.tokens.refreshToken) {
          refreshed = true;
          await this.refresh(options.signal);
          continue;
        }
        throw error;
      } finally {
        this.inFlightCost -= taken;
      }
      if (!body || typeof body !== 'object')
        throw new MarketplaceError('unavailable', 'Shopify answered something that is not GraphQL JSON');

      const reported = body.extensions?.cost;
      if (reported) {
        this.lastCost = reported;
        const { maximumAvailable, currentlyAvailable, restoreRate } = reported.throttleStatus;
        if (restoreRate > 0 && maximumAvailable > 0) this.limit = { rate: restoreRate, burst: maximumAvailable };
        // Shopify counted what it had charged when it answered: calls of ours sent since, or still
        // unanswered, may not be in it yet, so what they took stays taken (else calls overlapping
        // in many rounds overspend the bucket and are answered THROTTLED).
        this.buckets.set(this.bucketKey, currentlyAvailable - this.inFlightCost);
        requested = reported.requestedQueryCost;
      }
      const errors = body.errors ?? [];
      if (errors.some((e) => e.extensions?.code === 'THROTTLED')) {
        // The bucket now holds what Shopify reported: the next take() waits for the requested cost.
        if (attempt >= THROTTLE_ATTEMPTS)
          throw new MarketplaceError('rate_limited', 'Throttled', { code: 'THROTTLED' });
        continue;
      }
      if (errors.length) {
        const code = errors.find((e) => e.extensions?.code)?.extensions?.code;
        throw new MarketplaceError('rejected', errors.map((e) => e.message).join('; '), code ? { code } : {});
      }
      if (body.data === undefined || body.data === null)
        throw new MarketplaceError('unavailable', 'Shopify answered without data');
      return body.data;
    }
  }
}
