import type { AmazonOperation } from './amazon/amazon-client.ts';
import type { EbayApiName } from './ebay/ebay-client.ts';
import type { MarketplaceKind } from './types.ts';
import type { WalmartOperation } from './walmart/walmart-client.ts';

/**
 * Each rate limit of each marketplace in a seller's words. The adapters' bucket keys (an operation,
 * or an API on eBay) are not for sellers; typed by each client's own list, so a limit added to a client
 * cannot be left unnamed.
 */
const amazon: Record<AmazonOperation, string> = {
  getListingsItem: 'Listing reads',
  searchListingsItems: 'Catalogue reads',
  patchListingsItem: 'Listing updates',
  putListingsItem: 'New listings',
  createFeedDocument: 'Bulk uploads',
  createFeed: 'Bulk uploads',
  jsonListingsFeedSubmission: 'Bulk uploads',
  getFeed: 'Bulk upload results',
  getFeedDocument: 'Bulk upload results',
  getOrders: 'Order reads',
  getOrderItems: 'Order reads',
  confirmShipment: 'Shipments',
  createDestination: 'Notifications',
  getDestinations: 'Notifications',
  createSubscription: 'Notifications',
  getSubscription: 'Notifications',
  getInventorySummaries: 'FBA stock reads',
  searchDefinitionsProductTypes: 'Product types',
  getDefinitionsProductType: 'Product types',
  createReport: 'Returns reports',
  getReport: 'Returns reports',
  getCompetitiveSummary: 'Competitor prices',
  getReportDocument: 'Returns reports',
  createRestrictedDataToken: 'Buyer details access',
  listFinancialEventsByOrderId: 'Fee reads',
};
const walmart: Record<WalmartOperation, string> = {
  token: 'Sign-ins to Walmart',
  itemsRead: 'Catalogue reads',
  inventoryRead: 'Stock reads',
  inventoryUpdate: 'Stock updates',
  priceUpdate: 'Price updates',
  inventoryFeed: 'Bulk stock uploads',
  priceFeed: 'Bulk price uploads',
  itemFeed: 'Listing uploads',
  itemRetire: 'Listing removals',
  feedStatus: 'Bulk upload results',
  ordersRead: 'Order reads',
  ordersUpdate: 'Order updates (shipping, cancelling, refunds)',
  webhooks: 'Notifications',
  returnsRead: 'Returns reads',
  itemSpec: 'Category requirements',
  reconReport: 'Fee reads',
};
const ebay: Record<EbayApiName, string> = {
  inventory: 'Listings and stock',
  fulfillment: 'Orders and shipping',
  notification: 'Notifications',
  identity: 'Account details',
  account: 'Business policies',
  finances: 'Fee reads',
  taxonomy: 'Category requirements',
};
/** Shopify spends one cost bucket for every Admin API query. */
const shopify: Record<'graphql', string> = { graphql: 'Admin API' };

const names: Record<MarketplaceKind, Record<string, string>> = { amazon, walmart, ebay, shopify };

/** The name of a marketplace's rate limit for a seller; "API calls" for one not in its list. */
export function rateLimitName(kind: MarketplaceKind, operation: string): string {
  return Object.hasOwn(names[kind], operation) ? names[kind][operation]! : 'API calls';
}
