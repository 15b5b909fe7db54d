/**
 * The Selling Partner API payloads this integration uses, typed from the official models
 * (listingsItems_2021-08-01, feeds_2021-06-30, ordersV0, notifications v1, the JSON_LISTINGS_FEED
 * schemas and the notification schemas). Only the fields we read or send are listed.
 */

/** LWA token answer (`POST /auth/o2/token`). */
export interface LwaTokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
}

/** LWA error answer: OAuth 2 style, not the SP-API ErrorList. */
export interface LwaErrorResponse {
  error: string;
  error_description?: string;
}

/** SP-API error (listings, feeds, orders, notifications share it). */
export interface SpApiError {
  code: string;
  message: string;
  details?: string;
}

export interface SpApiErrorList {
  errors: SpApiError[];
}

// ---- Listings Items API 2021-08-01 ----

export const listingsIncludedData = [
  'summaries',
  'attributes',
  'issues',
  'offers',
  'fulfillmentAvailability',
  'procurement',
  'relationships',
  'productTypes',
] as const;
export type ListingsIncludedData = (typeof listingsIncludedData)[number];

export interface ListingsMoney {
  currencyCode: string;
  amount: string;
}

export interface ListingsItemImage {
  link: string;
  height: number;
  width: number;
}

export type ItemSummaryStatus = 'BUYABLE' | 'DISCOVERABLE';

export interface ItemSummaryByMarketplace {
  marketplaceId: string;
  asin?: string;
  productType: string;
  conditionType?: string;
  status: ItemSummaryStatus[];
  fnSku?: string;
  itemName?: string;
  createdDate: string;
  lastUpdatedDate: string;
  mainImage?: ListingsItemImage;
}

export interface ListingsIssue {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  attributeNames?: string[];
  categories: string[];
  enforcements?: { actions: Array<{ action: string }>; exemption: { status: string; expiryDate?: string } };
  marketplaceIds?: string[];
}

export interface ItemOfferByMarketplace {
  marketplaceId: string;
  offerType: 'B2C' | 'B2B';
  price: ListingsMoney;
  audience?: { value?: string; displayName?: string };
}

export interface FulfillmentAvailability {
  fulfillmentChannelCode: string;
  quantity?: number;
}

/** Attributes are keyed by attribute name; each value is a list of marketplace-tagged entries. */
export type ListingsAttributes = Record<string, Array<Record<string, unknown>>>;

export interface ListingsItem {
  sku: string;
  summaries?: ItemSummaryByMarketplace[];
  attributes?: ListingsAttributes;
  issues?: ListingsIssue[];
  offers?: ItemOfferByMarketplace[];
  fulfillmentAvailability?: FulfillmentAvailability[];
}

export interface ListingsItemSearchResults {
  numberOfResults: number;
  pagination?: { nextToken?: string; previousToken?: string };
  items: ListingsItem[];
}

export interface PatchOperation {
  op: 'add' | 'replace' | 'merge' | 'delete';
  path: string;
  value?: Array<Record<string, unknown>>;
}

export interface ListingsItemPatchRequest {
  productType: string;
  patches: PatchOperation[];
}

/** definitionsProductTypes_2020-09-01 ProductType: a product type with a definition available. */
export interface ProductType {
  name: string;
  displayName: string;
  marketplaceIds: string[];
}

/** definitionsProductTypes_2020-09-01 ProductTypeList (searchDefinitionsProductTypes). */
export interface ProductTypeList {
  productTypes: ProductType[];
  productTypeVersion: string;
}

/** definitionsProductTypes_2020-09-01 ProductTypeDefinition (getDefinitionsProductType), the parts read here. */
export interface ProductTypeDefinition {
  productType: string;
  displayName: string;
  requirements: 'LISTING' | 'LISTING_PRODUCT_ONLY' | 'LISTING_OFFER_ONLY';
  /** A link (a pre-signed address) to the JSON Schema document of the product type's attributes. */
  schema: { link: { resource: string; verb: string }; checksum: string };
  marketplaceIds: string[];
}

/** An attribute's definition in a product type's JSON Schema: an array of value objects. */
export interface ProductTypeSchemaProperty {
  title?: string;
  description?: string;
  items?: {
    properties?: {
      value?: { title?: string; enum?: unknown[]; enumNames?: unknown[] };
    };
  };
}

/** The product type's JSON Schema document (Amazon's meta-schema vocabulary): the attributes a listing must carry. */
export interface ProductTypeSchema {
  required?: string[];
  properties?: Record<string, ProductTypeSchemaProperty>;
}

export interface ListingsItemPutRequest {
  productType: string;
  requirements?: 'LISTING' | 'LISTING_PRODUCT_ONLY' | 'LISTING_OFFER_ONLY';
  attributes: ListingsAttributes;
}

export interface ListingsItemSubmissionResponse {
  sku: string;
  status: 'ACCEPTED' | 'INVALID' | 'VALID';
  submissionId: string;
  issues?: ListingsIssue[];
}

// ---- Feeds API 2021-06-30 and JSON_LISTINGS_FEED ----

export type FeedProcessingStatus = 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';

export interface CreateFeedDocumentResponse {
  feedDocumentId: string;
  url: string;
}

export interface CreateFeedSpecification {
  feedType: string;
  marketplaceIds: string[];
  inputFeedDocumentId: string;
  feedOptions?: Record<string, string>;
}

export interface CreateFeedResponse {
  feedId: string;
}

export interface Feed {
  feedId: string;
  feedType: string;
  marketplaceIds?: string[];
  createdTime: string;
  processingStatus: FeedProcessingStatus;
  processingStartTime?: string;
  processingEndTime?: string;
  resultFeedDocumentId?: string;
}

export interface FeedDocument {
  feedDocumentId: string;
  url: string;
  compressionAlgorithm?: 'GZIP';
}

export interface ListingsFeedMessage {
  messageId: number;
  sku: string;
  operationType: 'UPDATE' | 'PARTIAL_UPDATE' | 'PATCH' | 'DELETE';
  productType?: string;
  requirements?: 'LISTING' | 'LISTING_PRODUCT_ONLY' | 'LISTING_OFFER_ONLY';
  attributes?: ListingsAttributes;
  patches?: PatchOperation[];
}

export interface ListingsFeed {
  header: {
    sellerId: string;
    version: '2.0';
    issueLocale?: string;
    report?: { includedData: ListingsIncludedData[]; apiVersion: '2021-08-01' };
  };
  messages: ListingsFeedMessage[];
}

export interface ListingsFeedReportIssue {
  messageId?: number;
  sku?: string;
  code?: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  message: string;
  attributeName?: string;
}

export interface ListingsFeedProcessingReport {
  header: { sellerId: string; version: '2.0'; feedId: string };
  issues: ListingsFeedReportIssue[];
  summary: {
    errors: number;
    warnings: number;
    messagesProcessed: number;
    messagesAccepted: number;
    messagesInvalid: number;
  };
  items?: Array<Record<string, unknown>>;
}

// ---- Orders API v0 ----

export interface OrdersMoney {
  CurrencyCode?: string;
  Amount?: string;
}

export type AmazonOrderStatus =
  | 'Pending'
  | 'Unshipped'
  | 'PartiallyShipped'
  | 'Shipped'
  | 'Canceled'
  | 'Unfulfillable'
  | 'InvoiceUnconfirmed'
  | 'PendingAvailability';

/** ordersV0 `Address`. On live Amazon its personal fields (Name, AddressLine1-3, Phone) need a Restricted Data Token. */
export interface AmazonAddress {
  Name?: string;
  CompanyName?: string;
  AddressLine1?: string;
  AddressLine2?: string;
  AddressLine3?: string;
  City?: string;
  County?: string;
  District?: string;
  StateOrRegion?: string;
  PostalCode?: string;
  CountryCode?: string;
  Phone?: string;
  AddressType?: 'Residential' | 'Commercial';
}

export interface AmazonOrder {
  AmazonOrderId: string;
  PurchaseDate: string;
  LastUpdateDate: string;
  OrderStatus: AmazonOrderStatus;
  FulfillmentChannel?: 'MFN' | 'AFN';
  OrderTotal?: OrdersMoney;
  NumberOfItemsShipped?: number;
  NumberOfItemsUnshipped?: number;
  MarketplaceId?: string;
  OrderType?: string;
  EarliestShipDate?: string;
  LatestShipDate?: string;
  /** Restricted data: present on live Amazon only when the call carried a Restricted Data Token. */
  ShippingAddress?: AmazonAddress;
  /** Restricted data, as ShippingAddress. */
  BuyerInfo?: { BuyerEmail?: string; BuyerName?: string; PurchaseOrderNumber?: string };
}

export interface GetOrdersResponse {
  payload?: { Orders: AmazonOrder[]; NextToken?: string; LastUpdatedBefore?: string; CreatedBefore?: string };
  errors?: SpApiError[];
}

export interface AmazonOrderItem {
  ASIN: string;
  SellerSKU?: string;
  OrderItemId: string;
  Title?: string;
  QuantityOrdered: number;
  QuantityShipped?: number;
  ItemPrice?: OrdersMoney;
}

export interface GetOrderItemsResponse {
  payload?: { AmazonOrderId: string; OrderItems: AmazonOrderItem[]; NextToken?: string };
  errors?: SpApiError[];
}

/** ordersV0 `ConfirmShipmentRequest` (confirmShipment answers 204 with no body). */
export interface ConfirmShipmentRequest {
  marketplaceId: string;
  packageDetail: {
    /** A positive number, as a string, naming the package within its order. */
    packageReferenceId: string;
    carrierCode: string;
    /** Required when carrierCode is "Other". */
    carrierName?: string;
    shippingMethod?: string;
    trackingNumber: string;
    shipDate: string;
    orderItems: Array<{ orderItemId: string; quantity: number }>;
  };
}

// ---- Notifications API v1 ----

/** Every Amazon notification the product reads; each channel subscribes to all of them. */
export const amazonNotificationTypes = [
  'ORDER_CHANGE',
  'LISTINGS_ITEM_MFN_QUANTITY_CHANGE',
  'ANY_OFFER_CHANGED',
  'LISTINGS_ITEM_ISSUES_CHANGE',
  'FBA_INVENTORY_AVAILABILITY_CHANGES',
] as const;
export type AmazonNotificationType = (typeof amazonNotificationTypes)[number];

export interface NotificationDestination {
  destinationId: string;
  name: string;
  resource: { eventBridge?: { name: string; region: string; accountId: string }; sqs?: { arn: string } };
}

export interface NotificationSubscription {
  subscriptionId: string;
  payloadVersion: string;
  destinationId: string;
}

/** The common envelope of every SP-API notification. */
export interface NotificationEnvelope<Type extends string, Payload> {
  NotificationVersion: string;
  NotificationType: Type;
  PayloadVersion: string;
  EventTime: string;
  Payload: Payload;
  NotificationMetadata: { ApplicationId: string; SubscriptionId: string; PublishTime: string; NotificationId: string };
}

export interface OrderChangePayload {
  OrderChangeNotification: {
    NotificationLevel: 'OrderItemLevel' | 'OrderLevel';
    SellerId: string;
    AmazonOrderId: string;
    OrderChangeType: 'BuyerRequestedChange' | 'DeliveryTipChange' | 'OrderStatusChange';
    OrderChangeTrigger: { TimeOfOrderChange: string; ChangeReason: string };
    Summary: {
      MarketplaceId: string;
      OrderStatus: AmazonOrderStatus;
      PurchaseDate: string | null;
      DestinationPostalCode: string | null;
      FulfillmentType: 'AFN' | 'MFN';
      OrderType: string;
      NumberOfItemsShipped?: number;
      NumberOfItemsUnshipped?: number;
      OrderItems: Array<{
        OrderItemId: string;
        SellerSKU: string;
        SupplySourceId: string | null;
        Quantity: number;
        QuantityShipped?: number;
        OrderItemStatus?: 'Unshipped' | 'Shipped';
      }>;
    };
  };
}

export interface MfnQuantityChangePayload {
  SellerId: string;
  FulfillmentChannelCode: string;
  Sku: string;
  Quantity: number;
}

export type OrderChangeNotification = NotificationEnvelope<'ORDER_CHANGE', OrderChangePayload>;
export type MfnQuantityChangeNotification = NotificationEnvelope<
  'LISTINGS_ITEM_MFN_QUANTITY_CHANGE',
  MfnQuantityChangePayload
>;
export type AmazonNotification = OrderChangeNotification | MfnQuantityChangeNotification;

/**
 * LISTINGS_ITEM_ISSUES_CHANGE, payload version 1.0 (ListingsItemIssuesChangeNotification.json): the issues of a
 * listing changed; which ones, a read of the listing's `issues` tells. Severities is empty once none is left.
 */
export interface ListingsItemIssuesChangePayload {
  SellerId: string;
  MarketplaceId?: string;
  Asin?: string;
  Sku: string;
  Severities: Array<'ERROR' | 'WARNING' | 'INFO'>;
  EnforcementActions?: string[];
}

/** An event as EventBridge hands it to a rule target (here an API destination, by HTTPS POST). */
export interface EventBridgeEvent<Detail> {
  version: string;
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Detail;
}

// ---- Reports API 2021-06-30 ----

/** reports_2021-06-30 CreateReportSpecification. */
export interface CreateReportSpecification {
  reportType: string;
  marketplaceIds: string[];
  dataStartTime?: string;
  dataEndTime?: string;
  reportOptions?: Record<string, string>;
}

export type ReportProcessingStatus = 'CANCELLED' | 'DONE' | 'FATAL' | 'IN_PROGRESS' | 'IN_QUEUE';

/** reports_2021-06-30 Report. */
export interface Report {
  reportId: string;
  reportType: string;
  createdTime: string;
  processingStatus: ReportProcessingStatus;
  marketplaceIds?: string[];
  dataStartTime?: string;
  dataEndTime?: string;
  processingStartTime?: string;
  processingEndTime?: string;
  reportDocumentId?: string;
}

/** reports_2021-06-30 ReportDocument: where to download the report (a pre-signed URL, valid 5 minutes). */
export interface ReportDocument {
  reportDocumentId: string;
  url: string;
  compressionAlgorithm?: 'GZIP';
}

// ---- Product Pricing API 2022-05-01 (productPricing_2022-05-01.json) and ANY_OFFER_CHANGED ----

/** MoneyType. */
export interface PricingMoney {
  amount: number;
  currencyCode: string;
}

/** Offer (the fields we read). */
export interface PricingOffer {
  sellerId: string;
  condition: string;
  fulfillmentType: 'AFN' | 'MFN';
  listingPrice: PricingMoney;
  shippingOptions?: Array<{ shippingOptionType: string; price: PricingMoney }>;
}

/** CompetitiveSummaryRequest: one ASIN of a batch (at most 20). */
export interface CompetitiveSummaryRequest {
  asin: string;
  marketplaceId: string;
  includedData: Array<'featuredBuyingOptions' | 'referencePrices' | 'lowestPricedOffers' | 'similarItems'>;
  lowestPricedOffersInputs?: Array<{ itemCondition: string; offerType: 'Consumer' }>;
  method: 'GET';
  uri: string;
}

/** CompetitiveSummaryResponse: one ASIN's answer, with its own status. */
export interface CompetitiveSummaryResponse {
  status: { statusCode?: number; reasonPhrase?: string };
  body: {
    asin: string;
    marketplaceId: string;
    featuredBuyingOptions?: Array<{
      buyingOptionType: string;
      segmentedFeaturedOffers?: Array<PricingOffer & { featuredOfferSegments?: unknown[] }>;
    }>;
    lowestPricedOffers?: Array<{
      lowestPricedOffersInput: { itemCondition: string; offerType: string };
      offers: PricingOffer[];
    }>;
    errors?: Array<{ code: string; message: string }>;
  };
}

/** CompetitiveSummaryBatchResponse. */
export interface CompetitiveSummaryBatchResponse {
  responses: CompetitiveSummaryResponse[];
}

/** AnyOfferChangedNotification.json's Payload (the fields we read). */
export interface AnyOfferChangedPayload {
  AnyOfferChangedNotification?: {
    SellerId: string;
    OfferChangeTrigger?: {
      MarketplaceId?: string;
      ASIN?: string;
      ItemCondition?: string;
      TimeOfOfferChange?: string;
      OfferChangeType?: string;
    };
    Summary?: {
      LowestPrices?: Array<{
        Condition: string;
        FulfillmentChannel?: string;
        LandedPrice: { Amount: number; CurrencyCode: string };
      }>;
      BuyBoxPrices?: Array<{ Condition: string; LandedPrice: { Amount: number; CurrencyCode: string } }>;
    };
    Offers?: Array<{
      SellerId: string;
      SubCondition?: string;
      ListingPrice: { Amount: number; CurrencyCode: string };
      Shipping?: { Amount: number; CurrencyCode: string };
      IsBuyBoxWinner?: boolean;
      IsFulfilledByAmazon?: boolean;
    }>;
  };
}

/** fbaInventory.json InventorySummary (the fields we read). */
export interface FbaInventorySummary {
  asin?: string;
  fnSku?: string;
  sellerSku?: string;
  condition?: string;
  inventoryDetails?: { fulfillableQuantity?: number };
  lastUpdatedTime?: string;
  productName?: string;
  totalQuantity?: number;
}

/** fbaInventory.json GetInventorySummariesResponse. */
export interface GetInventorySummariesResponse {
  payload?: {
    granularity: { granularityType?: string; granularityId?: string };
    inventorySummaries: FbaInventorySummary[];
  };
  pagination?: { nextToken?: string };
}

/** FBAInventoryAvailabilityChangeNotification.json's Payload (the fields we read). */
export interface FbaInventoryAvailabilityChangePayload {
  SellerId: string;
  FNSKU?: string;
  ASIN?: string;
  SKU: string;
  FulfillmentInventoryByMarketplace: Array<{
    MarketplaceId: string;
    ItemName?: string;
    FulfillmentInventory?: { Fulfillable?: number };
  }>;
}
