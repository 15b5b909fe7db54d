import { describe, expect, it } from 'vitest';
import type { TestDatabase } from '../support/test-database.ts';
import { useJobQueues } from '../support/job-queues.ts';
import { enqueue, enqueueEach } from '../../src/workers/job-queue.ts';
import { ORDERS_POLL_QUEUE, onePerKeyWork } from '../../src/workers/queues.ts';

/**
 * PostgreSQL only (on PGlite the waiting job cannot start while the asking transaction is open): a
 * request turned away because a job of its key was waiting, when that job starts before the request's
 * transaction commits and so cannot see what was asked.
 */
describe('a request turned away by the job waiting for its key', () => {
  const setup = useJobQueues();

  type Data = { accountId: string; channelId: string; n: number };
  const send = (tx: TestDatabase['handle']['db'], key: string, n: number) =>
    enqueue<Data>(setup.boss, tx, ORDERS_POLL_QUEUE, { accountId: 'a', channelId: key, n }, { singletonKey: key });
  const queued = async (key: string) =>
    (
      (await setup.boss.findJobs(ORDERS_POLL_QUEUE, { queued: true })) as Array<{
        data: Data;
        singletonKey: string | null;
      }>
    )
      .filter((j) => j.singletonKey === key)
      .map((j) => j.data.n);

  it('is asked again after its commit when the waiting job started before it', async () => {
    const { boss, database } = setup;
    const db = database.handle.db;
    expect(await send(db, 'late', 1)).not.toBeNull();
    await db.transaction(async (tx) => {
      expect(await send(tx, 'late', 2)).toBeNull();
      // The waiting job starts now, on another connection, before this transaction commits.
      const [started] = await boss.fetch<Data>(ORDERS_POLL_QUEUE, { batchSize: 1, ...onePerKeyWork });
      expect(started?.data.n).toBe(1);
      expect(await queued('late')).toEqual([]);
    });
    await expect.poll(() => queued('late')).toEqual([2]);
  });

  it('costs no second job when the waiting job had not started', async () => {
    const { boss, database } = setup;
    const db = database.handle.db;
    expect(await send(db, 'early', 1)).not.toBeNull();
    await db.transaction(async (tx) => {
      expect(await send(tx, 'early', 2)).toBeNull();
    });
    // The ask after the commit was turned away too: taking the one job leaves room, and nothing else comes.
    const [started] = await boss.fetch<Data>(ORDERS_POLL_QUEUE, { batchSize: 1, ...onePerKeyWork });
    expect(started?.data.n).toBe(1);
    expect(await queued('early')).toEqual([]);
  });

  it('in a batch sent in one statement, the requests turned away are asked again after the commit, the others made at once', async () => {
    const { boss, database } = setup;
    const db = database.handle.db;
    expect(await send(db, 'batch-a', 1)).not.toBeNull();
    await db.transaction(async (tx) => {
      await enqueueEach<Data>(boss, tx, ORDERS_POLL_QUEUE, [
        { data: { accountId: 'a', channelId: 'batch-a', n: 2 }, options: { singletonKey: 'batch-a' } },
        { data: { accountId: 'a', channelId: 'batch-b', n: 3 }, options: { singletonKey: 'batch-b' } },
      ]);
      // batch-a's waiting job starts now, before this transaction commits (batch-b's is not visible yet).
      const started = await boss.fetch<Data>(ORDERS_POLL_QUEUE, { batchSize: 10, ...onePerKeyWork });
      expect(started.filter((j) => j.data.channelId === 'batch-a').map((j) => j.data.n)).toEqual([1]);
      expect(started.some((j) => j.data.channelId === 'batch-b')).toBe(false);
    });
    expect(await queued('batch-b')).toEqual([3]);
    await expect.poll(() => queued('batch-a')).toEqual([2]);
  });
});
