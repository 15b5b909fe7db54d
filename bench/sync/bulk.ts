import os from 'node:os';
import { sandboxDefinitions } from '../../api/src/sandbox/index.ts';
import {
  processingTimes as amazonProcessingTimes,
  REALISTIC_TIME_SCALE as AMAZON_SCALE,
} from '../../api/src/sandbox/amazon/limits.ts';
import {
  FEED_PROCESSING_SCALE as WALMART_SCALE,
  FEED_PUBLISHED_PROCESSING_MS as WALMART_FEED_MS,
} from '../../api/src/sandbox/walmart/limits.ts';
import { MUTATION_COST } from '../../api/src/sandbox/shopify/query-cost.ts';
import type { SandboxRate } from '../../api/src/sandbox/shared/sandbox-limits.ts';
import { amazonCapabilities } from '../../api/src/marketplaces/amazon/amazon-adapter.ts';
import { walmartCapabilities } from '../../api/src/marketplaces/walmart/walmart-adapter.ts';
import { EBAY_MAX_SKUS_PER_CALL } from '../../api/src/marketplaces/ebay/ebay-adapter.ts';
import { SHOPIFY_MAX_PER_MUTATION } from '../../api/src/marketplaces/shopify/shopify-adapter.ts';
import { insertChanges, type ChangeInput } from '../../api/src/db/queries/changes.ts';
import { planListingWrites } from '../../api/src/modules/push/plan-writes.ts';
import { sql } from 'drizzle-orm';
import {
  QUICK,
  callSummary,
  jobSummary,
  seconds,
  sleep,
  startBench,
  startSandboxes,
  type Bench,
  type DatabaseKind,
  type Kind,
} from './harness.ts';

/**
 * Bulk: every SKU of the catalogue gets a new price and a new quantity at once, and the time until
 * all four marketplaces hold them, beside the least time the marketplaces' declared limits allow.
 *
 * - Five channels: the main channel is a Shopify store (the truth), the four targets are a second
 *   Shopify store, Amazon, eBay and Walmart, each listing the same SKUs (connected in that order:
 *   each connection imports the account again, so the slowest catalogue to read comes last).
 * - Trigger: in one transaction, every product's on hand and price change (a bulk edit: products
 *   updated, one change per value) and planListingWrites(ctx, tx, accountId, 'all') plans the
 *   writes; the clock starts when that transaction has committed. The main channel's own sandbox
 *   is not edited: only the pushes to the four targets are measured.
 * - The sandboxes run the realistic profile: the published rate limits, with feed processing times
 *   scaled down by 600 (Amazon's assumed 15 min → 1.5 s, Walmart's published 30 min → 3 s), no
 *   added latency; the adapters pace to the published limits as shipped, from full buckets.
 * - Done: every listing write of the plan confirmed (or refused) — listing_writes.confirmed_at.
 */
const SKUS = QUICK ? 1_000 : 10_000;
export const TARGET_RATIO = 1.2;
/** How long the push may take before the figures are read as they stand (BENCH_BULK_DEADLINE_S). */
const DEADLINE_S = Number(process.env.BENCH_BULK_DEADLINE_S ?? (QUICK ? 120 : 300));
/**
 * BENCH_PROPOSED_INDEX=1: before measuring, adds to the throwaway database the index proposed in
 * docs/benchmarks.md (claiming pending writes probes for values in flight per listing), to show its effect.
 */
const PROPOSED_INDEX = process.env.BENCH_PROPOSED_INDEX === '1';

/** BENCH_SHOPIFY_PLAN: the Shopify plan whose cost bucket the sandbox and the minimum use (S-RL restore rates). */
const SHOPIFY_PLANS: Record<string, { name: string; rate: number; bucket: number } | undefined> = {
  standard: undefined,
  advanced: { name: 'Advanced (200 points/s)', rate: 200, bucket: 1000 },
  plus: { name: 'Plus (1,000 points/s)', rate: 1000, bucket: 1000 },
  enterprise: { name: 'Enterprise (2,000 points/s)', rate: 2000, bucket: 1000 },
};
const shopifyPlanKey = process.env.BENCH_SHOPIFY_PLAN ?? 'plus';
const shopifyPlan = SHOPIFY_PLANS[shopifyPlanKey];

/** Token-bucket floor for n calls from a full bucket: (n − burst) / rate, never below 0. */
const floor = (calls: number, limit: SandboxRate, cost = 1) =>
  Math.max(0, (calls * cost - limit.burst) / limit.rate) * 1000;

interface Minimum {
  ms: number;
  how: string;
}

/**
 * The least time the limits allow for N SKUs, each with a new quantity and price, per marketplace,
 * from what the sandboxes declare (realistic profile) and what the marketplaces publish (batch sizes).
 */
export function minimumTimes(n: number): Record<Kind, Minimum> {
  const realistic = (kind: Kind) => sandboxDefinitions[kind]!.limits.realistic;
  // Amazon: one JSON_LISTINGS_FEED per ≤25,000 messages (createFeedDocument + upload + createFeed), then processing.
  const amazonFeeds = Math.ceil(n / amazonCapabilities.maxSkusPerSubmission);
  const a = realistic('amazon');
  const amazonSubmit = Math.max(
    floor(amazonFeeds, a.createFeedDocument!),
    floor(amazonFeeds, a.createFeed!),
    floor(amazonFeeds, a.jsonListingsFeed!),
  );
  const amazonProcessing =
    amazonProcessingTimes.realistic.feedQueueMs + amazonProcessingTimes.realistic.feedProcessingMs;
  // Walmart: an inventory feed and a price feed (≤10,000 rows each), processed in parallel.
  const walmartFeeds = Math.ceil(n / walmartCapabilities.maxSkusPerSubmission);
  const w = realistic('walmart');
  const walmartSubmit = Math.max(floor(walmartFeeds, w['feeds.inventory']!), floor(walmartFeeds, w['feeds.price']!));
  const walmartProcessing = WALMART_FEED_MS * WALMART_SCALE.realistic;
  // eBay: bulkUpdatePriceQuantity, 25 SKUs a call, against the Inventory API's daily quota as a bucket.
  const ebayCalls = Math.ceil(n / EBAY_MAX_SKUS_PER_CALL);
  const ebay = floor(ebayCalls, realistic('ebay').inventory!);
  // Shopify: inventorySetQuantities, 250 quantities a call; productVariantsBulkUpdate, one product a
  // call (the sandbox's products carry two variants each); each mutation costs 10 points.
  const graphql = shopifyPlan ? { rate: shopifyPlan.rate, burst: shopifyPlan.bucket } : realistic('shopify').graphql!;
  const quantityCalls = Math.ceil(n / SHOPIFY_MAX_PER_MUTATION);
  const priceCalls = Math.ceil(n / 2);
  const shopify = floor(quantityCalls + priceCalls, graphql, MUTATION_COST);
  return {
    amazon: {
      ms: amazonSubmit + amazonProcessing,
      how: `${amazonFeeds} feed × 3 calls (${seconds(amazonSubmit)} by the limits) + ${seconds(amazonProcessing)} processing (15 min ÷ ${Math.round(1 / AMAZON_SCALE)})`,
    },
    walmart: {
      ms: walmartSubmit + walmartProcessing,
      how: `${walmartFeeds} inventory + ${walmartFeeds} price feed (${seconds(walmartSubmit)} by the limits) + ${seconds(walmartProcessing)} processing (30 min ÷ ${Math.round(1 / WALMART_SCALE.realistic)})`,
    },
    ebay: { ms: ebay, how: `${ebayCalls} bulk calls of ${EBAY_MAX_SKUS_PER_CALL} within the daily quota's bucket` },
    shopify: {
      ms: shopify,
      how: `${quantityCalls} inventorySetQuantities + ${priceCalls} productVariantsBulkUpdate × ${MUTATION_COST} points = ${((quantityCalls + priceCalls) * MUTATION_COST).toLocaleString('en-US')} points at ${graphql.rate}/s from a ${graphql.burst}-point bucket`,
    },
  };
}

export interface BulkResult {
  db: DatabaseKind;
  /** Infinity when not every write was settled by the deadline. */
  ms: number;
  deadlineMs: number;
  minimumMs: number;
  ratio: number;
  lines: string[];
}

export async function bulk(dbKind: DatabaseKind): Promise<BulkResult> {
  const sandboxes = await startSandboxes(shopifyPlan ? { shopifyPlan } : {});
  try {
    const bench = await startBench({
      dbKind,
      sandboxes,
      products: SKUS,
      kinds: ['shopify', 'shopify', 'amazon', 'ebay', 'walmart'],
      profile: 'realistic',
    });
    try {
      return await measure(bench);
    } finally {
      await bench.stop();
    }
  } finally {
    await sandboxes.stop();
  }
}

async function measure(bench: Bench): Promise<BulkResult> {
  const { ctx } = bench.product;
  const targets = bench.channels.filter((c) => c.role === 'target');
  if (PROPOSED_INDEX)
    await bench.rows(
      `create index listing_writes_in_flight_idx on listing_writes (listing_id) where status in ('submitted', 'accepted')`,
    );
  await bench.sandboxes.faults({ latencyMs: 0, rateLimitProfile: 'realistic' });
  bench.pacing('published');
  await bench.sandboxes.resetStats();

  // New values for every SKU: a different quantity and a price one dollar up.
  const products = await bench.rows<{ id: string; sku: string; on_hand: number; price: string }>(
    `select id, sku, on_hand, price from products where account_id = '${bench.accountId}'`,
  );
  const next = products.map((p) => ({
    ...p,
    quantity: ((p.on_hand + 7) % 150) + 1,
    newPrice: (Number(p.price) + 1).toFixed(2),
  }));
  const since = new Date();
  const load = os.loadavg()[0]!;
  let planned = 0;
  const startedAt = Date.now();
  await ctx.db.transaction(async (tx) => {
    const at = ctx.clock();
    for (let i = 0; i < next.length; i += 1000) {
      const values = sql.join(
        next.slice(i, i + 1000).map((p) => sql`(${p.id}::uuid, ${p.quantity}::integer, ${p.newPrice}::numeric)`),
        sql`, `,
      );
      await tx.execute(
        sql`update products set on_hand = v.q, price = v.p, updated_at = ${at} from (values ${values}) as v(id, q, p) where products.id = v.id`,
      );
    }
    const changes: ChangeInput[] = next.flatMap((p) => [
      {
        productId: p.id,
        sku: p.sku,
        cause: 'bulk_edit',
        causeRef: 'benchmark',
        field: 'on_hand',
        before: String(p.on_hand),
        after: String(p.quantity),
      },
      {
        productId: p.id,
        sku: p.sku,
        cause: 'bulk_edit',
        causeRef: 'benchmark',
        field: 'price',
        before: p.price,
        after: p.newPrice,
      },
    ]);
    const ids = await insertChanges(tx, bench.accountId, changes, at);
    const changeIdByProduct = new Map(next.map((p, i) => [p.id, ids[i * 2]!]));
    planned = await planListingWrites(ctx, tx, bench.accountId, 'all', { changeIdByProduct });
  });
  const committedAt = Date.now();

  // Until every write of the plan is settled, or a generous deadline.
  const deadline = committedAt + DEADLINE_S * 1000;
  let open = planned;
  while (open > 0 && Date.now() < deadline) {
    await sleep(500);
    [{ open }] = (await bench.rows<{ open: number }>(
      `select count(*)::int as open from listing_writes where account_id = '${bench.accountId}' and created_at >= '${since.toISOString()}' and status in ('pending', 'sending', 'submitted', 'accepted')`,
    )) as [{ open: number }];
  }
  const perChannel = await bench.rows<{
    channel_id: string;
    writes: number;
    confirmed: number;
    failed: number;
    superseded: number;
    last: string | null;
  }>(
    `select channel_id, count(*)::int as writes, count(*) filter (where status = 'confirmed')::int as confirmed, count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status = 'superseded')::int as superseded, max(confirmed_at) as last
     from listing_writes where account_id = '${bench.accountId}' and created_at >= '${since.toISOString()}' group by channel_id`,
  );
  const stats = await bench.sandboxes.stats();
  const jobs = await jobSummary(bench, since);

  const minimum = minimumTimes(products.length);
  const lines: string[] = [];
  let overall = 0;
  let overallMinimum = 0;
  const seen = new Set<Kind>();
  for (const channel of targets) {
    const row = perChannel.find((r) => r.channel_id === channel.id);
    const done = row !== undefined && row.confirmed + row.failed + row.superseded === row.writes;
    const took = done && row.last ? new Date(row.last).getTime() - committedAt : Infinity;
    overall = Math.max(overall, took);
    const min = minimum[channel.kind];
    overallMinimum = Math.max(overallMinimum, min.ms);
    lines.push(
      `${channel.kind.padEnd(8)} ${(done ? seconds(took) : `not done after ${seconds(DEADLINE_S * 1000)}`).padStart(8)}  minimum ${seconds(min.ms).padStart(7)} (${min.how}); ${row?.confirmed ?? 0}/${row?.writes ?? 0} writes confirmed${row?.failed ? `, ${row.failed} refused` : ''}${
        row?.superseded ? `, ${row.superseded} superseded` : ''
      }; calls: ${seen.has(channel.kind) ? 'see above' : callSummary(stats, [channel.kind], 6)}`,
    );
    seen.add(channel.kind);
  }
  const ratio = overall / overallMinimum;
  const finished = Number.isFinite(overall);
  lines.unshift(
    `${products.length.toLocaleString('en-US')} SKUs × (quantity + price) on 4 targets: ${planned.toLocaleString('en-US')} writes planned in ${seconds(committedAt - startedAt)}; ${
      finished
        ? `all confirmed after ${seconds(overall)}`
        : `${open.toLocaleString('en-US')} writes still open after ${seconds(DEADLINE_S * 1000)}`
    }, minimum ${seconds(overallMinimum)}: ratio ${finished ? ratio.toFixed(2) : `> ${((DEADLINE_S * 1000) / overallMinimum).toFixed(1)}`} (target < ${TARGET_RATIO}: ${ratio < TARGET_RATIO ? 'met' : 'MISSED'})`,
    `realistic profile, feed processing ÷ 600, Shopify plan ${shopifyPlan?.name ?? 'Standard (100 points/s)'}, 0 ms added latency${PROPOSED_INDEX ? ', WITH the proposed listing_writes_in_flight_idx' : ''}; load average ${load.toFixed(1)} at the start (2 cores)`,
  );
  lines.push(`Shopify points charged: ${stats.shopifyPoints.toLocaleString('en-US')}`, `jobs: ${jobs}`);
  return { db: bench.dbKind, ms: overall, deadlineMs: DEADLINE_S * 1000, minimumMs: overallMinimum, ratio, lines };
}
