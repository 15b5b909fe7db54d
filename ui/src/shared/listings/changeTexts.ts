import type { ChangeCause, ChangeField } from '../../api';

/** How a change of a SKU's stock or price is named, on the Listings history and on an order's stock changes. */
export const changeCauseLabels: Record<ChangeCause, string> = {
  order: 'Order',
  cancellation: 'Cancelled order',
  main_change: 'Main channel change',
  pricing_rule: 'Pricing rule',
  bulk_edit: 'Bulk edit',
  import: 'CSV import',
  reconciliation: 'Sync repair',
  rule_change: 'Channel rule change',
  return: 'Return restocked',
  ad_rule: 'Ad rule',
  ad_undo: 'Ad rule undone',
};

export const changeFieldLabels: Record<ChangeField, string> = {
  available: 'Available',
  on_hand: 'On hand',
  price: 'Price',
  quantity: 'Quantity',
  title: 'Title',
  quantity_cap: 'Offer at most',
  cost: 'Cost',
  tags: 'Tags',
  attributes: 'Attributes',
  ad_state: 'Ad',
};

/** Where a SKU's change history is shown: the Listings page opens the SKU's drawer from the address. */
export const listingHistoryHref = (sku: string) => `/listings?${new URLSearchParams({ sku }).toString()}`;

/**
 * An attributes change's value (a JSON object of the names it set; null: not given) as the seller reads it:
 * "Color: Navy, Size: M"; a name not given, "Size: not given".
 */
export function attributeValuesText(value: string | null): string {
  let parsed: unknown = null;
  try {
    parsed = value ? JSON.parse(value) : null;
  } catch {
    return value ?? 'none';
  }
  if (!parsed || typeof parsed !== 'object') return 'none';
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) return 'none';
  return entries.map(([name, v]) => `${name}: ${typeof v === 'string' ? v : 'not given'}`).join(', ');
}
