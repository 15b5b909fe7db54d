import type { AppContext } from '../context.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { sendAuthMail } from '../modules/auth/auth-mail.ts';
import { deleteExpiredSessions } from '../db/queries/sessions.ts';
import { deleteStaleRateLimits } from '../modules/rate-limit/rate-limiter.ts';
import { CATALOGUE_QUEUE, MAIL_QUEUE, MAINTENANCE_QUEUE, ORDERS_POLL_QUEUE, ORDERS_SCHEDULE_QUEUE, STOCK_PUSH_QUEUE, type AuthMailJob, type CatalogueJob, type OrdersPollJob, type StockPushJob } from './queues.ts';
import { pushStock } from '../modules/sync/stock-push.ts';
import { pollAllChannels, pollOrders } from '../modules/sync/order-polling.ts';
import { importCatalogue } from '../modules/sync/catalogue-import.ts';

/** Every handler is safe to run twice; pg-boss retries with backoff when one throws. */
export async function registerWorkers(ctx: AppContext, mailer: Mailer): Promise<void> {
  await ctx.jobs.work<AuthMailJob>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await sendAuthMail(ctx, mailer, job!.id, job!.data);
  });
  await ctx.jobs.work<CatalogueJob>(CATALOGUE_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await importCatalogue(ctx, job!.data, (job as { signal?: AbortSignal }).signal);
  });
  await ctx.jobs.work<OrdersPollJob>(ORDERS_POLL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await pollOrders(ctx, job!.data, (job as { signal?: AbortSignal }).signal);
  });
  await ctx.jobs.work<StockPushJob>(STOCK_PUSH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await pushStock(ctx, job!.data, (job as { signal?: AbortSignal }).signal);
  });
  await ctx.jobs.work(ORDERS_SCHEDULE_QUEUE, async () => {
    await pollAllChannels(ctx);
  });
  // Every account is polled every 3 minutes (spec: auto-sync every 3 minutes); pushes make it sooner.
  await ctx.jobs.schedule(ORDERS_SCHEDULE_QUEUE, '*/3 * * * *');
  await ctx.jobs.work(MAINTENANCE_QUEUE, async () => {
    const now = ctx.clock();
    await deleteExpiredSessions(ctx.db, now);
    await deleteStaleRateLimits(ctx.db, new Date(now.getTime() - 24 * 3600 * 1000));
  });
  await ctx.jobs.schedule(MAINTENANCE_QUEUE, '17 * * * *');
}
