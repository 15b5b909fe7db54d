/**
 * Amazon's own stock of the offers it fulfils (FBA): the FBA Inventory API's summaries
 * (fbaInventory.json) and the FBA_INVENTORY_AVAILABILITY_CHANGES notification
 * (FBAInventoryAvailabilityChangeNotification.json), as the units each SKU can be sold from.
 */
import type { MarketplaceStock } from '../types.ts';
import type { FbaInventoryAvailabilityChangePayload, GetInventorySummariesResponse } from './types.ts';

const units = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;

/**
 * Each summary's SKU and the units Amazon can pick, pack and ship now (fulfillableQuantity, read with
 * details=true); a summary without details counts its total, a summary without a SKU is left out.
 */
export function marketplaceStockFromSummaries(response: GetInventorySummariesResponse): MarketplaceStock[] {
  return (response.payload?.inventorySummaries ?? []).flatMap((summary) =>
    summary.sellerSku
      ? [
          {
            sku: summary.sellerSku,
            quantity: units(summary.inventoryDetails?.fulfillableQuantity ?? summary.totalQuantity),
          },
        ]
      : [],
  );
}

/** The SKU and its fulfillable units in our marketplace that an FBA availability notification tells; undefined otherwise. */
export function marketplaceStockOfFbaNotification(
  payload: FbaInventoryAvailabilityChangePayload | undefined,
  marketplaceId: string,
): MarketplaceStock | undefined {
  if (!payload || typeof payload.SKU !== 'string' || !payload.SKU) return undefined;
  const entry = payload.FulfillmentInventoryByMarketplace?.find((m) => m.MarketplaceId === marketplaceId);
  if (!entry) return undefined;
  return { sku: payload.SKU, quantity: units(entry.FulfillmentInventory?.Fulfillable) };
}
