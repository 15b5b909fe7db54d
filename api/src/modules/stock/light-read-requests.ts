import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { LIGHT_READ_QUEUE, type LightReadJob } from '../../workers/queues.ts';

/**
 * Asks for a light read of one channel (reconciliation/light-read.ts does the read): asked for by the
 * schedule, and by marketplace notices (webhooks), which sit below reconciliation. One read runs and
 * one waits per channel: a request meanwhile adds none.
 */
export function requestLightRead(ctx: AppContext, tx: Db, job: LightReadJob): Promise<string | null> {
  return enqueue<LightReadJob>(ctx.jobs, tx, LIGHT_READ_QUEUE, job, { singletonKey: job.channelId });
}
