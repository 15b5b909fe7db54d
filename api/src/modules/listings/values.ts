/** A price as the contract writes it: digits, at most two decimals ("19.99"). */
export function isPriceText(value: string): boolean {
  return /^\d{1,10}(\.\d{1,2})?$/.test(value);
}

export function formatPrice(value: number): string {
  return value.toFixed(2);
}

const CHANNEL_NAMES = { amazon: 'Amazon', ebay: 'eBay', walmart: 'Walmart', shopify: 'Shopify' } as const;

/** A marketplace's name as sellers write it. */
export function channelName(kind: keyof typeof CHANNEL_NAMES): string {
  return CHANNEL_NAMES[kind];
}
