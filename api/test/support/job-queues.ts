import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { startJobQueue, type JobQueue } from '../../src/workers/job-queue.ts';

export interface JobQueuesUnderTest {
  database: TestDatabase;
  /** The first job queue: most tests need one. */
  boss: JobQueue;
  /** Every job queue, as processes (web and worker, or machines) sharing the database. */
  queues: JobQueue[];
}

/** A database of its own and `processes` job queues on it, for the tests of a describe block; stopped and dropped after them. */
export function useJobQueues(processes = 1): JobQueuesUnderTest {
  const setup = {} as JobQueuesUnderTest;
  beforeAll(async () => {
    setup.database = await createTestDatabase();
    setup.queues = [];
    for (let n = 0; n < processes; n++) setup.queues.push(await startJobQueue(setup.database.handle));
    setup.boss = setup.queues[0]!;
  });
  afterAll(async () => {
    for (const boss of setup.queues ?? []) await boss.stop({ graceful: false });
    await setup.database?.drop();
  });
  return setup;
}
