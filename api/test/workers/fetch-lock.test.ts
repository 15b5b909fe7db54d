import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { useJobQueues } from '../support/job-queues.ts';
import { ORDERS_POLL_QUEUE, onePerKeyWork } from '../../src/workers/queues.ts';
import { fetchLockKeys } from '../../src/workers/one-fetch-at-a-time.ts';

/**
 * PostgreSQL only (PGlite runs one statement at a time, so no fetch waits on another): the patched
 * fetch of a one-per-key queue takes the queue's transaction lock first (pg-boss-patches.ts).
 */

/** Waits until `check` holds (a state with no event to wait on), for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${ms} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the fetch lock on PostgreSQL', () => {
  const setup = useJobQueues();

  it("a fetch of a one-per-key queue waits for the queue's fetch lock", async () => {
    const { boss, database } = setup;
    if (database.handle.kind !== 'postgres') throw new Error('a PostgreSQL test');
    const holder = new pg.Client({ connectionString: database.handle.connectionString });
    await holder.connect();
    try {
      const keys = fetchLockKeys(ORDERS_POLL_QUEUE);
      await holder.query('select pg_advisory_lock($1, $2)', keys);
      let fetched = false;
      const fetch = boss.fetch(ORDERS_POLL_QUEUE, { ...onePerKeyWork, batchSize: 1 }).then(() => (fetched = true));
      // The fetch's transaction waits on the lock (pg_locks shows a lock of two int keys as unsigned).
      await until(async () => {
        const waiting = await holder.query(
          `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
             and database = (select oid from pg_database where datname = current_database())
             and classid = $1 and objid = $2 and objsubid = 2`,
          keys.map((key) => key >>> 0),
        );
        return waiting.rows[0].n === 1;
      });
      expect(fetched).toBe(false);
      await holder.query('select pg_advisory_unlock($1, $2)', keys);
      await fetch;
      expect(fetched).toBe(true);
    } finally {
      await holder.end();
    }
  });
});
