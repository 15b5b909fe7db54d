/** The four marketplace kinds, declared once. */
export const marketplaceKinds = ['amazon', 'walmart', 'ebay', 'shopify'] as const;
export type MarketplaceKind = (typeof marketplaceKinds)[number];

/** Where a channel's marketplace is: the marketplace itself, or the built-in sandbox of it. */
export type MarketplaceEnvironment = 'sandbox' | 'production';

/** Money as the marketplaces send it: a decimal string, never a float. */
export interface Money {
  amount: string;
  currency: string;
}

/**
 * An order's fees as the marketplace's finances API reports them: 'reported' (the sum of its fees, a
 * positive amount); 'pending' while it has posted none yet (Amazon: orders of the last 48 hours may have
 * none); 'unavailable' where the seller's grant cannot read them (an eBay channel connected before the app
 * asked for sell.finances).
 */
export type OrderFeesRead =
  { status: 'reported'; fees: Money } | { status: 'pending' } | { status: 'unavailable'; reason: string };

/**
 * What other sellers offer for one of our listings, as the marketplace reports it (Amazon's competitive
 * summary and ANY_OFFER_CHANGED). Prices are landed: the item's price plus its shipping.
 */
export interface ListingCompetition {
  /** The marketplace's product id (Amazon's ASIN). */
  productId: string;
  /** The lowest landed price of another seller's new offer; null: nobody else offers it. */
  lowestOther: Money | null;
  /** The featured offer's (Amazon's Buy Box) landed price; null: no offer is featured. */
  featured: Money | null;
  /** Whether the featured offer is ours. */
  featuredIsOurs: boolean;
  /** When the marketplace saw the offers so (ISO 8601). */
  at: string;
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
  /** The product's tags, where the marketplace keeps them (Shopify); absent elsewhere. */
  tags?: string[];
  /** The marketplace's category of the listing: Amazon's product type, eBay's leaf category; absent where it has none. */
  category?: string;
  /**
   * Who fulfils the offer, where the listing itself says (Amazon's fulfillmentAvailability channel code): true
   * for the marketplace (FBA), false for the seller; absent where the listing does not tell.
   */
  fulfilledByMarketplace?: boolean;
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
  /** The problems the marketplace reports on the listing, where it names them one by one (Amazon's listing issues). */
  marketplaceIssues?: MarketplaceIssue[];
}

/** One problem a marketplace reports on a listing (Amazon's listing item issues, eBay's listing violations). */
export interface MarketplaceIssue {
  /** The marketplace's code for it (Amazon's issue code, eBay's compliance type and reason). */
  code: string;
  /** The marketplace's own words. */
  message: string;
  severity: 'error' | 'warning';
  /** The marketplace took the listing off sale or out of search for it. */
  suppressing: boolean;
}

/** An offer the marketplace fulfils from its own stock (Amazon FBA, Walmart WFS), and the units it holds for it. */
export interface MarketplaceStock {
  sku: string;
  quantity: number;
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
  | { sku: string; outcome: 'accepted'; submissionId: string; checkBy?: 'submission' }
  | { sku: string; outcome: 'rejected'; message: string; code?: string }
  | { sku: string; outcome: 'unknown'; message: string };

/** A bulk submission (feed) whose per-item results come later. */
export interface Submission {
  submissionId: string;
  skus: string[];
}

export type SubmissionStatus =
  { state: 'processing' } | { state: 'done'; results: UpdateOutcome[] } | { state: 'failed'; message: string };

export const orderStatuses = ['open', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

export interface OrderLine {
  sku: string;
  quantity: number;
  price: Money | null;
  /** Units of this line cancelled so far. */
  cancelledQuantity: number;
  /**
   * The marketplace's own id of the line, which a shipment names: eBay lineItemId, Amazon OrderItemId,
   * Walmart lineNumber, Shopify LineItem GID. Absent where the read did not carry it (a notification).
   */
  lineId?: string;
  /** The title the buyer saw. */
  title?: string;
  /** Units of this line the marketplace reports shipped. */
  shippedQuantity?: number;
}

/** Where an order goes. Personal data: stored for the seller to ship, never logged, erased after retention. */
export interface PostalAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string | null;
  postalCode: string;
  countryCode: string;
  phone: string | null;
}

/** How far an order has gone, in the seller's words (the Orders page's status). */
export const fulfilmentStatuses = [
  'unshipped',
  'partially shipped',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'returned',
] as const;
export type FulfilmentStatus = (typeof fulfilmentStatuses)[number];

/** What a seller needs to see and ship an order, where the marketplace's order read carries it. */
export interface OrderDetails {
  /** The number the seller and buyer know the order by (Amazon order id, Walmart customer order id, eBay order id, Shopify order name). */
  orderNumber: string;
  buyerName: string | null;
  shipTo: PostalAddress | null;
  total: Money | null;
  /** The latest ship date the marketplace expects (ISO), where it sets one. */
  shipBy: string | null;
  /** The order's state as the marketplace reports it. */
  fulfilment: FulfilmentStatus;
  /** The marketplace's fees on the order, where the order read reports them (eBay totalMarketplaceFee). */
  fees: Money | null;
}

export interface MarketplaceOrder {
  marketplaceOrderId: string;
  status: OrderStatus;
  lines: OrderLine[];
  createdAt: string;
  updatedAt: string;
  /** Absent where the read did not carry them (an order recorded from a notification). */
  details?: OrderDetails;
  /** The marketplace fulfils the order from its own stock (Amazon AFN, Walmart WFS): it takes none of ours. */
  fulfilledByMarketplace?: boolean;
}

/** A carrier a marketplace accepts on a shipment, under its own code. */
export interface ShippingCarrier {
  /** The value the marketplace's API takes (eBay shippingCarrierCode, Amazon carrierCode, Walmart carrier, Shopify company). */
  code: string;
  name: string;
}

/** A shipment to confirm on the marketplace the order came from. */
export interface ShipmentConfirmation {
  marketplaceOrderId: string;
  /** Ours, stable across retries: the marketplace's idempotency or package reference where it has one. */
  shipmentId: string;
  /** A code from the adapter's `shippingCarriers`. */
  carrier: string;
  trackingNumber: string;
  shippedAt: string;
  /** The lines and units in this parcel (all of them for a whole order). */
  lines: Array<{ lineId: string; sku: string; quantity: number }>;
}

/**
 * The outcome of confirming a shipment. A 429 or 5xx is thrown as MarketplaceError (retryable), so
 * the job retries it; a refusal is answered with the marketplace's words.
 */
export type ShipmentOutcome =
  | { outcome: 'confirmed'; marketplaceShipmentId: string | null }
  | { outcome: 'rejected'; message: string; code?: string };

/**
 * Whether a marketplace takes an order action (a cancellation, a refund, reading returns) through its
 * API; where it does not, `why` says so in the seller's words, shown where the action would be.
 */
export type OrderActionSupport = { api: true } | { api: false; why: string };

/** Why a seller cancels, in our words; each adapter maps them to its marketplace's reason codes. */
export const cancellationReasons = [
  'out of stock',
  'buyer asked',
  'cannot ship to address',
  'pricing error',
  'other',
] as const;
export type CancellationReason = (typeof cancellationReasons)[number];

/** A seller's cancellation of some units of an order's lines (every open unit when `wholeOrder`). */
export interface CancellationRequest {
  marketplaceOrderId: string;
  /** Ours, stable across retries: the marketplace's idempotency or reference where it has one. */
  cancellationId: string;
  reason: CancellationReason;
  wholeOrder: boolean;
  lines: Array<{ lineId: string; sku: string; quantity: number }>;
  /**
   * Set on an attempt after one whose outcome is unknown (a timeout, a 5xx after sending): when this
   * request was recorded, so the marketplace may hold it since then. Where the marketplace takes no
   * key of ours, the adapter reads the order back first and counts what it finds there as this one.
   */
  earlierAttemptSince?: string;
}

/**
 * The outcome of a cancellation. A 429 or 5xx is thrown as MarketplaceError (retryable); a refusal
 * is answered with the marketplace's words. Sending again a cancellation the marketplace holds
 * already counts as confirmed.
 */
export type CancellationOutcome = { outcome: 'confirmed' } | { outcome: 'rejected'; message: string; code?: string };

/** Why a seller refunds, in our words; each adapter maps them to its marketplace's reason codes. */
export const refundReasons = [
  'buyer returned',
  'damaged',
  'not as described',
  'buyer cancelled',
  'shipping delay',
  'other',
] as const;
export type RefundReason = (typeof refundReasons)[number];

/** A seller's refund: the whole order, or amounts by line. */
export interface RefundRequest {
  marketplaceOrderId: string;
  /** Ours, stable across retries (Shopify's idempotency key, a Walmart refund reference). */
  refundId: string;
  reason: RefundReason;
  wholeOrder: boolean;
  /** Each line refunded, its units and the amount given back for it (the line's price × units, or less). */
  lines: Array<{ lineId: string; sku: string; quantity: number; amount: Money }>;
  total: Money;
  /** The seller's note to the buyer, where the marketplace carries one. */
  note: string | null;
  /**
   * Set on an attempt after one whose outcome is unknown (a timeout, a 5xx after sending): when this
   * request was recorded, so the marketplace may hold it since then. Where the marketplace takes no
   * key of ours, the adapter reads the order back first and counts what it finds there as this one.
   */
  earlierAttemptSince?: string;
}

export type RefundOutcome =
  | { outcome: 'confirmed'; marketplaceRefundId: string | null }
  | { outcome: 'rejected'; message: string; code?: string };

/** How far a buyer's return has gone, in the seller's words. */
export const returnStatuses = ['requested', 'in transit', 'received', 'refunded', 'closed'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

/** A buyer's return as the marketplace reports it. */
export interface MarketplaceReturn {
  marketplaceReturnId: string;
  marketplaceOrderId: string;
  status: ReturnStatus;
  /** The buyer's reason, in the marketplace's words. */
  reason: string | null;
  /**
   * Units returned per line; `restock` where the marketplace says the units go back to sellable stock
   * (Shopify's RESTOCKED disposition, Walmart's return-to-inventory).
   */
  lines: Array<{ lineId: string | null; sku: string; quantity: number; restock: boolean }>;
  /** What the marketplace refunded for it, where it says. */
  refunded: Money | null;
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
  /** The product's own attributes (sent where the marketplace takes them: Amazon attributes, eBay aspects). */
  attributes: Record<string, unknown>;
  price: Money;
  quantity: number;
  /** The seller's choices for the listing (the channel's publish settings, or the product's own). */
  choices?: ListingChoices;
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
  /**
   * The product as we would list it: some marketplaces need it to put a listing back on sale (Amazon's offer,
   * Walmart's item feed).
   */
  listing?: NewListing;
  /**
   * Where the status is a product's, shared by its variants (Shopify): taking this SKU off sale,
   * whether every variant of its product the account lists there is off sale now. Only then does the
   * product itself go off sale; otherwise this variant alone is, by being offered 0 units (which the
   * push sends) while the product stays on sale.
   */
  productOffSale?: boolean;
}

/**
 * What a new listing needs that only the seller can choose, chosen once per target channel (a
 * product's own attributes win over it). Each marketplace reads its own.
 */
export interface ListingChoices {
  /** Amazon: the product type (Product Type Definitions API) the listing is created under. */
  productType?: string;
  /** eBay: the leaf category the offer is listed in. */
  categoryId?: string;
  /** eBay: the inventory location the offer ships from. */
  merchantLocationKey?: string;
  /** eBay: the business policies an offer must have before it is published. */
  fulfillmentPolicyId?: string;
  paymentPolicyId?: string;
  returnPolicyId?: string;
}

/** One of a marketplace's own options for a choice (a product type, a location, a policy), as it names it. */
export interface MarketplaceOption {
  id: string;
  name: string;
  /** More the seller may want to see to tell options apart (an address, a policy's terms). */
  detail?: string;
}

/** The choices an eBay seller has for new offers: inventory locations and business policies on EBAY_US. */
export interface EbayListingOptions {
  locations: MarketplaceOption[];
  fulfillmentPolicies: MarketplaceOption[];
  paymentPolicies: MarketplaceOption[];
  returnPolicies: MarketplaceOption[];
}

/** An attribute a marketplace's category asks every listing in it to carry. */
export interface RequiredAttribute {
  /** The marketplace's name for it: Amazon's attribute name (`color`), eBay's aspect name (`Color`). */
  name: string;
  /** The marketplace's label for it, for the seller. */
  label: string;
  /** The values the marketplace offers; absent: free text. */
  values?: string[];
  /** Only `values` are taken. */
  valuesOnly?: boolean;
  /** The listing is made with this product field for it (the brand): no attribute is needed while it is set. */
  fromProduct?: 'brand';
}

/** What a category (Amazon's product type, eBay's leaf category) asks of a listing, from the marketplace's definition. */
export interface CategoryRequirements {
  category: string;
  /** The marketplace's name for the category, where it gives one. */
  categoryName: string | null;
  attributes: RequiredAttribute[];
}
