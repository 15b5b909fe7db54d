import { vacuumTables } from '../api/src/db/queries/upkeep.ts';
import { Browser } from '../api/test/support/browser.ts';
import { runEntry } from '../api/test/support/child-process.ts';
import { QUICK, machine, ms, seconds, type DatabaseKind } from './sync/harness.ts';
import type { ScenarioTimes } from './page-load-clients.ts';
import { runOnEachDatabase, startBenchProduct } from './bench-product.ts';
import { ORDERS, seedOrders } from './orders.ts';
import { sql } from 'drizzle-orm';
import { rollUpSales } from '../api/src/modules/analytics/sales-rollup.ts';

/**
 * Analytics: the sales report (GET /api/analytics/sales) at 1,000,000 orders on four channels (the
 * orders benchmark's year of orders), over HTTP with signed-in sessions, on each database: the last
 * 7, 30, 90 and 365 days, in UTC and in New York time, all channels and one. One client alone, then 20
 * at once. Target (issue 25): p99 under 300 ms.
 */
const CLIENTS = 20;
const SCENARIO_MS = QUICK ? 2_000 : 5_000;
const TARGET_P99_MS = 300;

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

export async function analyticsBenchmark(dbKind: DatabaseKind): Promise<{ lines: string[]; worstP99: number }> {
  const lines: string[] = [];
  const bench = await startBenchProduct(dbKind);
  const { url, db, accountId, email, password } = bench;
  try {
    const seeding = Date.now();
    const channels = await seedOrders(db as never, accountId);
    lines.push(
      `seeded ${ORDERS.toLocaleString('en')} orders on 4 channels in ${seconds(Date.now() - seeding)} (not measured)`,
    );
    // The rollup job's first run over the whole year (the orders' trigger marked every hour they fall in).
    const rolling = Date.now();
    const hours = await rollUpSales(db);
    lines.push(
      `summed ${hours.toLocaleString('en')} hours into the rollup in ${seconds(Date.now() - rolling)} (not measured)`,
    );
    await vacuumTables(db);
    if (dbKind === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
    const clients: Browser[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = new Browser(url, url);
      await client.signIn(email, password);
      clients.push(client);
    }
    const range = (days: number) => `from=${day(days - 1)}&to=${day(0)}`;
    const scenarios = [
      { name: 'last 7 days', query: range(7) },
      { name: 'last 30 days', query: range(30) },
      { name: 'last 30 days, New York', query: `${range(30)}&timeZone=America%2FNew_York` },
      { name: 'last 30 days, eBay only', query: `${range(30)}&channelIds=${channels.ebay}` },
      { name: 'last 90 days', query: range(90) },
      { name: 'last 365 days', query: range(365) },
      // Days of 5½ hours ahead of UTC are not whole UTC hours: read from the orders.
      { name: 'last 30 days, India', query: `${range(30)}&timeZone=Asia%2FKolkata` },
    ];
    const cookie = (client: Browser) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const cpuBefore = process.cpuUsage();
    const loadProcess = runEntry('bench/page-load-clients.ts', [], {
      BENCH_PAGE_LOAD: JSON.stringify({
        url,
        path: '/api/analytics/sales?',
        cookies: clients.map(cookie),
        scenarios,
        aloneMs: SCENARIO_MS / 4,
        togetherMs: SCENARIO_MS,
      }),
    });
    const timesLine = await loadProcess.waitFor(/RESULT .*/, scenarios.length * SCENARIO_MS * 20 + 120_000);
    const times = JSON.parse(timesLine.slice('RESULT '.length)) as ScenarioTimes[];
    let worstP99 = 0;
    lines.push(
      `${'scenario'.padEnd(30)} ${'1 client p50'.padStart(13)} ${'requests'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`,
    );
    for (const result of times) {
      worstP99 = Math.max(worstP99, result.p99);
      lines.push(
        `${result.name.padEnd(30)} ${ms(result.aloneP50).padStart(13)} ${String(result.requests).padStart(9)} ${ms(result.p50).padStart(8)} ${ms(result.p99).padStart(8)}${result.errors ? `  (${result.errors} errors)` : ''}`,
      );
    }
    const cpu = process.cpuUsage(cpuBefore);
    const requests = times.reduce((sum, t) => sum + t.requests, 0);
    lines.push(
      `CPU of the product's process (its threads${dbKind === 'pglite' ? ', PGlite included' : '; not the PostgreSQL server'}) per request: ${ms((cpu.user + cpu.system) / 1000 / requests)} over ${requests.toLocaleString('en')} requests`,
    );
    return { lines, worstP99 };
  } finally {
    await bench.stop();
  }
}

export async function runAnalyticsBenchmark(): Promise<void> {
  console.log(
    `\nAnalytics benchmark${QUICK ? ' (BENCH_QUICK: 100,000 orders, 2 s per scenario)' : ''}: ${ORDERS.toLocaleString('en')} orders on 4 channels, ${CLIENTS} concurrent clients; ${machine()}`,
  );
  await runOnEachDatabase('analytics', TARGET_P99_MS, analyticsBenchmark);
}
