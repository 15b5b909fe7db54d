/**
 * eBay as a MarketplaceAdapter: the Inventory API for catalogue, listings and price/quantity
 * (bulk_update_price_quantity, up to 25 SKUs per call, 200 or 207 with per-item results), the
 * Fulfillment API for orders changed since a time, the Identity API for who the seller is.
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter, WriteCapabilities } from '../marketplace-adapter.ts';
import type { RetryPolicy } from '../shared/http-client.ts';
import type { TokenBuckets } from '../shared/token-bucket.ts';
import type {
  CatalogueItem,
  CreateOutcome,
  EbayListingOptions,
  NewListing,
  ListingState,
  ListingUpdate,
  MarketplaceOrder,
  Page,
  SellerIdentity,
  UpdateOutcome,
} from '../types.ts';
import { EbayClient } from './ebay-client.ts';
import type { EbayApplication } from './ebay-oauth.ts';
import { ebaySellerScopes, type EbayEndpoints } from './endpoints.ts';
import {
  handlingTerms,
  lastModifiedFilter,
  locationOptions,
  newInventoryItem,
  newOffer,
  outcomesFromPriceQuantity,
  policyOptions,
  returnTerms,
  toCatalogueItem,
  toListingState,
  toMarketplaceOrder,
  toPriceQuantity,
} from './transform.ts';
import type {
  EbayBulkGetInventoryItemResponse,
  EbayBulkPriceQuantityResponse,
  EbayFulfillmentPolicyResponse,
  EbayInventoryItem,
  EbayInventoryLocation,
  EbayLocationResponse,
  EbayPaymentPolicyResponse,
  EbayReturnPolicyResponse,
  EbayInventoryItems,
  EbayOffer,
  EbayOfferResponse,
  EbayOffers,
  EbayPublishResponse,
  EbayOrderSearchPagedCollection,
  EbayUser,
} from './types.ts';

/** bulk_update_price_quantity and bulk_get_inventory_item take up to 25 (FACTS.md 2; the method text says 1 SKU: configurable). */
export const EBAY_MAX_SKUS_PER_CALL = 25;
/** getInventoryItems allows 200 per page; 100 keeps the offer look-ups per page moderate. */
export const EBAY_CATALOGUE_PAGE = 100;
/** getInventoryLocations answers up to 100 per page by default. */
export const EBAY_LOCATIONS_PAGE = 100;
/** The marketplace whose business policies new offers use (the hub lists on eBay US). */
export const EBAY_POLICY_MARKETPLACE = 'EBAY_US';
/** getOrders allows up to 200 per page. */
export const EBAY_ORDERS_PAGE = 200;
/** getOrders' orderIds takes at most 50 ids. */
const EBAY_ORDER_IDS_PER_CALL = 50;
/** Offer look-ups (one per SKU) run this many at a time. */
const OFFER_CONCURRENCY = 4;

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
  /** The seller's client, for notification subscriptions (createEbaySubscription). */
  readonly client: EbayClient;
}

async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

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
  /** Offer ids by SKU: a price change needs the offer; they rarely change, so they are remembered. */
  const offerIds = new Map<string, string>();

  /** The SKU's offer, or eBay's reason there is none (404 "This Offer is not available."). */
  async function offerOf(
    sku: string,
    signal?: AbortSignal,
  ): Promise<{ offer: EbayOffer | undefined; problem?: string }> {
    try {
      const { body } = await client.request<EbayOffers>('inventory', {
        method: 'GET',
        url: `/offer?sku=${encodeURIComponent(sku)}`,
        ...(signal ? { signal } : {}),
      });
      // A SKU can have one offer per marketplace and format; the hub syncs the EBAY_US fixed-price one.
      const offers = body.offers ?? [];
      const offer = offers.find((o) => o.marketplaceId === 'EBAY_US' && o.format === 'FIXED_PRICE') ?? offers[0];
      if (offer?.offerId) offerIds.set(sku, offer.offerId);
      return { offer };
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'rejected' && error.details.status === 404)
        return { offer: undefined, problem: error.message };
      throw error;
    }
  }

  async function sendPriceQuantity(updates: ListingUpdate[], signal?: AbortSignal): Promise<UpdateOutcome[]> {
    const outcomes = new Map<string, UpdateOutcome>();
    const needOffer = updates.filter((u) => u.price !== undefined && !offerIds.has(u.sku));
    await mapLimited(needOffer, OFFER_CONCURRENCY, async (u) => {
      const { offer, problem } = await offerOf(u.sku, signal);
      if (!offer?.offerId)
        outcomes.set(u.sku, {
          sku: u.sku,
          outcome: 'rejected',
          message: problem ?? 'eBay has no offer (listing) for this SKU, so its price cannot be set',
        });
    });
    const sendable = updates.filter((u) => !outcomes.has(u.sku) && (u.price !== undefined || u.quantity !== undefined));
    for (const u of updates)
      if (!outcomes.has(u.sku) && !sendable.includes(u)) outcomes.set(u.sku, { sku: u.sku, outcome: 'confirmed' });
    if (sendable.length) {
      try {
        const { body } = await client.request<EbayBulkPriceQuantityResponse>('inventory', {
          method: 'POST',
          url: '/bulk_update_price_quantity',
          body: { requests: sendable.map((u) => toPriceQuantity(u, offerIds.get(u.sku))) },
          ...(signal ? { signal } : {}),
        });
        for (const outcome of outcomesFromPriceQuantity(
          sendable.map((u) => u.sku),
          body,
        )) {
          // A refused offer id may be stale (the offer was replaced): look it up again next time.
          if (outcome.outcome === 'rejected') offerIds.delete(outcome.sku);
          outcomes.set(outcome.sku, outcome);
        }
      } catch (error) {
        if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
          throw error;
        for (const u of sendable) {
          outcomes.set(
            u.sku,
            error.kind === 'rejected'
              ? {
                  sku: u.sku,
                  outcome: 'rejected',
                  message: error.message,
                  ...(error.details.code ? { code: error.details.code } : {}),
                }
              : { sku: u.sku, outcome: 'unknown', message: error.message },
          );
        }
      }
    }
    return updates.map((u) => outcomes.get(u.sku)!);
  }

  const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

  /** A failed step of one SKU: eBay's refusal in its words, or unknown (a lost answer); anything else stops the batch. */
  const stepFailure = (
    sku: string,
    error: unknown,
  ):
    | { sku: string; outcome: 'rejected'; message: string; code?: string }
    | { sku: string; outcome: 'unknown'; message: string } => {
    if (!(error instanceof MarketplaceError) || (error.kind !== 'rejected' && error.kind !== 'outcome_unknown'))
      throw error;
    if (error.kind === 'rejected')
      return {
        sku,
        outcome: 'rejected',
        message: error.message,
        ...(error.details.code ? { code: error.details.code } : {}),
      };
    return { sku, outcome: 'unknown', message: error.message };
  };

  /**
   * The three steps of a listing on the Inventory API, each safe to repeat: the inventory item
   * (createOrReplaceInventoryItem, a full replacement), its offer (the SKU's existing offer is
   * replaced with updateOffer, else createOffer) and publishOffer (which republishes a live one).
   */
  async function createOne(item: NewListing, signal?: AbortSignal): Promise<CreateOutcome> {
    const sku = encodeURIComponent(item.sku);
    try {
      await client.request('inventory', {
        method: 'PUT',
        url: `/inventory_item/${sku}`,
        body: newInventoryItem(item),
        headers: { 'content-language': 'en-US' },
        ...withSignal(signal),
      });
      const { offer } = await offerOf(item.sku, signal);
      let offerId = offer?.offerId;
      if (offerId) {
        await client.request('inventory', {
          method: 'PUT',
          url: `/offer/${encodeURIComponent(offerId)}`,
          body: newOffer(item),
          headers: { 'content-language': 'en-US' },
          ...withSignal(signal),
        });
      } else {
        const created = await client.request<EbayOfferResponse>('inventory', {
          method: 'POST',
          url: '/offer',
          body: newOffer(item),
          headers: { 'content-language': 'en-US' },
          ...withSignal(signal),
        });
        offerId = created.body.offerId;
        if (!offerId)
          return { sku: item.sku, outcome: 'unknown', message: 'eBay created the offer without answering its id' };
      }
      offerIds.set(item.sku, offerId);
      await client.request<EbayPublishResponse>('inventory', {
        method: 'POST',
        url: `/offer/${encodeURIComponent(offerId)}/publish`,
        ...withSignal(signal),
      });
      return { sku: item.sku, outcome: 'created', marketplaceId: offerId };
    } catch (error) {
      return stepFailure(item.sku, error);
    }
  }

  return {
    kind: 'ebay',
    rateLimitUse: () => client.rateLimitUse(),
    capabilities,
    client,

    async verifyCredentials(signal): Promise<SellerIdentity> {
      const { body } = await client.request<EbayUser>('identity', {
        method: 'GET',
        url: '/user/',
        ...(signal ? { signal } : {}),
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
        ...(signal ? { signal } : {}),
      });
      const items = body.inventoryItems ?? [];
      const offers = await mapLimited(items, OFFER_CONCURRENCY, (item) => offerOf(item.sku, signal));
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
          ...(signal ? { signal } : {}),
        });
        for (const r of body.responses ?? [])
          if (r.statusCode === 200 && r.inventoryItem && r.sku) items.set(r.sku, r.inventoryItem);
      }
      const offers = await mapLimited(skus, OFFER_CONCURRENCY, (sku) =>
        items.has(sku) ? offerOf(sku, signal) : Promise.resolve({ offer: undefined }),
      );
      return skus.map((sku, i) => toListingState(sku, items.get(sku), offers[i]!.offer));
    },

    async updateListings(updates, signal): Promise<UpdateOutcome[]> {
      const outcomes: UpdateOutcome[] = [];
      for (const part of chunk(updates, maxSkusPerCall)) outcomes.push(...(await sendPriceQuantity(part, signal)));
      return outcomes;
    },

    async createListings(items, signal): Promise<CreateOutcome[]> {
      return mapLimited(items, OFFER_CONCURRENCY, (item) => createOne(item, signal));
    },

    /** withdrawOffer ends the listing and keeps the offer (UNPUBLISHED); publishOffer lists it again. */
    async setListingActive(change, signal): Promise<UpdateOutcome> {
      try {
        const { offer } = await offerOf(change.sku, signal);
        const offerId = offer?.offerId;
        if (!offerId)
          return { sku: change.sku, outcome: 'rejected', message: 'eBay has no offer (listing) for this SKU' };
        // Already as asked (a repeat of this call): eBay refuses to withdraw an offer that is not published.
        if ((offer.status === 'PUBLISHED') === change.active) return { sku: change.sku, outcome: 'confirmed' };
        await client.request<EbayPublishResponse>('inventory', {
          method: 'POST',
          url: `/offer/${encodeURIComponent(offerId)}/${change.active ? 'publish' : 'withdraw'}`,
          ...withSignal(signal),
        });
        return { sku: change.sku, outcome: 'confirmed' };
      } catch (error) {
        return stepFailure(change.sku, error);
      }
    },

    /**
     * The seller's choices for new offers: inventory locations (getInventoryLocations, every page) and
     * the business policies for eBay US (Account API; publishOffer requires one of each kind).
     */
    async listingOptions(signal): Promise<EbayListingOptions> {
      const locations: EbayInventoryLocation[] = [];
      for (let offset = 0; ;) {
        const { body } = await client.request<EbayLocationResponse>('inventory', {
          method: 'GET',
          url: `/location?limit=${EBAY_LOCATIONS_PAGE}&offset=${offset}`,
          ...withSignal(signal),
        });
        const page = body.locations ?? [];
        locations.push(...page);
        offset += page.length;
        if (!body.next || page.length === 0) break;
      }
      const query = `marketplace_id=${EBAY_POLICY_MARKETPLACE}`;
      const [fulfillment, payment, returns] = await Promise.all([
        client.request<EbayFulfillmentPolicyResponse>('account', {
          method: 'GET',
          url: `/fulfillment_policy?${query}`,
          ...withSignal(signal),
        }),
        client.request<EbayPaymentPolicyResponse>('account', {
          method: 'GET',
          url: `/payment_policy?${query}`,
          ...withSignal(signal),
        }),
        client.request<EbayReturnPolicyResponse>('account', {
          method: 'GET',
          url: `/return_policy?${query}`,
          ...withSignal(signal),
        }),
      ]);
      return {
        locations: locationOptions(locations),
        fulfillmentPolicies: policyOptions(
          fulfillment.body.fulfillmentPolicies,
          (p) => p.fulfillmentPolicyId,
          handlingTerms,
        ),
        paymentPolicies: policyOptions(payment.body.paymentPolicies, (p) => p.paymentPolicyId),
        returnPolicies: policyOptions(returns.body.returnPolicies, (p) => p.returnPolicyId, returnTerms),
      };
    },

    /** eBay has no relative adjustment: read the ship-to-home quantity, then set it (the key cannot make this replay-safe). */
    async adjustQuantity(sku, delta, _idempotencyKey, signal): Promise<UpdateOutcome> {
      let current: EbayInventoryItem;
      try {
        current = (
          await client.request<EbayInventoryItem>('inventory', {
            method: 'GET',
            url: `/inventory_item/${encodeURIComponent(sku)}`,
            ...(signal ? { signal } : {}),
          })
        ).body;
      } catch (error) {
        if (error instanceof MarketplaceError && error.kind === 'rejected')
          return {
            sku,
            outcome: 'rejected',
            message: error.message,
            ...(error.details.code ? { code: error.details.code } : {}),
          };
        throw error;
      }
      const quantity = Math.max(0, (current.availability?.shipToLocationAvailability?.quantity ?? 0) + delta);
      return (await sendPriceQuantity([{ sku, quantity }], signal))[0]!;
    },

    async ordersSince(since, cursor, signal): Promise<Page<MarketplaceOrder>> {
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
      const { body } = await client.request<EbayOrderSearchPagedCollection>('fulfillment', {
        method: 'GET',
        url: `/order?${query}`,
        ...(signal ? { signal } : {}),
      });
      const orders = (body.orders ?? []).map(toMarketplaceOrder).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
      return { items: orders, next: body.next ? String(offset + (body.orders?.length ?? 0)) : undefined };
    },

    /** getOrders with orderIds (up to 50 a call; every other parameter is then ignored). */
    async ordersById(ids, signal): Promise<MarketplaceOrder[]> {
      const orders: MarketplaceOrder[] = [];
      for (let i = 0; i < ids.length; i += EBAY_ORDER_IDS_PER_CALL) {
        const query = new URLSearchParams({ orderIds: ids.slice(i, i + EBAY_ORDER_IDS_PER_CALL).join(',') });
        const { body } = await client.request<EbayOrderSearchPagedCollection>('fulfillment', {
          method: 'GET',
          url: `/order?${query}`,
          ...(signal ? { signal } : {}),
        });
        orders.push(...(body.orders ?? []).map(toMarketplaceOrder));
      }
      return orders;
    },
  };
}
