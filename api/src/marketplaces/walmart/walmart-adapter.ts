/**
 * Walmart Marketplace behind the MarketplaceAdapter contract: the Items and Inventory APIs for reads,
 * single PUTs of inventory and price for immediate updates, inventory and price feeds for bulk, the
 * MP_ITEM feed for item setup, the Orders API (acknowledging and shipping in shipments.ts; cancelling and
 * refunding lines, and the Returns API, in order-actions.ts), PO_CREATED webhooks (webhooks.ts), and orders' fees
 * from the reconciliation report (walmart-recon.ts).
 */
import { walmartSpecRequirements, type WalmartItemSpec } from './spec-transform.ts';
import { MarketplaceError } from '../errors.ts';
import { walmartMarketplaceStock } from './walmart-wfs.ts';
import { walmartReconFees } from './walmart-recon.ts';
import type { MarketplaceAdapter, WriteCapabilities } from '../marketplace-adapter.ts';
import type {
  CatalogueItem,
  CreateOutcome,
  ListingState,
  ListingUpdate,
  MarketplaceOrder,
  NewListing,
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
  listingFromWalmart,
  orderFromWalmart,
  priceBody,
  priceFeed,
  stockFromWalmartInventories,
  submissionId,
  submissionStatusFromFeeds,
  walmartAmount,
} from './transform.ts';
import type {
  WalmartFeedId,
  WalmartFeedStatus,
  WalmartInventory,
  WalmartInventoriesPage,
  WalmartItemsPage,
  WalmartOrdersPage,
  WalmartPriceResponse,
  WalmartRetireResponse,
  WalmartTokenDetail,
} from './types.ts';
import { walmartShippingCarriers } from './carriers.ts';
import { itemFeedOutcomes, mpItemFeed } from './item-feed-transform.ts';
import { cancelWalmartOrder, refundWalmartOrder, walmartReturnsSince, type CancellationSent } from './order-actions.ts';
import { acknowledgeWalmartOrder, confirmWalmartShipment } from './shipments.ts';
import { WalmartClient, type WalmartClientOptions } from './walmart-client.ts';
import { WALMART_ORDER_EVENTS, subscribeWalmartOrderWebhook, type WalmartOrderEvent } from './webhooks.ts';

/**
 * Single PUTs take one SKU (inventory.json, price.json); inventory and price feeds carry ~10,000 rows
 * well under their 5 MB / 10 MB caps (https://developer.walmart.com/us-marketplace/lang-zh/docs/throttling).
 */
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
  categoryRequirements: NonNullable<MarketplaceAdapter['categoryRequirements']>;
  /**
   * Subscribes `eventUrl` to PO_CREATED, signed with HMAC (header `headerName`, keyed with `secret`,
   * by default the seller's Client Secret, as Walmart's Notifications API describes authDetails).
   * Verify deliveries with verifyWalmartWebhook.
   */
  subscribeOrderWebhook(
    eventUrl: string,
    options?: { secret?: string; headerName?: string },
    signal?: AbortSignal,
  ): Promise<{ subscriptionId: string }>;
}

const notFound = (error: unknown) => error instanceof MarketplaceError && error.details.status === 404;

/**
 * An item's write failed: the marketplace's own words when it refused, 'unknown' when the answer was lost; anything
 * else stops the batch.
 */
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

/** One SKU as Walmart holds it: the item, and its inventory (either may be missing). */
async function readOne(client: WalmartClient, sku: string, signal?: AbortSignal): Promise<ListingState> {
  const api = client.endpoints;
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

/** The most SKUs GET /v3/inventories answers in a page ("Cannot be more than 50", inventory.json). */
const INVENTORIES_PAGE_SIZE = 50;

/** Who the seller is, their catalogue a page at a time, and what Walmart holds for some SKUs. */
function walmartReads(
  client: WalmartClient,
): Pick<WalmartAdapter, 'verifyCredentials' | 'listCatalogue' | 'readListings' | 'listStock'> {
  const api = client.endpoints;
  return {
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
      for (const sku of skus) listings.push(await readOne(client, sku, signal));
      return listings;
    },

    async listStock(cursor, signal) {
      const response = await client.call<WalmartInventoriesPage>(
        'inventoryRead',
        { method: 'GET', url: api.inventories({ limit: INVENTORIES_PAGE_SIZE, nextCursor: cursor }) },
        signal,
      );
      const items = stockFromWalmartInventories(response.body);
      const next = response.body.meta?.nextCursor;
      return { items, next: items.length > 0 && next ? next : undefined };
    },
  };
}

/** One SKU's quantity and price by Walmart's single PUTs. */
async function updateOne(client: WalmartClient, update: ListingUpdate, signal?: AbortSignal): Promise<UpdateOutcome> {
  const invalid = invalidUpdate(update);
  if (invalid) return { sku: update.sku, outcome: 'rejected', message: invalid };
  const api = client.endpoints;
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

/** Immediate updates, one SKU a call, and an adjustment as a read then a set. */
function walmartUpdates(client: WalmartClient): Pick<WalmartAdapter, 'updateListings' | 'adjustQuantity'> {
  return {
    async updateListings(updates, signal) {
      const outcomes: UpdateOutcome[] = [];
      // One SKU per call (Walmart's single PUTs), paced by the buckets; a refusal stays with its SKU.
      for (const update of updates) outcomes.push(await updateOne(client, update, signal));
      return outcomes;
    },

    async adjustQuantity(sku, delta, _idempotencyKey, signal) {
      // Walmart has no relative update or idempotency key: read, then set the absolute value.
      try {
        const current = (
          await client.call<WalmartInventory>(
            'inventoryRead',
            { method: 'GET', url: client.endpoints.inventory(sku) },
            signal,
          )
        ).body.quantity.amount;
        return await updateOne(client, { sku, quantity: Math.max(0, current + delta) }, signal);
      } catch (error) {
        return outcomeOfFailure(sku, error);
      }
    },
  };
}

/** A feed's status, with every item's ingestion status when some item did not succeed. */
async function feedStatus(client: WalmartClient, feedId: string, signal?: AbortSignal): Promise<WalmartFeedStatus> {
  const page = async (offset: number) =>
    (
      await client.call<WalmartFeedStatus>(
        'feedStatus',
        { method: 'GET', url: client.endpoints.feedStatus(feedId, offset, FEED_DETAILS_PAGE) },
        signal,
      )
    ).body;
  const first = await page(0);
  // Item statuses are paged 50 at a time (5 calls a second): read them only when some item did not succeed.
  if (first.feedStatus !== 'PROCESSED' || allItemsSucceeded(first)) return first;
  const details = [...(first.itemDetails?.itemIngestionStatus ?? [])];
  const total = first.itemsReceived ?? details.length;
  for (let offset = details.length; offset < total;) {
    const entries = (await page(offset)).itemDetails?.itemIngestionStatus ?? [];
    if (entries.length === 0) break;
    details.push(...entries);
    offset += entries.length;
  }
  return { ...first, itemDetails: { itemIngestionStatus: details } };
}

/** Bulk updates: an inventory feed and a price feed, one submission; their per-item results later. */
function walmartFeeds(client: WalmartClient): Pick<Required<WalmartAdapter>, 'submitBulk' | 'submissionStatus'> {
  const api = client.endpoints;
  return {
    async submitBulk(updates, signal): Promise<Submission> {
      // Every row goes to Walmart as is: it rejects bad rows (unknown SKU, negative amount) one by one in the feed
      // status.
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
      for (const feed of feeds) statuses.push(await feedStatus(client, feed.feedId, signal));
      return submissionStatusFromFeeds(submission.skus, statuses);
    },
  };
}

/**
 * Item setup is a feed (MP_ITEM, processMode REPLACE: the same SKU again replaces the item); each item's result is
 * in the feed status.
 */
async function createItems(client: WalmartClient, items: NewListing[], signal?: AbortSignal): Promise<CreateOutcome[]> {
  if (items.length === 0) return [];
  try {
    const { feedId } = (
      await client.uploadFeed<WalmartFeedId>('itemFeed', client.endpoints.feeds('MP_ITEM'), mpItemFeed(items), signal)
    ).body;
    return itemFeedOutcomes(items, feedId);
  } catch (error) {
    return items.map((item) => outcomeOfFailure(item.sku, error) as CreateOutcome);
  }
}

/** The version of the item spec asked for: the one the item feed is written in (item-feed-transform.ts). */
export const WALMART_ITEM_SPEC_VERSION = '4.8';

/** New items, and items put on sale (the item feed again) or taken off (retired). */
function walmartPublishing(
  client: WalmartClient,
): Pick<WalmartAdapter, 'createListings' | 'setListingActive' | 'categoryRequirements'> {
  return {
    createListings: (items, signal) => createItems(client, items, signal),

    /** Get Spec (POST /v3/items/spec): the MP_ITEM schema of the product type, its required attributes. */
    async categoryRequirements(productType, signal) {
      const { body } = await client.call<WalmartItemSpec>(
        'itemSpec',
        {
          method: 'POST',
          url: client.endpoints.itemSpec(),
          body: { feedType: 'MP_ITEM', version: WALMART_ITEM_SPEC_VERSION, productTypes: [productType] },
        },
        signal,
      );
      return walmartSpecRequirements(productType, body);
    },

    async setListingActive(change, signal): Promise<UpdateOutcome> {
      if (change.active) {
        // A retired item comes back only through item setup again (the MP_ITEM feed).
        if (!change.listing)
          return {
            sku: change.sku,
            outcome: 'rejected',
            message: 'Walmart puts a retired item back on sale only through its item feed: the product data is needed',
          };
        const [outcome] = await createItems(client, [change.listing], signal);
        // The feed's per-item result tells later whether Walmart took the item back (submissionStatus).
        if (outcome!.outcome === 'accepted')
          return { sku: change.sku, outcome: 'accepted', submissionId: outcome!.submissionId, checkBy: 'submission' };
        if (outcome!.outcome === 'created') return { sku: change.sku, outcome: 'confirmed' };
        return outcome!;
      }
      try {
        await client.call<WalmartRetireResponse>(
          'itemRetire',
          { method: 'DELETE', url: client.endpoints.retire(change.sku) },
          signal,
        );
        return { sku: change.sku, outcome: 'confirmed' };
      } catch (error) {
        return outcomeOfFailure(change.sku, error);
      }
    },
  };
}

/** The cursor of the second read, of the orders Walmart fulfils (WFS), and of its pages after the first. */
const WFS_ORDERS_CURSOR = 'wfs:';

/**
 * Orders changed since a time, a page at a time, oldest first within each read. Walmart answers one kind of
 * fulfilment a read (orders.json shipNodeType, SellerFulfilled by default): the seller's orders are read, then
 * those Walmart fulfils from its own stock (WFSFulfilled), which take none of the seller's units but are the
 * seller's sales; the cursor tells which read a page is of. A seller Walmart refuses the second read (not in WFS)
 * has none.
 */
async function ordersSince(
  client: WalmartClient,
  since: Date,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<Page<MarketplaceOrder>> {
  const api = client.endpoints;
  const wfs = cursor?.startsWith(WFS_ORDERS_CURSOR) ?? false;
  const walmartCursor = wfs ? cursor!.slice(WFS_ORDERS_CURSOR.length) : cursor;
  const url = walmartCursor
    ? api.ordersNext(walmartCursor)
    : api.orders({
        lastModifiedStartDate: since.toISOString(),
        limit: ORDERS_PAGE_SIZE,
        ...(wfs ? { shipNodeType: 'WFSFulfilled' as const } : {}),
      });
  let body: WalmartOrdersPage;
  try {
    body = (await client.call<WalmartOrdersPage>('ordersRead', { method: 'GET', url }, signal)).body;
  } catch (error) {
    if (wfs && !walmartCursor && error instanceof MarketplaceError && !error.retryable)
      return { items: [], next: undefined };
    throw error;
  }
  const orders = (body.list?.elements?.order ?? [])
    .map(orderFromWalmart)
    .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  const more = orders.length > 0 && body.list?.meta?.nextCursor ? body.list.meta.nextCursor : undefined;
  return {
    items: orders,
    next: more ? (wfs ? `${WFS_ORDERS_CURSOR}${more}` : more) : wfs ? undefined : WFS_ORDERS_CURSOR,
  };
}

/** Order events (PO_CREATED, PO_LINE_AUTOCANCELLED), signed with the seller's client secret unless another is given. */
function walmartSubscriptions(
  client: WalmartClient,
  clientSecret: string,
): Pick<WalmartAdapter, 'subscribeOrderWebhook' | 'subscribeToEvents'> {
  const subscribeOrderWebhook: WalmartAdapter['subscribeOrderWebhook'] = (eventUrl, options = {}, signal) =>
    subscribeWalmartOrderWebhook(
      client,
      {
        eventUrl,
        secret: options.secret ?? clientSecret,
        ...(options.headerName ? { headerName: options.headerName } : {}),
      },
      signal,
    );
  return {
    subscribeOrderWebhook,
    async subscribeToEvents(topics, destination, signal) {
      const unknown = topics.find((t) => !(WALMART_ORDER_EVENTS as readonly string[]).includes(t));
      if (unknown) throw new MarketplaceError('rejected', `Not a Walmart event the hub takes: ${unknown}`);
      if (topics.length === 0) return;
      // One request names every event (notifications.json: createSubscription takes a list).
      await subscribeWalmartOrderWebhook(
        client,
        { eventUrl: destination.callbackUrl, secret: clientSecret, eventTypes: topics as WalmartOrderEvent[] },
        signal,
      );
    },
  };
}

export function createWalmartAdapter(options: WalmartAdapterOptions): WalmartAdapter {
  const client = new WalmartClient(options);
  // Kept with the adapter (one per channel, outliving a job) so a cancellation sent again is recognised.
  const cancellationsSent = new Map<string, CancellationSent>();
  return {
    kind: 'walmart',
    capabilities: walmartCapabilities,
    client,
    rateLimitUse: () => client.rateLimitUse(),
    ...walmartReads(client),
    ...walmartUpdates(client),
    ...walmartFeeds(client),
    ...walmartPublishing(client),
    ordersSince: (since, cursor, signal) => ordersSince(client, since, cursor, signal),
    shippingCarriers: walmartShippingCarriers,
    confirmShipment: (shipment, signal) => confirmWalmartShipment(client, shipment, signal),
    acknowledgeOrder: (purchaseOrderId, signal) => acknowledgeWalmartOrder(client, purchaseOrderId, signal),
    cancelOrder: (request, signal) => cancelWalmartOrder(client, cancellationsSent, request, signal),
    refundOrder: (request, signal) => refundWalmartOrder(client, request, signal),
    returnsSince: (since, cursor, signal) => walmartReturnsSince(client, since, cursor, signal),
    ...walmartSubscriptions(client, options.credentials.clientSecret),
    ...walmartMarketplaceStock(client),
    // Kept with the adapter too: the reports it read serve every order they settle.
    ...walmartReconFees(client, options.now),
  };
}
