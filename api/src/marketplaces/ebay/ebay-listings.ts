/**
 * eBay listings on the Inventory API, which the adapter's writes share: an inventory item and its
 * offer per SKU (offer ids kept, as a price change needs one), prices and quantities by
 * bulk_update_price_quantity (per-item results, 200 or 207), new listings in three repeatable steps,
 * and offers withdrawn or published.
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import type { CreateOutcome, EbayListingOptions, ListingUpdate, NewListing, UpdateOutcome } from '../types.ts';
import type { EbayClient } from './ebay-client.ts';
import {
  handlingTerms,
  locationOptions,
  newInventoryItem,
  newOffer,
  outcomesFromPriceQuantity,
  policyOptions,
  returnTerms,
  toPriceQuantity,
} from './transform.ts';
import { categoryAspectRequirements } from './requirements-transform.ts';
import type {
  EbayAspectMetadata,
  EbayBulkPriceQuantityResponse,
  EbayFulfillmentPolicyResponse,
  EbayInventoryItem,
  EbayInventoryLocation,
  EbayLocationResponse,
  EbayOffer,
  EbayOfferResponse,
  EbayOffers,
  EbayPaymentPolicyResponse,
  EbayPublishResponse,
  EbayReturnPolicyResponse,
} from './types.ts';

/** getInventoryLocations answers up to 100 per page by default. */
export const EBAY_LOCATIONS_PAGE = 100;
/** The marketplace whose business policies new offers use (the hub lists on eBay US). */
export const EBAY_POLICY_MARKETPLACE = 'EBAY_US';
/** Offer look-ups (one per SKU) run this many at a time. */
export const OFFER_CONCURRENCY = 4;

export async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
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

export const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** A failed step of one SKU: eBay's refusal in its words, or unknown (a lost answer); anything else stops the batch. */
function stepFailure(
  sku: string,
  error: unknown,
):
  | { sku: string; outcome: 'rejected'; message: string; code?: string }
  | { sku: string; outcome: 'unknown'; message: string } {
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
}

/** The seller's listings: offers found by SKU, their ids kept (a price change needs the offer; they rarely change). */
export class EbayListings {
  private readonly offerIds = new Map<string, string>();

  constructor(readonly client: EbayClient) {}

  /** The SKU's offer, or eBay's reason there is none (404 "This Offer is not available."). */
  async offerOf(sku: string, signal?: AbortSignal): Promise<{ offer: EbayOffer | undefined; problem?: string }> {
    try {
      const { body } = await this.client.request<EbayOffers>('inventory', {
        method: 'GET',
        url: `/offer?sku=${encodeURIComponent(sku)}`,
        ...withSignal(signal),
      });
      // A SKU can have one offer per marketplace and format; the hub syncs the EBAY_US fixed-price one.
      const offers = body.offers ?? [];
      const offer = offers.find((o) => o.marketplaceId === 'EBAY_US' && o.format === 'FIXED_PRICE') ?? offers[0];
      if (offer?.offerId) this.offerIds.set(sku, offer.offerId);
      return { offer };
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'rejected' && error.details.status === 404)
        return { offer: undefined, problem: error.message };
      throw error;
    }
  }

  /** One bulk_update_price_quantity call (up to 25 SKUs); a price needs the SKU's offer, looked up once. */
  async sendPriceQuantity(updates: ListingUpdate[], signal?: AbortSignal): Promise<UpdateOutcome[]> {
    const outcomes = new Map<string, UpdateOutcome>();
    const needOffer = updates.filter((u) => u.price !== undefined && !this.offerIds.has(u.sku));
    await mapLimited(needOffer, OFFER_CONCURRENCY, async (u) => {
      const { offer, problem } = await this.offerOf(u.sku, signal);
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
        const { body } = await this.client.request<EbayBulkPriceQuantityResponse>('inventory', {
          method: 'POST',
          url: '/bulk_update_price_quantity',
          body: { requests: sendable.map((u) => toPriceQuantity(u, this.offerIds.get(u.sku))) },
          ...withSignal(signal),
        });
        for (const outcome of outcomesFromPriceQuantity(
          sendable.map((u) => u.sku),
          body,
        )) {
          // A refused offer id may be stale (the offer was replaced): look it up again next time.
          if (outcome.outcome === 'rejected') this.offerIds.delete(outcome.sku);
          outcomes.set(outcome.sku, outcome);
        }
      } catch (error) {
        for (const u of sendable) outcomes.set(u.sku, stepFailure(u.sku, error));
      }
    }
    return updates.map((u) => outcomes.get(u.sku)!);
  }

  /**
   * The three steps of a listing on the Inventory API, each safe to repeat: the inventory item
   * (createOrReplaceInventoryItem, a full replacement), its offer (the SKU's existing offer is
   * replaced with updateOffer, else createOffer) and publishOffer (which republishes a live one).
   */
  async createOne(item: NewListing, signal?: AbortSignal): Promise<CreateOutcome> {
    const sku = encodeURIComponent(item.sku);
    const client = this.client;
    const headers = { 'content-language': 'en-US' };
    try {
      await client.request('inventory', {
        method: 'PUT',
        url: `/inventory_item/${sku}`,
        body: newInventoryItem(item),
        headers,
        ...withSignal(signal),
      });
      const { offer } = await this.offerOf(item.sku, signal);
      let offerId = offer?.offerId;
      if (offerId) {
        await client.request('inventory', {
          method: 'PUT',
          url: `/offer/${encodeURIComponent(offerId)}`,
          body: newOffer(item),
          headers,
          ...withSignal(signal),
        });
      } else {
        const created = await client.request<EbayOfferResponse>('inventory', {
          method: 'POST',
          url: '/offer',
          body: newOffer(item),
          headers,
          ...withSignal(signal),
        });
        offerId = created.body.offerId;
        if (!offerId)
          return { sku: item.sku, outcome: 'unknown', message: 'eBay created the offer without answering its id' };
      }
      this.offerIds.set(item.sku, offerId);
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
}

/**
 * eBay has no relative adjustment: read the ship-to-home quantity, then set it (the key cannot make this
 * replay-safe).
 */
export async function adjustEbayQuantity(
  listings: EbayListings,
  sku: string,
  delta: number,
  signal?: AbortSignal,
): Promise<UpdateOutcome> {
  let current: EbayInventoryItem;
  try {
    current = (
      await listings.client.request<EbayInventoryItem>('inventory', {
        method: 'GET',
        url: `/inventory_item/${encodeURIComponent(sku)}`,
        ...withSignal(signal),
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
  return (await listings.sendPriceQuantity([{ sku, quantity }], signal))[0]!;
}

/**
 * The seller's choices for new offers: inventory locations (getInventoryLocations, every page) and
 * the business policies for eBay US (Account API; publishOffer requires one of each kind).
 */
async function listingOptions(client: EbayClient, signal?: AbortSignal): Promise<EbayListingOptions> {
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
  const policies = <T>(path: string) =>
    client.request<T>('account', {
      method: 'GET',
      url: `/${path}?marketplace_id=${EBAY_POLICY_MARKETPLACE}`,
      ...withSignal(signal),
    });
  const [fulfillment, payment, returns] = await Promise.all([
    policies<EbayFulfillmentPolicyResponse>('fulfillment_policy'),
    policies<EbayPaymentPolicyResponse>('payment_policy'),
    policies<EbayReturnPolicyResponse>('return_policy'),
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
}

/** eBay US's category tree (getDefaultCategoryTreeId for EBAY_US answers 0). */
export const EBAY_US_CATEGORY_TREE_ID = '0';

/** What a listing in this leaf category must carry: the required item aspects (getItemAspectsForCategory). */
async function categoryRequirements(client: EbayClient, categoryId: string, signal?: AbortSignal) {
  const { body } = await client.request<EbayAspectMetadata | undefined>('taxonomy', {
    method: 'GET',
    url: `/category_tree/${EBAY_US_CATEGORY_TREE_ID}/get_item_aspects_for_category?category_id=${encodeURIComponent(categoryId)}`,
    ...withSignal(signal),
  });
  // 204 (no aspects) comes without a body.
  return categoryAspectRequirements(categoryId, typeof body === 'object' ? body : undefined);
}

/** New listings, offers withdrawn or published again, and the seller's choices for new offers. */
type EbayPublishing = Pick<MarketplaceAdapter, 'createListings' | 'setListingActive'> & {
  categoryRequirements: NonNullable<MarketplaceAdapter['categoryRequirements']>;
  listingOptions(signal?: AbortSignal): Promise<EbayListingOptions>;
};

export function ebayPublishing(listings: EbayListings): EbayPublishing {
  return {
    createListings: (items, signal) => mapLimited(items, OFFER_CONCURRENCY, (item) => listings.createOne(item, signal)),

    /** withdrawOffer ends the listing and keeps the offer (UNPUBLISHED); publishOffer lists it again. */
    async setListingActive(change, signal): Promise<UpdateOutcome> {
      try {
        const { offer } = await listings.offerOf(change.sku, signal);
        const offerId = offer?.offerId;
        if (!offerId)
          return { sku: change.sku, outcome: 'rejected', message: 'eBay has no offer (listing) for this SKU' };
        // Already as asked (a repeat of this call): eBay refuses to withdraw an offer that is not published.
        if ((offer.status === 'PUBLISHED') === change.active) return { sku: change.sku, outcome: 'confirmed' };
        await listings.client.request<EbayPublishResponse>('inventory', {
          method: 'POST',
          url: `/offer/${encodeURIComponent(offerId)}/${change.active ? 'publish' : 'withdraw'}`,
          ...withSignal(signal),
        });
        return { sku: change.sku, outcome: 'confirmed' };
      } catch (error) {
        return stepFailure(change.sku, error);
      }
    },

    listingOptions: (signal) => listingOptions(listings.client, signal),
    categoryRequirements: (categoryId, signal) => categoryRequirements(listings.client, categoryId, signal),
  };
}
