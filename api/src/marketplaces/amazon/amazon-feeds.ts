/**
 * Amazon's bulk path: one JSON_LISTINGS_FEED (Feeds API 2021-06-30) per submission, its document
 * uploaded to the presigned URL, and each SKU's result read from the feed's processing report.
 */
import { MarketplaceError } from '../errors.ts';
import type { MarketplaceAdapter } from '../marketplace-adapter.ts';
import type { Submission, SubmissionStatus } from '../types.ts';
import type { AmazonClient } from './amazon-client.ts';
import { feedInterimStatus, listingsFeedDocument, processingReportToOutcomes } from './transform.ts';
import type { ListingsFeedProcessingReport } from './types.ts';

/** The content type of a JSON_LISTINGS_FEED document. */
export const JSON_FEED_CONTENT_TYPE = 'application/json; charset=UTF-8';
/**
 * A JSON_LISTINGS_FEED holds up to 25,000 messages (listings-feed-schema-v2.json; raised from 10,000
 * on 2025-05-06, Amazon's changelog:
 * https://developer-docs.amazon.com/sp-api/changelog/update-feed-size-and-rate-limit-changes-for-the-json_listings_feed).
 */
export const MAX_FEED_MESSAGES = 25_000;

/** What a feed needs of the adapter: the client, the seller and marketplace, and each SKU's product type. */
interface FeedParts {
  client: AmazonClient;
  sellerId: string;
  marketplaceId: string;
  productTypes: { of(sku: string): string };
}

/** The outcome of a feed Amazon finished, or could not process, from its processing report. */
async function submissionStatus(
  { client }: FeedParts,
  submission: Submission,
  signal?: AbortSignal,
): Promise<SubmissionStatus> {
  const feed = await client.getFeed(submission.submissionId, signal);
  const interim = feedInterimStatus(feed);
  if (interim?.state === 'failed' && feed.resultFeedDocumentId) {
    // A FATAL feed still has a processing report: give Amazon's own reason.
    const document = await client.getFeedDocument(feed.resultFeedDocumentId, signal);
    const report = (await client.downloadFeedDocument(
      document,
      signal,
    )) as Partial<ListingsFeedProcessingReport> | null;
    const reasons = (report?.issues ?? []).filter((issue) => issue.severity === 'ERROR').map((issue) => issue.message);
    return reasons.length > 0 ? { state: 'failed', message: `${interim.message}: ${reasons.join('; ')}` } : interim;
  }
  if (interim) return interim;
  if (!feed.resultFeedDocumentId)
    return { state: 'failed', message: `Feed ${feed.feedId} is DONE without a processing report` };
  const document = await client.getFeedDocument(feed.resultFeedDocumentId, signal);
  const report = (await client.downloadFeedDocument(document, signal)) as ListingsFeedProcessingReport;
  if (!report || !Array.isArray(report.issues))
    return { state: 'failed', message: `Feed ${feed.feedId}: the processing report is not a listings feed report` };
  return { state: 'done', results: processingReportToOutcomes(report, submission.skus) };
}

/** Bulk updates as one JSON_LISTINGS_FEED; its per-SKU results from the processing report. */
export function amazonFeeds(parts: FeedParts): Required<Pick<MarketplaceAdapter, 'submitBulk' | 'submissionStatus'>> {
  const { client, marketplaceId } = parts;
  return {
    async submitBulk(updates, signal) {
      if (updates.length === 0) throw new MarketplaceError('rejected', 'A feed needs at least one update');
      if (updates.length > MAX_FEED_MESSAGES) {
        throw new MarketplaceError('rejected', `A JSON_LISTINGS_FEED holds at most ${MAX_FEED_MESSAGES} messages`);
      }
      const feed = listingsFeedDocument(
        parts.sellerId,
        updates.map((update) => ({ update, productType: parts.productTypes.of(update.sku) })),
        marketplaceId,
      );
      const document = await client.createFeedDocument(JSON_FEED_CONTENT_TYPE, signal);
      await client.uploadFeedDocument(document.url, JSON_FEED_CONTENT_TYPE, JSON.stringify(feed), signal);
      const created = await client.createFeed(
        {
          feedType: 'JSON_LISTINGS_FEED',
          marketplaceIds: [marketplaceId],
          inputFeedDocumentId: document.feedDocumentId,
        },
        signal,
      );
      return { submissionId: created.feedId, skus: updates.map((u) => u.sku) };
    },

    submissionStatus: (submission, signal) => submissionStatus(parts, submission, signal),
  };
}
