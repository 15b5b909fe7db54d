import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../api/src/config.ts';
import { startProduct } from '../api/src/server.ts';
import { createAccountWithOwner } from '../api/src/db/queries/users.ts';
import { hashPassword } from '../api/src/modules/auth/passwords.ts';
import { limitsOutOfTheWay } from '../api/test/support/limits.ts';
import { POSTGRES_URL, freePort, freshDatabase, ms, seconds, type DatabaseKind } from './sync/harness.ts';

/** The product a page benchmark measures: started on a fresh database, with one enterprise account signed up. */
export interface BenchProduct {
  url: string;
  product: Awaited<ReturnType<typeof startProduct>>;
  db: Awaited<ReturnType<typeof startProduct>>['ctx']['db'];
  accountId: string;
  email: string;
  password: string;
  stop(): Promise<void>;
}

/** Starts the product on a fresh database of the kind asked for (no sandboxes, no schedule, limits out of the way). */
export async function startBenchProduct(dbKind: DatabaseKind): Promise<BenchProduct> {
  const database = await freshDatabase(dbKind);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig(
    { NODE_ENV: 'test' },
    {
      port,
      appUrl: url,
      allowedOrigins: [url],
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'hub-bench-')),
      databaseUrl: database.url,
      smtpUrl: undefined,
      sessionSecret: 'bench-session-secret',
      staticDir: undefined,
      validateResponses: false,
      sandbox: { enabled: false, profile: 'fast', baseUrl: `${url}/sandbox`, control: 'open' },
      sync: { intervalMinutes: 3, schedule: false },
      ...limitsOutOfTheWay(),
    },
  );
  const product = await startProduct(config, { database: database.handle, log: () => undefined, port });
  const stop = async () => {
    await product.stop();
    await database.drop();
  };
  try {
    const db = product.ctx.db;
    const email = `bench-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const password = 'bench secret 1';
    const created = await createAccountWithOwner(db, {
      accountName: 'Benchmark seller',
      trialEndsAt: new Date(Date.now() + 7 * 86400_000),
      email,
      passwordHash: await hashPassword(password),
      firstName: null,
      lastName: null,
      emailVerifiedAt: new Date(),
    });
    const accountId = created!.accountId;
    await db.execute(sql`update accounts set plan = 'enterprise' where id = ${accountId}`);
    return { url, product, db, accountId, email, password, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Runs a page benchmark on each database BENCH_DB asks for (pglite|postgres, default both), printing
 * its lines and its worst p99 against the target; PostgreSQL is skipped when it cannot be reached.
 */
export async function runOnEachDatabase(
  name: string,
  targetP99Ms: number,
  benchmark: (kind: DatabaseKind) => Promise<{ lines: string[]; worstP99: number }>,
): Promise<void> {
  const wanted = process.env.BENCH_DB ?? 'both';
  const kinds: DatabaseKind[] =
    wanted === 'pglite' ? ['pglite'] : wanted === 'postgres' ? ['postgres'] : ['postgres', 'pglite'];
  for (const kind of kinds) {
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
      try {
        await client.connect();
        await client.end();
      } catch (error) {
        console.log(`PostgreSQL cannot be reached (${error instanceof Error ? error.message : error}): skipped`);
        continue;
      }
    }
    const began = Date.now();
    console.log(`\n${name} — ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'}`);
    try {
      const result = await benchmark(kind);
      result.lines.forEach((line) => console.log(`  ${line}`));
      console.log(`  worst p99 ${ms(result.worstP99)} (target < ${targetP99Ms} ms)`);
    } catch (error) {
      console.log(`  failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    }
    console.log(`  (${seconds(Date.now() - began)})`);
  }
}
