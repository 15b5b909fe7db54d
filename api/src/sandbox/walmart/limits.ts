/**
 * The Walmart sandbox's rate limits and feed processing time, and the 429 it answers when a bucket is
 * empty. Walmart's throttling page for the US Marketplace is
 * https://developer.walmart.com/us-marketplace/docs/throttling.
 */
import type { Response } from 'express';
import { refuseIfThrottled } from '../shared/sandbox-kit.ts';
import type { RateLimitProfile, SandboxRate } from '../shared/sandbox-limits.ts';
import { walmartError } from './errors.ts';
import type { WalmartContext } from './state.ts';

/**
 * Feed processing time: Walmart publishes 30 minutes for inventory and price feeds (its throttling
 * page, above). The sandbox scales it: realistic = 30 min ÷ 600 = 3 s; fast = 200 ms.
 */
export const FEED_PUBLISHED_PROCESSING_MS = 30 * 60_000;
export const FEED_PROCESSING_SCALE = { realistic: 1 / 600, fast: 200 / FEED_PUBLISHED_PROCESSING_MS } as const;

const perHour = (n: number): SandboxRate => ({ rate: n / 3600, burst: n });
const generous: SandboxRate = { rate: 1000, burst: 1000 };

/**
 * Operation names and their limits. Feeds are published (10/hour each for inventory and price, on the
 * throttling page). Walmart publishes no Marketplace limits for the sync calls that we found (the page
 * lists the feeds); these are conservative choices: 5 calls/s with a burst of 10 for item, inventory and
 * price calls, 1/s (burst 5) for order reads and for order updates (cancellations, acknowledgements, shipping,
 * refunds), for return reads and for the recon report,
 * 1/s (burst 5) for webhook subscriptions, and the Supplier API's 100/hour for /v3/token
 * (https://developer.walmart.com/suppliers/docs/sync-api-throttling-limits).
 */
const realisticLimits: Record<string, SandboxRate> = {
  token: perHour(100),
  'items.read': { rate: 5, burst: 10 },
  'inventory.read': { rate: 5, burst: 10 },
  'inventory.update': { rate: 5, burst: 10 },
  'price.update': { rate: 5, burst: 10 },
  'feeds.inventory': perHour(10),
  'feeds.price': perHour(10),
  /** MP_ITEM feeds: 20 an hour (the throttling page). */
  'feeds.item': perHour(20),
  'items.retire': { rate: 5, burst: 10 },
  'feeds.status': { rate: 5, burst: 10 },
  'orders.read': { rate: 1, burst: 5 },
  'orders.update': { rate: 1, burst: 5 },
  webhooks: { rate: 1, burst: 5 },
  'returns.read': { rate: 1, burst: 5 },
  /** Get Spec: 10 a minute (Walmart's developer guide, as quoted; not in the throttling table). */
  'items.spec': { rate: 10 / 60, burst: 10 },
  /** Recon report dates and files: none published (reports.json asks for a file at most every two hours); as order reads. */
  'reports.recon': { rate: 1, burst: 5 },
};
const fastLimits: Record<string, SandboxRate> = Object.fromEntries(
  Object.keys(realisticLimits).map((k) => [k, generous]),
);

export const limits: Record<RateLimitProfile, Record<string, SandboxRate>> = {
  realistic: realisticLimits,
  fast: fastLimits,
};

/** Walmart's 429, with the usage headers its gateway documents for token-bucket APIs; answers true when it refused. */
export function throttled(context: WalmartContext, res: Response, sellerId: string, operation: string): boolean {
  const wait = context.rateLimit(sellerId, operation);
  if (wait <= 0) return false;
  const limit = context.limitOf(operation, sellerId);
  res.set('X-Current-Token-Count', String(Math.floor(context.buckets.available(`${sellerId}:${operation}`, limit))));
  res.set('X-Next-Replenishment-Time', String(Date.now() + wait));
  return refuseIfThrottled(
    res,
    wait,
    walmartError('REQUEST_THRESHOLD_VIOLATED.GMP_GATEWAY_API', 'Too Many Requests', {
      category: 'REQUEST',
      info: 'Request threshold violated',
    }),
  );
}
