import { marketplaceNames } from '../../marketplaces/names.ts';
import type { MarketplaceKind } from '../../marketplaces/types.ts';
/** A price as the contract writes it: digits, at most two decimals ("19.99"). */
export function isPriceText(value: string): boolean {
  return /^\d{1,10}(\.\d{1,2})?$/.test(value);
}

export function formatPrice(value: number): string {
  return value.toFixed(2);
}

/** A marketplace's name as sellers write it. */
export function channelName(kind: MarketplaceKind): string {
  return marketplaceNames[kind];
}
