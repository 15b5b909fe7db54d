import pg from 'pg';
import { POSTGRES_URL, QUICK, machine, ms, seconds, startSandboxes, type DatabaseKind } from './harness.ts';
import { propagation, TARGET_P50_MS, TARGET_P99_MS } from './propagation.ts';
import { bulk, TARGET_RATIO } from './bulk.ts';
import { overselling } from './overselling.ts';
import { shipments, TARGET_RATIO as SHIPMENTS_TARGET } from './shipments.ts';

export const syncBenchmarks = ['propagation', 'rates', 'bulk', 'overselling', 'shipments'] as const;
export type SyncBenchmark = (typeof syncBenchmarks)[number];

/** BENCH_DB=pglite|postgres|both (default both): PostgreSQL is skipped with a note when it cannot be reached. */
async function databases(): Promise<DatabaseKind[]> {
  const wanted = process.env.BENCH_DB ?? 'both';
  const kinds: DatabaseKind[] =
    wanted === 'pglite' ? ['pglite'] : wanted === 'postgres' ? ['postgres'] : ['pglite', 'postgres'];
  if (!kinds.includes('postgres')) return kinds;
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return kinds;
  } catch (error) {
    console.log(
      `PostgreSQL at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} cannot be reached (${error instanceof Error ? error.message : error}): PostgreSQL runs skipped`,
    );
    return kinds.filter((k) => k !== 'postgres');
  }
}

/**
 * The propagation stream at rising rates, each on a fresh product, sandboxes and catalogue, until p99 reaches 1 s
 * (or an order is never confirmed, or the orders cannot be placed at the rate): the highest rate that held.
 * BENCH_RATES=20,40 sets the ladder; BENCH_NEIGHBOUR applies to each run.
 */
const RATE_LADDER = (process.env.BENCH_RATES ?? '20,30,40,50,60,80,100')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
const RATE_RUN_S = QUICK ? 10 : 20;

async function highestSustainedRate(db: DatabaseKind): Promise<number | undefined> {
  let highest: number | undefined;
  for (const rate of RATE_LADDER) {
    const sandboxes = await startSandboxes();
    try {
      const result = await propagation(db, sandboxes, { durationS: RATE_RUN_S, ordersPerSecond: rate });
      const held = result.p99 < TARGET_P99_MS && result.rate >= rate * 0.95;
      console.log(
        `  ${String(rate).padStart(3)} orders/s asked, ${result.rate.toFixed(1)} placed for ${RATE_RUN_S} s: p50 ${ms(result.p50)}, p99 ${ms(result.p99)}; ${result.cpuPerOrderMs.toFixed(1)} ms of the product's CPU per order${result.databaseCpuPerOrderMs === undefined ? '' : ` (PostgreSQL's ${result.databaseCpuPerOrderMs.toFixed(1)} ms)`}${held ? '' : ' — over the target'}`,
      );
      if (!held) break;
      highest = result.rate;
    } finally {
      await sandboxes.stop();
    }
  }
  return highest;
}

const label = (db: DatabaseKind) => (db === 'pglite' ? 'PGlite' : 'PostgreSQL');

/**
 * The sync engine's benchmarks, each on each database: figures printed, not pass/fail. Every run
 * has its own database (PGlite in memory, or a throwaway PostgreSQL database) and its own
 * sandboxes process, so runs do not disturb one another.
 */
export async function runSyncBenchmarks(names: SyncBenchmark[]): Promise<void> {
  const started = Date.now();
  const dbs = await databases();
  console.log(
    `\nSync benchmarks${QUICK ? ' (BENCH_QUICK: smaller and shorter)' : ''}: ${names.join(', ')} on ${dbs.map(label).join(' and ')}; ${machine()}`,
  );
  const summary: string[] = [];
  for (const name of names) {
    for (const db of dbs) {
      const began = Date.now();
      console.log(`\n${name} — ${label(db)}`);
      try {
        if (name === 'propagation') {
          const sandboxes = await startSandboxes();
          try {
            const result = await propagation(db, sandboxes);
            result.lines.forEach((line) => console.log(`  ${line}`));
            summary.push(
              `propagation  ${label(db).padEnd(10)} p50 ${ms(result.p50)} (target < ${TARGET_P50_MS} ms), p99 ${ms(result.p99)} (target < ${TARGET_P99_MS} ms) at ${result.rate.toFixed(1)} orders/s; unloaded p50 ${ms(result.baselineP50)}`,
            );
          } finally {
            await sandboxes.stop();
          }
        } else if (name === 'rates') {
          const highest = await highestSustainedRate(db);
          summary.push(
            `rates        ${label(db).padEnd(10)} ${highest === undefined ? `p99 over ${ms(TARGET_P99_MS)} at every rate tried` : `highest rate with p99 < ${ms(TARGET_P99_MS)}: ${highest.toFixed(0)} orders/s`}`,
          );
        } else if (name === 'bulk') {
          const result = await bulk(db);
          result.lines.forEach((line) => console.log(`  ${line}`));
          const finished = Number.isFinite(result.ms);
          summary.push(
            `bulk         ${label(db).padEnd(10)} ${finished ? seconds(result.ms) : `not done after ${seconds(result.deadlineMs)}`} vs minimum ${seconds(result.minimumMs)}: ratio ${finished ? result.ratio.toFixed(2) : `> ${(result.deadlineMs / result.minimumMs).toFixed(1)}`} (target < ${TARGET_RATIO})`,
          );
        } else if (name === 'shipments') {
          const sandboxes = await startSandboxes();
          try {
            const result = await shipments(db, sandboxes);
            result.lines.forEach((line) => console.log(`  ${line}`));
            summary.push(
              `shipments    ${label(db).padEnd(10)} worst ratio to the published bound ${result.worstRatio.toFixed(2)} (target < ${SHIPMENTS_TARGET})`,
            );
          } finally {
            await sandboxes.stop();
          }
        } else {
          const sandboxes = await startSandboxes();
          try {
            const result = await overselling(db, sandboxes);
            result.lines.forEach((line) => console.log(`  ${line}`));
            summary.push(
              `overselling  ${label(db).padEnd(10)} beyond stock: ours ${result.ours} of ${result.units} units; 15-min polling ${result.pollingRealTime.toFixed(0)} (real time), ${result.pollingScaled.toFixed(0)} (time scaled)`,
            );
          } finally {
            await sandboxes.stop();
          }
        }
      } catch (error) {
        console.log(`  failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
        summary.push(
          `${name.padEnd(12)} ${label(db).padEnd(10)} failed: ${error instanceof Error ? error.message : error}`,
        );
      }
      console.log(`  (${seconds(Date.now() - began)})`);
    }
  }
  console.log(`\nSync benchmarks, summary:`);
  summary.forEach((line) => console.log(`  ${line}`));
  console.log(`Sync benchmarks took ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
}
