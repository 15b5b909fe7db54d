import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { IMAGE_PROBE_QUEUE, type ImageProbeJob } from '../../workers/queues.ts';

/**
 * Asks, in the caller's transaction, for the account's images waiting to be read (image-probing.ts): one job an
 * account waits, so every check that meets an unread image may ask.
 */
export function requestImageProbes(ctx: Pick<AppContext, 'jobs'>, tx: Db, accountId: string): Promise<string | null> {
  return enqueue<ImageProbeJob>(ctx.jobs, tx, IMAGE_PROBE_QUEUE, { accountId }, { singletonKey: accountId });
}
