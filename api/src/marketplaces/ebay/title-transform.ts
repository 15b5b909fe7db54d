/**
 * A product's title on eBay: createOrReplaceInventoryItem replaces the whole inventory item, so the
 * title is set on the item as read just before (read-modify-write), everything else kept as it was.
 */
import type { EbayInventoryItem } from './types.ts';

/** The inventory item to send back with `title` as its product's title (the SKU is in the path, not the body). */
export function withTitle(current: EbayInventoryItem, title: string): Omit<EbayInventoryItem, 'sku'> {
  const { sku: _sku, ...rest } = current;
  return { ...rest, product: { ...(current.product ?? {}), title } };
}
