/**
 * Shopify's cost-based rate limit in the sandbox: a bucket of query-cost points per shop, restored at
 * the plan's rate (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits), a request
 * charged its requested cost up front and given back what it did not use, and `extensions.cost`.
 * query-cost.ts calculates the costs.
 */
import type { Response } from 'express';
import type { RateLimitProfile, SandboxRate } from '../shared/sandbox-limits.ts';
import { throttledErrors } from './errors.ts';
import type { Shop, ShopifyContext } from './state.ts';

/**
 * realistic: the Standard plan, 100 points/s restored (the page above), a 1,000-point bucket (the size
 * Shopify published before; not confirmed for current plans).
 */
export const limits: Record<RateLimitProfile, Record<string, SandboxRate>> = {
  realistic: { graphql: { rate: 100, burst: 1000 } },
  fast: { graphql: { rate: 100_000, burst: 100_000 } },
};

export type CostBucket = ReturnType<typeof costBucket>;

/** The shop's bucket as a GraphQL request sees it: its limit, and its `throttleStatus`. */
function costBucket(context: ShopifyContext, shop: Shop) {
  const limit = context.limitOf('graphql', shop.domain);
  return {
    limit,
    throttleStatus: () => ({
      maximumAvailable: limit.burst,
      currentlyAvailable: Math.floor(context.buckets.available(`${shop.domain}:graphql`, limit)),
      restoreRate: limit.rate,
    }),
  };
}

/**
 * Takes the requested cost from the shop's bucket; when the query costs more than a bucket holds, or
 * the bucket lacks it now, answers as Shopify does (HTTP 200, errors and the cost) and answers undefined.
 */
export function chargeRequestedCost(
  context: ShopifyContext,
  shop: Shop,
  requested: number,
  res: Response,
): CostBucket | undefined {
  const bucket = costBucket(context, shop);
  const { limit, throttleStatus } = bucket;
  const cost = () => ({ requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus() });
  if (requested > limit.burst) {
    res.json({
      errors: [
        {
          message: `Query cost is ${requested}, which exceeds the single query max cost limit (${limit.burst}).`,
          extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: limit.burst },
        },
      ],
      extensions: { cost: cost() },
    });
    return undefined;
  }
  const wait = context.rateLimit(shop.domain, 'graphql', requested);
  if (wait > 0) {
    res.json({ errors: throttledErrors, extensions: { cost: cost() } });
    return undefined;
  }
  return bucket;
}

/** Shopify charges the actual cost: the difference is given back to the bucket. */
export function refundUnusedCost(
  context: ShopifyContext,
  shop: Shop,
  { limit }: CostBucket,
  requested: number,
  actual: number,
) {
  if (requested > actual) context.buckets.take(`${shop.domain}:graphql`, limit, actual - requested);
}
