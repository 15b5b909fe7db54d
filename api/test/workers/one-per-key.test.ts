import { describe, expect, it } from 'vitest';
import { PgBoss } from 'pg-boss';
import { sql } from 'drizzle-orm';
import { fromPglite } from 'pg-boss/dist/adapters/pglite.js';
import { createTestDatabase } from '../support/test-database.ts';
import { useJobQueues } from '../support/job-queues.ts';
import { enqueue, enqueueEach, startJobQueue } from '../../src/workers/job-queue.ts';
import { MAIN_REFRESH_QUEUE, ORDERS_POLL_QUEUE, onePerKeyWork, queueDefinitions } from '../../src/workers/queues.ts';

/** A promise with its resolve, to hold a job in its handler until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Waits for the nth event of a list (events, not sleeps). */
function nth<T>(list: T[], n: number, listeners: Array<() => void>): Promise<T> {
  return new Promise((resolve) => {
    const check = () => {
      if (list.length >= n) resolve(list[n - 1]!);
      else listeners.push(check);
    };
    check();
  });
}

describe('a queue that runs one job per key at a time', () => {
  const setup = useJobQueues();

  it('runs a job that waited behind another of its key as soon as that one ends, never both at once, and other keys meanwhile', async () => {
    const { boss, database } = setup;
    const db = database.handle.db;
    const started: Array<{ key: string; at: number }> = [];
    const ended: Array<{ key: string; at: number }> = [];
    const listeners: Array<() => void> = [];
    const notify = () => listeners.splice(0).forEach((l) => l());
    const gates = new Map<number, ReturnType<typeof gate>>();
    // Idle workers poll every 10 s here: a start that waited for a poll would miss the bound below.
    type Data = { accountId: string; channelId: string; n: number };
    await boss.work<Data>(
      ORDERS_POLL_QUEUE,
      {
        ...onePerKeyWork,
        batchSize: 1,
        localConcurrency: 3,
        pollingIntervalSeconds: 10,
        notifyPollingIntervalSeconds: 10,
      },
      async ([job]) => {
        const data = job!.data;
        started.push({ key: `${data.channelId}#${data.n}`, at: Date.now() });
        notify();
        await gates.get(data.n)?.opened;
        ended.push({ key: `${data.channelId}#${data.n}`, at: Date.now() });
        notify();
      },
    );
    const send = (channelId: string, n: number) =>
      enqueue(boss, db, ORDERS_POLL_QUEUE, { accountId: 'a', channelId, n }, { singletonKey: channelId });

    for (let round = 0; round < 3; round++) {
      const first = round * 10 + 1;
      const second = round * 10 + 2;
      const other = round * 10 + 3;
      gates.set(first, gate());
      gates.set(other, gate());
      const before = started.length;
      await send('channel-a', first);
      await nth(started, before + 1, listeners);
      // While channel-a's job runs: a second one of channel-a waits; a third for it is the same wait (one waits per key).
      expect(await send('channel-a', second)).not.toBeNull();
      expect(await send('channel-a', second + 100)).toBeNull();
      // Another key is not held up by channel-a.
      await send('channel-b', other);
      const otherStarted = await nth(started, before + 2, listeners);
      expect(otherStarted.key).toBe(`channel-b#${other}`);
      gates.get(other)!.open();
      gates.get(first)!.open();
      const next = await nth(started, before + 3, listeners);
      expect(next.key).toBe(`channel-a#${second}`);
      const firstEnded = ended.find((e) => e.key === `channel-a#${first}`)!;
      expect(next.at).toBeGreaterThanOrEqual(firstEnded.at);
      // Woken as the first ended, not at the next poll (2 s) nor at a queue-stats refresh (10–20 s with 'stately').
      expect(next.at - firstEnded.at).toBeLessThan(700);
      await nth(ended, before + 3, listeners);
    }
  });
});

describe('jobs announced to sleeping workers', () => {
  const setup = useJobQueues();

  it('three sent in one statement start at once on three workers (one woken per announcement, each that takes a job waking the next), not at the next poll', async () => {
    const { boss, database } = setup;
    const started: Array<{ n: number; at: number }> = [];
    const listeners: Array<() => void> = [];
    const held = gate();
    let ended!: () => void;
    const warmedUp = new Promise<void>((resolve) => (ended = resolve));
    // Idle workers poll every 10 s here: a start that waited for a poll would miss the bound below.
    await boss.work<{ accountId: string; skus: string[]; n: number }>(
      MAIN_REFRESH_QUEUE,
      { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 10, notifyPollingIntervalSeconds: 10 },
      async ([job]) => {
        started.push({ n: job!.data.n, at: Date.now() });
        listeners.splice(0).forEach((l) => l());
        if (job!.data.n === 0) return void ended();
        await held.opened;
      },
    );
    // Each worker's first fetch (at start) finds nothing, and they sleep; one job taken and ended first (the
    // handler lets n = 0 through) leaves them asleep and the one that ran it woken by nothing.
    await enqueue(
      boss,
      database.handle.db,
      MAIN_REFRESH_QUEUE,
      { accountId: 'a', skus: ['SKU-0'], n: 0 },
      { singletonKey: 'a:SKU-0' },
    );
    await nth(started, 1, listeners);
    await warmedUp;
    const sentAt = Date.now();
    await enqueueEach(
      boss,
      database.handle.db,
      MAIN_REFRESH_QUEUE,
      [1, 2, 3].map((n) => ({
        data: { accountId: 'a', skus: [`SKU-${n}`], n },
        options: { singletonKey: `a:SKU-${n}` },
      })),
    );
    const third = await nth(started, 4, listeners);
    expect(started.map((s) => s.n).sort()).toEqual([0, 1, 2, 3]);
    expect(third.at - sentAt).toBeLessThan(700);
    held.open();
  });
});

describe('a queue made by an earlier version under another policy', () => {
  it('is made again under the new one, keeping the jobs that waited in it', async () => {
    const database = await createTestDatabase();
    try {
      const handle = database.handle;
      const legacy =
        handle.kind === 'pglite'
          ? new PgBoss({ db: fromPglite(handle.pglite as never), backend: 'pglite' } as ConstructorParameters<
              typeof PgBoss
            >[0])
          : new PgBoss({ connectionString: handle.connectionString, max: 2 } as ConstructorParameters<
              typeof PgBoss
            >[0]);
      await legacy.start();
      const definition = queueDefinitions.find((q) => q.name === ORDERS_POLL_QUEUE)!;
      // The template database has the queues as they are now: made again as an earlier version had it.
      await legacy.deleteQueue(ORDERS_POLL_QUEUE);
      await legacy.createQueue(ORDERS_POLL_QUEUE, { ...definition.options, policy: 'stately' });
      expect((await legacy.getQueue(ORDERS_POLL_QUEUE))?.policy).toBe('stately');
      await legacy.send(ORDERS_POLL_QUEUE, { accountId: 'a', channelId: 'waiting' }, { singletonKey: 'waiting' });
      await legacy.stop({ graceful: false });

      const boss = await startJobQueue(handle);
      try {
        expect((await boss.getQueue(ORDERS_POLL_QUEUE))?.policy).toBe('short');
        const jobs = (await boss.findJobs(ORDERS_POLL_QUEUE, { queued: true })) as Array<{
          data: unknown;
          singletonKey: string | null;
          groupId: string | null;
        }>;
        expect(jobs.map((j) => ({ data: j.data, singletonKey: j.singletonKey, groupId: j.groupId }))).toEqual([
          { data: { accountId: 'a', channelId: 'waiting' }, singletonKey: 'waiting', groupId: 'waiting' },
        ]);
      } finally {
        await boss.stop({ graceful: false });
      }
    } finally {
      await database.drop();
    }
  });
});

describe('workers fetching at the same moment', () => {
  // Two job queues on one database: two processes (web and worker, or two machines).
  const setup = useJobQueues(2);

  // A key has two jobs ready when one failed into 'retry' and another was sent meanwhile ('short'
  // keeps one waiting in 'created' only). Fetches that start together, in one process or in two,
  // must still take one of them.
  it('take one job of a key that has two ready, never both', async () => {
    const { boss, queues, database } = setup;
    const taken: number[] = [];
    for (let key = 0; key < 40; key++) {
      const channelId = `race-${key}`;
      const first = await enqueue(
        boss,
        database.handle.db,
        ORDERS_POLL_QUEUE,
        { accountId: 'a', channelId },
        { singletonKey: channelId },
      );
      await database.handle.db.execute(sql`update pgboss.job set state = 'retry' where id = ${first}`);
      expect(
        await enqueue(
          boss,
          database.handle.db,
          ORDERS_POLL_QUEUE,
          { accountId: 'a', channelId, second: true },
          { singletonKey: channelId },
        ),
      ).not.toBeNull();
      const fetched = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          queues[n % 2]!.fetch(ORDERS_POLL_QUEUE, { ...onePerKeyWork, batchSize: 1 }),
        ),
      );
      taken.push(fetched.flat().length);
      await database.handle.db.execute(
        sql`delete from pgboss.job where name = ${ORDERS_POLL_QUEUE} and singleton_key = ${channelId}`,
      );
    }
    expect(taken.filter((n) => n !== 1)).toEqual([]);
  });
});
