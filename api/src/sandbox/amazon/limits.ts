/**
 * The Amazon sandbox's rate limits (the SP-API's usage plans) and its processing times, and the 429
 * it answers when a bucket is empty.
 */
import type { Response } from 'express';
import { SELLER_LOCAL } from '../shared/sandbox-kit.ts';
import type { RateLimitProfile, SandboxRate } from '../shared/sandbox-limits.ts';
import { errorList, send } from './errors.ts';
import type { AmazonContext } from './state.ts';

/**
 * Processing times. Amazon publishes none for listings changes or JSON_LISTINGS_FEED (neither the
 * Listings Items API nor the Feeds API documentation gives one), so we assume 5 minutes for a PATCH
 * to apply and 15 minutes for a feed, and scale them: realistic = assumed ÷ 600, fast ≈ 200 ms for a feed.
 */
export const ASSUMED_PATCH_APPLY_MS = 5 * 60_000;
export const ASSUMED_FEED_PROCESSING_MS = 15 * 60_000;
/** Nor for reports: we assume 2 minutes for a returns report. */
export const ASSUMED_REPORT_PROCESSING_MS = 2 * 60_000;
export const REALISTIC_TIME_SCALE = 1 / 600;
export const processingTimes: Record<
  RateLimitProfile,
  {
    patchApplyMs: number;
    feedQueueMs: number;
    feedProcessingMs: number;
    reportQueueMs: number;
    reportProcessingMs: number;
  }
> = {
  realistic: {
    patchApplyMs: ASSUMED_PATCH_APPLY_MS * REALISTIC_TIME_SCALE,
    feedQueueMs: (ASSUMED_FEED_PROCESSING_MS * REALISTIC_TIME_SCALE) / 3,
    feedProcessingMs: (ASSUMED_FEED_PROCESSING_MS * REALISTIC_TIME_SCALE * 2) / 3,
    reportQueueMs: (ASSUMED_REPORT_PROCESSING_MS * REALISTIC_TIME_SCALE) / 2,
    reportProcessingMs: (ASSUMED_REPORT_PROCESSING_MS * REALISTIC_TIME_SCALE) / 2,
  },
  fast: { patchApplyMs: 100, feedQueueMs: 100, feedProcessingMs: 100, reportQueueMs: 20, reportProcessingMs: 30 },
};

/**
 * The default usage plans in `realistic`, as each operation's description in Amazon's API models
 * publishes them (listingsItems_2021-08-01, feeds_2021-06-30, ordersV0, notifications and
 * definitionsProductTypes_2020-09-01 and reports_2021-06-30 in amzn/selling-partner-api-models; also
 * https://developer-docs.amazon.com/sp-api/docs/listings-items-api-rate-limits), with JSON_LISTINGS_FEED's
 * 5 submissions per 5 minutes from https://developer-docs.amazon.com/sp-api/docs/feeds-api-rate-limits.
 * Generous ones in `fast`.
 */
const publishedLimits: Record<string, SandboxRate> = {
  getListingsItem: { rate: 5, burst: 10 },
  searchListingsItems: { rate: 5, burst: 5 },
  patchListingsItem: { rate: 5, burst: 5 },
  putListingsItem: { rate: 5, burst: 10 },
  createFeedDocument: { rate: 0.5, burst: 15 },
  createFeed: { rate: 0.0083, burst: 15 },
  jsonListingsFeed: { rate: 5 / 300, burst: 5 },
  getFeed: { rate: 2, burst: 15 },
  getFeedDocument: { rate: 0.0222, burst: 10 },
  getOrders: { rate: 0.0167, burst: 20 },
  getOrderItems: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  notifications: { rate: 1, burst: 5 },
  searchDefinitionsProductTypes: { rate: 5, burst: 10 },
  getDefinitionsProductType: { rate: 5, burst: 10 },
  createReport: { rate: 0.0167, burst: 15 },
  getReport: { rate: 2, burst: 15 },
  getReportDocument: { rate: 0.0167, burst: 15 },
  createRestrictedDataToken: { rate: 1, burst: 10 },
  // productPricing_2022-05-01 getCompetitiveSummary: 0.033 a second, a burst of 1 (20 ASINs a call).
  getCompetitiveSummary: { rate: 0.033, burst: 1 },
  // fbaInventory getInventorySummaries: 2 a second, a burst of 2.
  getInventorySummaries: { rate: 2, burst: 2 },
  // financesV0 listFinancialEventsByOrderId: 0.5 a second, a burst of 30.
  listFinancialEventsByOrderId: { rate: 0.5, burst: 30 },
};
const fastLimits: Record<string, SandboxRate> = Object.fromEntries(
  Object.keys(publishedLimits).map((op) => [op, { rate: 1000, burst: 1000 }]),
);

export const limits: Record<RateLimitProfile, Record<string, SandboxRate>> = {
  realistic: publishedLimits,
  fast: fastLimits,
};

/** 429 as Amazon sends it: ErrorList and x-amzn-RequestId, no Retry-After (the models declare none). */
export function throttled(context: AmazonContext, res: Response, key: string, operation: string): boolean {
  const wait = context.rateLimit(key, operation);
  if (wait <= 0) return false;
  send(res, 429, errorList('QuotaExceeded', 'You exceeded your quota for the requested resource.'));
  return true;
}

/** The limit an answer's x-amzn-RateLimit-Limit reports: the operation's, for the call's seller. */
export const rateOf = (context: AmazonContext, operation: string, res: Response) =>
  context.limitOf(operation, res.locals[SELLER_LOCAL]);
