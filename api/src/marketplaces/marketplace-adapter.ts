import type {
  CancellationOutcome,
  CancellationRequest,
  CatalogueItem,
  MarketplaceReturn,
  RefundOutcome,
  RefundRequest,
  CreateOutcome,
  EbayListingOptions,
  MarketplaceOption,
  CategoryRequirements,
  ListingActivation,
  ListingCompetition,
  MarketplaceIssue,
  NewListing,
  ListingState,
  ListingUpdate,
  MarketplaceKind,
  MarketplaceOrder,
  MarketplaceStock,
  Money,
  OrderFeesRead,
  Page,
  SellerIdentity,
  ShipmentConfirmation,
  ShipmentOutcome,
  ShippingCarrier,
  Submission,
  SubmissionStatus,
  UpdateOutcome,
} from './types.ts';
import type { RateLimitUse } from './shared/token-bucket.ts';
import type { EventDestination } from './marketplace-events.ts';

/**
 * How each marketplace wants writes batched (from its published limits, cited where each adapter
 * declares its capabilities), so the engine can plan pushes.
 */
export interface WriteCapabilities {
  /** Most SKUs one immediate call can update (Shopify 250 quantities, eBay 25 requests, Amazon and Walmart 1). */
  maxSkusPerCall: number;
  /** Whether large changes should go as a bulk submission (Amazon, Walmart feeds) rather than single calls. */
  supportsBulkSubmission: boolean;
  /** Most SKUs in one bulk submission. */
  maxSkusPerSubmission: number;
  /** A relative stock adjustment with an idempotency key, for when this channel is the main one. */
  supportsIdempotentAdjustment: boolean;
  /**
   * updateListings takes any number of SKUs and makes its own calls of at most maxSkusPerCall, so a
   * push hands it a whole round (Shopify: a product's variants then share one price call however far
   * apart their SKUs are).
   */
  batchesItself?: boolean;
}

/**
 * One interface for every marketplace. Each implementation speaks the marketplace's real API over
 * HTTP, at a base URL from configuration (the marketplace itself, or its sandbox), paced by a rate
 * limiter set to the published limits. Writes set absolute values, so they are safe to replay.
 */
export interface MarketplaceAdapter {
  readonly kind: MarketplaceKind;
  readonly capabilities: WriteCapabilities;

  /** Checks the credentials against the marketplace; throws MarketplaceError('auth') when refused. */
  verifyCredentials(signal?: AbortSignal): Promise<SellerIdentity>;

  /** The seller's catalogue, a page at a time (for importing from the main channel). */
  listCatalogue(cursor: string | undefined, signal?: AbortSignal): Promise<Page<CatalogueItem>>;

  /** What the marketplace holds now for these SKUs (reconciliation). Unknown SKUs come back as 'not listed'. */
  readListings(skus: string[], signal?: AbortSignal): Promise<ListingState[]>;

  /**
   * Every SKU's quantity, a page at a time, where the marketplace has a call for it and its catalogue
   * pages leave stock out (Walmart's GET /v3/inventories, 50 SKUs a call): a catalogue read then costs
   * a call per 50 SKUs instead of reads per SKU.
   */
  listStock?(cursor: string | undefined, signal?: AbortSignal): Promise<Page<{ sku: string; quantity: number }>>;

  /**
   * The offers the marketplace fulfils from its own stock (Amazon FBA inventory summaries, Walmart WFS
   * inventory), changed since `since` (every one when undefined): each SKU and the units the marketplace holds.
   */
  listMarketplaceStock?(since: Date | undefined, signal?: AbortSignal): Promise<MarketplaceStock[]>;

  /** Immediate updates, at most capabilities.maxSkusPerCall at a time; one outcome per SKU. */
  updateListings(updates: ListingUpdate[], signal?: AbortSignal): Promise<UpdateOutcome[]>;

  /**
   * Creates listings from our product data, one outcome per SKU (never throws for one refused item).
   * Safe to call again for a SKU: each marketplace's create is idempotent per SKU (a full replacement,
   * or the existing offer/product found by SKU and updated).
   */
  createListings(items: NewListing[], signal?: AbortSignal): Promise<CreateOutcome[]>;

  /**
   * Puts a listing on sale or takes it off, by the marketplace's own mechanism (Amazon: the offer
   * removed or set again; Walmart: retire, and the item feed again to come back; eBay: withdraw or
   * publish the offer; Shopify: product status DRAFT or ACTIVE).
   */
  setListingActive(change: ListingActivation, signal?: AbortSignal): Promise<UpdateOutcome>;

  /**
   * Where a status is a product's, shared by its variants (Shopify): the SKUs of each SKU's product
   * (itself included; a SKU no variant holds is left out). Its presence tells the engine to say, when
   * a SKU goes off sale, whether its whole product does (ListingActivation.productOffSale).
   */
  productVariantSkus?(skus: string[], signal?: AbortSignal): Promise<Map<string, string[]>>;

  /** Amazon: product types whose definitions match the keywords, for the seller to choose from. */
  searchProductTypes?(keywords: string, signal?: AbortSignal): Promise<MarketplaceOption[]>;

  /**
   * What listings in this category must carry, from the marketplace's definition (Amazon: the product type
   * definition's schema; eBay: the leaf category's item aspects), leaving out what the listing is always made
   * with from the product's own fields (its title, description, GTIN, images, price, stock). Where the
   * marketplace publishes no such definition through its API (Walmart's item spec is a download, Shopify has
   * no categories that ask anything), the adapter has no such method.
   */
  categoryRequirements?(category: string, signal?: AbortSignal): Promise<CategoryRequirements>;

  /** eBay: the seller's inventory locations and business policies, for the seller to choose from. */
  listingOptions?(signal?: AbortSignal): Promise<EbayListingOptions>;

  /** The busiest of the seller's rate limits over the last minute, as this process paced it. */
  rateLimitUse(): RateLimitUse;

  /** A bulk submission (feed); results come from submissionStatus. Only when supportsBulkSubmission. */
  submitBulk?(updates: ListingUpdate[], signal?: AbortSignal): Promise<Submission>;
  submissionStatus?(submission: Submission, signal?: AbortSignal): Promise<SubmissionStatus>;

  /**
   * Moves available stock by `delta` (negative for a sale elsewhere). The key makes a replay a no-op
   * where the marketplace supports it (Shopify @idempotent); elsewhere the adapter reads and sets.
   */
  adjustQuantity?(sku: string, delta: number, idempotencyKey: string, signal?: AbortSignal): Promise<UpdateOutcome>;
  /**
   * Sets a listing's title by the marketplace's own call (Amazon patchListingsItem `item_name`, eBay
   * createOrReplaceInventoryItem product.title read-modify-write, Shopify productUpdate title). Safe to
   * send again: the title is set, never appended. Absent where the adapter cannot send a title yet.
   */
  updateTitle?(sku: string, title: string, signal?: AbortSignal): Promise<UpdateOutcome>;
  /**
   * Several SKUs' adjustments in one call under one key (Shopify: up to 250 changes, all or none).
   * Answers 'applied'; 'refused' with the SKUs refused (nothing applied: the others may go again
   * under another key); or 'unknown' (no answer: send the same changes with the same key again).
   */
  adjustQuantities?(
    changes: Array<{ sku: string; delta: number }>,
    idempotencyKey: string,
    signal?: AbortSignal,
  ): Promise<
    | { outcome: 'applied' }
    | { outcome: 'unknown'; message: string }
    | { outcome: 'refused'; refused: Array<{ sku: string; message: string }> }
  >;

  /**
   * Orders created or changed since the time, oldest first, a page at a time. `known` (order id →
   * last change already recorded, ms) lets an adapter leave out orders unchanged since, where each
   * order costs further calls (Amazon's order items).
   */
  ordersSince(
    since: Date,
    cursor: string | undefined,
    signal?: AbortSignal,
    known?: ReadonlyMap<string, number>,
  ): Promise<Page<MarketplaceOrder>>;

  /**
   * These orders, read by id (an order a notification announced without holding it: eBay's
   * ORDER_CONFIRMATION), where the marketplace reads several in one call. An id it does not know
   * (yet) is left out.
   */
  ordersById?(ids: string[], signal?: AbortSignal): Promise<MarketplaceOrder[]>;

  /** The carriers the marketplace accepts on a shipment (its published list); a shipment names one of these codes. */
  readonly shippingCarriers: readonly ShippingCarrier[];

  /**
   * Confirms a shipment of an order's lines with carrier and tracking, by the marketplace's own call
   * (Amazon confirmShipment, Walmart shipping updates, eBay createShippingFulfillment, Shopify
   * fulfillmentCreate on the order's fulfillment orders). Safe to send again with the same shipmentId:
   * a shipment the marketplace holds already counts as confirmed.
   */
  confirmShipment(shipment: ShipmentConfirmation, signal?: AbortSignal): Promise<ShipmentOutcome>;

  /**
   * Acknowledges a newly received order where the marketplace requires it before shipping (Walmart:
   * every purchase order, or Walmart may cancel it). Safe to send again: an order acknowledged
   * already counts as done. Throws MarketplaceError (retryable on 429/5xx).
   */
  acknowledgeOrder?(marketplaceOrderId: string, signal?: AbortSignal): Promise<void>;

  /**
   * Cancels units of an order's lines by the marketplace's own call (Walmart cancelOrderLines, Shopify
   * orderCancel for a whole order). Present only where the registry's `cancel` says `api: true`.
   * Safe to send again with the same cancellationId.
   */
  cancelOrder?(request: CancellationRequest, signal?: AbortSignal): Promise<CancellationOutcome>;

  /**
   * Refunds the buyer, the whole order or by line (Walmart refundOrderLines, eBay issue_refund, Shopify
   * refundCreate with the refundId as its idempotency key). Present only where the registry's `refund`
   * says `api: true`. Safe to send again with the same refundId.
   */
  refundOrder?(request: RefundRequest, signal?: AbortSignal): Promise<RefundOutcome>;

  /**
   * Buyers' returns created or changed since the time, a page at a time (Walmart getReturns, Shopify
   * orders' returns). Present only where the registry's `returns` says `api: true`.
   */
  returnsSince?(since: Date, cursor: string | undefined, signal?: AbortSignal): Promise<Page<MarketplaceReturn>>;

  /**
   * Other sellers' offers on these products (by the marketplace's product id), where the marketplace
   * shows them (Amazon's competitive summary, 20 ASINs a call at one call per 30 seconds). A product it
   * does not know is left out.
   */
  competition?(productIds: string[], signal?: AbortSignal): Promise<ListingCompetition[]>;

  /**
   * Asks the marketplace whether it would take these new listings, without creating them (Amazon's
   * VALIDATION_PREVIEW): each SKU it would refuse, with its words. A SKU it would take, or could not
   * answer for, is left out: the creation itself is the last word.
   */
  previewListings?(items: NewListing[], signal?: AbortSignal): Promise<Array<{ sku: string; problems: string[] }>>;

  /**
   * Every problem the marketplace reports on the seller's listings where it lists them for the whole
   * account rather than per listing read (eBay's compliance API, getListingViolations), by SKU: a SKU left
   * out has none.
   */
  listingViolations?(signal?: AbortSignal): Promise<Array<{ sku: string; issues: MarketplaceIssue[] }>>;

  /**
   * Subscribes the channel to these topics of the marketplace's pushes (the registry's
   * `marketplaceEvents[kind].topics`), delivered to `destination`. Safe to call again: a subscription
   * that exists already counts as made. Where the marketplace's pushes are set up outside its API
   * (live Amazon: an EventBridge rule in the seller's AWS account), nothing is sent.
   */
  subscribeToEvents?(topics: readonly string[], destination: EventDestination, signal?: AbortSignal): Promise<void>;

  /**
   * The marketplace's fees on one order, by its id there, where the marketplace reports them (Amazon's
   * financial events, eBay's SALE transaction, Walmart's settlement report, Shopify Payments' transactions).
   * Absent where it reports none: the account's fee table estimates them.
   */
  orderFees?(marketplaceOrderId: string, signal?: AbortSignal): Promise<OrderFeesRead>;
}

export type { Money };
