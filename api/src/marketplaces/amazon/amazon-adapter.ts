/**
 * Amazon behind the MarketplaceAdapter contract: Listings Items API for reads and single updates,
 * JSON_LISTINGS_FEED for bulk, Orders v0 for orders and shipment confirmations (shipments.ts),
 * Notifications v1 (EventBridge) for pushes (webhooks.ts), the Reports API for buyers' returns (amazon-returns.ts).
 * Writes set absolute values, so replaying one is harmless.
 */
import { productTypeRequirements } from './requirements-transform.ts';
import { titlePatch } from './title-transform.ts';
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
import { MAX_FEED_MESSAGES, amazonFeeds } from './amazon-feeds.ts';
import { DEFAULT_REPORT_WAIT_MS, amazonReturns } from './amazon-returns.ts';
import { amazonCompetition } from './amazon-pricing.ts';
import { amazonMarketplaceStock } from './amazon-fba.ts';
import { amazonFinances } from './amazon-finances.ts';
import { defaultMarketplaceId, productionEndpoints, type AmazonEndpoints } from './endpoints.ts';
import {
  NO_PRODUCT_TYPE,
  activationPatches,
  newListingPutRequest,
  productTypeKeywords,
  productTypeOf as chosenProductType,
  productTypeOptions,
  putSubmissionToCreateOutcome,
  listingsItemToCatalogueItem,
  listingsItemToState,
  listingUpdatePatches,
  notListedState,
  submissionToOutcome,
} from './transform.ts';
import { orderToMarketplaceOrder } from './order-transform.ts';
import { amazonShippingCarriers, confirmAmazonShipment } from './shipments.ts';
import type { AmazonOrderItem, ListingsIncludedData, ListingsItem } from './types.ts';
import { mapConcurrent } from '../shared/concurrency.ts';
import {
  SANDBOX_EVENTBRIDGE,
  isAmazonNotificationType,
  subscribeAmazonNotifications,
  type NotificationSetup,
} from './webhooks.ts';

export type { NotificationSetup };

/**
 * One SKU per PATCH (listingsItems_2021-08-01.json); a JSON_LISTINGS_FEED holds up to 25,000 messages
 * (amazon-feeds.ts); the models declare no idempotency keys.
 */
export const amazonCapabilities: WriteCapabilities = {
  maxSkusPerCall: 1,
  supportsBulkSubmission: true,
  maxSkusPerSubmission: MAX_FEED_MESSAGES,
  supportsIdempotentAdjustment: false,
};

/** searchListingsItems allows at most 20 per page. */
export const CATALOGUE_PAGE_SIZE = 20;
/** getOrders allows at most 100 per page. */
export const ORDERS_PAGE_SIZE = 100;
/**
 * The product type sent with the push's offer-only PATCH messages (quantity, price) when the
 * listing's own type is not known in this process yet (unverified: Amazon documents PRODUCT for
 * offer-only data; the listing's real type is used once a read or a creation has shown it). Not a
 * choice of the seller: a new listing is created under the product type the seller chose, and a
 * status change reads the listing's own type first.
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
  /** How long returnsSince waits for Amazon to process its returns report (default a minute). */
  reportWaitMs?: number;
}

export interface AmazonAdapter extends MarketplaceAdapter {
  readonly client: AmazonClient;
  submitBulk(updates: ListingUpdate[], signal?: AbortSignal): Promise<Submission>;
  submissionStatus(submission: Submission, signal?: AbortSignal): Promise<SubmissionStatus>;
  searchProductTypes(keywords: string, signal?: AbortSignal): Promise<MarketplaceOption[]>;
  categoryRequirements: NonNullable<MarketplaceAdapter['categoryRequirements']>;
  returnsSince: NonNullable<MarketplaceAdapter['returnsSince']>;
  competition: NonNullable<MarketplaceAdapter['competition']>;
  previewListings: NonNullable<MarketplaceAdapter['previewListings']>;
  /** Finds or creates the EventBridge destination, then subscribes it to each notification type (idempotent). */
  subscribeNotifications(
    setup: NotificationSetup,
    signal?: AbortSignal,
  ): Promise<{ destinationId: string; subscriptions: Record<string, string> }>;
}

/** Product types seen in reads, so PATCH messages carry the listing's own type. */
class ProductTypes {
  private readonly bySku = new Map<string, string>();

  constructor(private readonly marketplaceId: string) {}

  remember(item: ListingsItem): void {
    const summary = item.summaries?.find((s) => s.marketplaceId === this.marketplaceId) ?? item.summaries?.[0];
    if (summary?.productType) this.bySku.set(item.sku, summary.productType);
  }

  set(sku: string, productType: string): void {
    this.bySku.set(sku, productType);
  }

  has(sku: string): boolean {
    return this.bySku.has(sku);
  }

  of(sku: string): string {
    return this.bySku.get(sku) ?? FALLBACK_PRODUCT_TYPE;
  }
}

/** What the adapter's parts share: the client, the seller and marketplace, and the product types seen. */
interface AmazonParts {
  client: AmazonClient;
  sellerId: string;
  marketplaceId: string;
  concurrency: number;
  ordersPageSize: number;
  productTypes: ProductTypes;
}

/**
 * A failed call as one SKU's outcome: Amazon's refusal with its words, anything else unknown (a read settles it);
 * auth stops the batch.
 */
function failure(
  sku: string,
  error: unknown,
):
  | { sku: string; outcome: 'rejected'; message: string; code?: string }
  | { sku: string; outcome: 'unknown'; message: string } {
  if (!(error instanceof MarketplaceError) || error.kind === 'auth') throw error;
  if (error.kind === 'rejected')
    return {
      sku,
      outcome: 'rejected',
      message: error.message,
      ...(error.details.code ? { code: error.details.code } : {}),
    };
  // A lost answer, a 5xx after retries, or still throttled: the change may or may not be there; a read settles it.
  return { sku, outcome: 'unknown', message: error.message };
}

/**
 * Who the seller is, their listings a page at a time, what Amazon holds for some SKUs, and product types to choose
 * from.
 */
function amazonReads(
  parts: AmazonParts,
): Pick<
  AmazonAdapter,
  'verifyCredentials' | 'listCatalogue' | 'readListings' | 'searchProductTypes' | 'categoryRequirements'
> {
  const { client, marketplaceId, productTypes } = parts;
  return {
    async verifyCredentials(signal) {
      // The token proves the refresh token and app credentials; a one-item search proves the grant covers this
      // seller id.
      await client.accessToken(signal);
      await client.searchListingsItems(
        { marketplaceIds: [marketplaceId], includedData: ['summaries'], pageSize: 1 },
        signal,
      );
      const identity: SellerIdentity = { sellerId: parts.sellerId, displayName: `Amazon seller ${parts.sellerId}` };
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
      page.items.forEach((item) => productTypes.remember(item));
      return {
        items: page.items.map((item) => listingsItemToCatalogueItem(item, marketplaceId)),
        next: page.pagination?.nextToken || undefined,
      };
    },

    async readListings(skus, signal): Promise<ListingState[]> {
      return mapConcurrent(skus, parts.concurrency, async (sku) => {
        const item = await client.getListingsItem(sku, [marketplaceId], LISTING_DATA, signal);
        if (!item) return notListedState(sku);
        productTypes.remember(item);
        return listingsItemToState(item, marketplaceId);
      });
    },

    async searchProductTypes(keywords, signal) {
      const words = productTypeKeywords(keywords);
      const list = await client.searchDefinitionsProductTypes(
        { marketplaceIds: [marketplaceId], ...(words.length ? { keywords: words } : {}) },
        signal,
      );
      return productTypeOptions(list, marketplaceId);
    },

    async categoryRequirements(productType, signal) {
      const definition = await client.getDefinitionsProductType(productType, marketplaceId, signal);
      return productTypeRequirements(definition, await client.downloadProductTypeSchema(definition, signal));
    },
  };
}

/** Immediate updates: one PATCH per SKU, several under way at once. */
function amazonUpdates(parts: AmazonParts): Pick<AmazonAdapter, 'updateListings' | 'updateTitle'> {
  const { client, marketplaceId, productTypes } = parts;
  const updateOne = async (update: ListingUpdate, signal?: AbortSignal): Promise<UpdateOutcome> => {
    const patches = listingUpdatePatches(update, marketplaceId);
    if (patches.length === 0) return { sku: update.sku, outcome: 'confirmed' };
    try {
      const response = await client.patchListingsItem(
        update.sku,
        [marketplaceId],
        { productType: productTypes.of(update.sku), patches },
        signal,
      );
      return submissionToOutcome({ ...response, sku: response.sku ?? update.sku });
    } catch (error) {
      return failure(update.sku, error);
    }
  };
  /** The title as the item_name attribute (patchListingsItem), under the listing's own product type. */
  const updateTitle = async (sku: string, title: string, signal?: AbortSignal): Promise<UpdateOutcome> => {
    try {
      if (!productTypes.has(sku)) {
        const item = await client.getListingsItem(sku, [marketplaceId], ['summaries'], signal);
        if (item) productTypes.remember(item);
      }
      const response = await client.patchListingsItem(
        sku,
        [marketplaceId],
        { productType: productTypes.of(sku), patches: [titlePatch(title, marketplaceId)] },
        signal,
      );
      return submissionToOutcome({ ...response, sku: response.sku ?? sku });
    } catch (error) {
      return failure(sku, error);
    }
  };
  return {
    updateListings: (updates, signal) =>
      mapConcurrent(updates, parts.concurrency, (update) => updateOne(update, signal)),
    updateTitle,
  };
}

/** New listings (a full PUT per SKU), and offers put on sale or taken off. */
function amazonPublishing(
  parts: AmazonParts,
): Pick<AmazonAdapter, 'createListings' | 'setListingActive' | 'previewListings'> {
  const { client, marketplaceId, productTypes } = parts;
  /**
   * The listing's own product type, read from Amazon when this process has not seen it (a status change, not the
   * push's hot path).
   */
  const ownProductType = async (sku: string, signal?: AbortSignal) => {
    if (!productTypes.has(sku)) {
      const item = await client.getListingsItem(sku, [marketplaceId], ['summaries'], signal);
      if (item) productTypes.remember(item);
    }
    return productTypes.of(sku);
  };
  return {
    async createListings(items, signal): Promise<CreateOutcome[]> {
      // putListingsItem is a full replacement per SKU: creating again replaces with the same values.
      return mapConcurrent(items, parts.concurrency, async (item) => {
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

    async previewListings(items, signal) {
      const answers = await mapConcurrent(items, parts.concurrency, async (item) => {
        const productType = chosenProductType(item);
        // No product type: the local check says so already.
        if (!productType) return undefined;
        try {
          const response = await client.putListingsItem(
            item.sku,
            [marketplaceId],
            newListingPutRequest(item, productType, marketplaceId),
            signal,
            'VALIDATION_PREVIEW',
          );
          const outcome = submissionToOutcome({ ...response, sku: response.sku ?? item.sku });
          return outcome.outcome === 'rejected' ? { sku: item.sku, problems: outcome.message.split('; ') } : undefined;
        } catch (error) {
          if (error instanceof MarketplaceError && error.kind === 'auth') throw error;
          return undefined;
        }
      });
      return answers.filter((a): a is { sku: string; problems: string[] } => a !== undefined);
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
  };
}

/** Orders changed since a time, oldest first, each with its items (an order unchanged since recorded left out). */
async function ordersSince(
  parts: AmazonParts,
  since: Date,
  cursor: string | undefined,
  signal?: AbortSignal,
  known?: ReadonlyMap<string, number>,
): Promise<Page<MarketplaceOrder>> {
  const { client } = parts;
  const page = await client.getOrders(
    {
      marketplaceIds: [parts.marketplaceId],
      lastUpdatedAfter: since.toISOString(),
      maxResultsPerPage: parts.ordersPageSize,
      ...(cursor ? { nextToken: cursor } : {}),
    },
    signal,
  );
  // Each order's items are one more call (0.5 a second): an order unchanged since it was recorded is left out.
  const orders = (page.payload?.Orders ?? []).filter(
    (o) => !((known?.get(o.AmazonOrderId) ?? -Infinity) >= Date.parse(o.LastUpdateDate)),
  );
  const withItems = await mapConcurrent(orders, parts.concurrency, async (order) => {
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
}

/**
 * Notification subscriptions. Live Amazon delivers through an EventBridge rule and API destination
 * configured in the seller's AWS account, so only the sandbox is subscribed through the API.
 */
function amazonSubscriptions({
  client,
}: AmazonParts): Pick<AmazonAdapter, 'subscribeNotifications' | 'subscribeToEvents'> {
  return {
    subscribeNotifications: (setup, signal) => subscribeAmazonNotifications(client, setup, signal),
    async subscribeToEvents(topics, destination, signal) {
      if (destination.environment !== 'sandbox') return;
      const notificationTypes = topics.filter(isAmazonNotificationType);
      if (notificationTypes.length !== topics.length)
        throw new MarketplaceError('rejected', `Not an Amazon notification type: ${topics.join(', ')}`);
      await subscribeAmazonNotifications(
        client,
        {
          ...SANDBOX_EVENTBRIDGE,
          notificationTypes,
          sandboxApiDestination: { url: destination.callbackUrl, apiKey: destination.deliveryKey },
        },
        signal,
      );
    },
  };
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
  const parts: AmazonParts = {
    client,
    sellerId: options.credentials.sellerId,
    marketplaceId,
    concurrency: options.concurrency ?? 10,
    ordersPageSize: options.ordersPageSize ?? ORDERS_PAGE_SIZE,
    productTypes: new ProductTypes(marketplaceId),
  };
  return {
    kind: 'amazon',
    capabilities: amazonCapabilities,
    client,
    rateLimitUse: () => client.rateLimitUse(),
    ...amazonReads(parts),
    ...amazonUpdates(parts),
    ...amazonFeeds(parts),
    ...amazonPublishing(parts),
    ordersSince: (since, cursor, signal, known) => ordersSince(parts, since, cursor, signal, known),
    shippingCarriers: amazonShippingCarriers,
    confirmShipment: (shipment, signal) => confirmAmazonShipment(client, marketplaceId, shipment, signal),
    ...amazonReturns({ client, marketplaceId, reportWaitMs: options.reportWaitMs ?? DEFAULT_REPORT_WAIT_MS }),
    ...amazonSubscriptions(parts),
    ...amazonCompetition(parts),
    ...amazonMarketplaceStock(parts),
    ...amazonFinances(client),
  };
}
