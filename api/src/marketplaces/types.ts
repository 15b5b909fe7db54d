/** The four marketplace kinds, declared once. */
export const marketplaceKinds = ['amazon', 'walmart', 'ebay', 'shopify'] as const;
export type MarketplaceKind = (typeof marketplaceKinds)[number];

/** Money as the marketplaces send it: a decimal string, never a float. */
export interface Money {
  amount: string;
  currency: string;
}

export const listingStatuses = ['active', 'pending', 'error', 'suppressed', 'inactive', 'not listed'] as const;
export type ListingStatus = (typeof listingStatuses)[number];

/** A product as the main channel describes it (pages.md section 1). */
export interface CatalogueItem {
  sku: string;
  /** The marketplace's own id: ASIN, Walmart item id, eBay offer id, Shopify variant GID. */
  marketplaceId: string | null;
  title: string;
  description: string | null;
  brand: string | null;
  gtin: string | null;
  images: string[];
  price: Money | null;
  quantity: number | null;
  status: ListingStatus;
  attributes: Record<string, unknown>;
}

/** What a channel holds now for one SKU. */
export interface ListingState {
  sku: string;
  marketplaceId: string | null;
  quantity: number | null;
  price: Money | null;
  status: ListingStatus;
  /** The marketplace's own words when the listing has a problem. */
  issues: string[];
}

/** Absolute target values for one SKU; an absent field is left as it is. */
export interface ListingUpdate {
  sku: string;
  quantity?: number;
  price?: Money;
}

/**
 * The outcome of one update, per SKU:
 * - confirmed: the marketplace says the value is live;
 * - accepted: taken for asynchronous processing (a feed, Amazon's PATCH) — confirm later;
 * - rejected: refused with the marketplace's message; retrying as is will not help;
 * - unknown: a timeout or dropped connection — the change may or may not have happened.
 */
export type UpdateOutcome =
  | { sku: string; outcome: 'confirmed' }
  | { sku: string; outcome: 'accepted'; submissionId: string }
  | { sku: string; outcome: 'rejected'; message: string; code?: string }
  | { sku: string; outcome: 'unknown'; message: string };

/** A bulk submission (feed) whose per-item results come later. */
export interface Submission {
  submissionId: string;
  skus: string[];
}

export type SubmissionStatus = { state: 'processing' } | { state: 'done'; results: UpdateOutcome[] } | { state: 'failed'; message: string };

export const orderStatuses = ['open', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export interface OrderLine {
  sku: string;
  quantity: number;
  price: Money | null;
  /** Units of this line cancelled so far. */
  cancelledQuantity: number;
}

export interface MarketplaceOrder {
  marketplaceOrderId: string;
  status: OrderStatus;
  lines: OrderLine[];
  createdAt: string;
  updatedAt: string;
}

export interface Page<T> {
  items: T[];
  /** Opaque: pass back to get the next page; undefined on the last. */
  next: string | undefined;
}

/** Who the credentials belong to, as the marketplace reports it. */
export interface SellerIdentity {
  sellerId: string;
  displayName: string;
}

/** A product to list on a marketplace, from our catalogue (the main channel's data). */
export interface NewListing {
  sku: string;
  title: string;
  description: string | null;
  brand: string | null;
  gtin: string | null;
  images: string[];
  /** The product's own attributes; a marketplace may take its product type from them (Amazon `productType`). */
  attributes: Record<string, unknown>;
  price: Money;
  quantity: number;
}

/**
 * The outcome of creating one listing, per SKU:
 * - created: the marketplace holds it now, under its own id (ASIN, item id, listing id, variant GID);
 * - accepted: taken for asynchronous processing (Amazon's ACCEPTED, a Walmart item feed): check
 *   `submissionId` later (submissionStatus when `checkBy` is 'submission', else read the SKU back);
 * - rejected: refused with the marketplace's message (a required attribute missing, a bad value);
 * - unknown: no answer — creating again is safe (each create is idempotent per SKU).
 */
export type CreateOutcome =
  | { sku: string; outcome: 'created'; marketplaceId: string }
  | { sku: string; outcome: 'accepted'; submissionId: string; checkBy: 'submission' | 'read' }
  | { sku: string; outcome: 'rejected'; message: string; code?: string }
  | { sku: string; outcome: 'unknown'; message: string };

/** Make a listing buyable again, or take it off sale without deleting what the marketplace knows of it. */
export interface ListingActivation {
  sku: string;
  active: boolean;
  /** The product as we would list it: some marketplaces need it to put a listing back on sale (Amazon's offer, Walmart's item feed). */
  listing?: NewListing;
}
