/** A product's title as Amazon's Listings Items API takes it: the `item_name` attribute, replaced by patch. */
import type { PatchOperation } from './types.ts';

/** The patch that sets a listing's title (patchListingsItem, replay-safe: `replace` with the whole value). */
export function titlePatch(title: string, marketplaceId: string): PatchOperation {
  return {
    op: 'replace',
    path: '/attributes/item_name',
    value: [{ value: title, language_tag: 'en_US', marketplace_id: marketplaceId }],
  };
}
