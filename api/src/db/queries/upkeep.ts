import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

export interface TableUpkeep {
  table: string;
  ms: number;
}

/**
 * VACUUM (ANALYZE) of every table of the product and of its job queue (each partition of pg-boss's
 * jobs apart), one table at a time.
 *
 * For the embedded database: PGlite runs PostgreSQL without its autovacuum, so nothing else reclaims
 * the row versions that updates and deletes leave behind (every sync updates listings; pg-boss
 * inserts, updates and deletes jobs all day) or refreshes the planner's statistics. One statement per
 * table, so that requests and jobs run between them; a table whose pages are all visible already
 * is skipped quickly by VACUUM itself.
 */
export async function vacuumTables(db: Db): Promise<TableUpkeep[]> {
  // Tables that hold rows: pg-boss's job table is partitioned, and each partition is a table of its own.
  const tables = (await db.execute(sql`
    select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and n.nspname in ('public', 'pgboss') order by n.nspname, c.relname`)) as unknown as {
    rows: Array<{ name: string }>;
  };
  const done: TableUpkeep[] = [];
  for (const { name } of tables.rows) {
    const began = performance.now();
    // The name comes from the catalogue, quoted by format('%I').
    await db.execute(sql.raw(`vacuum (analyze) ${name}`));
    done.push({ table: name, ms: performance.now() - began });
  }
  return done;
}
