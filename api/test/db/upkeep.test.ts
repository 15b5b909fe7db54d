import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { vacuumTables } from '../../src/db/queries/upkeep.ts';
import { MAINTENANCE_QUEUE } from '../../src/workers/queues.ts';

let t: TestProduct;

beforeAll(async () => {
  t = await startTestProduct();
});
afterAll(async () => {
  await t.stop();
});

interface TableStats {
  name: string;
  last_vacuum: Date | string | null;
  last_analyze: Date | string | null;
}

async function tableStats(): Promise<TableStats[]> {
  const result = (await t.database.handle.db.execute(sql`
    select format('%I.%I', s.schemaname, s.relname) as name, s.last_vacuum, s.last_analyze
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname in ('public', 'pgboss') and c.relkind = 'r' order by 1`)) as unknown as { rows: TableStats[] };
  return result.rows;
}

describe('vacuuming the database', () => {
  it('vacuums and analyzes every table of the product and of the job queue, one statement each', async () => {
    const done = await vacuumTables(t.database.handle.db);
    const tables = done.map((d) => d.table);
    expect(tables).toEqual(
      expect.arrayContaining(['public.listings', 'public.products', 'public.listing_writes', 'pgboss.queue']),
    );
    // pg-boss's jobs, partition by partition.
    expect(tables.filter((name) => name.startsWith('pgboss.j')).length).toBeGreaterThan(1);
    expect(done.every((d) => d.ms >= 0)).toBe(true);
    const stats = await tableStats();
    expect(stats.map((s) => s.name)).toEqual([...tables].sort());
    for (const table of stats) {
      expect(table.last_vacuum, table.name).not.toBeNull();
      expect(table.last_analyze, table.name).not.toBeNull();
    }
  });

  it('is part of the hourly maintenance on the embedded database only, which has no autovacuum', async () => {
    const before = new Map(
      (await tableStats()).map((s) => [s.name, s.last_vacuum === null ? 0 : new Date(s.last_vacuum).getTime()]),
    );
    const jobId = await t.product.ctx.jobs.send(MAINTENANCE_QUEUE, {});
    expect(jobId).toEqual(expect.any(String));
    // The job's end is what is waited on: pg-boss tells its state.
    let state: string | undefined;
    for (const deadline = Date.now() + 30_000; state !== 'completed' && state !== 'failed' && Date.now() < deadline;) {
      state = (await t.product.ctx.jobs.getJobById(MAINTENANCE_QUEUE, jobId!))?.state;
      if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state).toBe('completed');
    const listings = (await tableStats()).find((s) => s.name === 'public.listings')!;
    const vacuumedAgain =
      listings.last_vacuum !== null && new Date(listings.last_vacuum).getTime() > before.get('public.listings')!;
    expect(vacuumedAgain).toBe(t.database.handle.kind === 'pglite');
  });
});
