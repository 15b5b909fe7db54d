/**
 * Fetches of a one-job-per-key queue, one at a time (PostgreSQL).
 *
 * pg-boss's group concurrency is a condition of the fetch statement: take a job whose group has no
 * job active. Two fetches that start together each see the other's job not yet active (neither has
 * committed), so when a key has two jobs ready (one failed into 'retry' and one sent meanwhile) both
 * are taken, and two runs of the key overlap: two pushes of a channel out of order, or two
 * adjusters reading and setting the same main quantity, which applied a sale twice. Each fetch of
 * such a queue first takes a transaction lock of the queue, so the next one starts after it has
 * committed and sees its job active. On PGlite statements already run one at a time.
 *
 * pg-boss has no public way to run its workers' fetches this way: pg-boss-patches.ts puts
 * `fetchInTurn` in place of its fetch.
 */

interface PooledClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  release(error?: Error | boolean): void;
}

/** Where the fetch takes its connection: pg-boss's own pool (a pg Pool). */
export interface ConnectionPool {
  connect(): Promise<PooledClient>;
}

/** What pg-boss's fetch runs its statement on when given one (its `db` option). */
export interface StatementRunner {
  executeSql(text: string, values?: unknown[]): Promise<unknown>;
}

/** A signed 32-bit FNV-1a hash: the advisory lock's keys, written into the statement as numbers. */
function lockKey(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text)) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash | 0;
}

/** The lock's first key keeps it apart from any other advisory lock; the second is the queue's. */
const FETCH_LOCK_CLASS = lockKey('pg-boss fetch');

/** The two keys of a queue's fetch lock (`pg_advisory_xact_lock(int, int)`). */
export function fetchLockKeys(name: string): [number, number] {
  return [FETCH_LOCK_CLASS, lockKey(name)];
}

/**
 * A process's fetches of a queue wait their turn here, each holding no connection meanwhile: fetches
 * waiting on the lock with every pooled connection would leave none for anything else.
 */
const turns = new WeakMap<object, Map<string, Promise<unknown>>>();

function inTurn<T>(owner: object, name: string, work: () => Promise<T>): Promise<T> {
  const queues = turns.get(owner) ?? new Map<string, Promise<unknown>>();
  turns.set(owner, queues);
  const result = (queues.get(name) ?? Promise.resolve()).then(work, work);
  const settled = result.catch(() => undefined);
  queues.set(name, settled);
  void settled.then(() => queues.get(name) === settled && queues.delete(name));
  return result;
}

/**
 * Runs `fetch` (pg-boss's own fetch of queue `name`) on a connection of `pool`, in a transaction that
 * first takes the queue's fetch lock; one at a time per `owner` (a job queue) and queue.
 */
export function fetchInTurn<T>(
  owner: object,
  name: string,
  pool: ConnectionPool,
  fetch: (db: StatementRunner) => Promise<T>,
): Promise<T> {
  const [lockClass, queueKey] = fetchLockKeys(name);
  return inTurn(owner, name, async () => {
    const client = await pool.connect();
    try {
      // One round trip: both are numbers.
      await client.query(`begin; select pg_advisory_xact_lock(${lockClass}, ${queueKey})`);
      const jobs = await fetch({ executeSql: (text, values) => client.query(text, values) });
      await client.query('commit');
      client.release();
      return jobs;
    } catch (error) {
      // The connection may be mid-transaction: the pool discards it rather than lend it again.
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  });
}
