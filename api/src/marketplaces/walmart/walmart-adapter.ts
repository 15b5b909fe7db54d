import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter, WriteCapabilities } from '../marketplace-adapter.ts';
import type {
  CatalogueItem,
  CreateOutcome,
  NewListing,
  ListingState,
  ListingUpdate,
  MarketplaceOrder,
  Page,
  SellerIdentity,
  Submission,
  SubmissionStatus,
  UpdateOutcome,
} from '../types.ts';
import {
  allItemsSucceeded,
  catalogueItemFromWalmart,
  feedsOfSubmission,
  inventoryBody,
  inventoryFeed,
  invalidUpdate,
  itemFeedOutcomes,
  listingFromWalmart,
  mpItemFeed,
  orderFromWalmart,
  priceBody,
  priceFeed,
  submissionId,
  submissionStatusFromFeeds,
  walmartAmount,
} from './transform.ts';
import type {
  WalmartFeedId,
  WalmartFeedStatus,
  WalmartInventory,
  WalmartItemsPage,
  WalmartOrdersPage,
  WalmartPriceResponse,
  WalmartRetireResponse,
  WalmartSubscriptionRequest,
  WalmartSubscriptionResponse,
  WalmartTokenDetail,
} from './types.ts';
import { WalmartClient, type WalmartClientOptions } from './walmart-client.ts';
import { WALMART_WEBHOOK_HEADER } from './walmart-webhook.ts';

/** From FACTS.md: single PUTs take one SKU; inventory and price feeds carry ~10,000 rows well under their 5 MB / 10 MB caps. */
export const walmartCapabilities: WriteCapabilities = {
  maxSkusPerCall: 1,
  supportsBulkSubmission: true,
  maxSkusPerSubmission: 10_000,
  supportsIdempotentAdjustment: false,
};

/** Items per GET /v3/items page (Walmart pages by nextCursor; 200 is the documented page size ceiling). */
export const CATALOGUE_PAGE_SIZE = 50;
/** Feed item details come at most 50 per call (feeds.json). */
const FEED_DETAILS_PAGE = 50;
/** Orders per page (orders.json: cannot be larger than 200). */
export const ORDERS_PAGE_SIZE = 100;

export type WalmartAdapterOptions = WalmartClientOptions;

export interface WalmartAdapter extends MarketplaceAdapter {
  readonly client: WalmartClient;
  /**
   * Subscribes `eventUrl` to PO_CREATED, signed with HMAC (header `headerName`, keyed with `secret`,
   * by default the seller's Client Secret as FACTS.md describes). Verify deliveries with verifyWalmartWebhook.
   */
  subscribeOrderWebhook(
    eventUrl: string,
    options?: { secret?: string; headerName?: string },
    signal?: AbortSignal,
  ): Promise<{ subscriptionId: string }>;
}

const notFound = (error: unknown) => error instanceof MarketplaceError && error.details.status === 404;

/** An item's write failed: the marketplace's own words when it refused, 'unknown' when the answer was lost; anything else stops the batch. */
function outcomeOfFailure(sku: string, error: unknown): UpdateOutcome {
  if (error instanceof MarketplaceError && error.kind === 'rejected')
    return {
      sku,
      outcome: 'rejected',
      message: error.message,
      ...(error.details.code ? { code: error.details.code } : {}),
    };
  if (error instanceof MarketplaceError && error.kind === 'outcome_unknown')
    return { sku, outcome: 'unknown', message: error.message };
  throw error;
}

export function createWalmartAdapter(options: WalmartAdapterOptions): WalmartAdapter {
  const client = new WalmartClient(options);
  const api = client.endpoints;

  async function readOne(sku: string, signal?: AbortSignal): Promise<ListingState> {
    let item: WalmartItemsPage['ItemResponse'][number] | undefined;
    try {
      const response = await client.call<WalmartItemsPage>('itemsRead', { method: 'GET', url: api.item(sku) }, signal);
      item = response.body.ItemResponse?.find((i) => i.sku === sku) ?? response.body.ItemResponse?.[0];
    } catch (error) {
      if (!notFound(error)) throw error;
    }
    if (!item) return listingFromWalmart(sku, undefined, undefined);
    let inventory: WalmartInventory | undefined;
    try {
      inventory = (
        await client.call<WalmartInventory>('inventoryRead', { method: 'GET', url: api.inventory(sku) }, signal)
      ).body;
    } catch (error) {
      if (!notFound(error)) throw error;
    }
    return listingFromWalmart(sku, item, inventory);
  }

  async function updateOne(update: ListingUpdate, signal?: AbortSignal): Promise<UpdateOutcome> {
    const invalid = invalidUpdate(update);
    if (invalid) return { sku: update.sku, outcome: 'rejected', message: invalid };
    try {
      if (update.quantity !== undefined) {
        await client.call(
          'inventoryUpdate',
          { method: 'PUT', url: api.inventory(update.sku), body: inventoryBody(update.sku, update.quantity) },
          signal,
        );
      }
      if (update.price) {
        await client.call<WalmartPriceResponse>(
          'priceUpdate',
          {
            method: 'PUT',
            url: api.price(),
            body: priceBody(update.sku, walmartAmount(update.price)!, update.price.currency),
          },
          signal,
        );
      }
      return { sku: update.sku, outcome: 'confirmed' };
    } catch (error) {
      return outcomeOfFailure(update.sku, error);
    }
  }

  async function feedStatus(feedId: string, signal?: AbortSignal): Promise<WalmartFeedStatus> {
    const first = (
      await client.call<WalmartFeedStatus>(
        'feedStatus',
        { method: 'GET', url: api.feedStatus(feedId, 0, FEED_DETAILS_PAGE) },
        signal,
      )
    ).body;
    // Item statuses are paged 50 at a time (5 calls a second): read them only when some item did not succeed.
    if (first.feedStatus !== 'PROCESSED' || allItemsSucceeded(first)) return first;
    const details = [...(first.itemDetails?.itemIngestionStatus ?? [])];
    const total = first.itemsReceived ?? details.length;
    for (let offset = details.length; offset < total;) {
      const page = (
        await client.call<WalmartFeedStatus>(
          'feedStatus',
          { method: 'GET', url: api.feedStatus(feedId, offset, FEED_DETAILS_PAGE) },
          signal,
        )
      ).body;
      const entries = page.itemDetails?.itemIngestionStatus ?? [];
      if (entries.length === 0) break;
      details.push(...entries);
      offset += entries.length;
    }
    return { ...first, itemDetails: { itemIngestionStatus: details } };
  }

  async function createItems(items: NewListing[], signal?: AbortSignal): Promise<CreateOutcome[]> {
    if (items.length === 0) return [];
    // Item setup is a feed (MP_ITEM, processMode REPLACE: the same SKU again replaces the item); each item's result is in the feed status.
    try {
      const { feedId } = (
        await client.uploadFeed<WalmartFeedId>('itemFeed', api.feeds('MP_ITEM'), mpItemFeed(items), signal)
      ).body;
      return itemFeedOutcomes(items, feedId);
    } catch (error) {
      return items.map((item) => outcomeOfFailure(item.sku, error) as CreateOutcome);
    }
  }

  return {
    kind: 'walmart',
    rateLimitUse: () => client.rateLimitUse(),
    capabilities: walmartCapabilities,
    client,

    async verifyCredentials(signal): Promise<SellerIdentity> {
      await client.accessToken(signal);
      const detail = (await client.call<WalmartTokenDetail>('token', { method: 'GET', url: api.tokenDetail() }, signal))
        .body;
      if (detail.is_valid === false)
        throw new MarketplaceError('auth', 'Walmart reports the access token as not valid');
      // Walmart's seller APIs in the definitions name no seller; the Client ID identifies the account.
      return { sellerId: client.clientId, displayName: `Walmart seller (Client ID …${client.clientId.slice(-6)})` };
    },

    async listCatalogue(cursor, signal): Promise<Page<CatalogueItem>> {
      const response = await client.call<WalmartItemsPage>(
        'itemsRead',
        { method: 'GET', url: api.items({ nextCursor: cursor ?? '*', limit: CATALOGUE_PAGE_SIZE }) },
        signal,
      );
      const items = response.body.ItemResponse ?? [];
      return {
        items: items.map(catalogueItemFromWalmart),
        next: items.length > 0 && response.body.nextCursor ? response.body.nextCursor : undefined,
      };
    },

    async readListings(skus, signal) {
      const listings: ListingState[] = [];
      for (const sku of skus) listings.push(await readOne(sku, signal));
      return listings;
    },

    async updateListings(updates, signal) {
      const outcomes: UpdateOutcome[] = [];
      // One SKU per call (Walmart's single PUTs), paced by the buckets; a refusal stays with its SKU.
      for (const update of updates) outcomes.push(await updateOne(update, signal));
      return outcomes;
    },

    createListings: createItems,

    async setListingActive(change, signal): Promise<UpdateOutcome> {
      if (change.active) {
        // A retired item comes back only through item setup again (the MP_ITEM feed).
        if (!change.listing)
          return {
            sku: change.sku,
            outcome: 'rejected',
            message: 'Walmart puts a retired item back on sale only through its item feed: the product data is needed',
          };
        const [outcome] = await createItems([change.listing], signal);
        // The feed's per-item result tells later whether Walmart took the item back (submissionStatus).
        if (outcome!.outcome === 'accepted')
          return { sku: change.sku, outcome: 'accepted', submissionId: outcome!.submissionId, checkBy: 'submission' };
        if (outcome!.outcome === 'created') return { sku: change.sku, outcome: 'confirmed' };
        return outcome!;
      }
      try {
        await client.call<WalmartRetireResponse>(
          'itemRetire',
          { method: 'DELETE', url: api.retire(change.sku) },
          signal,
        );
        return { sku: change.sku, outcome: 'confirmed' };
      } catch (error) {
        return outcomeOfFailure(change.sku, error);
      }
    },

    async submitBulk(updates, signal): Promise<Submission> {
      // Every row goes to Walmart as is: it rejects bad rows (unknown SKU, negative amount) one by one in the feed status.
      if (updates.length === 0) throw new MarketplaceError('rejected', 'A Walmart feed needs at least one update');
      const feeds: { inventory?: string; price?: string } = {};
      const quantities = inventoryFeed(updates);
      if (quantities.Inventory.length > 0)
        feeds.inventory = (
          await client.uploadFeed<WalmartFeedId>('inventoryFeed', api.feeds('inventory'), quantities, signal)
        ).body.feedId;
      const prices = priceFeed(updates);
      if (prices.Price.length > 0)
        feeds.price = (
          await client.uploadFeed<WalmartFeedId>('priceFeed', api.feeds('price'), prices, signal)
        ).body.feedId;
      if (!feeds.inventory && !feeds.price)
        throw new MarketplaceError('rejected', 'The updates change neither quantity nor price');
      return { submissionId: submissionId(feeds), skus: [...new Set(updates.map((u) => u.sku))] };
    },

    async submissionStatus(submission, signal): Promise<SubmissionStatus> {
      const feeds = feedsOfSubmission(submission.submissionId);
      if (feeds.length === 0)
        throw new MarketplaceError('rejected', `Not a Walmart submission id: ${submission.submissionId}`);
      const statuses: WalmartFeedStatus[] = [];
      for (const feed of feeds) statuses.push(await feedStatus(feed.feedId, signal));
      return submissionStatusFromFeeds(submission.skus, statuses);
    },

    async adjustQuantity(sku, delta, _idempotencyKey, signal) {
      // Walmart has no relative update or idempotency key: read, then set the absolute value.
      try {
        const current = (
          await client.call<WalmartInventory>('inventoryRead', { method: 'GET', url: api.inventory(sku) }, signal)
        ).body.quantity.amount;
        return await updateOne({ sku, quantity: Math.max(0, current + delta) }, signal);
      } catch (error) {
        return outcomeOfFailure(sku, error);
      }
    },

    async ordersSince(since, cursor, signal): Promise<Page<MarketplaceOrder>> {
      const url = cursor
        ? api.ordersNext(cursor)
        : api.orders({ lastModifiedStartDate: since.toISOString(), limit: ORDERS_PAGE_SIZE });
      const body = (await client.call<WalmartOrdersPage>('ordersRead', { method: 'GET', url }, signal)).body;
      const orders = (body.list?.elements?.order ?? [])
        .map(orderFromWalmart)
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
      return {
        items: orders,
        next: orders.length > 0 && body.list?.meta?.nextCursor ? body.list.meta.nextCursor : undefined,
      };
    },

    async subscribeOrderWebhook(eventUrl, subscribeOptions = {}, signal) {
      const request: WalmartSubscriptionRequest = {
        events: [
          {
            eventType: 'PO_CREATED',
            eventVersion: 'V1',
            resourceName: 'ORDER',
            eventUrl,
            status: 'ACTIVE',
            authDetails: {
              authMethod: 'HMAC',
              clientSecret: subscribeOptions.secret ?? options.credentials.clientSecret,
              authHeaderName: subscribeOptions.headerName ?? WALMART_WEBHOOK_HEADER,
            },
            headers: { 'content-type': 'application/json' },
          },
        ],
      };
      const body = (
        await client.call<WalmartSubscriptionResponse>(
          'webhooks',
          { method: 'POST', url: api.subscriptions(), body: request },
          signal,
        )
      ).body;
      const created = (body.events ?? body.event ?? []).find((e) => e.eventType === 'PO_CREATED');
      if (!created?.subscriptionId)
        throw new MarketplaceError('unavailable', 'Walmart did not answer a subscription id for PO_CREATED');
      return { subscriptionId: created.subscriptionId };
    },
  };
}
