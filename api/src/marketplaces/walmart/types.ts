/**
 * The Walmart Marketplace payloads this adapter reads and sends (from the official definitions, 2023-08 copy);
 * cancellations, refunds and returns in order-action-types.ts.
 */
import type { WalmartRefund } from './order-action-types.ts';

/** auth.json OAuthToken. */
export interface WalmartToken {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
}

/** auth.json TokenDetailResponse. */
export interface WalmartTokenDetail {
  expire_at?: string;
  issued_at?: string;
  is_valid?: boolean;
  scopes?: Record<string, string>;
}

/** items.json ItemResponse. */
export interface WalmartItem {
  mart?: string;
  sku: string;
  wpid?: string;
  upc?: string;
  gtin?: string;
  productName?: string;
  shelf?: string;
  productType?: string;
  /** items.json ItemSearchPrice types amount as a string; its examples send numbers. */
  price?: { currency?: string; amount?: number | string };
  publishedStatus?: string;
  lifecycleStatus?: string;
  unpublishedReasons?: { reason?: string[] };
  variantGroupId?: string;
  additionalAttributes?: unknown;
}

/** items.json ItemResponses. */
export interface WalmartItemsPage {
  ItemResponse: WalmartItem[];
  totalItems?: number;
  nextCursor?: string;
}

/** inventory.json Inventory (GET and PUT /v3/inventory). */
export interface WalmartInventory {
  sku: string;
  quantity: { unit: 'EACH'; amount: number };
}

/** inventory.json MultiNodeInventoryFetchResponseDTO (GET /v3/inventories): a page of every SKU's stock by ship node. */
export interface WalmartInventoriesPage {
  meta?: { totalCount?: number; nextCursor?: string };
  elements?: {
    inventories?: Array<{
      sku?: string;
      nodes?: Array<{
        shipNode?: string;
        inputQty?: { unit: string; amount: number };
        availToSellQty?: { unit: string; amount: number };
        reservedQty?: { unit: string; amount: number };
      }>;
    }>;
  };
}

/** price.json Price / Pricing (PUT /v3/price and a row of the price feed). */
export interface WalmartPrice {
  sku: string;
  pricing: Array<{
    currentPriceType: 'BASE' | 'REDUCED' | 'CLEARANCE';
    currentPrice: { currency: string; amount: number };
  }>;
}

/** price.json ItemPriceResponse (the example wraps it in an `ItemPriceResponse` member). */
export interface WalmartPriceResponse {
  ItemPriceResponse?: { mart?: string; sku?: string; message?: string };
  mart?: string;
  sku?: string;
  message?: string;
}

/** The JSON feed files, uploaded as the multipart `file` part of POST /v3/feeds. */
export interface WalmartInventoryFeed {
  InventoryHeader: { version: '1.4' };
  Inventory: WalmartInventory[];
}
export interface WalmartPriceFeed {
  PriceHeader: { version: '1.7' };
  Price: WalmartPrice[];
}

export interface WalmartFeedId {
  feedId: string;
}

export type WalmartIngestionStatus = 'INPROGRESS' | 'SUCCESS' | 'DATA_ERROR' | 'SYSTEM_ERROR' | 'TIMEOUT_ERROR';

/** feeds.json PartnerFeedResponse. */
export interface WalmartFeedStatus {
  feedId?: string;
  feedStatus?: 'RECEIVED' | 'INPROGRESS' | 'PROCESSED' | 'ERROR';
  itemsReceived?: number;
  itemsSucceeded?: number;
  itemsFailed?: number;
  itemsProcessing?: number;
  offset?: number;
  limit?: number;
  ingestionErrors?: { ingestionError?: WalmartIngestionError[] };
  itemDetails?: {
    itemIngestionStatus?: Array<{
      sku?: string;
      index?: number;
      wpid?: string;
      ingestionStatus: WalmartIngestionStatus;
      ingestionErrors?: { ingestionError?: WalmartIngestionError[] };
    }>;
  };
}

export interface WalmartIngestionError {
  type: string;
  code: string;
  description?: string;
}

/** orders.json QuantityType: amounts are strings. */
export interface WalmartQuantity {
  unitOfMeasurement: string;
  amount: string;
}

/** orders.json MoneyTypeV2 (amounts are JSON numbers). */
export interface WalmartMoney {
  currency: string;
  amount: number;
}

/** orders.json TrackingInfoType. */
export interface WalmartTrackingInfo {
  shipDateTime: number;
  carrierName: { carrier?: string; otherCarrier?: string };
  methodCode: string;
  trackingNumber: string;
  trackingURL?: string;
}

/** orders.json OrderLineStatusType: units of a line in one status (Shipped ones with their tracking). */
export interface WalmartOrderLineStatus {
  status: string;
  statusQuantity: WalmartQuantity;
  cancellationReason?: string;
  trackingInfo?: WalmartTrackingInfo;
}

/** orders.json OrderLineType (the definition types orderLines as RefundLinesType by mistake; the examples show these). */
export interface WalmartOrderLine {
  lineNumber: string;
  item: { productName?: string; sku: string };
  charges?: {
    charge?: Array<{
      chargeType: string;
      chargeName?: string;
      chargeAmount: WalmartMoney;
      tax?: { taxName?: string; taxAmount: WalmartMoney };
    }>;
  };
  orderLineQuantity: WalmartQuantity;
  statusDate?: number;
  orderLineStatuses?: { orderLineStatus?: WalmartOrderLineStatus[] };
  /** orders.json OrderLineType.refund (RefundType): the line's refund, under the refundId it was sent with. */
  refund?: WalmartRefund;
}

/** orders.json ShippingInfoType: where the order goes, and the ship-by (estimatedShipDate). */
export interface WalmartShippingInfo {
  phone?: string;
  estimatedDeliveryDate?: number;
  estimatedShipDate?: number;
  methodCode?: string;
  postalAddress?: {
    name?: string;
    address1?: string;
    address2?: string;
    city?: string;
    state?: string;
    postalCode?: string;
    country?: string;
    addressType?: string;
  };
}

/** orders.json GetOrderResponseRecord. */
export interface WalmartOrder {
  purchaseOrderId: string;
  customerOrderId?: string;
  orderDate: number;
  shippingInfo?: WalmartShippingInfo;
  orderLines: { orderLine: WalmartOrderLine[] };
  /** orders.json OrderSummary (MoneyType: currencyAmount, currencyUnit). */
  orderSummary?: { totalAmount?: { currencyAmount: number; currencyUnit: string } };
  /** orders.json ShipNode: who ships the order (SellerFulfilled, WFSFulfilled, 3PLFulfilled). */
  shipNode?: { type?: string; name?: string; id?: string };
}

/** orders.json GetOrderResponse: one order (getAnOrder as its examples show it, acknowledge, shipping). */
export interface WalmartOrderResponse {
  order: WalmartOrder;
}

/**
 * orders.json OrderShipment (POST /v3/orders/{purchaseOrderId}/shipping). The definition types its
 * orderLines as RefundLinesType by mistake; each line is a ShippingLineType, each status a
 * ShipLineStatusType, as its example shows.
 */
export interface WalmartOrderShipment {
  orderShipment: {
    orderLines: {
      orderLine: Array<{
        lineNumber: string;
        sellerOrderId: string;
        orderLineStatuses: {
          orderLineStatus: Array<{
            status: 'Shipped';
            statusQuantity: WalmartQuantity;
            trackingInfo: WalmartTrackingInfo;
          }>;
        };
      }>;
    };
  };
}

/** orders.json PurchaseOrderTypeV3. */
export interface WalmartOrdersPage {
  list: {
    meta: { totalCount?: number; limit?: number; nextCursor?: string };
    elements: { order?: WalmartOrder[] };
  };
}

/** notifications.json CreateSubscriptionRequest. */
export interface WalmartSubscriptionRequest {
  events: Array<{
    eventType: string;
    eventVersion: string;
    resourceName: string;
    eventUrl: string;
    status: 'ACTIVE' | 'INACTIVE';
    authDetails?: { authMethod: 'HMAC' | 'BASIC_AUTH' | 'OAUTH'; clientSecret?: string; authHeaderName?: string };
    headers?: Record<string, string>;
  }>;
}

/** notifications.json SubscriptionResponseDTO (the definition names the list `event`; its example and Walmart answer `events`). */
export interface WalmartSubscriptionResponse {
  events?: Array<{ subscriptionId?: string; eventType?: string; status?: string; eventUrl?: string }>;
  event?: Array<{ subscriptionId?: string; eventType?: string; status?: string; eventUrl?: string }>;
}

/** The PO_CREATED event as delivered to the eventUrl (developer.walmart.com "Purchase order (PO) created event"). */
export interface WalmartPoCreatedEvent {
  source: { eventType: string; eventTime: string; eventId: string };
  payload: {
    partnerId?: string;
    purchaseOrderId: string;
    customerOrderId?: string;
    orderDate: string;
    estimatedShipDate?: string;
    orderLines: Array<{
      lineNumber: string;
      sku: string;
      productName?: string;
      quantity: { unitOfMeasure?: string; measurementValue: number };
      orderLineStatus?: string;
      charges?: Array<{
        chargeType: string;
        chargeName?: string;
        chargeAmount: { currency: string; amount: number | string };
      }>;
    }>;
  };
}

/** Walmart's error body. */
export interface WalmartErrorBody {
  errors?: Array<{
    code?: string;
    field?: string;
    description?: string;
    message?: string;
    info?: string;
    severity?: string;
    category?: string;
  }>;
  error?: Array<{ code?: string; field?: string; description?: string; info?: string }>;
}

/** items.json MP_ITEM (spec 4.8) feed: the header and one MPItem per SKU (Orderable facts, Visible per category). */
export interface WalmartMpItemFeed {
  MPItemFeedHeader: {
    sellingChannel: 'marketplace';
    processMode: 'REPLACE';
    subset: 'EXTERNAL';
    locale: 'en';
    version: '4.8';
    subCategory?: string;
  };
  MPItem: Array<{
    Orderable: {
      sku: string;
      productIdentifiers: { productIdType: 'GTIN' | 'UPC' | 'EAN'; productId: string };
      productName: string;
      brand: string;
      price: number;
      ShippingWeight?: number;
    };
    Visible: Record<
      string,
      { shortDescription?: string; mainImageUrl?: string; productSecondaryImageURL?: string[]; keyFeatures?: string[] }
    >;
  }>;
}

/** items.json ItemRetireResponse (DELETE /v3/items/{SKU}). */
export interface WalmartRetireResponse {
  sku?: string;
  message?: string;
  errors?: unknown;
}

/** inventory.json WfsInventoryDTO: Walmart's own stock of the seller's WFS items (getWFSInventory). */
export interface WalmartWfsInventoryPage {
  headers?: { totalCount?: number; limit?: number; offset?: number };
  payload?: {
    inventory?: Array<{
      sku?: string;
      shipNodes?: Array<{ modifiedDate?: string; availToSellQty?: number; onHandQty?: number; shipNodeType?: string }>;
    }>;
  };
}

/** reports.json ReconReportDateResponse: the dates (MMDDYYYY) a recon report can be downloaded for. */
export interface WalmartReconDates {
  availableApReportDates?: string[];
}
