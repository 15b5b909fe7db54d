/**
 * The raw Selling Partner API client: Login with Amazon tokens (cached, refreshed before expiry),
 * and every call through marketplaceFetch with the operation's own token bucket and Amazon's error
 * wording. It knows paths and payloads, not the engine's shapes (transform.ts does that).
 */
import zlib from 'node:zlib';
import { MarketplaceError } from '../errors.ts';
import { marketplaceFetch, type MarketplaceResponse, type RetryPolicy } from '../shared/http-client.ts';
import { TokenBuckets, type RateLimit, type RateLimitUse } from '../shared/token-bucket.ts';
import { amazonPaths, notificationsScope, type AmazonEndpoints } from './endpoints.ts';
import { describeAmazonError } from './transform.ts';
import type {
  CreateFeedDocumentResponse,
  CreateFeedResponse,
  CreateFeedSpecification,
  Feed,
  FeedDocument,
  GetOrderItemsResponse,
  GetOrdersResponse,
  ListingsIncludedData,
  ListingsItem,
  ListingsItemPatchRequest,
  ListingsItemPutRequest,
  ListingsItemSearchResults,
  ListingsItemSubmissionResponse,
  LwaTokenResponse,
  NotificationDestination,
  NotificationSubscription,
  ProductTypeList,
  ProductTypeDefinition,
  ProductTypeSchema,
} from './types.ts';

/** What the seller enters in the connect dialog: the LWA app credentials, the refresh token and the merchant token. */
export interface AmazonCredentials {
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** The merchant token (seller id) that the Listings Items paths carry. */
  sellerId: string;
}

/**
 * Published default usage plans (rate = requests per second restored, burst = bucket size), from
 * the models' "Usage Plan" tables (amzn/selling-partner-api-models, e.g. listingsItems_2021-08-01.json,
 * and https://developer-docs.amazon.com/sp-api/docs/listings-items-api-rate-limits). Sellers can be
 * granted more: pass `limits`.
 */
export const amazonRateLimits = {
  getListingsItem: { rate: 5, burst: 10 },
  searchListingsItems: { rate: 5, burst: 5 },
  patchListingsItem: { rate: 5, burst: 5 },
  putListingsItem: { rate: 5, burst: 10 },
  createFeedDocument: { rate: 0.5, burst: 15 },
  createFeed: { rate: 0.0083, burst: 15 },
  /**
   * JSON_LISTINGS_FEED submissions: 5 per 5 minutes, on top of createFeed's own plan
   * (https://developer-docs.amazon.com/sp-api/changelog/update-feed-size-and-rate-limit-changes-for-the-json_listings_feed).
   */
  jsonListingsFeedSubmission: { rate: 5 / 300, burst: 5 },
  getFeed: { rate: 2, burst: 15 },
  getFeedDocument: { rate: 0.0222, burst: 10 },
  getOrders: { rate: 0.0167, burst: 20 },
  getOrderItems: { rate: 0.5, burst: 30 },
  /** Orders v0 confirmShipment's usage plan (ordersV0.json, the operation's description). */
  confirmShipment: { rate: 2, burst: 10 },
  createDestination: { rate: 1, burst: 5 },
  getDestinations: { rate: 1, burst: 5 },
  createSubscription: { rate: 1, burst: 5 },
  getSubscription: { rate: 1, burst: 5 },
  searchDefinitionsProductTypes: { rate: 5, burst: 10 },
  getDefinitionsProductType: { rate: 5, burst: 10 },
  /** Reports API 2021-06-30 usage plans (reports_2021-06-30.json, each operation's description). */
  createReport: { rate: 0.0167, burst: 15 },
  getReport: { rate: 2, burst: 15 },
  getReportDocument: { rate: 0.0167, burst: 15 },
  /** Tokens API 2021-03-01 usage plan (tokens_2021-03-01.json, createRestrictedDataToken's description). */
  createRestrictedDataToken: { rate: 1, burst: 10 },
  /** Product Pricing API 2022-05-01 getCompetitiveSummary (its description): 0.033 a second, a burst of 1. */
  getCompetitiveSummary: { rate: 0.033, burst: 1 },
  /** Finances API v0 listFinancialEventsByOrderId (financesV0.json, its description): 0.5 a second, a burst of 30. */
  listFinancialEventsByOrderId: { rate: 0.5, burst: 30 },
  /** FBA Inventory API v1 getInventorySummaries (fbaInventory.json, its description): 2 a second, a burst of 2. */
  getInventorySummaries: { rate: 2, burst: 2 },
} as const satisfies Record<string, RateLimit>;
export type AmazonOperation = keyof typeof amazonRateLimits;

/** Refresh the access token this long before Amazon says it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

export interface AmazonClientOptions {
  credentials: AmazonCredentials;
  endpoints: AmazonEndpoints;
  /** Shared per process, so every adapter of the same seller paces from the same buckets. */
  buckets?: TokenBuckets;
  limits?: Partial<Record<AmazonOperation, RateLimit>>;
  retry?: RetryPolicy;
  timeoutMs?: number;
  now?: () => number;
}

type Query = Record<string, string | number | string[] | undefined>;

/** A restricted operation's resource (tokens_2021-03-01 RestrictedResource): method, path (generic or one order's), PII asked for. */
export interface RestrictedResource {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  dataElements?: Array<'buyerInfo' | 'shippingAddress' | 'buyerTaxInformation'>;
}

/** getOrders' restricted resource: the buyers' names and shipping addresses of any order (generic path). */
export const ORDERS_PERSONAL_DATA: RestrictedResource = {
  method: 'GET',
  path: amazonPaths.orders,
  dataElements: ['buyerInfo', 'shippingAddress'],
};

/**
 * After Amazon refuses a Restricted Data Token (the application lacks the restricted roles), calls go
 * without one for this long, so a seller without them still gets orders (without personal data)
 * and the refusal is not asked for again on every read.
 */
export const RESTRICTED_DATA_RETRY_MS = 3600_000;

interface CachedToken {
  value: string;
  expiresAt: number;
}

export class AmazonClient {
  readonly buckets: TokenBuckets;
  private readonly now: () => number;
  private readonly tokens = new Map<string, CachedToken>();
  private readonly inFlight = new Map<string, Promise<CachedToken>>();
  /** Restricted Data Tokens by resource, each until a minute before it expires; and until when Amazon refuses them. */
  private readonly restrictedTokens = new Map<string, Promise<CachedToken>>();
  private restrictedRefusedUntil = 0;

  constructor(private readonly options: AmazonClientOptions) {
    this.buckets = options.buckets ?? new TokenBuckets();
    this.now = options.now ?? Date.now;
  }

  get sellerId(): string {
    return this.options.credentials.sellerId;
  }

  limitOf(operation: AmazonOperation): RateLimit {
    return this.options.limits?.[operation] ?? amazonRateLimits[operation];
  }

  bucketKey(operation: AmazonOperation): string {
    return `amazon:${this.options.credentials.sellerId}:${operation}`;
  }

  /** The busiest of this seller's limits over the last minute. */
  rateLimitUse(): RateLimitUse {
    return this.buckets.use(`amazon:${this.options.credentials.sellerId}:`);
  }

  /**
   * An LWA access token: the seller's (refresh_token grant), or a grantless one for `scope`
   * (client_credentials grant). Cached until a minute before expiry; concurrent callers share one request.
   */
  async accessToken(signal?: AbortSignal, scope?: string): Promise<string> {
    const key = scope ?? '';
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt - TOKEN_REFRESH_MARGIN_MS > this.now()) return cached.value;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.requestToken(scope, signal).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const token = await pending;
    this.tokens.set(key, token);
    return token.value;
  }

  /** Forgets cached tokens (after Amazon refused one). */
  dropTokens(): void {
    this.tokens.clear();
    this.restrictedTokens.clear();
  }

  /** Whether buyers' personal data can be asked for now (Amazon has not refused it within the hour). */
  get restrictedDataAvailable(): boolean {
    return this.restrictedRefusedUntil <= this.now();
  }

  /**
   * A Restricted Data Token for one resource (createRestrictedDataToken), shared while it lives; or
   * undefined when Amazon refuses the application the personal data (403), remembered for an hour.
   */
  async restrictedDataToken(resource: RestrictedResource, signal?: AbortSignal): Promise<string | undefined> {
    if (!this.restrictedDataAvailable) return undefined;
    const key = JSON.stringify(resource);
    const cached = this.restrictedTokens.get(key);
    if (cached) {
      const token = await cached.catch(() => undefined);
      if (token && token.expiresAt - TOKEN_REFRESH_MARGIN_MS > this.now()) return token.value;
      this.restrictedTokens.delete(key);
    }
    const pending = this.call<{ restrictedDataToken?: string; expiresIn?: number }>(
      'createRestrictedDataToken',
      'POST',
      amazonPaths.restrictedDataToken,
      { body: { restrictedResources: [resource] }, ...(signal ? { signal } : {}) },
    ).then(({ body }) => {
      if (typeof body?.restrictedDataToken !== 'string' || typeof body.expiresIn !== 'number')
        throw new MarketplaceError('unavailable', 'Amazon answered without a Restricted Data Token');
      return { value: body.restrictedDataToken, expiresAt: this.now() + body.expiresIn * 1000 };
    });
    this.restrictedTokens.set(key, pending);
    try {
      return (await pending).value;
    } catch (error) {
      this.restrictedTokens.delete(key);
      if (error instanceof MarketplaceError && error.details.status === 403) {
        this.restrictedRefusedUntil = this.now() + RESTRICTED_DATA_RETRY_MS;
        return undefined;
      }
      throw error;
    }
  }

  private async requestToken(scope: string | undefined, signal: AbortSignal | undefined): Promise<CachedToken> {
    const { clientId, clientSecret, refreshToken } = this.options.credentials;
    const form = new URLSearchParams(
      scope
        ? { grant_type: 'client_credentials', scope, client_id: clientId, client_secret: clientSecret }
        : {
            grant_type: 'refresh_token',
            refresh_token: refreshToken,
            client_id: clientId,
            client_secret: clientSecret,
          },
    );
    try {
      const response = await marketplaceFetch<LwaTokenResponse>({
        method: 'POST',
        url: `${this.options.endpoints.lwa}${amazonPaths.lwaToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: form.toString(),
        describeError: describeAmazonError,
        ...(this.options.retry ? { retry: this.options.retry } : {}),
        ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
        ...(signal ? { signal } : {}),
      });
      const body = response.body;
      if (!body || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
        throw new MarketplaceError('unavailable', 'Login with Amazon answered without an access token');
      }
      return { value: body.access_token, expiresAt: this.now() + body.expires_in * 1000 };
    } catch (error) {
      // LWA refuses bad client credentials or refresh tokens with 400/401 (invalid_grant, invalid_client).
      if (error instanceof MarketplaceError && error.kind === 'rejected') {
        throw new MarketplaceError(
          'auth',
          `Login with Amazon refused the credentials: ${error.message}`,
          error.details,
        );
      }
      throw error;
    }
  }

  /** One SP-API call, paced by the operation's bucket; retried once with a new token if Amazon refuses a cached one. */
  async call<T>(
    operation: AmazonOperation,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: {
      query?: Query;
      body?: unknown;
      signal?: AbortSignal;
      scope?: string;
      headers?: Record<string, string>;
      /** A restricted operation: called with a Restricted Data Token for this resource where Amazon grants one. */
      restricted?: RestrictedResource;
    } = {},
  ): Promise<MarketplaceResponse<T>> {
    const url = new URL(`${this.options.endpoints.spApi}${path}`);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value === undefined) continue;
      url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
    }
    for (let attempt = 0; ; attempt++) {
      const hadToken = this.tokens.has(options.scope ?? '');
      const restricted = options.restricted
        ? await this.restrictedDataToken(options.restricted, options.signal)
        : undefined;
      const token = restricted ?? (await this.accessToken(options.signal, options.scope));
      try {
        return await marketplaceFetch<T>({
          method,
          url: url.toString(),
          headers: {
            ...options.headers,
            'x-amz-access-token': token,
            'user-agent': 'MarketplaceHub/0.1 (Language=TypeScript)',
          },
          ...(options.body !== undefined ? { body: options.body } : {}),
          limit: { buckets: this.buckets, key: this.bucketKey(operation), rate: this.limitOf(operation) },
          describeError: describeAmazonError,
          ...(this.options.retry ? { retry: this.options.retry } : {}),
          ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        // An access token can be revoked or expire early; a fresh one settles whether the seller's grant still holds.
        if (error instanceof MarketplaceError && error.kind === 'auth' && (hadToken || restricted) && attempt === 0) {
          this.tokens.delete(options.scope ?? '');
          if (options.restricted) this.restrictedTokens.delete(JSON.stringify(options.restricted));
          continue;
        }
        throw error;
      }
    }
  }

  // ---- Listings Items API 2021-08-01 ----

  async getListingsItem(
    sku: string,
    marketplaceIds: string[],
    includedData: ListingsIncludedData[],
    signal?: AbortSignal,
  ): Promise<ListingsItem | undefined> {
    try {
      const response = await this.call<ListingsItem>(
        'getListingsItem',
        'GET',
        amazonPaths.listingsItem(this.sellerId, sku),
        {
          query: { marketplaceIds, includedData },
          ...(signal ? { signal } : {}),
        },
      );
      return response.body;
    } catch (error) {
      if (error instanceof MarketplaceError && error.details.status === 404) return undefined;
      throw error;
    }
  }

  async searchListingsItems(
    params: { marketplaceIds: string[]; includedData: ListingsIncludedData[]; pageSize?: number; pageToken?: string },
    signal?: AbortSignal,
  ): Promise<ListingsItemSearchResults> {
    const response = await this.call<ListingsItemSearchResults>(
      'searchListingsItems',
      'GET',
      amazonPaths.listingsItems(this.sellerId),
      {
        query: {
          marketplaceIds: params.marketplaceIds,
          includedData: params.includedData,
          pageSize: params.pageSize,
          pageToken: params.pageToken,
        },
        ...(signal ? { signal } : {}),
      },
    );
    return response.body;
  }

  async patchListingsItem(
    sku: string,
    marketplaceIds: string[],
    body: ListingsItemPatchRequest,
    signal?: AbortSignal,
  ): Promise<ListingsItemSubmissionResponse> {
    const response = await this.call<ListingsItemSubmissionResponse>(
      'patchListingsItem',
      'PATCH',
      amazonPaths.listingsItem(this.sellerId, sku),
      {
        query: { marketplaceIds },
        body,
        ...(signal ? { signal } : {}),
      },
    );
    return response.body;
  }

  /** `mode` VALIDATION_PREVIEW: Amazon checks the listing and answers VALID or INVALID without keeping it. */
  async putListingsItem(
    sku: string,
    marketplaceIds: string[],
    body: ListingsItemPutRequest,
    signal?: AbortSignal,
    mode?: 'VALIDATION_PREVIEW',
  ): Promise<ListingsItemSubmissionResponse> {
    const response = await this.call<ListingsItemSubmissionResponse>(
      'putListingsItem',
      'PUT',
      amazonPaths.listingsItem(this.sellerId, sku),
      {
        query: { marketplaceIds, mode },
        body,
        ...(signal ? { signal } : {}),
      },
    );
    return response.body;
  }

  // ---- Feeds API 2021-06-30 ----

  async createFeedDocument(contentType: string, signal?: AbortSignal): Promise<CreateFeedDocumentResponse> {
    const response = await this.call<CreateFeedDocumentResponse>(
      'createFeedDocument',
      'POST',
      amazonPaths.feedDocuments,
      { body: { contentType }, ...(signal ? { signal } : {}) },
    );
    return response.body;
  }

  /** Uploads the feed to the pre-signed URL createFeedDocument gave (S3: no SP-API token, same content type). */
  async uploadFeedDocument(url: string, contentType: string, content: string, signal?: AbortSignal): Promise<void> {
    await marketplaceFetch({
      method: 'PUT',
      url,
      headers: { 'content-type': contentType },
      body: content,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(signal ? { signal } : {}),
    });
  }

  async createFeed(specification: CreateFeedSpecification, signal?: AbortSignal): Promise<CreateFeedResponse> {
    if (specification.feedType === 'JSON_LISTINGS_FEED') {
      await this.buckets.take(
        this.bucketKey('jsonListingsFeedSubmission'),
        this.limitOf('jsonListingsFeedSubmission'),
        1,
        signal,
      );
    }
    const response = await this.call<CreateFeedResponse>('createFeed', 'POST', amazonPaths.feeds, {
      body: specification,
      ...(signal ? { signal } : {}),
    });
    return response.body;
  }

  async getFeed(feedId: string, signal?: AbortSignal): Promise<Feed> {
    const response = await this.call<Feed>('getFeed', 'GET', amazonPaths.feed(feedId), signal ? { signal } : {});
    return response.body;
  }

  async getFeedDocument(feedDocumentId: string, signal?: AbortSignal): Promise<FeedDocument> {
    const response = await this.call<FeedDocument>(
      'getFeedDocument',
      'GET',
      amazonPaths.feedDocument(feedDocumentId),
      signal ? { signal } : {},
    );
    return response.body;
  }

  /** Downloads a feed document (the processing report) from its pre-signed URL, unzipping when Amazon says GZIP. */
  async downloadFeedDocument(document: FeedDocument, signal?: AbortSignal): Promise<unknown> {
    if (document.compressionAlgorithm === 'GZIP') {
      const response = await fetch(document.url, {
        signal: signal ?? AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
      if (!response.ok)
        throw new MarketplaceError(
          response.status >= 500 ? 'unavailable' : 'rejected',
          `Feed document download failed (HTTP ${response.status})`,
          { status: response.status },
        );
      return JSON.parse(zlib.gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
    }
    const response = await marketplaceFetch<unknown>({
      method: 'GET',
      url: document.url,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(signal ? { signal } : {}),
    });
    return typeof response.body === 'string' ? JSON.parse(response.body) : response.body;
  }

  // ---- Orders API v0 ----

  async getOrders(
    params: { marketplaceIds: string[]; lastUpdatedAfter: string; nextToken?: string; maxResultsPerPage?: number },
    signal?: AbortSignal,
  ): Promise<GetOrdersResponse> {
    const response = await this.call<GetOrdersResponse>('getOrders', 'GET', amazonPaths.orders, {
      // The buyers' names and addresses, to ship to, come only with a Restricted Data Token.
      restricted: ORDERS_PERSONAL_DATA,
      query: {
        MarketplaceIds: params.marketplaceIds,
        LastUpdatedAfter: params.lastUpdatedAfter,
        MaxResultsPerPage: params.maxResultsPerPage,
        NextToken: params.nextToken,
      },
      ...(signal ? { signal } : {}),
    });
    return response.body;
  }

  async getOrderItems(
    orderId: string,
    nextToken: string | undefined,
    signal?: AbortSignal,
  ): Promise<GetOrderItemsResponse> {
    const response = await this.call<GetOrderItemsResponse>('getOrderItems', 'GET', amazonPaths.orderItems(orderId), {
      query: { NextToken: nextToken },
      ...(signal ? { signal } : {}),
    });
    return response.body;
  }

  // ---- Product Type Definitions API 2020-09-01 ----

  /** Product types whose definitions match the keywords (comma-delimited list), for these marketplaces. */
  async searchDefinitionsProductTypes(
    params: { keywords?: string[]; marketplaceIds: string[] },
    signal?: AbortSignal,
  ): Promise<ProductTypeList> {
    const response = await this.call<ProductTypeList>(
      'searchDefinitionsProductTypes',
      'GET',
      amazonPaths.productTypes,
      {
        query: {
          keywords: params.keywords?.length ? params.keywords : undefined,
          marketplaceIds: params.marketplaceIds,
        },
        ...(signal ? { signal } : {}),
      },
    );
    return response.body;
  }

  /** A product type's definition for a marketplace (requirements LISTING: product facts and the offer). */
  async getDefinitionsProductType(
    productType: string,
    marketplaceId: string,
    signal?: AbortSignal,
  ): Promise<ProductTypeDefinition> {
    const response = await this.call<ProductTypeDefinition>(
      'getDefinitionsProductType',
      'GET',
      amazonPaths.productType(productType),
      {
        query: { marketplaceIds: [marketplaceId], requirements: 'LISTING', locale: 'en_US' },
        ...(signal ? { signal } : {}),
      },
    );
    return response.body;
  }

  /** The JSON Schema document a definition links to (a pre-signed address: no token is sent). */
  async downloadProductTypeSchema(definition: ProductTypeDefinition, signal?: AbortSignal): Promise<ProductTypeSchema> {
    const response = await marketplaceFetch<unknown>({
      method: 'GET',
      url: definition.schema.link.resource,
      ...(this.options.retry ? { retry: this.options.retry } : {}),
      ...(signal ? { signal } : {}),
    });
    const body = typeof response.body === 'string' ? JSON.parse(response.body) : response.body;
    if (!body || typeof body !== 'object')
      throw new MarketplaceError('unavailable', `The schema of product type ${definition.productType} was not JSON`);
    return body as ProductTypeSchema;
  }

  // ---- Notifications API v1 (destinations are grantless: client_credentials with the notifications scope) ----

  async getDestinations(signal?: AbortSignal): Promise<NotificationDestination[]> {
    const response = await this.call<{ payload?: NotificationDestination[] }>(
      'getDestinations',
      'GET',
      amazonPaths.destinations,
      {
        scope: notificationsScope,
        ...(signal ? { signal } : {}),
      },
    );
    return response.body.payload ?? [];
  }

  /** `headers` carries sandbox-only extensions (never secrets in the body: request bodies are logged). */
  async createDestination(
    body: unknown,
    signal?: AbortSignal,
    headers?: Record<string, string>,
  ): Promise<NotificationDestination> {
    const response = await this.call<{ payload: NotificationDestination }>(
      'createDestination',
      'POST',
      amazonPaths.destinations,
      {
        body,
        ...(headers ? { headers } : {}),
        scope: notificationsScope,
        ...(signal ? { signal } : {}),
      },
    );
    return response.body.payload;
  }

  async createSubscription(
    notificationType: string,
    body: { payloadVersion: string; destinationId: string },
    signal?: AbortSignal,
  ): Promise<NotificationSubscription> {
    const response = await this.call<{ payload: NotificationSubscription }>(
      'createSubscription',
      'POST',
      amazonPaths.subscription(notificationType),
      {
        body,
        ...(signal ? { signal } : {}),
      },
    );
    return response.body.payload;
  }

  async getSubscription(notificationType: string, signal?: AbortSignal): Promise<NotificationSubscription | undefined> {
    try {
      const response = await this.call<{ payload?: NotificationSubscription }>(
        'getSubscription',
        'GET',
        amazonPaths.subscription(notificationType),
        signal ? { signal } : {},
      );
      return response.body.payload;
    } catch (error) {
      if (error instanceof MarketplaceError && error.details.status === 404) return undefined;
      throw error;
    }
  }
}
