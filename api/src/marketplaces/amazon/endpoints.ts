/**
 * Where the Selling Partner API lives. The base URLs are configuration: production by region, or a
 * sandbox that serves the same paths below its own address, so the same client code reaches either.
 */

/**
 * SP-API regional endpoints, as Amazon's "Connect to the SP-API" guide gives them:
 * https://developer-docs.amazon.com/sp-api-blog/docs/selling-partner-api-migration-for-private-developers
 */
export const spApiRegions = {
  na: 'https://sellingpartnerapi-na.amazon.com',
  eu: 'https://sellingpartnerapi-eu.amazon.com',
  fe: 'https://sellingpartnerapi-fe.amazon.com',
} as const;
export type SpApiRegion = keyof typeof spApiRegions;

/** Login with Amazon, where refresh tokens become access tokens. */
export const lwaProductionBase = 'https://api.amazon.com';

/** Amazon.com (US); other marketplace ids can be passed in the adapter options. */
export const defaultMarketplaceId = 'ATVPDKIKX0DER';

export interface AmazonEndpoints {
  /** SP-API base, no trailing slash. */
  spApi: string;
  /** LWA base, no trailing slash; the token path is appended. */
  lwa: string;
}

export function productionEndpoints(region: SpApiRegion = 'na'): AmazonEndpoints {
  return { spApi: spApiRegions[region], lwa: lwaProductionBase };
}

/** A sandbox serves LWA and SP-API paths under one address (e.g. http://localhost:3000/sandbox/amazon). */
export function sandboxEndpoints(sandboxBaseUrl: string): AmazonEndpoints {
  const base = sandboxBaseUrl.replace(/\/+$/, '');
  return { spApi: base, lwa: base };
}

const enc = encodeURIComponent;

/** The marketplace's own paths, the same on production and sandbox. */
export const amazonPaths = {
  lwaToken: '/auth/o2/token',
  listingsItem: (sellerId: string, sku: string) => `/listings/2021-08-01/items/${enc(sellerId)}/${enc(sku)}`,
  listingsItems: (sellerId: string) => `/listings/2021-08-01/items/${enc(sellerId)}`,
  feedDocuments: '/feeds/2021-06-30/documents',
  feedDocument: (feedDocumentId: string) => `/feeds/2021-06-30/documents/${enc(feedDocumentId)}`,
  feeds: '/feeds/2021-06-30/feeds',
  feed: (feedId: string) => `/feeds/2021-06-30/feeds/${enc(feedId)}`,
  restrictedDataToken: '/tokens/2021-03-01/restrictedDataToken',
  orders: '/orders/v0/orders',
  fbaInventorySummaries: '/fba/inventory/v1/summaries',
  orderItems: (orderId: string) => `/orders/v0/orders/${enc(orderId)}/orderItems`,
  shipmentConfirmation: (orderId: string) => `/orders/v0/orders/${enc(orderId)}/shipmentConfirmation`,
  destinations: '/notifications/v1/destinations',
  subscription: (notificationType: string) => `/notifications/v1/subscriptions/${enc(notificationType)}`,
  productTypes: '/definitions/2020-09-01/productTypes',
  productType: (name: string) => `/definitions/2020-09-01/productTypes/${enc(name)}`,
  competitiveSummary: '/batches/products/pricing/2022-05-01/items/competitiveSummary',
  /** The uri each competitive summary request of a batch names. */
  competitiveSummaryItem: '/products/pricing/2022-05-01/items/competitiveSummary',
  reports: '/reports/2021-06-30/reports',
  report: (reportId: string) => `/reports/2021-06-30/reports/${enc(reportId)}`,
  reportDocument: (reportDocumentId: string) => `/reports/2021-06-30/documents/${enc(reportDocumentId)}`,
  orderFinancialEvents: (orderId: string) => `/finances/v0/orders/${enc(orderId)}/financialEvents`,
} as const;

/** Grantless scope of the Notifications API's destination operations. */
export const notificationsScope = 'sellingpartnerapi::notifications';
