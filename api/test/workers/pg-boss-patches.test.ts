import { describe, expect, it } from 'vitest';
import { useJobQueues } from '../support/job-queues.ts';
import { ORDERS_POLL_QUEUE, onePerKeyWork } from '../../src/workers/queues.ts';
import { pgBossPatchesInstalled, pgBossPatchProblems } from '../../src/workers/pg-boss-patches.ts';

/**
 * pg-boss-patches.ts replaces two private methods of pg-boss's Manager. These tests fail the day an
 * upgrade of pg-boss changes what the replacements rely on, or leaves them without effect.
 */

/** Waits until `check` holds (a state with no event to wait on), for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${ms} ms: ${check.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("pg-boss's Manager and Worker, as the patches expect them", () => {
  it('have the methods replaced (same arity) and the fields the replacements read', () => {
    expect(pgBossPatchProblems()).toEqual([]);
  });

  it('any difference is named, and the job queue refuses to start on it', () => {
    class ChangedManager {
      fetch(_name: string, _options: object) {}
    }
    class ChangedWorker {}
    expect(pgBossPatchProblems({ Manager: ChangedManager, Worker: ChangedWorker })).toEqual([
      'Manager.prototype.fetch takes 2 arguments, not 1',
      'Manager.prototype.notifyQueue is missing',
      'Manager.prototype.getQueueCache is missing',
      'a Manager has no `workers` Map or no `db`',
      'a Worker lacks name, loopDelayPromise, beenNotified, notify() or its own writable fetch',
    ]);
  });
});

describe('the patches on a real job queue', () => {
  const setup = useJobQueues();

  it('are in place once a job queue has started', () => {
    expect(pgBossPatchesInstalled()).toBe(true);
  });

  it("a fetch given a db runs pg-boss's statement on it (how the fetch lock runs it in its transaction)", async () => {
    const { boss } = setup;
    const statements: string[] = [];
    const db = {
      executeSql: (text: string, values?: unknown[]) => {
        statements.push(text);
        return boss.getDb().executeSql(text, values);
      },
    };
    await boss.send(ORDERS_POLL_QUEUE, { accountId: 'a', channelId: 'given-db' }, { singletonKey: 'given-db' });
    const jobs = await boss.fetch(ORDERS_POLL_QUEUE, { ...onePerKeyWork, batchSize: 1, db });
    expect(jobs).toHaveLength(1);
    expect(statements).toHaveLength(1);
  });

  it('an announced job wakes one sleeping worker, which wakes one more once it took the job, not all four', async () => {
    const { boss } = setup;
    const queue = 'patches.announced';
    await boss.createQueue(queue, { notify: true });
    let started!: () => void;
    const taken = new Promise<void>((resolve) => (started = resolve));
    // Idle workers poll every 10 s here: any fetch within the test is one an announcement caused.
    await boss.work(
      queue,
      { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 10, notifyPollingIntervalSeconds: 10 },
      async () => started(),
    );
    const workers = () => boss.getWipData().filter((w) => w.name === queue);
    // Each worker's first fetch (at start) found nothing: all four sleep.
    await until(() => workers().length === 4 && workers().every((w) => w.lastFetchedOn !== null));
    const sentAt = Date.now();
    const fetchedSince = () => workers().filter((w) => (w.lastFetchedOn ?? 0) > sentAt).length;
    await boss.send(queue, {});
    await taken;
    await until(() => fetchedSince() >= 2);
    // pg-boss's own notifyQueue wakes all four at once: their fetches would have landed by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchedSince()).toBe(2);
  });
});
