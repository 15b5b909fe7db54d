/**
 * The eBay sandbox's state (plain JSON, persisted by the kit), its settings and its published limits.
 * Shapes follow the eBay Sell APIs (sell_inventory_v1, sell_fulfillment_v1, commerce_notification_v1).
 */
import type { RateLimitProfile } from '../shared/sandbox-limits.ts';

/**
 * The one application the sandbox accepts: its name and usual client id. Its secret is the
 * installation's own (the kit's `application`, derived from APP_SECRET_KEY by the product).
 */
export const EBAY_SANDBOX_APP = {
  clientId: 'marketplace-hub-sandbox',
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
  accountReadonly: 'https://api.ebay.com/oauth/api_scope/sell.account.readonly',
  notification: 'https://api.ebay.com/oauth/api_scope/commerce.notification.subscription',
  identity: 'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
} as const;

/** The APIs a daily quota is counted for (FACTS.md 2, "Limits"). */
export const ebayApis = [
  'inventory',
  'fulfillment',
  'notification',
  'identity',
  'account',
  'oauth_authorization_code',
  'oauth_refresh_token',
  'oauth_client_credentials',
] as const;
export type EbayApi = (typeof ebayApis)[number];

/**
 * Daily call quotas. realistic: Account 25,000 [V]; Notification 10,000 [V]; Inventory 2,000,000 and Fulfillment
 * 100,000 are the commonly quoted defaults [U]; Identity 5,000 is a guess [U]; OAuth per grant type
 * from E-ORL [V]. fast: effectively unlimited.
 */
export const dailyQuotas: Record<RateLimitProfile, Record<EbayApi, number>> = {
  realistic: {
    inventory: 2_000_000,
    fulfillment: 100_000,
    notification: 10_000,
    identity: 5_000,
    account: 25_000,
    oauth_authorization_code: 10_000,
    oauth_refresh_token: 50_000,
    oauth_client_credentials: 1_000,
  },
  fast: {
    inventory: 1e12,
    fulfillment: 1e12,
    notification: 1e12,
    identity: 1e12,
    account: 1e12,
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

/** An inventory location (sell_inventory_v1 InventoryLocationResponse). */
export interface SandboxLocation {
  merchantLocationKey: string;
  name: string;
  merchantLocationStatus: 'ENABLED' | 'DISABLED';
  locationTypes: Array<'WAREHOUSE' | 'STORE' | 'FULFILLMENT_CENTER'>;
  address: { addressLine1: string; city: string; stateOrProvince: string; postalCode: string; country: 'US' };
  timeZoneId: string;
}

/** A business policy (sell_account_v1 FulfillmentPolicy, PaymentPolicy or ReturnPolicy), the fields the sandbox keeps. */
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
  /** Absent in state saved before the sandbox had them: none. */
  locations?: SandboxLocation[];
  policies?: { fulfillment: SandboxPolicy[]; payment: SandboxPolicy[]; return: SandboxPolicy[] };
}

/**
 * Top-level (not leaf) categories of eBay US: an offer cannot be published in one of them ("Everything
 * Else" is 99). Without the Taxonomy API the sandbox takes any other number for a leaf category.
 */
export const EBAY_US_TOP_LEVEL_CATEGORIES: Record<string, string> = {
  '20081': 'Antiques',
  '550': 'Art',
  '2984': 'Baby',
  '267': 'Books & Magazines',
  '12576': 'Business & Industrial',
  '625': 'Cameras & Photo',
  '15032': 'Cell Phones & Accessories',
  '11450': 'Clothing, Shoes & Accessories',
  '11116': 'Coins & Paper Money',
  '1': 'Collectibles',
  '58058': 'Computers/Tablets & Networking',
  '293': 'Consumer Electronics',
  '14339': 'Crafts',
  '237': 'Dolls & Bears',
  '11232': 'Movies & TV',
  '6000': 'eBay Motors',
  '45100': 'Entertainment Memorabilia',
  '99': 'Everything Else',
  '172008': 'Gift Cards & Coupons',
  '26395': 'Health & Beauty',
  '11700': 'Home & Garden',
  '281': 'Jewelry & Watches',
  '11233': 'Music',
  '619': 'Musical Instruments & Gear',
  '1281': 'Pet Supplies',
  '870': 'Pottery & Glass',
  '10542': 'Real Estate',
  '316': 'Specialty Services',
  '888': 'Sporting Goods',
  '64482': 'Sports Mem, Cards & Fan Shop',
  '260': 'Stamps',
  '1305': 'Tickets & Experiences',
  '220': 'Toys & Hobbies',
  '3252': 'Travel',
  '1249': 'Video Games & Consoles',
};

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
