import type { MarketplaceKind } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';

/** Whether the marketplace fulfils the listing from its own stock (Amazon FBA, Walmart WFS). */
export const fulfilledByMarketplace = (listing: { marketplaceQuantity?: number }): boolean =>
  listing.marketplaceQuantity !== undefined;

/** The marketplace's own name for fulfilment from its stock: "FBA" on Amazon, "WFS" on Walmart. */
export const marketplaceFulfilmentLabel = (kind: MarketplaceKind): string =>
  kind === 'amazon' ? 'FBA' : kind === 'walmart' ? 'WFS' : 'Fulfilled by marketplace';

/** What such a listing's quantity is, in the drawer. */
export const marketplaceStockExplanation = (kind: MarketplaceKind): string =>
  `${marketplaceNames[kind]} fulfils this offer from its own stock (${marketplaceFulfilmentLabel(kind)}): the quantity shown is ${marketplaceNames[kind]}'s, your stock is never sent to it, and its orders do not lower your stock.`;
