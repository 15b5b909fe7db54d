import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { vacuumTables } from '../api/src/db/queries/upkeep.ts';
import { Browser } from '../api/test/support/browser.ts';
import { runEntry } from '../api/test/support/child-process.ts';
import { QUICK, machine, ms, seconds, type DatabaseKind } from './sync/harness.ts';
import type { ScenarioTimes } from './page-load-clients.ts';
import { runOnEachDatabase, startBenchProduct } from './bench-product.ts';

/**
 * Listings: the catalogue page at 100,000 SKUs on four channels, over HTTP with signed-in sessions.
 *
 * - Seeded with SQL (generate_series; not measured): 100,000 products (2% with nothing available),
 *   four listings each (Walmart main; Amazon, eBay, Shopify targets; 1% of target listings in error,
 *   2% inactive), 200 SKUs only on Amazon, 2,000 values on their way. Then VACUUM (ANALYZE) of
 *   each table, as the hourly maintenance does on PGlite (timed) and autovacuum on PostgreSQL.
 * - One client alone for a moment (what a request costs), then 20 clients, each its own session,
 *   asking one after another for a page of 50 (pages 1 to 20 at random) for a few seconds per scenario,
 *   from a process of their own (bench/page-load-clients.ts), so their work does not share the product's event loop: the plain list, a search, and each filter. p50 and p99
 *   of the whole HTTP answer (rows, chips and total). Target: p99 under 100 ms. Twice: with the
 *   catalogue standing still (a page read once is kept while the catalogue's version holds), and
 *   with a listing stamped every 250 ms (a new version four times a second: a page is kept until
 *   the next stamp at most).
 * - The CSV export of every row, read as a browser would: time, bytes, and how much the process's
 *   RSS and heap grew during it (sampled every 20 ms; and the heap kept after a full collection,
 *   every MiB read), to show it streams rather than holds the rows (the file is about 12 MiB).
 */
const SKUS = QUICK ? 20_000 : 100_000;
const CLIENTS = 20;
const SCENARIO_MS = QUICK ? 2_000 : 5_000;
export const TARGET_P99_MS = 100;

export async function seed(
  db: { execute(query: ReturnType<typeof sql>): Promise<unknown> },
  accountId: string,
): Promise<Record<string, string>> {
  const channels: Record<string, string> = {};
  for (const [kind, role] of [
    ['walmart', 'main'],
    ['amazon', 'target'],
    ['ebay', 'target'],
    ['shopify', 'target'],
  ] as const) {
    const result = (await db.execute(sql`
      insert into channels (account_id, kind, role, status, environment, external_seller_id, display_name, rules)
      values (${accountId}, ${kind}, ${role}, 'active', 'sandbox', ${`bench-${kind}`}, ${kind},
              '{"syncQuantity":true,"syncPrice":true,"stockPercent":100,"bufferUnits":0,"maxQuantity":null,"outOfStockThreshold":0}'::jsonb)
      returning id`)) as { rows: Array<{ id: string }> };
    channels[kind] = result.rows[0]!.id;
  }
  await db.execute(sql`
    insert into products (account_id, sku, title, brand, gtin, images, price, currency, on_hand, committed, source_channel_id, updated_at)
    select ${accountId}, 'SKU-' || lpad(i::text, 6, '0'),
           (array['Blue', 'Red', 'Green', 'Black', 'White', 'Steel', 'Oak', 'Linen', 'Glass', 'Cotton'])[1 + i % 10] || ' ' ||
           (array['Mug', 'Lamp', 'Chair', 'Towel', 'Vase', 'Shelf', 'Bowl', 'Rug', 'Clock', 'Frame', 'Basket'])[1 + (i / 10) % 11] || ' ' || i,
           'Brand ' || (i % 200), lpad((4006381000000 + i)::text, 13, '0'),
           jsonb_build_array('https://img.example/' || i || '.jpg'), (5 + (i % 95))::numeric + 0.99, 'USD',
           case when i % 50 = 0 then 0 else 1 + (i * 7) % 120 end, case when i % 13 = 0 then 1 else 0 end,
           ${channels.walmart}, now() - (i || ' seconds')::interval
    from generate_series(1, ${SKUS}) as i`);
  for (const kind of ['walmart', 'amazon', 'ebay', 'shopify']) {
    const target = kind !== 'walmart';
    await db.execute(sql`
      insert into listings (account_id, channel_id, product_id, sku, marketplace_id, status, confirmed_quantity, confirmed_price, last_error, confirmed_at, updated_at)
      select p.account_id, ${channels[kind]}, p.id, p.sku, ${kind} || '-' || p.sku,
             case when ${target} and n % 100 = 7 then 'error' when ${target} and n % 50 = 3 then 'inactive' else 'active' end,
             greatest(p.on_hand - p.committed, 0), p.price,
             case when ${target} and n % 100 = 7 then 'The price is below the allowed minimum.' end, now(), now() - interval '1 hour'
      from (select p.*, row_number() over (order by p.sku) as n from products p where p.account_id = ${accountId}) p`);
  }
  await db.execute(sql`
    insert into listings (account_id, channel_id, sku, status, confirmed_quantity, confirmed_price, confirmed_at, updated_at)
    select ${accountId}, ${channels.amazon}, 'AMZ-ONLY-' || i, 'active', 3, 19.99, now(), now() - interval '1 hour' from generate_series(1, 200) as i`);
  await db.execute(sql`
    insert into listing_writes (account_id, channel_id, listing_id, sku, field, before, after, status)
    select l.account_id, l.channel_id, l.id, l.sku, 'quantity', '1', '2', 'pending'
    from listings l where l.account_id = ${accountId} and l.channel_id = ${channels.ebay} order by l.sku limit 2000`);
  return channels;
}

interface Scenario {
  name: string;
  query: string;
}

/** A full garbage collection on demand (what --expose-gc gives), to see what the process keeps rather than what it has yet to collect. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

async function exportAll(
  url: string,
  client: Browser,
): Promise<{ ms: number; bytes: number; lines: number; rssGrowth: number; heapGrowth: number; keptGrowth: number }> {
  const gc = collector();
  gc();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  let peakKept = base.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  let nextCollect = 2 ** 20;
  const began = performance.now();
  const response = await fetch(`${url}/api/listings/export`, {
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
    // Every MiB read: what the heap still holds after a full collection (the rows in flight, not the file).
    if (bytes >= nextCollect) {
      nextCollect += 2 ** 20;
      gc();
      peakKept = Math.max(peakKept, process.memoryUsage().heapUsed);
    }
  }
  const elapsed = performance.now() - began;
  clearInterval(sampler);
  return {
    ms: elapsed,
    bytes,
    lines,
    rssGrowth: peakRss - base.rss,
    heapGrowth: peakHeap - base.heapUsed,
    keptGrowth: peakKept - base.heapUsed,
  };
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

export async function listingsBenchmark(dbKind: DatabaseKind): Promise<{ lines: string[]; worstP99: number }> {
  const lines: string[] = [];
  const bench = await startBenchProduct(dbKind);
  const { url, db, accountId, email, password } = bench;
  try {
    const seeding = Date.now();
    const channels = await seed(db as never, accountId);
    lines.push(
      `seeded ${SKUS.toLocaleString('en')} SKUs × 4 channels in ${seconds(Date.now() - seeding)} (not measured)`,
    );
    // What autovacuum leaves a settled catalogue with on PostgreSQL, and the hourly maintenance on PGlite: statistics, and a visibility map for index-only scans.
    const vacuumed = await vacuumTables(db);
    const slowest = vacuumed.reduce((a, b) => (b.ms > a.ms ? b : a));
    lines.push(
      `VACUUM (ANALYZE), table by table as the hourly maintenance runs it on PGlite: ${seconds(vacuumed.reduce((sum, t) => sum + t.ms, 0))} for ${vacuumed.length} tables, the longest ${slowest.table} ${seconds(slowest.ms)}`,
    );
    // The seeding's half a million new rows are written out now, not by a checkpoint in the middle of a scenario.
    // (A role without pg_checkpoint may not ask for it: then the figures carry that noise.)
    if (dbKind === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
    const clients: Browser[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = new Browser(url, url);
      await client.signIn(email, password);
      clients.push(client);
    }
    const scenarios: Scenario[] = [
      { name: 'plain list (SKU order)', query: '' },
      { name: 'sorted by available, desc', query: '&sort=available&order=desc' },
      { name: 'search "lamp" (title)', query: '&q=lamp' },
      { name: 'search "SKU-0042" (SKU)', query: '&q=SKU-0042' },
      { name: 'channel (Amazon)', query: `&channelId=${channels.amazon}` },
      { name: 'status error', query: '&status=error' },
      { name: 'status inactive on eBay', query: `&status=inactive&channelId=${channels.ebay}` },
      { name: 'out of stock', query: '&outOfStock=true' },
      { name: 'with errors', query: '&withErrors=true' },
    ];
    const cookie = (client: Browser) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const runScenarios = async () => {
      const loadProcess = runEntry('bench/page-load-clients.ts', [], {
        BENCH_PAGE_LOAD: JSON.stringify({
          url,
          cookies: clients.map(cookie),
          scenarios,
          aloneMs: SCENARIO_MS / 4,
          togetherMs: SCENARIO_MS,
        }),
      });
      const timesLine = await loadProcess.waitFor(/RESULT .*/, scenarios.length * SCENARIO_MS * 2 + 60_000);
      return JSON.parse(timesLine.slice('RESULT '.length)) as ScenarioTimes[];
    };
    let worstP99 = 0;
    const table = (title: string, times: ScenarioTimes[]) => {
      lines.push(
        title,
        `${'scenario'.padEnd(30)} ${'total'.padStart(8)} ${'1 client p50'.padStart(13)} ${'requests'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`,
      );
      for (const result of times) {
        worstP99 = Math.max(worstP99, result.p99);
        lines.push(
          `${result.name.padEnd(30)} ${String(result.total).padStart(8)} ${ms(result.aloneP50).padStart(13)} ${String(result.requests).padStart(9)} ${ms(result.p50).padStart(8)} ${ms(result.p99).padStart(8)}${result.errors ? `  (${result.errors} errors)` : ''}`,
        );
      }
    };
    table('the catalogue standing still (pages read once are kept while its version holds):', await runScenarios());
    // A listing stamped every 250 ms, as a steady stream of orders would: a new version four times a second, so a page is kept a quarter of a second at most.
    const stamped = (await db.execute(
      sql`select id from listings where account_id = ${accountId} order by id limit 1`,
    )) as unknown as { rows: Array<{ id: string }> };
    const stamping = setInterval(
      () =>
        void db
          .execute(sql`update listings set updated_at = now() where id = ${stamped.rows[0]!.id}`)
          .catch(() => undefined),
      250,
    );
    try {
      table(
        'the catalogue changing (a listing stamped every 250 ms; a page kept until the next stamp):',
        await runScenarios(),
      );
    } finally {
      clearInterval(stamping);
    }
    const exported = await exportAll(url, clients[0]!);
    lines.push(
      `CSV export of every row: ${(exported.lines - 1).toLocaleString('en')} rows, ${mib(exported.bytes)} in ${seconds(exported.ms)}; during it RSS grew ${mib(exported.rssGrowth)} at most, heap ${mib(exported.heapGrowth)} (${mib(exported.keptGrowth)} kept after a full GC, sampled every MiB)`,
    );
    return { lines, worstP99 };
  } finally {
    await bench.stop();
  }
}

/** BENCH_DB=pglite|postgres (default both). */
export async function runListingsBenchmark(): Promise<void> {
  console.log(
    `\nListings benchmark${QUICK ? ' (BENCH_QUICK: 20,000 SKUs, 2 s per scenario)' : ''}: ${SKUS.toLocaleString('en')} SKUs × 4 channels, ${CLIENTS} concurrent clients, pages of 50; ${machine()}`,
  );
  await runOnEachDatabase('listings', TARGET_P99_MS, listingsBenchmark);
}
