import Manager from 'pg-boss/dist/manager.js';
import Worker from 'pg-boss/dist/worker.js';
import type { PgBoss } from 'pg-boss';
import { isAnnouncedWorker, wakeForAnnouncement } from './announcements.ts';
import { fetchInTurn, type ConnectionPool } from './one-fetch-at-a-time.ts';

/**
 * The one place where the app changes pg-boss's own code (12.35, pinned in api/package.json). Two
 * effects need it, and pg-boss's public API gives neither:
 *
 * - `Manager.prototype.fetch(name, options)` is replaced: on PostgreSQL, a fetch of a one-per-key
 *   queue (one given `groupConcurrency`) first takes the queue's transaction lock, so two fetches
 *   cannot both take jobs of one key (one-fetch-at-a-time.ts). A worker made by `work()` calls the
 *   Manager's fetch itself, never `PgBoss.fetch`; the one public hook into every statement, a `db`
 *   adapter, would have to tell the fetch apart by its SQL text and would replace pg-boss's own pool.
 * - `Manager.prototype.notifyQueue(name)` is replaced: pg-boss's LISTEN handler calls it for each
 *   job announced, and it wakes every worker of the queue; here one sleeping worker is woken, and a
 *   worker whose fetch took a job wakes one more (announcements.ts, which wraps that worker's
 *   `fetch`). `PgBoss.notifyWorker(id)` wakes a worker, but nothing public says which one sleeps.
 *
 * Besides these two methods the replacements read the Manager's `getQueueCache(name)`, `workers` (a
 * Map of Worker) and `db` (on PostgreSQL pg-boss's own Db, whose `pool` is a pg Pool), and the
 * Worker's `name`, `loopDelayPromise`, `beenNotified`, `notify()` and `fetch` (an own property its
 * loop calls). `installPgBossPatches` checks all of it and refuses to start on any difference;
 * api/test/workers/pg-boss-patches.test.ts checks that the patches work on a real queue.
 */

/** What the fetch's replacement reads of its options (`db`: the statement is run there, not on the pool). */
interface FetchOptions {
  groupConcurrency?: unknown;
  db?: unknown;
}
/** What the replacements read of a Manager. */
interface ManagerInternals {
  db?: { pool?: ConnectionPool };
  workers: Map<string, { name: string }>;
  getQueueCache(name: string): Promise<unknown>;
}
type Fetch = (this: ManagerInternals, name: string, options?: FetchOptions) => Promise<unknown>;
type NotifyQueue = (this: ManagerInternals, name: string) => void;

const managerPrototype = Manager.prototype as unknown as Record<string, unknown>;
/** pg-boss's own, as the module found them (before any replacement). */
const original = { fetch: managerPrototype.fetch as Fetch, notifyQueue: managerPrototype.notifyQueue as NotifyQueue };

/** Replaces Manager.prototype.fetch: a fetch by group on pg-boss's own pool takes the queue's lock first. */
async function fetchOneAtATimePerKey(this: ManagerInternals, name: string, options: FetchOptions = {}) {
  const pool = this.db?.pool;
  if (options.groupConcurrency === undefined || options.groupConcurrency === null || options.db || !pool)
    return original.fetch.call(this, name, options);
  // Read before a connection is held: a fetch that found the queue uncached would ask the pool for another.
  await this.getQueueCache(name);
  return fetchInTurn(this, name, pool, (db) => original.fetch.call(this, name, { ...options, db }));
}

/** Replaces Manager.prototype.notifyQueue: one sleeping worker of the queue wakes (announcements.ts). */
function wakeOneWorkerPerAnnouncement(this: ManagerInternals, name: string): void {
  wakeForAnnouncement(() => [...this.workers.values()].filter((worker) => worker.name === name));
}

type Constructor = new (...args: unknown[]) => Record<string, unknown>;

/** Replaced or read: each method and its arity (its parameters before the first with a default). */
const expectedMethods = { fetch: 1, notifyQueue: 1, getQueueCache: 1 } as const;

/** What differs from what the replacements expect of pg-boss's Manager and Worker; empty when nothing does. */
export function pgBossPatchProblems(classes = { Manager, Worker } as { Manager: unknown; Worker: unknown }): string[] {
  const problems: string[] = [];
  const ManagerClass = classes.Manager as Constructor;
  // pg-boss's own methods, not the replacements once they are in place.
  const own: Record<string, unknown> = ManagerClass === (Manager as unknown) ? original : {};
  for (const [method, arity] of Object.entries(expectedMethods)) {
    const found = own[method] ?? (ManagerClass.prototype as Record<string, unknown>)[method];
    if (typeof found !== 'function') problems.push(`Manager.prototype.${method} is missing`);
    else if (found.length !== arity)
      problems.push(`Manager.prototype.${method} takes ${found.length} arguments, not ${arity}`);
  }
  const clock = { now: () => 0 };
  const made = (what: string, make: () => Record<string, unknown>) => {
    try {
      return make();
    } catch (error) {
      problems.push(`a ${what} cannot be made as before (${(error as Error).message})`);
      return undefined;
    }
  };
  const db = {};
  const manager = made('Manager', () => new ManagerClass(db, { clock }));
  if (manager && (!(manager.workers instanceof Map) || manager.db !== db))
    problems.push('a Manager has no `workers` Map or no `db`');
  const fetch = async () => [];
  const options = { id: 'check', workId: 'check', name: 'check', options: {}, resolveInterval: () => 0, clock };
  const worker = made(
    'Worker',
    () => new (classes.Worker as Constructor)({ ...options, fetch, onFetch: fetch, onError() {} }),
  );
  const writable = worker && Object.getOwnPropertyDescriptor(worker, 'fetch')?.writable;
  if (worker && (!isAnnouncedWorker(worker) || worker.fetch !== fetch || !writable))
    problems.push('a Worker lacks name, loopDelayPromise, beenNotified, notify() or its own writable fetch');
  return problems;
}

let installed = false;

/** Puts the replacements in place, once per process; throws, saying what differs, if pg-boss is not as they expect. */
export function installPgBossPatches(): void {
  if (installed) return;
  const problems = pgBossPatchProblems();
  if (problems.length > 0)
    throw new Error(
      `pg-boss is not as api/src/workers/pg-boss-patches.ts expects (written for 12.35): ${problems.join('; ')}. ` +
        'Check the replacements against its new code, or pin the version they were written for.',
    );
  installed = true;
  Object.assign(managerPrototype, { fetch: fetchOneAtATimePerKey, notifyQueue: wakeOneWorkerPerAnnouncement });
}

/** Whether the replacements are what pg-boss's Manager runs now. */
export function pgBossPatchesInstalled(): boolean {
  return (
    managerPrototype.fetch === fetchOneAtATimePerKey && managerPrototype.notifyQueue === wakeOneWorkerPerAnnouncement
  );
}

/** On PostgreSQL, after start: why the fetch lock could not take a connection of pg-boss's pool, if it could not. */
export function fetchLockPoolProblem(boss: PgBoss): string | undefined {
  const pool = (boss.getDb() as { pool?: Partial<ConnectionPool> }).pool;
  if (typeof pool?.connect !== 'function')
    return "pg-boss's Db has no pg Pool at `pool`: its fetches would run without the queue's lock (pg-boss-patches.ts)";
  return undefined;
}
