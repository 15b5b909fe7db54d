import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { ThreadedPglite, type PgliteClient } from './pglite-thread/threaded-pglite.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Data access takes this first: the database, or a transaction on it. */
export type Db = Database | Transaction;

export const migrationsFolder = path.resolve(import.meta.dirname, '..', '..', 'drizzle');

interface Common {
  db: Database;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
export type DatabaseHandle =
  | (Common & { kind: 'pglite'; pglite: PgliteClient })
  | (Common & { kind: 'postgres'; pool: pg.Pool; connectionString: string });

/** PostgreSQL's codes for a transaction that lost a deadlock or a serialization conflict: trying it again is the remedy. */
const TRANSIENT_CODES = new Set(['40P01', '40001']);
const TRANSACTION_ATTEMPTS = 6;

function transientCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSIENT_CODES.has(code)) return code;
  }
  return undefined;
}

/**
 * Top-level transactions are tried again when PostgreSQL aborts them as a deadlock's victim or for a
 * serialization conflict (concurrent workers locking the same stock in another order): the work is
 * all in the database, so a retry redoes it whole, and the caller never sees the conflict.
 */
function retryingTransactions(db: Database): Database {
  const once = db.transaction.bind(db);
  db.transaction = (async (
    work: Parameters<Database['transaction']>[0],
    config?: Parameters<Database['transaction']>[1],
  ) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(work, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !transientCode(error)) throw error;
        // Spread out, and longer each time: the other side of a deadlock may be a long transaction that meets it again.
        await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt + Math.random() * 50));
      }
    }
  }) as Database['transaction'];
  return db;
}

/** The hooks of each open transaction, run once it has committed (dropped if it rolls back). */
const commitHooks = new WeakMap<object, Array<() => unknown>>();

/**
 * Runs `hook` once the open transaction `tx` has committed, and answers true; answers false, with no
 * hook, when `tx` is the database itself (its statements committed as they ran) or a nested
 * transaction (a savepoint, not told apart from its parent here). The transaction answers its caller
 * once the hooks have run (a promise a hook returns settled), so what they do is done by then.
 */
export function afterCommit(tx: Db, hook: () => unknown): boolean {
  commitHooks.get(tx)?.push(hook);
  return commitHooks.has(tx);
}

function withCommitHooks(db: Database): Database {
  const inner = db.transaction.bind(db);
  db.transaction = (async (
    work: Parameters<Database['transaction']>[0],
    config?: Parameters<Database['transaction']>[1],
  ) => {
    const hooks: Array<() => unknown> = [];
    const result = await inner(async (tx) => {
      commitHooks.set(tx, hooks);
      try {
        return await work(tx);
      } finally {
        commitHooks.delete(tx);
      }
    }, config);
    if (hooks.length > 0) await Promise.all(hooks.map((hook) => hook()));
    return result;
  }) as Database['transaction'];
  return db;
}

/**
 * PGlite on its own thread (see ThreadedPglite): in `dataDir/pglite` (one process only, guarded by a
 * lock file), or in memory from a dump; or a PGlite the caller already holds.
 */
export async function openPglite(
  options: { dataDir: string } | { memory: true; loadDataDir?: ArrayBuffer | Uint8Array } | { pglite: PgliteClient },
): Promise<DatabaseHandle> {
  let lock: DataDirLock | undefined;
  let pglite: PgliteClient;
  if ('pglite' in options) pglite = options.pglite;
  else if ('memory' in options) pglite = await ThreadedPglite.open({ loadDataDir: options.loadDataDir });
  else {
    const dataDir = options.dataDir;
    fs.mkdirSync(dataDir, { recursive: true });
    lock = acquireDataDirLock(dataDir);
    try {
      pglite = await ThreadedPglite.open({ dataDir: path.join(dataDir, 'pglite') });
    } catch (error) {
      lock.release();
      throw error;
    }
  }
  const instance = pglite;
  const db = withCommitHooks(drizzlePglite({ client: instance as never, schema }) as unknown as Database);
  return {
    kind: 'pglite',
    pglite: instance,
    db,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await instance.query('select 1');
    },
    close: async () => {
      await instance.close();
      lock?.release();
    },
  };
}

export async function openPostgres(connectionString: string, options: { max?: number } = {}): Promise<DatabaseHandle> {
  // No JIT: every statement here is short; a kept (generic) plan's cost estimate can cross
  // jit_above_cost and spend 40 ms compiling a statement that runs in 10.
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, options: '-c jit=off' });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] idle client error:', error.message));
  const db = retryingTransactions(withCommitHooks(drizzlePg(pool, { schema }) as unknown as Database));
  return {
    kind: 'postgres',
    pool,
    connectionString,
    db,
    migrate: async () => {
      // Many processes may start at once; one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(7340021)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(7340021)').catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(config: { databaseUrl: string | undefined; dataDir: string }): Promise<DatabaseHandle> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
