/** The eBay payloads the adapter uses (sell_inventory_v1, sell_fulfillment_v1, commerce_notification_v1, identity). */

export interface EbayAmount {
  value: string;
  currency: string;
}

/** Error container of every eBay REST API. */
export interface EbayError {
  errorId: number;
  domain?: string;
  subdomain?: string;
  category?: string;
  message?: string;
  longMessage?: string;
  parameters?: Array<{ name?: string; value?: string }>;
}

export interface EbayErrorBody {
  errors?: EbayError[];
  warnings?: EbayError[];
}

/** OAuth errors of the token endpoint. */
export interface EbayOAuthErrorBody {
  error: string;
  error_description?: string;
}

export interface EbayProduct {
  title?: string;
  description?: string;
  brand?: string;
  imageUrls?: string[];
  ean?: string[];
  upc?: string[];
  isbn?: string[];
  mpn?: string;
  epid?: string;
  /** The definition declares a string; eBay sends and takes { name: [values] }. */
  aspects?: Record<string, string[]>;
}

/** InventoryItemWithSkuLocaleGroupid (getInventoryItems) and InventoryItemWithSkuLocaleGroupKeys (bulk get). */
export interface EbayInventoryItem {
  sku: string;
  locale?: string;
  condition?: string;
  product?: EbayProduct;
  availability?: { shipToLocationAvailability?: { quantity?: number } };
}

export interface EbayInventoryItems {
  href?: string;
  limit?: number;
  next?: string;
  prev?: string;
  size?: number;
  total?: number;
  inventoryItems?: EbayInventoryItem[];
}

export interface EbayBulkGetInventoryItemResponse {
  responses?: Array<{ sku?: string; statusCode?: number; inventoryItem?: EbayInventoryItem; errors?: EbayError[] }>;
}

export interface EbayOffer {
  offerId?: string;
  sku?: string;
  marketplaceId?: string;
  format?: string;
  availableQuantity?: number;
  /** The leaf category the offer is listed in. */
  categoryId?: string;
  pricingSummary?: { price?: EbayAmount };
  status?: 'PUBLISHED' | 'UNPUBLISHED' | string;
  listing?: { listingId?: string; listingStatus?: string; listingOnHold?: boolean; soldQuantity?: number };
}

export interface EbayOffers {
  href?: string;
  limit?: number;
  next?: string;
  size?: number;
  total?: number;
  offers?: EbayOffer[];
}

/** One entry of BulkPriceQuantity.requests. */
export interface EbayPriceQuantity {
  sku: string;
  shipToLocationAvailability?: { quantity: number };
  offers?: Array<{ offerId: string; availableQuantity?: number; price?: EbayAmount }>;
}

export interface EbayBulkPriceQuantity {
  requests: EbayPriceQuantity[];
}

export interface EbayPriceQuantityResponse {
  offerId?: string;
  sku?: string;
  statusCode?: number;
  errors?: EbayError[];
  warnings?: EbayError[];
}

export interface EbayBulkPriceQuantityResponse {
  responses?: EbayPriceQuantityResponse[];
}

/** sell_fulfillment_v1 Address. */
export interface EbayAddress {
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  stateOrProvince?: string;
  postalCode?: string;
  countryCode?: string;
}

/** sell_fulfillment_v1 ExtendedContact: a buyer or a ship-to. */
export interface EbayContact {
  fullName?: string;
  companyName?: string;
  contactAddress?: EbayAddress;
  primaryPhone?: { phoneNumber?: string };
  email?: string;
}

export type EbayFulfillmentStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';

export interface EbayLineItem {
  lineItemId?: string;
  legacyItemId?: string;
  sku?: string;
  title?: string;
  quantity?: number;
  lineItemCost?: EbayAmount;
  lineItemFulfillmentStatus?: EbayFulfillmentStatus | string;
  lineItemFulfillmentInstructions?: {
    shipByDate?: string;
    minEstimatedDeliveryDate?: string;
    maxEstimatedDeliveryDate?: string;
  };
  /** sell_fulfillment_v1 LineItemRefund: refunds issued for this line (issueRefund's refundItems). */
  refunds?: EbayLineItemRefund[];
}

/** sell_fulfillment_v1 LineItemRefund. */
export interface EbayLineItemRefund {
  amount?: EbayAmount;
  refundDate?: string;
  refundId?: string;
  refundReferenceId?: string;
}

/** sell_fulfillment_v1 OrderRefund: a refund of the order, in paymentSummary.refunds. */
export interface EbayOrderRefund {
  amount?: EbayAmount;
  refundDate?: string;
  refundId?: string;
  refundReferenceId?: string;
  refundStatus?: 'FAILED' | 'PENDING' | 'REFUNDED' | string;
}

export interface EbayOrder {
  orderId: string;
  creationDate?: string;
  lastModifiedDate?: string;
  orderFulfillmentStatus?: EbayFulfillmentStatus | string;
  orderPaymentStatus?: 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED' | string;
  sellerId?: string;
  buyer?: { username?: string; buyerRegistrationAddress?: EbayContact };
  fulfillmentStartInstructions?: Array<{
    fulfillmentInstructionsType?: string;
    shippingStep?: { shipTo?: EbayContact };
  }>;
  pricingSummary?: { total?: EbayAmount };
  paymentSummary?: { refunds?: EbayOrderRefund[]; totalDueSeller?: EbayAmount };
  totalMarketplaceFee?: EbayAmount;
  cancelStatus?: { cancelState?: 'NONE_REQUESTED' | 'IN_PROGRESS' | 'CANCELED' | string; cancelledDate?: string };
  lineItems?: EbayLineItem[];
}

/**
 * sell_fulfillment_v1 ReasonForRefundEnum (https://developer.ebay.com/api-docs/sell/fulfillment/types/api:ReasonForRefundEnum;
 * the copied definition names the type without listing its values).
 */
export const ebayRefundReasons = [
  'BUYER_CANCEL',
  'SELLER_CANCEL',
  'ITEM_NOT_RECEIVED',
  'BUYER_RETURN',
  'ITEM_NOT_AS_DESCRIBED',
  'OTHER_ADJUSTMENT',
  'SHIPPING_DISCOUNT',
] as const;
export type EbayRefundReason = (typeof ebayRefundReasons)[number];

/** issueRefund's body (IssueRefundRequest): a whole-order amount or amounts by line, never both. */
export interface EbayIssueRefundRequest {
  reasonForRefund: EbayRefundReason;
  comment?: string;
  orderLevelRefundAmount?: EbayAmount;
  refundItems?: Array<{ lineItemId: string; refundAmount: EbayAmount }>;
}

/** issueRefund's answer (Refund): PENDING when taken, FAILED when not. */
export interface EbayRefundResponse {
  refundId?: string;
  refundStatus?: 'FAILED' | 'PENDING' | 'REFUNDED' | string;
}

/** sell_fulfillment_v1 LineItemReference: a line of a package, and how many of its units. */
export interface EbayLineItemReference {
  lineItemId: string;
  quantity: number;
}

/** createShippingFulfillment's body (ShippingFulfillmentDetails). */
export interface EbayShippingFulfillmentDetails {
  lineItems: EbayLineItemReference[];
  shippedDate: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}

/** sell_fulfillment_v1 ShippingFulfillment: one package of an order, as getShippingFulfillments answers it. */
export interface EbayShippingFulfillment {
  fulfillmentId?: string;
  lineItems?: Array<Partial<EbayLineItemReference>>;
  shipmentTrackingNumber?: string;
  shippedDate?: string;
  shippingCarrierCode?: string;
}

export interface EbayShippingFulfillmentPagedCollection {
  fulfillments?: EbayShippingFulfillment[];
  total?: number;
  warnings?: EbayError[];
}

export interface EbayOrderSearchPagedCollection {
  href?: string;
  limit?: number;
  offset?: number;
  next?: string;
  prev?: string;
  total?: number;
  orders?: EbayOrder[];
}

/** The token endpoint's answer. */
export interface EbayTokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  token_type: string;
}

/** GET /commerce/identity/v1/user/ */
export interface EbayUser {
  userId?: string;
  username?: string;
}

export interface EbayPublicKey {
  algorithm?: string;
  digest?: string;
  key?: string;
}

/**
 * A push notification's body, as eBay's AsyncAPI describes it:
 * https://developer.ebay.com/api-docs/master/commerce/notification/asyncapi/order_confirmation.yaml
 */
export interface EbayNotification<Data = unknown> {
  metadata: { topic: string; schemaVersion: string; deprecated?: boolean };
  notification: {
    notificationId: string;
    eventDate: string;
    publishDate: string;
    publishAttemptCount: number;
    data: Data;
  };
}

export interface EbayAccountDeletionData {
  username: string;
  userId: string;
  eiasToken: string;
}

/** GET /destination. The definition declares deliveryConfig a string; eBay answers the object. */
export interface EbayDestinationSearchResponse {
  total?: number;
  limit?: number;
  next?: string;
  destinations?: Array<{
    destinationId?: string;
    name?: string;
    status?: string;
    deliveryConfig?: { endpoint?: string; verificationToken?: string };
  }>;
}

/** sell_inventory_v1 EbayOfferDetailsWithKeys: the body of createOffer and (with the same keys) updateOffer. */
export interface EbayOfferDetails {
  sku: string;
  marketplaceId: 'EBAY_US';
  format: 'FIXED_PRICE';
  availableQuantity: number;
  categoryId?: string;
  listingDescription?: string;
  listingDuration: 'GTC';
  merchantLocationKey?: string;
  /** The business policies (required before the offer is published). */
  listingPolicies?: { fulfillmentPolicyId?: string; paymentPolicyId?: string; returnPolicyId?: string };
  pricingSummary: { price: EbayAmount };
}

/** sell_inventory_v1 InventoryLocationResponse, as far as the hub reads it. */
export interface EbayInventoryLocation {
  merchantLocationKey?: string;
  name?: string;
  merchantLocationStatus?: 'ENABLED' | 'DISABLED' | string;
  locationTypes?: string[];
  location?: {
    address?: { addressLine1?: string; city?: string; stateOrProvince?: string; postalCode?: string; country?: string };
  };
}

/** sell_inventory_v1 LocationResponse (getInventoryLocations). */
export interface EbayLocationResponse {
  href?: string;
  limit?: number;
  next?: string;
  offset?: number;
  prev?: string;
  total?: number;
  locations?: EbayInventoryLocation[];
}

/** What the hub reads of a business policy (sell_account_v1 FulfillmentPolicy, PaymentPolicy, ReturnPolicy). */
export interface EbayBusinessPolicy {
  name?: string;
  description?: string;
  marketplaceId?: string;
  categoryTypes?: Array<{ name?: string; default?: boolean }>;
}

export interface EbayFulfillmentPolicy extends EbayBusinessPolicy {
  fulfillmentPolicyId?: string;
  handlingTime?: { unit?: string; value?: number };
}
export interface EbayPaymentPolicy extends EbayBusinessPolicy {
  paymentPolicyId?: string;
  immediatePay?: boolean;
}
export interface EbayReturnPolicy extends EbayBusinessPolicy {
  returnPolicyId?: string;
  returnsAccepted?: boolean;
  returnPeriod?: { unit?: string; value?: number };
}

/** sell_account_v1 FulfillmentPolicyResponse, PaymentPolicyResponse, ReturnPolicyResponse. */
export interface EbayFulfillmentPolicyResponse {
  fulfillmentPolicies?: EbayFulfillmentPolicy[];
  total?: number;
}
export interface EbayPaymentPolicyResponse {
  paymentPolicies?: EbayPaymentPolicy[];
  total?: number;
}
export interface EbayReturnPolicyResponse {
  returnPolicies?: EbayReturnPolicy[];
  total?: number;
}

/** createOffer's answer (OfferResponse). */
export interface EbayOfferResponse {
  offerId?: string;
  warnings?: EbayError[];
}

/** publishOffer's and withdrawOffer's answer (PublishResponse, WithdrawResponse). */
export interface EbayPublishResponse {
  listingId?: string;
  warnings?: EbayError[];
}

/** commerce_taxonomy_v1 AspectMetadata (getItemAspectsForCategory), the parts read here. */
export interface EbayAspectMetadata {
  aspects?: Array<{
    localizedAspectName?: string;
    aspectConstraint?: {
      aspectRequired?: boolean;
      aspectMode?: 'FREE_TEXT' | 'SELECTION_ONLY' | string;
      itemToAspectCardinality?: 'SINGLE' | 'MULTI' | string;
    };
    aspectValues?: Array<{ localizedValue?: string }>;
  }>;
}
