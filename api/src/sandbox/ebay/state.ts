/**
 * The eBay sandbox's state (plain JSON, persisted by the kit) and its settings. Shapes follow the eBay
 * Sell APIs (sell_inventory_v1, sell_fulfillment_v1, sell_account_v1, commerce_notification_v1).
 */
import type { SandboxContext } from '../shared/sandbox-kit.ts';

/** The APIs a daily quota is counted for (https://developer.ebay.com/develop/api/sell/api_call_limits). */
export const ebayApis = [
  'inventory',
  'fulfillment',
  'notification',
  'identity',
  'account',
  'finances',
  'taxonomy',
  'oauth_authorization_code',
  'oauth_refresh_token',
  'oauth_client_credentials',
] as const;
export type EbayApi = (typeof ebayApis)[number];

export interface EbaySettings {
  /**
   * Most SKUs in one bulk_update_price_quantity: 25 per the BulkPriceQuantity schema and eBay's guide
   * (https://developer.ebay.com/api-docs/sell/static/inventory/bulk-updates.html), 1 per the method's text
   * (https://developer.ebay.com/api-docs/sell/inventory/resources/inventory_item/methods/bulkUpdatePriceQuantity).
   */
  maxSkusPerCall: number;
  /** Replaces the profile's daily quota of an API. */
  dailyQuotas: Partial<Record<EbayApi, number>>;
  /** Length of a quota "day"; shorter in tests so a spent quota comes back. */
  quotaWindowSeconds: number;
}

export const defaultSettings = (): EbaySettings => ({
  maxSkusPerCall: 25,
  dailyQuotas: {},
  quotaWindowSeconds: 86_400,
});

export interface EbayAmount {
  value: string;
  currency: string;
}

export interface SandboxItem {
  sku: string;
  locale: string;
  condition: string;
  product: {
    title: string;
    description: string;
    brand: string;
    imageUrls: string[];
    ean: string[];
    aspects: Record<string, string[]>;
  };
  quantity: number;
  offerId: string;
  listingId: string;
  offerStatus: 'PUBLISHED' | 'UNPUBLISHED';
  /** false until createOffer for an item made through the API (generated items come with their offer). */
  offerCreated?: boolean;
  categoryId?: string;
  listingDescription?: string;
  merchantLocationKey?: string;
  listingPolicies?: { fulfillmentPolicyId?: string; paymentPolicyId?: string; returnPolicyId?: string };
  price: EbayAmount;
  soldQuantity: number;
  /** Revisions of the listing on the calendar day `day` (YYYY-MM-DD, Pacific). */
  revisions: { day: string; count: number };
  /** What eBay's Compliance API reports on the listing (set through the control API); absent: none. */
  violations?: SandboxViolation[];
}

/** One listing violation (sell_compliance_v1 ComplianceDetail, with its ComplianceViolation's type). */
export interface SandboxViolation {
  complianceType: string;
  reasonCode: string;
  message: string;
  complianceState: 'OUT_OF_COMPLIANCE' | 'AT_RISK';
}

/** A postal address as the Fulfillment API gives it (sell_fulfillment_v1 Address). */
export interface SandboxAddress {
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateOrProvince: string;
  postalCode: string;
  countryCode: 'US';
}

/** A person as the Fulfillment API gives them (sell_fulfillment_v1 ExtendedContact). */
export interface SandboxContact {
  fullName: string;
  contactAddress: SandboxAddress;
  primaryPhone: { phoneNumber: string };
  email: string;
}

export type SandboxFulfillmentStatus = 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';

export interface SandboxLineItem {
  lineItemId: string;
  legacyItemId: string;
  sku: string;
  title: string;
  quantity: number;
  lineItemCost: EbayAmount;
  total: EbayAmount;
  deliveryCost: { shippingCost: EbayAmount };
  appliedPromotions: unknown[];
  taxes: unknown[];
  refunds: Array<{ amount: EbayAmount; refundDate: string; refundId: string }>;
  lineItemFulfillmentStatus: SandboxFulfillmentStatus;
  lineItemFulfillmentInstructions: {
    shipByDate: string;
    minEstimatedDeliveryDate: string;
    maxEstimatedDeliveryDate: string;
    guaranteedDelivery: false;
  };
  listingMarketplaceId: 'EBAY_US';
  purchaseMarketplaceId: 'EBAY_US';
  soldFormat: 'FIXED_PRICE';
}

/** What an order carries for the seller to ship it: buyer, address, dates, payment and fees (sell_fulfillment_v1 Order). */
export interface SandboxOrderShipping {
  buyer: {
    username: string;
    buyerRegistrationAddress: SandboxContact;
    taxAddress: { city: string; stateOrProvince: string; postalCode: string; countryCode: 'US' };
  };
  fulfillmentStartInstructions: Array<{
    fulfillmentInstructionsType: 'SHIP_TO';
    ebaySupportedFulfillment: false;
    minEstimatedDeliveryDate: string;
    maxEstimatedDeliveryDate: string;
    shippingStep: { shippingCarrierCode: string; shippingServiceCode: string; shipTo: SandboxContact };
  }>;
  fulfillmentHrefs: string[];
  paymentSummary: {
    payments: Array<{ paymentMethod: 'EBAY'; paymentStatus: 'PAID'; paymentDate: string; amount: EbayAmount }>;
    /** Every refund of the order (issueRefund's, or a cancellation's), by line ones too, under eBay's refund id. */
    refunds: Array<{ refundId: string; refundDate: string; refundStatus: 'PENDING' | 'REFUNDED'; amount: EbayAmount }>;
    totalDueSeller: EbayAmount;
  };
  totalFeeBasisAmount: EbayAmount;
  totalMarketplaceFee: EbayAmount;
}

export interface SandboxOrder extends SandboxOrderShipping {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: SandboxFulfillmentStatus;
  orderPaymentStatus: 'PAID' | 'PARTIALLY_REFUNDED' | 'FULLY_REFUNDED';
  sellerId: string;
  salesRecordReference: string;
  pricingSummary: { priceSubtotal: EbayAmount; deliveryCost: EbayAmount; total: EbayAmount };
  /** getOrders always answers cancelRequests empty (sell_fulfillment_v1: "returned but is always empty"). */
  cancelStatus: { cancelState: 'NONE_REQUESTED' | 'CANCELED'; cancelledDate?: string; cancelRequests: unknown[] };
  lineItems: SandboxLineItem[];
}

/** A shipping fulfillment (sell_fulfillment_v1 ShippingFulfillment): one package of an order. */
export interface SandboxFulfillment {
  fulfillmentId: string;
  lineItems: Array<{ lineItemId: string; quantity: number }>;
  shippedDate: string;
  shippingCarrierCode?: string;
  shipmentTrackingNumber?: string;
}

/** An inventory location (sell_inventory_v1 InventoryLocationResponse). */
export interface SandboxLocation {
  merchantLocationKey: string;
  name: string;
  merchantLocationStatus: 'ENABLED' | 'DISABLED';
  locationTypes: Array<'WAREHOUSE' | 'STORE' | 'FULFILLMENT_CENTER'>;
  address: { addressLine1: string; city: string; stateOrProvince: string; postalCode: string; country: 'US' };
  timeZoneId: string;
}

/** A business policy (sell_account_v1 Fulfillment-, Payment- or ReturnPolicy): the fields the sandbox keeps. */
export interface SandboxPolicy {
  id: string;
  name: string;
  description: string;
  marketplaceId: 'EBAY_US';
  /** Fulfillment: business days to ship; free shipping. */
  handlingDays?: number;
  freeShipping?: boolean;
  /** Return: days to return, 0 when returns are not accepted. */
  returnDays?: number;
}

export interface SandboxSeller {
  sellerId: string;
  username: string;
  items: Record<string, SandboxItem>;
  orders: SandboxOrder[];
  /** The shipping fulfillments of each order, by order id (absent in state saved before the sandbox had them). */
  fulfillments?: Record<string, SandboxFulfillment[]>;
  /** Absent in state saved before the sandbox had them: none. */
  locations?: SandboxLocation[];
  policies?: { fulfillment: SandboxPolicy[]; payment: SandboxPolicy[]; return: SandboxPolicy[] };
}

export interface SandboxGrant {
  /** The seller the grant acts for; null for an application token. */
  sellerId: string | null;
  scopes: string[];
  expiresAt: number;
}

export interface SandboxDestination {
  destinationId: string;
  name: string;
  status: 'ENABLED' | 'DISABLED';
  endpoint: string;
  verificationToken: string;
}

export interface SandboxSubscription {
  subscriptionId: string;
  topicId: string;
  status: 'ENABLED' | 'DISABLED';
  creationDate: string;
  destinationId: string;
  payload: { format: string; schemaVersion: string; deliveryProtocol: string };
  /** The seller whose events it carries; null for application topics (account deletion). */
  sellerId: string | null;
}

export interface EbayState {
  sellers: Record<string, SandboxSeller>;
  codes: Record<string, SandboxGrant & { redirectUri: string }>;
  accessTokens: Record<string, SandboxGrant>;
  refreshTokens: Record<string, SandboxGrant>;
  destinations: Record<string, SandboxDestination>;
  subscriptions: Record<string, SandboxSubscription>;
  /** The notification signing key (ECDSA P-256), PEM. */
  signingKey: { kid: string; publicKey: string; privateKey: string };
  /** Calls counted in the current quota window, per `${sellerId or 'app'}:${api}`. */
  usage: Record<string, { window: number; count: number }>;
  settings: EbaySettings;
  sequence: number;
}

export type EbayContext = SandboxContext<EbayState>;
