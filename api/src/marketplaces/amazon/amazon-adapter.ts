/**
 * Amazon as a MarketplaceAdapter: Listings Items API for reads and single updates, JSON_LISTINGS_FEED
 * for bulk, Orders v0 for orders, Notifications v1 (EventBridge) for pushes. Writes set absolute
 * values, so replaying one is harmless.
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter, WriteCapabilities } from '../marketplace-adapter.ts';
import type { RetryPolicy } from '../shared/http-client.ts';
import type { RateLimit, TokenBuckets } from '../shared/token-bucket.ts';
import type {
  CatalogueItem,
  CreateOutcome,
  ListingState,
  ListingUpdate,
  MarketplaceOption,
  MarketplaceOrder,
  Page,
  SellerIdentity,
  Submission,
  SubmissionStatus,
  UpdateOutcome,
} from '../types.ts';
import { AmazonClient, type AmazonCredentials, type AmazonOperation } from './amazon-client.ts';
import { defaultMarketplaceId, productionEndpoints, type AmazonEndpoints } from './endpoints.ts';
import {
  NO_PRODUCT_TYPE,
  activationPatches,
  feedInterimStatus,
  newListingPutRequest,
  productTypeKeywords,
  productTypeOf as chosenProductType,
  productTypeOptions,
  putSubmissionToCreateOutcome,
  listingsFeedDocument,
  listingsItemToCatalogueItem,
  listingsItemToState,
  listingUpdatePatches,
  notListedState,
  orderToMarketplaceOrder,
  processingReportToOutcomes,
  submissionToOutcome,
} from './transform.ts';
import {
  amazonNotificationTypes,
  type AmazonNotificationType,
  type AmazonOrderItem,
  type ListingsFeedProcessingReport,
  type ListingsIncludedData,
  type ListingsItem,
} from './types.ts';
import { mapConcurrent } from '../shared/concurrency.ts';

/** FACTS.md §1: one SKU per PATCH; a JSON_LISTINGS_FEED holds up to 25,000 messages; no idempotency keys. */
export const amazonCapabilities: WriteCapabilities = {
  maxSkusPerCall: 1,
  supportsBulkSubmission: true,
  maxSkusPerSubmission: 25_000,
  supportsIdempotentAdjustment: false,
};

/** searchListingsItems allows at most 20 per page. */
export const CATALOGUE_PAGE_SIZE = 20;
/** getOrders allows at most 100 per page. */
export const ORDERS_PAGE_SIZE = 100;
/** The content type of a JSON_LISTINGS_FEED document. */
export const JSON_FEED_CONTENT_TYPE = 'application/json; charset=UTF-8';
/**
 * The product type sent with the push's offer-only PATCH messages (quantity, price) when the
 * listing's own type is not known in this process yet ([U]: Amazon documents PRODUCT for offer-only
 * data; the listing's real type is used once a read or a creation has shown it). Not a choice of the
 * seller: a new listing is created under the product type the seller chose, and a status change
 * reads the listing's own type first.
 */
export const FALLBACK_PRODUCT_TYPE = 'PRODUCT';

const LISTING_DATA: ListingsIncludedData[] = ['summaries', 'attributes', 'issues', 'offers', 'fulfillmentAvailability'];

export interface AmazonAdapterOptions {
  credentials: AmazonCredentials;
  /** Production by default; sandboxEndpoints(baseUrl) for a sandbox. */
  endpoints?: AmazonEndpoints;
  marketplaceId?: string;
  /** Share one set of buckets per process so all work for a seller paces together. */
  buckets?: TokenBuckets;
  /** Raised usage plans, where Amazon granted the seller more than the published defaults. */
  limits?: Partial<Record<AmazonOperation, RateLimit>>;
  retry?: RetryPolicy;
  timeoutMs?: number;
  /** Concurrent calls for per-SKU work (the buckets pace them either way). */
  concurrency?: number;
  /** getOrders page size, 1 to 100 (default 100). */
  ordersPageSize?: number;
}

export interface NotificationSetup {
  /** The AWS account and region whose EventBridge receives the partner events. */
  accountId: string;
  region: string;
  destinationName?: string;
  notificationTypes?: readonly AmazonNotificationType[];
  /**
   * Sandbox only: where the sandbox's stand-in for the EventBridge API destination posts, and the
   * API key its connection adds (sent in a header, so it is never logged). Leave out in production,
   * where the rule, API destination and connection are configured in the AWS account.
   */
  sandboxApiDestination?: { url: string; apiKey: string };
}

export interface AmazonAdapter extends MarketplaceAdapter {
  readonly client: AmazonClient;
  submitBulk(updates: ListingUpdate[], signal?: AbortSignal): Promise<Submission>;
  submissionStatus(submission: Submission, signal?: AbortSignal): Promise<SubmissionStatus>;
  searchProductTypes(keywords: string, signal?: AbortSignal): Promise<MarketplaceOption[]>;
  /** Finds or creates the EventBridge destination, then subscribes it to each notification type (idempotent). */
  subscribeNotifications(
    setup: NotificationSetup,
    signal?: AbortSignal,
  ): Promise<{ destinationId: string; subscriptions: Record<string, string> }>;
}

export function createAmazonAdapter(options: AmazonAdapterOptions): AmazonAdapter {
  const marketplaceId = options.marketplaceId ?? defaultMarketplaceId;
  const client = new AmazonClient({
    credentials: options.credentials,
    endpoints: options.endpoints ?? productionEndpoints('na'),
    ...(options.buckets ? { buckets: options.buckets } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const concurrency = options.concurrency ?? 10;
  const sellerId = options.credentials.sellerId;
  /** Product types seen in reads, so PATCH messages carry the listing's own type. */
  const productTypes = new Map<string, string>();

  const remember = (item: ListingsItem) => {
    const summary = item.summaries?.find((s) => s.marketplaceId === marketplaceId) ?? item.summaries?.[0];
    if (summary?.productType) productTypes.set(item.sku, summary.productType);
  };
  const productTypeOf = (sku: string) => productTypes.get(sku) ?? FALLBACK_PRODUCT_TYPE;
  /** The listing's own product type, read from Amazon when this process has not seen it (a status change, not the push's hot path). */
  const ownProductType = async (sku: string, signal?: AbortSignal) => {
    if (!productTypes.has(sku)) {
      const item = await client.getListingsItem(sku, [marketplaceId], ['summaries'], signal);
      if (item) remember(item);
    }
    return productTypeOf(sku);
  };

  const updateOne = async (update: ListingUpdate, signal?: AbortSignal): Promise<UpdateOutcome> => {
    const patches = listingUpdatePatches(update, marketplaceId);
    if (patches.length === 0) return { sku: update.sku, outcome: 'confirmed' };
    try {
      const response = await client.patchListingsItem(
        update.sku,
        [marketplaceId],
        { productType: productTypeOf(update.sku), patches },
        signal,
      );
      return submissionToOutcome({ ...response, sku: response.sku ?? update.sku });
    } catch (error) {
      if (!(error instanceof MarketplaceError) || error.kind === 'auth') throw error;
      if (error.kind === 'rejected')
        return {
          sku: update.sku,
          outcome: 'rejected',
          message: error.message,
          ...(error.details.code ? { code: error.details.code } : {}),
        };
      // A lost answer, a 5xx after retries, or still throttled: the change may or may not be there; a read settles it.
      return { sku: update.sku, outcome: 'unknown', message: error.message };
    }
  };

  /** A failed call as one SKU's outcome: Amazon's refusal with its words, anything else unknown (a read settles it); auth stops the batch. */
  const failure = (
    sku: string,
    error: unknown,
  ):
    | { sku: string; outcome: 'rejected'; message: string; code?: string }
    | { sku: string; outcome: 'unknown'; message: string } => {
    if (!(error instanceof MarketplaceError) || error.kind === 'auth') throw error;
    if (error.kind === 'rejected')
      return {
        sku,
        outcome: 'rejected',
        message: error.message,
        ...(error.details.code ? { code: error.details.code } : {}),
      };
    return { sku, outcome: 'unknown', message: error.message };
  };

  return {
    kind: 'amazon',
    rateLimitUse: () => client.rateLimitUse(),
    capabilities: amazonCapabilities,
    client,

    async verifyCredentials(signal) {
      // The token proves the refresh token and app credentials; a one-item search proves the grant covers this seller id.
      await client.accessToken(signal);
      await client.searchListingsItems(
        { marketplaceIds: [marketplaceId], includedData: ['summaries'], pageSize: 1 },
        signal,
      );
      const identity: SellerIdentity = { sellerId, displayName: `Amazon seller ${sellerId}` };
      return identity;
    },

    async listCatalogue(cursor, signal): Promise<Page<CatalogueItem>> {
      const page = await client.searchListingsItems(
        {
          marketplaceIds: [marketplaceId],
          includedData: LISTING_DATA,
          pageSize: CATALOGUE_PAGE_SIZE,
          ...(cursor ? { pageToken: cursor } : {}),
        },
        signal,
      );
      page.items.forEach(remember);
      return {
        items: page.items.map((item) => listingsItemToCatalogueItem(item, marketplaceId)),
        next: page.pagination?.nextToken || undefined,
      };
    },

    async readListings(skus, signal): Promise<ListingState[]> {
      return mapConcurrent(skus, concurrency, async (sku) => {
        const item = await client.getListingsItem(sku, [marketplaceId], LISTING_DATA, signal);
        if (!item) return notListedState(sku);
        remember(item);
        return listingsItemToState(item, marketplaceId);
      });
    },

    async updateListings(updates, signal) {
      return mapConcurrent(updates, concurrency, (update) => updateOne(update, signal));
    },

    async createListings(items, signal): Promise<CreateOutcome[]> {
      // putListingsItem is a full replacement per SKU: creating again replaces with the same values.
      return mapConcurrent(items, concurrency, async (item) => {
        const productType = chosenProductType(item);
        if (!productType) return { sku: item.sku, outcome: 'rejected', message: NO_PRODUCT_TYPE };
        const body = newListingPutRequest(item, productType, marketplaceId);
        try {
          const response = await client.putListingsItem(item.sku, [marketplaceId], body, signal);
          if (response.status !== 'INVALID') productTypes.set(item.sku, body.productType);
          return putSubmissionToCreateOutcome({ ...response, sku: response.sku ?? item.sku });
        } catch (error) {
          return failure(item.sku, error);
        }
      });
    },

    async setListingActive(change, signal) {
      const patches = activationPatches(change.active, change.listing?.price, marketplaceId);
      if (patches.length === 0)
        return {
          sku: change.sku,
          outcome: 'rejected',
          message: 'Amazon needs the price to put the offer back on sale',
        };
      try {
        const response = await client.patchListingsItem(
          change.sku,
          [marketplaceId],
          { productType: await ownProductType(change.sku, signal), patches },
          signal,
        );
        return submissionToOutcome({ ...response, sku: response.sku ?? change.sku });
      } catch (error) {
        return failure(change.sku, error);
      }
    },

    async searchProductTypes(keywords, signal) {
      const words = productTypeKeywords(keywords);
      const list = await client.searchDefinitionsProductTypes(
        { marketplaceIds: [marketplaceId], ...(words.length ? { keywords: words } : {}) },
        signal,
      );
      return productTypeOptions(list, marketplaceId);
    },

    async submitBulk(updates, signal) {
      if (updates.length === 0) throw new MarketplaceError('rejected', 'A feed needs at least one update');
      if (updates.length > amazonCapabilities.maxSkusPerSubmission) {
        throw new MarketplaceError(
          'rejected',
          `A JSON_LISTINGS_FEED holds at most ${amazonCapabilities.maxSkusPerSubmission} messages`,
        );
      }
      const feed = listingsFeedDocument(
        sellerId,
        updates.map((update) => ({ update, productType: productTypeOf(update.sku) })),
        marketplaceId,
      );
      const document = await client.createFeedDocument(JSON_FEED_CONTENT_TYPE, signal);
      await client.uploadFeedDocument(document.url, JSON_FEED_CONTENT_TYPE, JSON.stringify(feed), signal);
      const created = await client.createFeed(
        {
          feedType: 'JSON_LISTINGS_FEED',
          marketplaceIds: [marketplaceId],
          inputFeedDocumentId: document.feedDocumentId,
        },
        signal,
      );
      return { submissionId: created.feedId, skus: updates.map((u) => u.sku) };
    },

    async submissionStatus(submission, signal) {
      const feed = await client.getFeed(submission.submissionId, signal);
      const interim = feedInterimStatus(feed);
      if (interim?.state === 'failed' && feed.resultFeedDocumentId) {
        // A FATAL feed still has a processing report: give Amazon's own reason.
        const document = await client.getFeedDocument(feed.resultFeedDocumentId, signal);
        const report = (await client.downloadFeedDocument(
          document,
          signal,
        )) as Partial<ListingsFeedProcessingReport> | null;
        const reasons = (report?.issues ?? [])
          .filter((issue) => issue.severity === 'ERROR')
          .map((issue) => issue.message);
        return reasons.length > 0 ? { state: 'failed', message: `${interim.message}: ${reasons.join('; ')}` } : interim;
      }
      if (interim) return interim;
      if (!feed.resultFeedDocumentId)
        return { state: 'failed', message: `Feed ${feed.feedId} is DONE without a processing report` };
      const document = await client.getFeedDocument(feed.resultFeedDocumentId, signal);
      const report = (await client.downloadFeedDocument(document, signal)) as ListingsFeedProcessingReport;
      if (!report || !Array.isArray(report.issues))
        return { state: 'failed', message: `Feed ${feed.feedId}: the processing report is not a listings feed report` };
      return { state: 'done', results: processingReportToOutcomes(report, submission.skus) };
    },

    async ordersSince(since, cursor, signal, known): Promise<Page<MarketplaceOrder>> {
      const page = await client.getOrders(
        {
          marketplaceIds: [marketplaceId],
          lastUpdatedAfter: since.toISOString(),
          maxResultsPerPage: options.ordersPageSize ?? ORDERS_PAGE_SIZE,
          ...(cursor ? { nextToken: cursor } : {}),
        },
        signal,
      );
      // Each order's items are one more call (0.5 a second): an order unchanged since it was recorded is left out.
      const orders = (page.payload?.Orders ?? []).filter(
        (o) => !((known?.get(o.AmazonOrderId) ?? -Infinity) >= Date.parse(o.LastUpdateDate)),
      );
      const withItems = await mapConcurrent(orders, concurrency, async (order) => {
        const items: AmazonOrderItem[] = [];
        let nextToken: string | undefined;
        do {
          const answer = await client.getOrderItems(order.AmazonOrderId, nextToken, signal);
          items.push(...(answer.payload?.OrderItems ?? []));
          nextToken = answer.payload?.NextToken || undefined;
        } while (nextToken);
        return orderToMarketplaceOrder(order, items);
      });
      withItems.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
      return { items: withItems, next: page.payload?.NextToken || undefined };
    },

    async subscribeNotifications(setup, signal) {
      const types = setup.notificationTypes ?? amazonNotificationTypes;
      const existing = (await client.getDestinations(signal)).find(
        (d) => d.resource.eventBridge?.accountId === setup.accountId && d.resource.eventBridge.region === setup.region,
      );
      const destination =
        existing ??
        (await client.createDestination(
          {
            name: setup.destinationName ?? 'marketplace-hub',
            resourceSpecification: {
              eventBridge: {
                accountId: setup.accountId,
                region: setup.region,
                ...(setup.sandboxApiDestination
                  ? { 'x-sandbox-api-destination-url': setup.sandboxApiDestination.url }
                  : {}),
              },
            },
          },
          signal,
          setup.sandboxApiDestination
            ? { 'x-sandbox-api-destination-key': setup.sandboxApiDestination.apiKey }
            : undefined,
        ));
      const subscriptions: Record<string, string> = {};
      for (const type of types) {
        const current = await client.getSubscription(type, signal);
        if (current && current.destinationId === destination.destinationId) {
          subscriptions[type] = current.subscriptionId;
          continue;
        }
        const created = await client.createSubscription(
          type,
          { payloadVersion: '1.0', destinationId: destination.destinationId },
          signal,
        );
        subscriptions[type] = created.subscriptionId;
      }
      return { destinationId: destination.destinationId, subscriptions };
    },
  };
}
