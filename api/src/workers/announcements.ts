/**
 * How a job announced by NOTIFY wakes a queue's workers.
 *
 * pg-boss wakes every worker of the queue, and every idle one fetches: with 8 idle workers, one job
 * cost 8 fetches, 7 of them finding nothing (about a tenth of all statements under a stream of
 * orders). Here an announcement wakes one idle worker, and a worker whose fetch took a job wakes
 * one more (the statement that announced it may have sent several: a plan's pushes to three
 * channels), so a batch is taken by as many workers, one fetch after another, and one fetch finds
 * nothing at the end. Busy workers are told, as pg-boss tells them, so that the one running a key's
 * job fetches the job waiting behind it as soon as it ends.
 *
 * pg-boss's listener calls its Manager's notifyQueue, which has no public replacement:
 * pg-boss-patches.ts puts `wakeForAnnouncement` in its place.
 */

/** What this relies on of pg-boss's Worker (checked: a worker of another shape is woken as pg-boss does). */
export interface AnnouncedWorker {
  name: string;
  /** Set while the worker sleeps between fetches (pg-boss 12). */
  loopDelayPromise: unknown;
  /** Told to fetch again (set by notify, cleared as its next fetch starts). */
  beenNotified: boolean;
  notify(): void;
  fetch: () => Promise<unknown[] | null | undefined>;
}

const chained = new WeakSet<object>();

export function isAnnouncedWorker(worker: unknown): worker is AnnouncedWorker {
  const w = worker as Partial<AnnouncedWorker> | null;
  return (
    !!w &&
    typeof w.name === 'string' &&
    'loopDelayPromise' in w &&
    typeof w.beenNotified === 'boolean' &&
    typeof w.notify === 'function' &&
    typeof w.fetch === 'function'
  );
}

/** Asleep and not yet woken (a worker woken a moment ago still holds its delay until its loop goes on). */
const idle = (worker: AnnouncedWorker) =>
  worker.loopDelayPromise !== null && worker.loopDelayPromise !== undefined && !worker.beenNotified;

/** Wakes the queue's workers for one announcement; `workers` answers the queue's workers as they are now. */
export function wakeForAnnouncement(workers: () => unknown[]): void {
  const all = workers();
  if (!all.every(isAnnouncedWorker)) {
    for (const worker of all as Array<{ notify(): void }>) worker.notify();
    return;
  }
  for (const worker of all) chainFetches(worker, workers as () => AnnouncedWorker[]);
  const sleeping = all.find(idle);
  for (const worker of all) if (!idle(worker) && !worker.beenNotified) worker.notify();
  sleeping?.notify();
}

/** A worker whose fetch took a job wakes one more sleeping worker of its queue. */
function chainFetches(worker: AnnouncedWorker, workers: () => AnnouncedWorker[]): void {
  if (chained.has(worker)) return;
  chained.add(worker);
  const fetch = worker.fetch;
  worker.fetch = async () => {
    const jobs = await fetch.call(worker);
    if (jobs && jobs.length > 0)
      workers()
        .find((other) => other !== worker && idle(other))
        ?.notify();
    return jobs;
  };
}
