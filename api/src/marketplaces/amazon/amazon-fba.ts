/**
 * Amazon's own stock of the offers it fulfils (FBA), through the FBA Inventory API v1
 * (fbaInventory.json getInventorySummaries): every summary, or those changed since a time, a page at a
 * time, paced by the client at the operation's published plan (2 a second, a burst of 2).
 */
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import type { MarketplaceStock } from '../types.ts';
import type { AmazonClient } from './amazon-client.ts';
import { amazonPaths } from './endpoints.ts';
import { marketplaceStockFromSummaries } from './fba-transform.ts';
import type { GetInventorySummariesResponse } from './types.ts';

export function amazonMarketplaceStock(parts: {
  client: AmazonClient;
  marketplaceId: string;
}): Required<Pick<MarketplaceAdapter, 'listMarketplaceStock'>> {
  return {
    async listMarketplaceStock(since, signal): Promise<MarketplaceStock[]> {
      const found: MarketplaceStock[] = [];
      let nextToken: string | undefined;
      do {
        const { body } = await parts.client.call<GetInventorySummariesResponse>(
          'getInventorySummaries',
          'GET',
          amazonPaths.fbaInventorySummaries,
          {
            query: {
              details: 'true',
              granularityType: 'Marketplace',
              granularityId: parts.marketplaceId,
              marketplaceIds: [parts.marketplaceId],
              // "Use both startDateTime and nextToken to get the next page" (the operation's description).
              startDateTime: since?.toISOString(),
              nextToken,
            },
            ...(signal ? { signal } : {}),
          },
        );
        found.push(...marketplaceStockFromSummaries(body));
        nextToken = body.pagination?.nextToken || undefined;
      } while (nextToken);
      return found;
    },
  };
}
