/**
 * Offers a marketplace fulfils from its own stock (Amazon FBA, Walmart WFS). Their stock is the
 * marketplace's: read (the adapter's listMarketplaceStock, Amazon's FBA_INVENTORY_AVAILABILITY_CHANGES) and
 * shown on the listing, never overwritten by ours (push/plan-writes.ts sends such a listing no quantity),
 * and their orders commit none of ours (orders/order-ledger.ts).
 */
import type { Db } from '../../db/client.ts';
import { markMarketplaceStock, unmarkMarketplaceStock } from '../../db/queries/marketplace-stock.ts';
import type { MarketplaceAdapter } from '../../marketplaces/marketplace-adapter.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import type { MarketplaceStock } from '../../marketplaces/types.ts';

/** The marketplace's own stock by SKU, every offer it fulfils; undefined where the marketplace has none to read. */
export async function readMarketplaceStock(
  adapter: MarketplaceAdapter,
  signal?: AbortSignal,
): Promise<ReadonlyMap<string, number> | undefined> {
  if (!adapter.listMarketplaceStock) return undefined;
  try {
    const found = await adapter.listMarketplaceStock(undefined, signal);
    return new Map(found.map((s) => [s.sku, s.quantity]));
  } catch (error) {
    // A seller without the marketplace's fulfilment (no FBA role, not in WFS) is refused this read: their
    // catalogue is still read, with no offer marked or unmarked. A passing failure fails the read as any call's.
    if (error instanceof MarketplaceError && !error.retryable) return undefined;
    throw error;
  }
}

/**
 * A page of a channel's listings as a full read of the marketplace's own stock found them: an offer the
 * marketplace fulfils is marked with the units it holds, any other is the seller's to fulfil. Where the listing
 * says who fulfils it (Amazon's fulfillment channel), its word decides: a SKU the marketplace still has a stock
 * record of but the seller ships is the seller's (our quantity keeps going to it: never oversold), and an offer
 * the marketplace fulfils with no record yet is the marketplace's at 0 units. Elsewhere holding stock decides.
 * Call it before planning the page's values, in their transaction, so no quantity of ours is planned for an
 * offer the marketplace fulfils.
 */
export async function applyMarketplaceStock(
  tx: Db,
  channel: { id: string; accountId: string },
  items: ReadonlyArray<{ sku: string; fulfilledByMarketplace?: boolean }>,
  stock: ReadonlyMap<string, number> | undefined,
  at: Date,
): Promise<void> {
  if (!stock) return;
  const byMarketplace = (item: { sku: string; fulfilledByMarketplace?: boolean }) =>
    item.fulfilledByMarketplace ?? stock.has(item.sku);
  const held: MarketplaceStock[] = items
    .filter(byMarketplace)
    .map(({ sku }) => ({ sku, quantity: stock.get(sku) ?? 0 }));
  await markMarketplaceStock(tx, channel.accountId, channel.id, held, at);
  await unmarkMarketplaceStock(
    tx,
    channel.accountId,
    channel.id,
    items.filter((item) => !byMarketplace(item)).map(({ sku }) => sku),
    at,
  );
}

/**
 * What the marketplace told of some offers' stock (a notification): the units of those it is known to fulfil.
 * The notice does not say who fulfils the offer (Amazon tells an offer converted back to the seller at 0 units,
 * its stock record kept): an offer not marked yet is marked by the next read of the channel's listings.
 */
export function noteMarketplaceStock(
  tx: Db,
  channel: { id: string; accountId: string },
  stock: readonly MarketplaceStock[],
  at: Date,
): Promise<number> {
  return markMarketplaceStock(tx, channel.accountId, channel.id, stock, at, { alreadyMarked: true });
}
