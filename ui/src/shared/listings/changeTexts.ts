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
};

/** Where a SKU's change history is shown: the Listings page opens the SKU's drawer from the address. */
export const listingHistoryHref = (sku: string) => `/listings?${new URLSearchParams({ sku }).toString()}`;
