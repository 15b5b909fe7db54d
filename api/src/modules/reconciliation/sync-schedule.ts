import type { AppContext } from '../../context.ts';
import { channelsWithPendingWrites } from '../../db/queries/listing-writes-sending.ts';
import { accountsWithPendingAdjustments } from '../../db/queries/stock.ts';
import { accountsDueForReconciliation } from '../../db/queries/sync-runs.ts';
import type { Plan } from '../../db/schema/index.ts';
import { planLimits } from '../billing/plan-limits.ts';
import { platformSettings } from '../settings/platform-settings.ts';
import { requestMainAdjustments } from '../stock/main-channel-requests.ts';
import { pollDueChannels } from '../orders/order-polling.ts';
import { requestChannelPush, requestDuePush } from '../push/plan-writes.ts';
import { requestSync } from './sync-run.ts';
import { requestDueLightReads } from './light-read.ts';
import { channelsAwaitingCreation } from '../../db/queries/listing-publish.ts';
import { requestPublish } from '../listings/publish.ts';

export const RECONCILE_EVERY_MS = 24 * 3600 * 1000;

/**
 * A channel's scheduled read interval: the plan's, with the platform's setting where the plan is
 * real-time (System Settings, else `SYNC_INTERVAL_MINUTES`).
 */
export function syncIntervalMinutes(
  ctx: AppContext,
  plan: Plan,
  platformMinutes = ctx.config.sync.intervalMinutes,
): number {
  return planLimits[plan].realTime ? platformMinutes : planLimits[plan].syncIntervalMinutes;
}

/**
 * The minute's tick: orders read where due; work left waiting (a push or an adjustment whose job
 * was lost, a channel in `error` to try again) asked for again; the channels whose turn it is read
 * for hand edits (light-read.ts); the daily reconciliation started.
 * Every request is deduplicated by its queue, so a tick that runs twice asks for nothing twice.
 */
export async function syncTick(
  ctx: AppContext,
): Promise<{ polled: number; pushes: number; adjustments: number; reconciliations: number; lightReads: number }> {
  const { syncIntervalMinutes: platformMinutes } = await platformSettings(ctx);
  // A read-only account (its trial or plan ended unpaid) is not synced on a schedule; its data stays. Each
  // query below leaves such accounts out itself (db/queries/billing.ts's `writableAt`).
  const now = ctx.clock();
  const polled = await pollDueChannels(
    ctx,
    (plan) => syncIntervalMinutes(ctx, plan as Plan, platformMinutes),
    (plan) => planLimits[plan as Plan].realTime,
  );
  // Real-time plans: any value still waiting is pushed now (its job was lost, or the channel is
  // being retried). Starter: waiting values go when the channel's hourly sync is due.
  const dueNow = new Set(polled.map((c) => c.channelId));
  const waiting = (await channelsWithPendingWrites(ctx.db, now)).filter(
    (c) => planLimits[c.plan].realTime || dueNow.has(c.channelId),
  );
  for (const channel of waiting) {
    const job = { accountId: channel.accountId, channelId: channel.channelId };
    if (planLimits[channel.plan].realTime) await requestChannelPush(ctx, ctx.db, job);
    else await ctx.db.transaction((tx) => requestDuePush(ctx, tx, job));
  }
  // Listings published whose creation job was lost (each request is deduplicated per channel).
  for (const channel of await channelsAwaitingCreation(ctx.db, now))
    await requestPublish(ctx, ctx.db, { mode: 'create', ...channel });
  const adjusting = await accountsWithPendingAdjustments(ctx.db, now);
  for (const accountId of adjusting) await requestMainAdjustments(ctx, ctx.db, accountId);
  const due = await accountsDueForReconciliation(ctx.db, new Date(now.getTime() - RECONCILE_EVERY_MS), now);
  for (const accountId of due)
    await ctx.db.transaction((tx) =>
      requestSync(ctx, tx, { accountId, channelId: null, kind: 'reconcile', trigger: 'schedule', startedBy: null }),
    );
  const lightReads = await requestDueLightReads(ctx);
  return {
    polled: polled.length,
    pushes: waiting.length,
    adjustments: adjusting.length,
    reconciliations: due.length,
    lightReads,
  };
}
