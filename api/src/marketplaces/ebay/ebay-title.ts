/**
 * A listing's title on eBay (Inventory API): getInventoryItem, then createOrReplaceInventoryItem with
 * the item as read and the new product title. A full replacement, so sending it again is harmless.
 */
import { MarketplaceError } from '../errors.ts';
import type { UpdateOutcome } from '../types.ts';
import type { EbayClient } from './ebay-client.ts';
import { withTitle } from './title-transform.ts';
import type { EbayInventoryItem } from './types.ts';

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

export async function updateEbayTitle(
  client: EbayClient,
  sku: string,
  title: string,
  signal?: AbortSignal,
): Promise<UpdateOutcome> {
  const url = `/inventory_item/${encodeURIComponent(sku)}`;
  try {
    const current = (
      await client.request<EbayInventoryItem>('inventory', { method: 'GET', url, ...withSignal(signal) })
    ).body;
    await client.request('inventory', {
      method: 'PUT',
      url,
      body: withTitle(current, title),
      headers: { 'content-language': current.locale?.replace('_', '-') ?? 'en-US' },
      ...withSignal(signal),
    });
    return { sku, outcome: 'confirmed' };
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === 'rejected')
      return {
        sku,
        outcome: 'rejected',
        message: error.message,
        ...(error.details.code ? { code: error.details.code } : {}),
      };
    throw error;
  }
}
