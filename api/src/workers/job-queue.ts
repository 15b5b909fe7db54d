import { PgBoss, fromDrizzle, fromPglite } from 'pg-boss';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterCommit, type DatabaseHandle, type Db } from '../db/client.ts';
import { oneAtATimePerKeyQueues, queueDefinitions } from './queues.ts';
import { fetchLockPoolProblem, installPgBossPatches } from './pg-boss-patches.ts';

export type JobQueue = PgBoss;

/**
 * A worker that dies mid-job (SIGKILL, a lost machine) stops sending heartbeats; these intervals
 * let pg-boss notice within seconds and let the other workers see the channel free again, instead
 * of the defaults' minute or more.
 */
const supervision = { superviseIntervalSeconds: 10, monitorIntervalSeconds: 10, queueCacheIntervalSeconds: 10 };

/** pg-boss on the app's own database: PGlite in the embedded default, PostgreSQL otherwise. */
export async function startJobQueue(handle: DatabaseHandle): Promise<JobQueue> {
  // One job per key at a time on PostgreSQL, one worker woken per announcement: pg-boss-patches.ts
  // (throws if this pg-boss is not the one they were written for).
  installPgBossPatches();
  const boss =
    handle.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(handle.pglite as never),
          backend: 'pglite',
          useListenNotify: true,
          ...supervision,
        } as ConstructorParameters<typeof PgBoss>[0])
      : new PgBoss({
          connectionString: handle.connectionString,
          useListenNotify: true,
          max: 5,
          ...supervision,
        } as ConstructorParameters<typeof PgBoss>[0]);
  boss.on('error', (error: Error) => console.error('[jobs]', error.message));
  if (handle.kind === 'postgres') askAgainWhenTurnedAway.add(boss);
  await boss.start();
  const unlocked = handle.kind === 'postgres' ? fetchLockPoolProblem(boss) : undefined;
  if (unlocked) {
    await boss.stop({ graceful: false });
    throw new Error(unlocked);
  }
  for (const queue of queueDefinitions) {
    await replaceIfPolicyChanged(boss, queue.name, queue.options);
    await boss.createQueue(queue.name, { ...queue.options });
    // A queue made by an earlier version keeps its options: the ones that may change are set again.
    if (queue.options.notify !== undefined) await boss.updateQueue(queue.name, { notify: queue.options.notify });
  }
  return boss;
}

/**
 * Queues on PostgreSQL, where a request turned away can be lost (see enqueue). On PGlite the job that
 * waits cannot start while the asking transaction is open (one connection), so nothing is lost.
 */
const askAgainWhenTurnedAway = new WeakSet<JobQueue>();

type SendOptions = { singletonKey?: string; startAfter?: number; groupId?: string; singletonSeconds?: number };

/**
 * Enqueue within the caller's transaction, so the job exists if and only if the data it refers to does.
 *
 * A queue that runs one job per key keeps one job waiting per key: a request that finds one waiting is
 * turned away, and the waiting job stands for it. On PostgreSQL that job may start before the asking
 * transaction commits and not see what it was asked for; so a request turned away inside a transaction
 * is sent once more after the commit (see askAgainAfterCommit).
 */
export async function enqueue<T extends object>(
  boss: JobQueue,
  tx: Db,
  queue: string,
  data: T,
  options: SendOptions = {},
  taken?: TakenAfterCommit<T>,
): Promise<string | null> {
  const send = sendOptionsOf(queue, options);
  const id = await boss.send(queue, data, { ...send, db: fromDrizzle(tx as never, sql) } as never);
  if (id === null && send.group) askAgainAfterCommit(boss, tx, queue, [{ data, send }], taken);
  return id;
}

/**
 * Says, once the transaction has committed, whether a job's work was taken by something already
 * running in this process that will see the commit (a channel's push, woken): a request turned away
 * need not be sent again then.
 */
export type TakenAfterCommit<T> = (data: T) => boolean;

/** Several jobs of one queue in one statement, within the caller's transaction (as `enqueue`, each with its own key). */
export async function enqueueEach<T extends object>(
  boss: JobQueue,
  tx: Db,
  queue: string,
  jobs: Array<{ data: T; options?: SendOptions }>,
  taken?: TakenAfterCommit<T>,
): Promise<void> {
  if (jobs.length === 0) return;
  if (jobs.length === 1) return void (await enqueue(boss, tx, queue, jobs[0]!.data, jobs[0]!.options, taken));
  // Ids given here tell which jobs were made: the statement returns only those (ON CONFLICT DO NOTHING).
  const batch = jobs.map(({ data, options = {} }) => ({ id: randomUUID(), data, send: sendOptionsOf(queue, options) }));
  const made = new Set(
    (await boss.insert(
      queue,
      batch.map(({ id, data, send }) => ({ id, data, ...send })),
      { db: fromDrizzle(tx as never, sql), returnId: true } as never,
    )) ?? [],
  );
  askAgainAfterCommit(
    boss,
    tx,
    queue,
    batch.filter(({ id, send }) => !made.has(id) && send.group),
    taken,
  );
}

/** Queues that run one job per key at a time group by the key, unless a job names the group it runs in. */
function sendOptionsOf(queue: string, options: SendOptions) {
  const { groupId, ...sendOptions } = options;
  // A group named by the caller (a queue worked with a groupConcurrency), else a one-per-key queue's key.
  const group = groupId ?? (oneAtATimePerKeyQueues.has(queue) ? options.singletonKey : undefined);
  return { ...sendOptions, ...(group !== undefined ? { group: { id: group } } : {}) };
}

/**
 * If the waiting job has not started, the send made after the commit is turned away too and costs one
 * statement (one for all of a batch's); if it has, it queues the job that will see the data.
 */
function askAgainAfterCommit<T extends object>(
  boss: JobQueue,
  tx: Db,
  queue: string,
  turnedAway: Array<{ data: T; send: ReturnType<typeof sendOptionsOf> }>,
  taken?: TakenAfterCommit<T>,
): void {
  if (turnedAway.length === 0 || !askAgainWhenTurnedAway.has(boss)) return;
  afterCommit(tx, () => {
    const jobs = taken ? turnedAway.filter(({ data }) => !taken(data)) : turnedAway;
    if (jobs.length === 0) return;
    return (
      jobs.length === 1
        ? boss.send(queue, jobs[0]!.data, jobs[0]!.send as never)
        : boss.insert(
            queue,
            jobs.map(({ data, send }) => ({ data, ...send })),
          )
    ).catch((error: Error) => console.error(`[jobs] ${queue}: asking again after commit failed:`, error.message));
  });
}

/**
 * A queue made by an earlier version under another policy (pg-boss cannot change a queue's policy)
 * is made again: the jobs waiting in it are sent again to the new one, as they were (every handler
 * is safe to run twice, so one taken by a worker meanwhile costs nothing).
 */
async function replaceIfPolicyChanged(boss: JobQueue, name: string, options: object): Promise<void> {
  const existing = await boss.getQueue(name);
  const policy = (options as { policy?: string }).policy ?? 'standard';
  if (!existing || existing.policy === policy) return;
  const waiting = (await boss.findJobs(name, { queued: true })) as Array<{
    data: object;
    singletonKey?: string | null;
    startAfter?: Date;
  }>;
  await boss.deleteQueue(name);
  await boss.createQueue(name, { ...options } as never);
  for (const job of waiting) {
    const key = job.singletonKey ?? undefined;
    await boss.send(name, job.data, {
      ...(key !== undefined ? { singletonKey: key } : {}),
      ...(key !== undefined && oneAtATimePerKeyQueues.has(name) ? { group: { id: key } } : {}),
      ...(job.startAfter ? { startAfter: job.startAfter } : {}),
    });
  }
}
