import type { AppContext } from '../context.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { sendAuthMail } from '../modules/auth/auth-mail.ts';
import { deleteExpiredSessions } from '../db/queries/sessions.ts';
import { vacuumTables } from '../db/queries/upkeep.ts';
import { pruneStockLevels, STOCK_HISTORY_DAYS } from '../db/queries/stock-levels.ts';
import { deleteStaleRateLimits } from '../modules/rate-limit/rate-limiter.ts';
import {
  LISTINGS_CONFIRM_QUEUE,
  LISTINGS_PUBLISH_QUEUE,
  LISTINGS_PUSH_QUEUE,
  MAIL_QUEUE,
  MAIN_ADJUST_QUEUE,
  MAIN_REFRESH_QUEUE,
  MAINTENANCE_QUEUE,
  LIGHT_READ_QUEUE,
  ORDERS_POLL_QUEUE,
  ORDERS_RETURNS_QUEUE,
  ORDERS_FULFIL_QUEUE,
  SYNC_RUN_QUEUE,
  SYNC_SCHEDULE_QUEUE,
  COMPLIANCE_SWEEP_QUEUE,
  LISTING_ISSUES_READ_QUEUE,
  IMAGE_PROBE_QUEUE,
  CATEGORY_REQUIREMENTS_QUEUE,
  SALES_ROLLUP_QUEUE,
  FEES_READ_QUEUE,
  ADS_SYNC_QUEUE,
  ADS_RULES_QUEUE,
  ADS_SEND_QUEUE,
  ADS_SCHEDULE_QUEUE,
  type AdsSyncJob,
  type AdsAccountJob,
  ALERTS_EVALUATE_QUEUE,
  ALERTS_DELIVER_QUEUE,
  type AlertsDeliverJob,
  type FeesReadJob,
  type AuthMailJob,
  type ListingsConfirmJob,
  type ListingsPublishJob,
  type ListingsPushJob,
  type MainAdjustJob,
  type MainRefreshJob,
  type OrdersPollJob,
  type ReturnsReadJob,
  type OrdersFulfilJob,
  type SyncRunJob,
  type LightReadJob,
  type ListingIssuesReadJob,
  type ImageProbeJob,
  type CategoryRequirementsJob,
  onePerKeyWork,
} from './queues.ts';
import { pollOrders, readChannelReturns } from '../modules/orders/order-polling.ts';
import { sendShipment } from '../modules/orders/shipment-sending.ts';
import { sendCancellation } from '../modules/orders/cancellations.ts';
import { sendRefund } from '../modules/orders/refunds.ts';
import { acknowledgeOrders } from '../modules/orders/order-timeline.ts';
import { createShopifyCopies } from '../modules/orders/shopify-copies.ts';
import { eraseOrderPersonalData } from '../modules/orders/personal-data.ts';
import { pushChannel } from '../modules/push/channel-push.ts';
import { confirmSubmission } from '../modules/push/listing-confirmation.ts';
import { runPublishJob } from '../modules/listings/publish.ts';
import { applyMainAdjustments, refreshMainStock } from '../modules/stock/main-adjustments.ts';
import { runSync } from '../modules/reconciliation/sync-run.ts';
import { syncTick } from '../modules/reconciliation/sync-schedule.ts';
import { lightRead } from '../modules/reconciliation/light-read.ts';
import { recheckChangedAccounts } from '../modules/compliance/recheck.ts';
import { readWaitingCategories } from '../modules/compliance/category-requirements.ts';
import { readDueViolations, runListingIssuesRead } from '../modules/compliance/marketplace-issues.ts';
import { probeWaitingImages } from '../modules/compliance/image-probing.ts';
import { requestOrderReadsAtStartUp } from '../modules/orders/order-polling.ts';
import { rollUpSales } from '../modules/analytics/sales-rollup.ts';
import { readOrderFees, requestFeeReads } from '../modules/analytics/order-fees.ts';
import { deliverAlerts, evaluateAlerts } from '../modules/alerts/alerts.ts';
import { requestAdReads, syncAdAccount } from '../modules/advertising/ad-sync.ts';
import { applyAdRules } from '../modules/advertising/ad-rules.ts';
import { sendAdStates } from '../modules/advertising/ad-send.ts';

type Job<T> = { id: string; data: T; signal?: AbortSignal };

/** One job at a time per worker slot; the handler gets the job's abort signal (expiry, shutdown). */
const one =
  <T>(handler: (data: T, signal: AbortSignal | undefined, id: string) => Promise<unknown>) =>
  async ([job]: Array<Job<T>>) => {
    await handler(job!.data, job!.signal, job!.id);
  };

/**
 * Every handler is safe to run twice; pg-boss retries with backoff when one throws. `vacuum`: the
 * database has no autovacuum of its own (PGlite), and the hourly maintenance does its work.
 */
/** A fulfilment job's work, by its mode: what the seller did, told to the order's marketplace. */
function fulfil(ctx: AppContext, data: OrdersFulfilJob, signal?: AbortSignal) {
  if (data.mode === 'ship') return sendShipment(ctx, data, signal);
  if (data.mode === 'cancel') return sendCancellation(ctx, data, signal);
  if (data.mode === 'refund') return sendRefund(ctx, data, signal);
  if (data.mode === 'shopify-copy') return createShopifyCopies(ctx, data, signal);
  return acknowledgeOrders(ctx, data, signal);
}

export async function registerWorkers(ctx: AppContext, mailer: Mailer, options: { vacuum: boolean }): Promise<void> {
  // Sync queues are woken by NOTIFY; a poll every 2 s stays for delayed jobs and retries, which
  // nothing announces (0.5 s when NOTIFY is not available). Every idle worker polls: at 0.5 s, the
  // polls were a tenth of all queries under a stream of orders, and never stopped at rest. A worker
  // that took a job fetches again at once while the queue has more jobs ready (burst), instead of
  // waiting a poll between two: a backlog of delayed checks or retries drains at the workers' pace.
  const polling = {
    batchSize: 1,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 2,
    burstWhenReadyExceeds: 1,
  };
  const perKey = { ...polling, ...onePerKeyWork };
  await ctx.jobs.work<AuthMailJob>(
    MAIL_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    one((data, _signal, id) => sendAuthMail(ctx, mailer, id, data)),
  );
  await ctx.jobs.work<SyncRunJob>(
    SYNC_RUN_QUEUE,
    { ...polling, localConcurrency: 2 },
    one((data, signal) => runSync(ctx, data, signal)),
  );
  // One job per channel (per account for the main's adjustments) at a time: queues.ts.
  await ctx.jobs.work<OrdersPollJob>(
    ORDERS_POLL_QUEUE,
    { ...perKey, localConcurrency: 4 },
    one((data, signal) => pollOrders(ctx, data, signal)),
  );
  // Buyers' returns, apart from the orders reads (Amazon's report may take a minute): one read per channel at a time.
  await ctx.jobs.work<ReturnsReadJob>(
    ORDERS_RETURNS_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => readChannelReturns(ctx, data, signal)),
  );
  // Shipments and acknowledgements: each its own job, paced by the channel's rate limiter; grouped by
  // channel, two at a time each, so jobs waiting for one marketplace's pace never hold every worker.
  await ctx.jobs.work<OrdersFulfilJob>(
    ORDERS_FULFIL_QUEUE,
    { ...polling, localConcurrency: 8, groupConcurrency: 2 },
    one((data, signal) => fulfil(ctx, data, signal)),
  );
  await ctx.jobs.work<ListingsPushJob>(
    LISTINGS_PUSH_QUEUE,
    { ...perKey, localConcurrency: 8 },
    one((data, signal) => pushChannel(ctx, data, signal)),
  );
  await ctx.jobs.work<ListingsConfirmJob>(
    LISTINGS_CONFIRM_QUEUE,
    { ...polling, localConcurrency: 4 },
    one((data, signal) => confirmSubmission(ctx, data, signal)),
  );
  await ctx.jobs.work<ListingsPublishJob>(
    LISTINGS_PUBLISH_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => runPublishJob(ctx, data, signal)),
  );
  await ctx.jobs.work<MainAdjustJob>(
    MAIN_ADJUST_QUEUE,
    { ...perKey, localConcurrency: 4 },
    one((data, signal) => applyMainAdjustments(ctx, data, signal)),
  );
  await ctx.jobs.work<MainRefreshJob>(
    MAIN_REFRESH_QUEUE,
    { ...polling, localConcurrency: 8 },
    one((data, signal) => refreshMainStock(ctx, data, signal)),
  );
  await ctx.jobs.work<LightReadJob>(
    LIGHT_READ_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => lightRead(ctx, data, signal)),
  );
  await ctx.jobs.work(SYNC_SCHEDULE_QUEUE, async () => {
    await syncTick(ctx);
  });
  // Every minute: orders read on each channel's interval (3 minutes by default, hourly on Starter), lost work picked up.
  // And at once on start-up: orders placed while no process ran are not left to the schedule.
  if (ctx.config.sync.schedule) {
    await ctx.jobs.schedule(SYNC_SCHEDULE_QUEUE, '* * * * *');
    await requestOrderReadsAtStartUp(ctx);
  }
  // Every minute: compliance issues kept current without a read asking (the dashboard's alert, the page's counts);
  // every half hour, the listing violations marketplaces list for the whole account (eBay's) read first.
  await ctx.jobs.work(
    COMPLIANCE_SWEEP_QUEUE,
    one<undefined>(async (_data, signal) => {
      await readDueViolations(ctx, signal);
      await recheckChangedAccounts(ctx);
    }),
  );
  // The problems a marketplace reports on one listing, read when it says they changed: one read per listing at a time.
  await ctx.jobs.work<ListingIssuesReadJob>(
    LISTING_ISSUES_READ_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => runListingIssuesRead(ctx, data, signal)),
  );
  // The account's product images read (format, size), a batch a job, and their products checked again.
  await ctx.jobs.work<ImageProbeJob>(
    IMAGE_PROBE_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => probeWaitingImages(ctx, data, signal)),
  );
  // What the account's listings' categories ask (the marketplaces' definitions), a batch a job, and their products checked again.
  await ctx.jobs.work<CategoryRequirementsJob>(
    CATEGORY_REQUIREMENTS_QUEUE,
    { ...perKey, localConcurrency: 1 },
    one((data, signal) => readWaitingCategories(ctx, data, signal)),
  );
  if (ctx.config.sync.schedule) await ctx.jobs.schedule(COMPLIANCE_SWEEP_QUEUE, '* * * * *');
  // Every minute: reports sum the rollup's hours; the hours changed since are read from the orders meanwhile.
  // Then the fees of orders without any are asked for, channel by channel (the order path stays untouched).
  await ctx.jobs.work(
    SALES_ROLLUP_QUEUE,
    one<undefined>(async (_data, signal) => {
      await rollUpSales(ctx.db, signal);
      await requestFeeReads(ctx);
    }),
  );
  await ctx.jobs.work<FeesReadJob>(
    FEES_READ_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => readOrderFees(ctx, data, signal)),
  );
  if (ctx.config.sync.schedule) await ctx.jobs.schedule(SALES_ROLLUP_QUEUE, '* * * * *');
  // Every minute: sync never fails silently. Each new alert is told once, by mail and the account's webhook.
  await ctx.jobs.work(
    ALERTS_EVALUATE_QUEUE,
    one<undefined>(() => evaluateAlerts(ctx)),
  );
  if (ctx.config.sync.schedule) await ctx.jobs.schedule(ALERTS_EVALUATE_QUEUE, '* * * * *');
  await ctx.jobs.work(
    ALERTS_DELIVER_QUEUE,
    one<AlertsDeliverJob>((data) => deliverAlerts(ctx, mailer, data)),
  );
  // Advertising: each account read a quarter hour apart (and on demand), its rules looked at after each read and
  // whenever a SKU sells out or comes back; the states they decide sent by a job of their own, retried.
  await ctx.jobs.work<AdsSyncJob>(
    ADS_SYNC_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => syncAdAccount(ctx, data, signal)),
  );
  await ctx.jobs.work<AdsAccountJob>(
    ADS_RULES_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data) => applyAdRules(ctx, data)),
  );
  await ctx.jobs.work<AdsAccountJob>(
    ADS_SEND_QUEUE,
    { ...perKey, localConcurrency: 2 },
    one((data, signal) => sendAdStates(ctx, data, signal)),
  );
  await ctx.jobs.work(
    ADS_SCHEDULE_QUEUE,
    one<undefined>(() => requestAdReads(ctx)),
  );
  if (ctx.config.sync.schedule) await ctx.jobs.schedule(ADS_SCHEDULE_QUEUE, '*/15 * * * *');
  await ctx.jobs.work(MAINTENANCE_QUEUE, async () => {
    const now = ctx.clock();
    await deleteExpiredSessions(ctx.db, now);
    await deleteStaleRateLimits(ctx.db, new Date(now.getTime() - 24 * 3600 * 1000));
    await eraseOrderPersonalData(ctx);
    await pruneStockLevels(ctx.db, new Date(now.getTime() - STOCK_HISTORY_DAYS * 24 * 3600 * 1000));
    if (options.vacuum) await vacuumTables(ctx.db);
  });
  await ctx.jobs.schedule(MAINTENANCE_QUEUE, '17 * * * *');
}
