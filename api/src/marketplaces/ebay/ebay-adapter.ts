/**
 * eBay behind the MarketplaceAdapter contract: the Inventory API for catalogue, listings and price/quantity
 * (bulk_update_price_quantity, up to 25 SKUs per call, 200 or 207 with per-item results: ebay-listings.ts),
 * the Fulfillment API for orders changed since a time, for shipments (shipments.ts) and refunds (refunds.ts), the Identity API
 * for who the seller is, and ORDER_CONFIRMATION notifications to our application's endpoint (webhooks.ts).
 */
import { ebayFinances } from './ebay-finances.ts';
import { ebayListingViolations } from './compliance.ts';
import { updateEbayTitle } from './ebay-title.ts';
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter, WriteCapabilities } from '../marketplace-adapter.ts';
import type { RetryPolicy } from '../shared/http-client.ts';
import type { TokenBuckets } from '../shared/token-bucket.ts';
import type {
  CatalogueItem,
  EbayListingOptions,
  ListingState,
  MarketplaceOrder,
  Page,
  SellerIdentity,
  UpdateOutcome,
} from '../types.ts';
import { EbayClient } from './ebay-client.ts';
import type { EbayApplication } from './consent.ts';
import {
  EbayListings,
  OFFER_CONCURRENCY,
  adjustEbayQuantity,
  chunk,
  ebayPublishing,
  mapLimited,
} from './ebay-listings.ts';
import { ebayRefundScope, ebaySellerScopes, type EbayEndpoints } from './endpoints.ts';
import { REFUND_SCOPE_MISSING, refundEbayOrder, type RefundSent } from './refunds.ts';
import { ebayShippingCarriers } from './carriers.ts';
import { confirmEbayShipment, toOrdersWithShipments } from './shipments.ts';
import { lastModifiedFilter, toCatalogueItem, toListingState } from './transform.ts';
import type {
  EbayBulkGetInventoryItemResponse,
  EbayInventoryItem,
  EbayInventoryItems,
  EbayOrderSearchPagedCollection,
  EbayUser,
} from './types.ts';
import { ebayTopics, subscribeEbaySellerToOrders } from './webhooks.ts';

export { EBAY_LOCATIONS_PAGE, EBAY_POLICY_MARKETPLACE } from './ebay-listings.ts';

/**
 * bulk_update_price_quantity and bulk_get_inventory_item take up to 25 (the BulkPriceQuantity schema
 * of sell_inventory_v1 and https://developer.ebay.com/api-docs/sell/static/inventory/bulk-updates.html;
 * the method text, https://developer.ebay.com/api-docs/sell/inventory/resources/inventory_item/methods/bulkUpdatePriceQuantity,
 * says 1 SKU: configurable).
 */
export const EBAY_MAX_SKUS_PER_CALL = 25;
/** getInventoryItems allows 200 per page; 100 keeps the offer look-ups per page moderate. */
export const EBAY_CATALOGUE_PAGE = 100;
/** getOrders allows up to 200 per page. */
export const EBAY_ORDERS_PAGE = 200;
/** getOrders' orderIds takes at most 50 ids. */
const EBAY_ORDER_IDS_PER_CALL = 50;

export interface EbayAdapterOptions {
  endpoints: EbayEndpoints;
  application: Pick<EbayApplication, 'clientId' | 'clientSecret'>;
  /** The seller's refresh token from exchangeEbayCode. */
  refreshToken: string;
  accessToken?: { token: string; expiresAt: Date };
  /** The scopes the seller consented to (ebaySellerScopes unless the app asked for others). */
  scopes?: readonly string[];
  onAccessToken?: (token: { token: string; expiresAt: Date }) => void;
  /** Names the seller in the rate-limit buckets (e.g. the channel connection id). */
  sellerKey: string;
  /** 25 by default; 1 if eBay enforces the method text's "one SKU per call". */
  maxSkusPerCall?: number;
  buckets?: TokenBuckets;
  retry?: RetryPolicy;
}

export interface EbayAdapter extends MarketplaceAdapter {
  readonly kind: 'ebay';
  listingOptions(signal?: AbortSignal): Promise<EbayListingOptions>;
  categoryRequirements: NonNullable<MarketplaceAdapter['categoryRequirements']>;
  /** The seller's client, for notification subscriptions (createEbaySubscription). */
  readonly client: EbayClient;
}

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** Who the seller is, their inventory a page at a time, and what eBay holds for some SKUs. */
function ebayReads(listings: EbayListings): Pick<EbayAdapter, 'verifyCredentials' | 'listCatalogue' | 'readListings'> {
  const { client } = listings;
  return {
    async verifyCredentials(signal): Promise<SellerIdentity> {
      const { body } = await client.request<EbayUser>('identity', {
        method: 'GET',
        url: '/user/',
        ...withSignal(signal),
      });
      if (!body.userId && !body.username) throw new MarketplaceError('auth', 'eBay did not say whose token this is');
      return { sellerId: body.userId ?? body.username!, displayName: body.username ?? body.userId! };
    },

    async listCatalogue(cursor, signal): Promise<Page<CatalogueItem>> {
      // The cursor is getInventoryItems' offset, which the definition describes as a page number.
      const page = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isInteger(page) || page < 0)
        throw new MarketplaceError('rejected', `Not an eBay catalogue cursor: ${cursor}`);
      const { body } = await client.request<EbayInventoryItems>('inventory', {
        method: 'GET',
        url: `/inventory_item?limit=${EBAY_CATALOGUE_PAGE}&offset=${page}`,
        ...withSignal(signal),
      });
      const items = body.inventoryItems ?? [];
      const offers = await mapLimited(items, OFFER_CONCURRENCY, (item) => listings.offerOf(item.sku, signal));
      return {
        items: items.map((item, i) => toCatalogueItem(item, offers[i]!.offer)),
        next: body.next ? String(page + 1) : undefined,
      };
    },

    async readListings(skus, signal): Promise<ListingState[]> {
      const items = new Map<string, EbayInventoryItem>();
      for (const part of chunk([...new Set(skus)], EBAY_MAX_SKUS_PER_CALL)) {
        // 200 when all were found, 207 when some were not: both carry one response per SKU.
        const { body } = await client.request<EbayBulkGetInventoryItemResponse>('inventory', {
          method: 'POST',
          url: '/bulk_get_inventory_item',
          body: { requests: part.map((sku) => ({ sku })) },
          ...withSignal(signal),
        });
        for (const r of body.responses ?? [])
          if (r.statusCode === 200 && r.inventoryItem && r.sku) items.set(r.sku, r.inventoryItem);
      }
      const offers = await mapLimited(skus, OFFER_CONCURRENCY, (sku) =>
        items.has(sku) ? listings.offerOf(sku, signal) : Promise.resolve({ offer: undefined }),
      );
      return skus.map((sku, i) => toListingState(sku, items.get(sku), offers[i]!.offer));
    },
  };
}

/** Orders changed since a time, and orders by id (getOrders with orderIds, up to 50 a call). */
function ebayOrders(client: EbayClient): Pick<EbayAdapter, 'ordersSince' | 'ordersById'> {
  const getOrders = async (query: URLSearchParams, signal?: AbortSignal) =>
    (
      await client.request<EbayOrderSearchPagedCollection>('fulfillment', {
        method: 'GET',
        url: `/order?${query}`,
        ...withSignal(signal),
      })
    ).body;
  return {
    async ordersSince(since, cursor, signal, known): Promise<Page<MarketplaceOrder>> {
      const offset = cursor === undefined ? 0 : Number(cursor);
      if (!Number.isInteger(offset) || offset < 0)
        throw new MarketplaceError('rejected', `Not an eBay orders cursor: ${cursor}`);
      // eBay refuses a start date in the future: a clock ahead of eBay's asks from now instead.
      const from = new Date(Math.min(since.getTime(), Date.now()));
      const query = new URLSearchParams({
        filter: lastModifiedFilter(from),
        limit: String(EBAY_ORDERS_PAGE),
        offset: String(offset),
      });
      const body = await getOrders(query, signal);
      const orders = (await toOrdersWithShipments(client, body.orders ?? [], signal, known)).sort((a, b) =>
        a.updatedAt.localeCompare(b.updatedAt),
      );
      return { items: orders, next: body.next ? String(offset + (body.orders?.length ?? 0)) : undefined };
    },

    /** Every other parameter is ignored when orderIds is given. */
    async ordersById(ids, signal): Promise<MarketplaceOrder[]> {
      const orders: MarketplaceOrder[] = [];
      for (let i = 0; i < ids.length; i += EBAY_ORDER_IDS_PER_CALL) {
        const query = new URLSearchParams({ orderIds: ids.slice(i, i + EBAY_ORDER_IDS_PER_CALL).join(',') });
        orders.push(...(await toOrdersWithShipments(client, (await getOrders(query, signal)).orders ?? [], signal)));
      }
      return orders;
    },
  };
}

/** The seller's ORDER_CONFIRMATION, delivered to our application's destination (registered on demand). */
const subscribeToEvents =
  (client: EbayClient): EbayAdapter['subscribeToEvents'] =>
  async (topics, destination, signal) => {
    if (topics.some((topic) => topic !== ebayTopics.orderConfirmation))
      throw new MarketplaceError('rejected', `Not an eBay topic the hub subscribes sellers to: ${topics.join(', ')}`);
    if (topics.length === 0) return;
    const destinationId = await destination.applicationDestination?.();
    if (!destinationId) return;
    await subscribeEbaySellerToOrders(client, destinationId, signal);
  };

export function createEbayAdapter(options: EbayAdapterOptions): EbayAdapter {
  const client = new EbayClient({
    endpoints: options.endpoints,
    application: options.application,
    // eBay's refresh request names the scopes (the consented ones, or fewer).
    grant: { refreshToken: options.refreshToken, scopes: options.scopes ?? ebaySellerScopes },
    sellerKey: options.sellerKey,
    ...(options.accessToken ? { accessToken: options.accessToken } : {}),
    ...(options.onAccessToken ? { onAccessToken: options.onAccessToken } : {}),
    ...(options.buckets ? { buckets: options.buckets } : {}),
    ...(options.retry ? { retry: options.retry } : {}),
  });
  const maxSkusPerCall = Math.min(
    EBAY_MAX_SKUS_PER_CALL,
    Math.max(1, options.maxSkusPerCall ?? EBAY_MAX_SKUS_PER_CALL),
  );
  const capabilities: WriteCapabilities = {
    maxSkusPerCall,
    supportsBulkSubmission: false,
    maxSkusPerSubmission: maxSkusPerCall,
    supportsIdempotentAdjustment: false,
  };
  const listings = new EbayListings(client);
  const grantsRefunds = (options.scopes ?? ebaySellerScopes).includes(ebayRefundScope);
  /** Refunds this process sent: what the order held before, and eBay's id once confirmed (refunds.ts). */
  const refundsSent = new Map<string, RefundSent>();
  return {
    kind: 'ebay',
    capabilities,
    client,
    rateLimitUse: () => client.rateLimitUse(),
    ...ebayReads(listings),
    async updateListings(updates, signal): Promise<UpdateOutcome[]> {
      const outcomes: UpdateOutcome[] = [];
      for (const part of chunk(updates, maxSkusPerCall))
        outcomes.push(...(await listings.sendPriceQuantity(part, signal)));
      return outcomes;
    },
    adjustQuantity: (sku, delta, _idempotencyKey, signal) => adjustEbayQuantity(listings, sku, delta, signal),
    updateTitle: (sku, title, signal) => updateEbayTitle(client, sku, title, signal),
    ...ebayPublishing(listings),
    ...ebayOrders(client),
    shippingCarriers: ebayShippingCarriers,
    confirmShipment: (shipment, signal) => confirmEbayShipment(client, shipment, signal),
    refundOrder: async (request, signal) =>
      grantsRefunds
        ? refundEbayOrder(client, refundsSent, request, signal)
        : { outcome: 'rejected', message: REFUND_SCOPE_MISSING },
    subscribeToEvents: subscribeToEvents(client),
    listingViolations: (signal) => ebayListingViolations(client, signal),
    // sell.finances is the refunds' scope too (endpoints.ts): a grant that refunds reads the finances.
    ...ebayFinances(client, grantsRefunds),
  };
}
