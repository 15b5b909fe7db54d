import type { AppContext } from '../context.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { sendAuthMail } from '../modules/auth/auth-mail.ts';
import { deleteExpiredSessions } from '../db/queries/sessions.ts';
import { deleteStaleRateLimits } from '../modules/rate-limit/rate-limiter.ts';
import { MAIL_QUEUE, MAINTENANCE_QUEUE, type AuthMailJob } from './queues.ts';

/** Every handler is safe to run twice; pg-boss retries with backoff when one throws. */
export async function registerWorkers(ctx: AppContext, mailer: Mailer): Promise<void> {
  await ctx.jobs.work<AuthMailJob>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    await sendAuthMail(ctx, mailer, job!.id, job!.data);
  });
  await ctx.jobs.work(MAINTENANCE_QUEUE, async () => {
    const now = ctx.clock();
    await deleteExpiredSessions(ctx.db, now);
    await deleteStaleRateLimits(ctx.db, new Date(now.getTime() - 24 * 3600 * 1000));
  });
  await ctx.jobs.schedule(MAINTENANCE_QUEUE, '17 * * * *');
}
