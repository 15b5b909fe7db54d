/**
 * The eBay sandbox's state (plain JSON, persisted by the kit), its settings and its published limits.
 * Shapes follow the eBay Sell APIs (sell_inventory_v1, sell_fulfillment_v1, commerce_notification_v1).
 */
import type { RateLimitProfile } from '../shared/sandbox-limits.ts';

/** The one application the sandbox accepts (the app's own credentials are configuration). */
export const EBAY_SANDBOX_APP = {
  clientId: 'marketplace-hub-sandbox',
  clientSecret: 'marketplace-hub-sandbox-secret',
  name: 'Marketplace Hub (sandbox)',
} as const;

// The sandbox keeps no RuName registry: the RuName the app sends as `redirect_uri` must be the
// callback URL itself (absolute http or https). In production the RuName names the accept URL
// registered on developer.ebay.com.

export const ebayScopes = {
  base: 'https://api.ebay.com/oauth/api_scope',
  inventory: 'https://api.ebay.com/oauth/api_scope/sell.inventory',
  fulfillment: 'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  account: 'https://api.ebay.com/oauth/api_scope/sell.account',
  notification: 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription',
  identity: 'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
} as const;

/** The APIs a daily quota is counted for (FACTS.md 2, "Limits"). */
export const ebayApis = ['inventory', 'fulfillment', 'notification', 'identity', 'oauth_authorization_code', 'oauth_refresh_token', 'oauth_client_credentials'] as const;
export type EbayApi = (typeof ebayApis)[number];

/**
 * Daily call quotas. realistic: Notification 10,000 [V]; Inventory 2,000,000 and Fulfillment
 * 100,000 are the commonly quoted defaults [U]; Identity 5,000 is a guess [U]; OAuth per grant type
 * from E-ORL [V]. fast: effectively unlimited.
 */
export const dailyQuotas: Record<RateLimitProfile, Record<EbayApi, number>> = {
  realistic: {
    inventory: 2_000_000,
    fulfillment: 100_000,
    notification: 10_000,
    identity: 5_000,
    oauth_authorization_code: 10_000,
    oauth_refresh_token: 50_000,
    oauth_client_credentials: 1_000,
  },
  fast: {
    inventory: 1e12,
    fulfillment: 1e12,
    notification: 1e12,
    identity: 1e12,
    oauth_authorization_code: 1e12,
    oauth_refresh_token: 1e12,
    oauth_client_credentials: 1e12,
  },
};

/** Revisions per listing per calendar day (FACTS.md 2 [V]); enforced in realistic only. */
export const REVISIONS_PER_LISTING_PER_DAY = 250;
/** Token lifetimes: user access token 2 h [V], refresh token ≈18 months [U], authorization code 5 min. */
export const ACCESS_TOKEN_SECONDS = 7200;
export const REFRESH_TOKEN_SECONDS = 47_304_000;
export const AUTHORIZATION_CODE_SECONDS = 299;
/** eBay's quota day starts at midnight Pacific [U]; standard time is used all year (no DST). */
export const PACIFIC_OFFSET_MS = 8 * 3600_000;

export interface EbaySettings {
  /** Most SKUs in one bulk_update_price_quantity (FACTS.md: 25 per the schema, 1 per the method text). */
  maxSkusPerCall: number;
  /** Replaces the profile's daily quota of an API. */
  dailyQuotas: Partial<Record<EbayApi, number>>;
  /** Length of a quota "day"; shorter in tests so a spent quota comes back. */
  quotaWindowSeconds: number;
}

export const defaultSettings = (): EbaySettings => ({ maxSkusPerCall: 25, dailyQuotas: {}, quotaWindowSeconds: 86_400 });

export interface EbayAmount {
  value: string;
  currency: string;
}

export interface SandboxItem {
  sku: string;
  locale: string;
  condition: string;
  product: { title: string; description: string; brand: string; imageUrls: string[]; ean: string[]; aspects: Record<string, string[]> };
  quantity: number;
  offerId: string;
  listingId: string;
  offerStatus: 'PUBLISHED' | 'UNPUBLISHED';
  /** false until createOffer for an item made through the API (generated items come with their offer). */
  offerCreated?: boolean;
  categoryId?: string;
  listingDescription?: string;
  merchantLocationKey?: string;
  price: EbayAmount;
  soldQuantity: number;
  /** Revisions of the listing on the calendar day `day` (YYYY-MM-DD, Pacific). */
  revisions: { day: string; count: number };
}

export interface SandboxOrder {
  orderId: string;
  creationDate: string;
  lastModifiedDate: string;
  orderFulfillmentStatus: 'NOT_STARTED' | 'IN_PROGRESS' | 'FULFILLED';
  orderPaymentStatus: 'PAID' | 'FULLY_REFUNDED';
  sellerId: string;
  buyer: { username: string };
  salesRecordReference: string;
  pricingSummary: { priceSubtotal: EbayAmount; total: EbayAmount };
  /** getOrders always answers cancelRequests empty (sell_fulfillment_v1: "returned but is always empty"). */
  cancelStatus: { cancelState: 'NONE_REQUESTED' | 'CANCELED'; cancelledDate?: string; cancelRequests: unknown[] };
  lineItems: Array<{
    lineItemId: string;
    legacyItemId: string;
    sku: string;
    title: string;
    quantity: number;
    lineItemCost: EbayAmount;
    total: EbayAmount;
    lineItemFulfillmentStatus: 'NOT_STARTED';
    listingMarketplaceId: 'EBAY_US';
    purchaseMarketplaceId: 'EBAY_US';
    soldFormat: 'FIXED_PRICE';
  }>;
}

export interface SandboxSeller {
  sellerId: string;
  username: string;
  items: Record<string, SandboxItem>;
  orders: SandboxOrder[];
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

/** The calendar day (Pacific) of a time, for the revisions limit. */
export const pacificDay = (ms: number) => new Date(ms - PACIFIC_OFFSET_MS).toISOString().slice(0, 10);
