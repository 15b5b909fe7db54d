/**
 * Other sellers' offers on our ASINs through the Product Pricing API 2022-05-01
 * (productPricing_2022-05-01.json getCompetitiveSummary): 20 ASINs a call, paced by the client at
 * the operation's published plan (one call per 30 seconds, a burst of 1).
 */
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import type { ListingCompetition } from '../types.ts';
import type { AmazonClient } from './amazon-client.ts';
import { amazonPaths } from './endpoints.ts';
import { competitionFromSummary } from './pricing-transform.ts';
import type { CompetitiveSummaryBatchResponse, CompetitiveSummaryRequest } from './types.ts';

/** CompetitiveSummaryRequestList's maxItems. */
export const COMPETITIVE_SUMMARY_BATCH = 20;

export function amazonCompetition(parts: {
  client: AmazonClient;
  sellerId: string;
  marketplaceId: string;
}): Required<Pick<MarketplaceAdapter, 'competition'>> {
  return {
    async competition(asins, signal): Promise<ListingCompetition[]> {
      const found: ListingCompetition[] = [];
      for (let i = 0; i < asins.length; i += COMPETITIVE_SUMMARY_BATCH) {
        const requests: CompetitiveSummaryRequest[] = asins.slice(i, i + COMPETITIVE_SUMMARY_BATCH).map((asin) => ({
          asin,
          marketplaceId: parts.marketplaceId,
          includedData: ['featuredBuyingOptions', 'lowestPricedOffers'],
          lowestPricedOffersInputs: [{ itemCondition: 'New', offerType: 'Consumer' }],
          method: 'GET',
          uri: amazonPaths.competitiveSummaryItem,
        }));
        const { body } = await parts.client.call<CompetitiveSummaryBatchResponse>(
          'getCompetitiveSummary',
          'POST',
          amazonPaths.competitiveSummary,
          { body: { requests }, ...(signal ? { signal } : {}) },
        );
        const at = new Date();
        for (const response of body.responses) {
          const competition = competitionFromSummary(response, parts.sellerId, at);
          if (competition) found.push(competition);
        }
      }
      return found;
    },
  };
}
