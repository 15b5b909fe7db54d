/**
 * The Amazon sandbox's state (plain JSON, persisted by the kit) and the small helpers its resources
 * share: ids, the quantity and price a listing's attributes hold, query lists and page tokens.
 */
import crypto from 'node:crypto';
import type { SandboxContext } from '../shared/sandbox-kit.ts';

export const AMAZON_SANDBOX_MARKETPLACE_ID = 'ATVPDKIKX0DER';

// ---- State (plain JSON: persisted by the kit) ----

export type Attributes = Record<string, Array<Record<string, unknown>>>;

export interface Issue {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  attributeNames?: string[];
  categories: string[];
  /** listingsItems_2021-08-01.json IssueEnforcements: what Amazon did about the issue (raised through the control API). */
  enforcements?: {
    actions: Array<{ action: string }>;
    exemption: { status: 'EXEMPT' | 'EXEMPTION_PENDING' | 'NOT_EXEMPT' };
  };
}

export interface ItemRecord {
  sku: string;
  asin: string;
  productType: string;
  createdDate: string;
  lastUpdatedDate: string;
  attributes: Attributes;
  issues: Issue[];
  /**
   * Amazon's inventory record of the SKU (FBA, fba.ts): the units it holds, which no seller's quantity changes.
   * It outlives the offer's conversion back to seller fulfilment (`sellerFulfilledSince`), as Amazon keeps a
   * SKU's inventory summary after its last unit is removed.
   */
  fba?: { fnSku: string; fulfillable: number; lastUpdatedTime: string; sellerFulfilledSince?: string };
}

/** Whether Amazon fulfils the offer now (its channel is AMAZON_NA), not merely holds an inventory record of it. */
export const fulfilledByAmazon = (item: ItemRecord): boolean => !!item.fba && !item.fba.sellerFulfilledSince;

export interface PatchOp {
  op: 'add' | 'replace' | 'merge' | 'delete';
  path: string;
  value?: Array<Record<string, unknown>>;
}

export interface PendingChange {
  sku: string;
  submissionId: string;
  applyAt: number;
  /** PATCH operations, or a full PUT replacement. */
  patches?: PatchOp[];
  put?: { productType: string; attributes: Attributes };
}

/** ordersV0 `Address`, as the sandbox fills it (everything Amazon sends to a call with a Restricted Data Token). */
export interface AddressRecord {
  Name: string;
  AddressLine1: string;
  AddressLine2?: string;
  City: string;
  StateOrRegion: string;
  PostalCode: string;
  CountryCode: string;
  Phone: string;
  AddressType: 'Residential' | 'Commercial';
}

/** One confirmed package: ordersV0 `PackageDetail` as the seller sent it, and when the sandbox took it. */
export interface PackageRecord {
  packageReferenceId: string;
  carrierCode: string;
  carrierName?: string;
  shippingMethod?: string;
  trackingNumber: string;
  shipDate: string;
  orderItems: Array<{ orderItemId: string; quantity: number }>;
  confirmedAt: string;
}

export interface OrderRecord {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: 'Unshipped' | 'PartiallyShipped' | 'Shipped' | 'Canceled';
  /** AFN: Amazon fulfils the order from its own stock (an order of FBA offers); absent: MFN. */
  FulfillmentChannel?: 'AFN' | 'MFN';
  items: Array<{
    OrderItemId: string;
    ASIN: string;
    SellerSKU: string;
    Title: string;
    QuantityOrdered: number;
    unitPrice: string;
    currency: string;
  }>;
  /** The buyer and where the order goes; absent on orders stored before the sandbox kept them (made up on reading). */
  buyer?: { BuyerName: string; BuyerEmail: string; ShippingAddress: AddressRecord };
  EarliestShipDate?: string;
  LatestShipDate?: string;
  /** Confirmed packages, oldest first (confirmShipment). */
  packages?: PackageRecord[];
  /** Refunds Amazon issued to the buyer (control API), oldest first: each posts a refund event to the finances. */
  refunds?: Array<{ refundedAt: string; lines: Array<{ sku: string; quantity: number }> }>;
}

/** A buyer's return of some of an order's units (control API), as Amazon's returns report shows it. */
export interface ReturnRecord {
  /** Amazon's RMA id (amazon-rma-id). */
  returnId: string;
  orderId: string;
  requestedAt: string;
  /** return-reason: Amazon's reason code as the buyer chose it. */
  reason: string;
  lines: Array<{ sku: string; quantity: number }>;
  /** When the seller received the parcel back (return-delivery-date). */
  receivedAt?: string;
  /** Whether the seller put the units back in sellable stock (kept for the control view; the report has no such column). */
  restock?: boolean;
}

export interface SellerRecord {
  sellerId: string;
  clientId: string;
  clientSecretHash: string;
  refreshTokenHash: string;
  applicationId: string;
  items: Record<string, ItemRecord>;
  pending: PendingChange[];
  orders: Record<string, OrderRecord>;
  subscriptions: Record<string, { subscriptionId: string; destinationId: string; payloadVersion: string }>;
  /** Buyers' returns by RMA id (absent in state saved before the sandbox had them: none). */
  returns?: Record<string, ReturnRecord>;
  /**
   * Whether the application holds the restricted roles for buyers' personal data (absent: it does).
   * Without them, createRestrictedDataToken is refused and answers carry no name, street or phone.
   */
  restrictedDataAccess?: boolean;
  /** Other sellers' new offers on this seller's items, by SKU (set by the control API; absent: none). */
  competingOffers?: Record<string, CompetingOffer[]>;
}

/** Another seller's offer on an item (productPricing_2022-05-01 Offer, in the few fields the sandbox keeps). */
export interface CompetingOffer {
  sellerId: string;
  listingPrice: number;
  shipping: number;
  fulfillmentType: 'AFN' | 'MFN';
  /** That seller's repricer, when it has one: it answers a change of the other offers on the item (pricing.ts). */
  repricer?: CompetitorRepricer;
}

/**
 * Another seller's repricer, as repricers work: some time after any other offer on the item changes, it
 * prices its offer `beatBy` under the lowest other landed price, never under its `floor` (amounts in dollars).
 */
export interface CompetitorRepricer {
  beatBy: number;
  floor: number;
  reactAfterMs: number;
  /** When it answers the last change it was told of (epoch ms); none while nothing is waiting. */
  reactsAt?: number;
}

/** A restricted resource a Restricted Data Token covers (tokens_2021-03-01 RestrictedResource). */
export interface RestrictedResource {
  method: string;
  path: string;
  dataElements?: string[];
}

export interface DestinationRecord {
  destinationId: string;
  clientId: string;
  /** The application the partner event source is named after. */
  applicationId: string;
  name: string;
  accountId: string;
  region: string;
  url?: string;
  apiKey?: string;
}

export interface DocumentRecord {
  documentId: string;
  sellerId: string;
  kind: 'input' | 'result' | 'report';
  contentType: string;
  content?: unknown;
}

export interface FeedRecord {
  feedId: string;
  sellerId: string;
  feedType: string;
  marketplaceIds: string[];
  createdTime: string;
  processingStatus: 'IN_QUEUE' | 'IN_PROGRESS' | 'DONE' | 'FATAL' | 'CANCELLED';
  processingStartTime?: string;
  processingEndTime?: string;
  inputFeedDocumentId: string;
  resultFeedDocumentId?: string;
  startAt: number;
  doneAt: number;
}

/** A report (reports_2021-06-30 Report) and when its processing starts and ends. */
export interface ReportRecord {
  reportId: string;
  sellerId: string;
  reportType: string;
  marketplaceIds: string[];
  dataStartTime: string;
  dataEndTime: string;
  createdTime: string;
  processingStatus: 'IN_QUEUE' | 'IN_PROGRESS' | 'DONE' | 'FATAL' | 'CANCELLED';
  processingStartTime?: string;
  processingEndTime?: string;
  reportDocumentId?: string;
  startAt: number;
  doneAt: number;
}

export interface AmazonSandboxState {
  sellers: Record<string, SellerRecord>;
  /** Access tokens by SHA-256 (the tokens themselves are never stored). */
  accessTokens: Record<
    string,
    {
      clientId: string;
      sellerId?: string;
      scope?: string;
      expiresAt: number;
      /** Set on a Restricted Data Token: the only resources it opens. */
      restricted?: RestrictedResource[];
    }
  >;
  destinations: Record<string, DestinationRecord>;
  documents: Record<string, DocumentRecord>;
  feeds: Record<string, FeedRecord>;
  reports: Record<string, ReportRecord>;
  /** Signs the pre-signed document URLs. */
  signingKey: string;
}

export type AmazonContext = SandboxContext<AmazonSandboxState>;

// ---- Helpers ----

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
export const randomChars = (alphabet: string, length: number) =>
  Array.from(crypto.randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
export const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const digits = (length: number) => randomChars('0123456789', length);
export const nowIso = () => new Date().toISOString();
export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

export function quantityOf(item: ItemRecord): number {
  // An FBA offer sells Amazon's own stock.
  if (item.fba && fulfilledByAmazon(item)) return item.fba.fulfillable;
  const entry = item.attributes.fulfillment_availability?.find((f) => f.fulfillment_channel_code === 'DEFAULT');
  return typeof entry?.quantity === 'number' ? entry.quantity : 0;
}

export function priceOf(item: ItemRecord): { amount: string; currency: string } | undefined {
  const offer =
    item.attributes.purchasable_offer?.find((p) => p.marketplace_id === AMAZON_SANDBOX_MARKETPLACE_ID) ??
    item.attributes.purchasable_offer?.[0];
  const value = (offer?.our_price as Array<{ schedule?: Array<{ value_with_tax?: unknown }> }> | undefined)?.[0]
    ?.schedule?.[0]?.value_with_tax;
  if (typeof value !== 'number' || typeof offer?.currency !== 'string') return undefined;
  return { amount: value.toFixed(2), currency: offer.currency };
}

export function setQuantity(item: ItemRecord, quantity: number) {
  if (item.fba && fulfilledByAmazon(item)) {
    item.fba = { ...item.fba, fulfillable: quantity, lastUpdatedTime: nowIso() };
    return;
  }
  item.attributes.fulfillment_availability = [{ fulfillment_channel_code: 'DEFAULT', quantity }];
}

export function summaryStatus(item: ItemRecord): Array<'BUYABLE' | 'DISCOVERABLE'> {
  return quantityOf(item) > 0 && priceOf(item) ? ['BUYABLE', 'DISCOVERABLE'] : ['DISCOVERABLE'];
}

/** Units of an order item in the order's confirmed packages. */
export function shippedUnits(order: OrderRecord, orderItemId: string): number {
  let units = 0;
  for (const pkg of order.packages ?? [])
    for (const item of pkg.orderItems) if (item.orderItemId === orderItemId) units += item.quantity;
  return units;
}

/** A csv or repeated query parameter as a list. */
export function listParam(value: unknown): string[] {
  if (value === undefined) return [];
  const parts = Array.isArray(value) ? value : [value];
  return parts
    .flatMap((p) => String(p).split(','))
    .map((p) => p.trim())
    .filter(Boolean);
}

/** A page token (listings' pageToken, orders' NextToken): the page's position, base64url JSON. */
export const encodeToken = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
export function decodeToken<T>(token: string): T | undefined {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}
