import Manager from 'pg-boss/dist/manager.js';

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
 */

type Fetch = (this: FetchingManager, name: string, options?: FetchOptions) => Promise<unknown[]>;
interface FetchOptions {
  groupConcurrency?: unknown;
  db?: unknown;
}
interface PooledClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
  release(error?: Error | boolean): void;
}
interface FetchingManager {
  db?: { pool?: { connect(): Promise<PooledClient> } };
  getQueueCache(name: string): Promise<unknown>;
}

/** A signed 32-bit FNV-1a hash: the advisory lock's keys, written into the statement as numbers. */
function lockKey(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text)) hash = Math.imul(hash ^ byte, 0x01000193);
  return hash | 0;
}

/** The lock's first key keeps it apart from any other advisory lock; the second is the queue's. */
const FETCH_LOCK_CLASS = lockKey('pg-boss fetch');

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

let installed = false;

/** Installed once, for every job queue of the process (the pinned pg-boss's Manager.fetch). */
export function fetchOneAtATimePerKeyedQueue(): boolean {
  const prototype = (Manager as unknown as { prototype: { fetch?: Fetch } }).prototype;
  if (installed) return true;
  const fetch = prototype.fetch;
  if (typeof fetch !== 'function') return false;
  installed = true;
  prototype.fetch = async function fetchInTurn(name, options = {}) {
    const pool = this.db?.pool;
    if (options.groupConcurrency === undefined || options.groupConcurrency === null || options.db || !pool)
      return fetch.call(this, name, options);
    // Read before a connection is held: a fetch that found the queue uncached would ask the pool for another.
    await this.getQueueCache(name);
    return inTurn(this, name, async () => {
      const client = await pool.connect();
      try {
        // One round trip: both are numbers.
        await client.query(`begin; select pg_advisory_xact_lock(${FETCH_LOCK_CLASS}, ${lockKey(name)})`);
        const jobs = await fetch.call(this, name, {
          ...options,
          db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values) },
        });
        await client.query('commit');
        client.release();
        return jobs;
      } catch (error) {
        // The connection may be mid-transaction: the pool discards it rather than lend it again.
        client.release(error instanceof Error ? error : true);
        throw error;
      }
    });
  };
  return true;
}
