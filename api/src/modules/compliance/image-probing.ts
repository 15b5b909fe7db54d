import type { AppContext } from '../../context.ts';
import {
  imagesToProbe,
  productsUsingImages,
  saveProbes,
  type ImageProbeResult,
} from '../../db/queries/image-probes.ts';
import type { ImageProbeJob } from '../../workers/queues.ts';
import { probeImage } from './image-probe.ts';
import { requestImageProbes } from './image-probe-requests.ts';
import { recheckProducts, type CheckContext } from './recheck.ts';

// Reading the account's product images, so the checks can hold each to its marketplace's limits. A check that
// meets an image not read yet asks for this job in its own transaction; the job reads a batch of the account's
// waiting images a few at a time, keeps what it found, checks again the products showing them, and asks for
// itself again while images wait. Run twice, it reads the same images again and writes the same findings.

/** Images read by one job: the next batch is another job, so a long catalogue never holds one job for long. */
export const IMAGE_PROBE_BATCH = 100;
/** Images read at once: a seller's image host is not to be hammered. */
const PROBES_AT_ONCE = 4;

export type ImageProbingContext = CheckContext & Pick<AppContext, 'jobs' | 'config'>;

/** The job: a batch of the account's waiting images read, kept and checked. Answers how many were read. */
export async function probeWaitingImages(
  ctx: ImageProbingContext,
  job: ImageProbeJob,
  signal?: AbortSignal,
): Promise<number> {
  const urls = await imagesToProbe(ctx.db, job.accountId, IMAGE_PROBE_BATCH);
  if (urls.length === 0) return 0;
  const found: ImageProbeResult[] = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length && !signal?.aborted) {
      const url = urls[next++]!;
      found.push({ url, ...(await probeImage(url, { publicOnly: ctx.config.production, signal })) });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PROBES_AT_ONCE, urls.length) }, worker));
  signal?.throwIfAborted();
  await ctx.db.transaction(async (tx) => {
    await saveProbes(tx, job.accountId, found);
    if (urls.length === IMAGE_PROBE_BATCH) await requestImageProbes(ctx, tx, job.accountId);
  });
  await recheckProducts(ctx, job.accountId, await productsUsingImages(ctx.db, job.accountId, urls));
  return found.length;
}
