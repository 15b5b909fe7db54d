import type { CategoryRequirements, RequiredAttribute } from '../types.ts';
import type { EbayAspectMetadata } from './types.ts';

/**
 * getItemAspectsForCategory's answer as what a listing in the leaf category must carry: the aspects eBay marks
 * required (`aspectConstraint.aspectRequired`; its `aspectUsage` says RECOMMENDED even for those), with eBay's
 * values, taken only from that list when the aspect's mode is SELECTION_ONLY. The Brand aspect is made from the
 * product's brand (transform.ts newInventoryItem), so it stays asked for while the product has none.
 */
export function categoryAspectRequirements(
  categoryId: string,
  metadata: EbayAspectMetadata | undefined,
): CategoryRequirements {
  const attributes: RequiredAttribute[] = [];
  for (const aspect of metadata?.aspects ?? []) {
    const name = aspect.localizedAspectName?.trim();
    if (!name || aspect.aspectConstraint?.aspectRequired !== true) continue;
    const values = (aspect.aspectValues ?? [])
      .map((v) => v.localizedValue)
      .filter((v): v is string => typeof v === 'string' && v.trim() !== '');
    attributes.push({
      name,
      label: name,
      ...(values.length ? { values } : {}),
      ...(values.length && aspect.aspectConstraint.aspectMode === 'SELECTION_ONLY' ? { valuesOnly: true } : {}),
      ...(name.toLowerCase() === 'brand' ? { fromProduct: 'brand' as const } : {}),
    });
  }
  return { category: categoryId, categoryName: null, attributes };
}
