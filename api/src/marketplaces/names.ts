import type { MarketplaceKind } from './types.ts';

/** Each marketplace as a seller reads its name: in every message, history line and e-mail (never the lowercase kind). */
export const marketplaceNames: Record<MarketplaceKind, string> = {
  amazon: 'Amazon',
  walmart: 'Walmart',
  ebay: 'eBay',
  shopify: 'Shopify',
};
