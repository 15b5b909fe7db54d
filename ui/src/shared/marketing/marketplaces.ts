// The four marketplaces the product connects (spec section 1), in the order pages list them.

export const marketplaceIds = ['amazon', 'walmart', 'ebay', 'shopify'] as const;
export type MarketplaceId = (typeof marketplaceIds)[number];

export const marketplaces = [
  {
    id: 'amazon',
    name: 'Amazon',
    kind: 'General marketplace',
    summary: 'Inventory, prices and listings through the Selling Partner API, across your Amazon marketplaces.',
    connection: 'Connect with your Selling Partner API app credentials.',
  },
  {
    id: 'walmart',
    name: 'Walmart Marketplace',
    kind: 'Big-box retailer marketplace',
    summary: 'Items, inventory and prices through the Walmart Marketplace API.',
    connection: 'Connect with the Client ID and Client Secret from the Walmart Developer Portal.',
  },
  {
    id: 'ebay',
    name: 'eBay',
    kind: 'Auction marketplace',
    summary: 'Fixed-price listings, quantities and prices through eBay’s Sell APIs.',
    connection: 'Connect by signing in to eBay and agreeing to access.',
  },
  {
    id: 'shopify',
    name: 'Shopify',
    kind: 'Hosted storefront platform',
    summary: 'Products, variants, inventory levels and prices through the Shopify Admin API.',
    connection: 'Connect with your your-store.myshopify.com domain and approve the app.',
  },
] as const satisfies readonly { id: MarketplaceId; name: string; kind: string; summary: string; connection: string }[];

export type Marketplace = (typeof marketplaces)[number];

/** "Amazon, Walmart Marketplace, eBay and Shopify". */
export const marketplaceNameList = `${marketplaces
  .slice(0, -1)
  .map((marketplace) => marketplace.name)
  .join(', ')} and ${marketplaces[marketplaces.length - 1]?.name ?? ''}`;
