import { sql } from 'drizzle-orm';
import { vacuumTables } from '../api/src/db/queries/upkeep.ts';
import { Browser } from '../api/test/support/browser.ts';
import { runEntry } from '../api/test/support/child-process.ts';
import { QUICK, machine, ms, seconds, type DatabaseKind } from './sync/harness.ts';
import type { ScenarioTimes } from './page-load-clients.ts';
import { runOnEachDatabase, startBenchProduct } from './bench-product.ts';

/**
 * Orders: the Orders page's list and search at 1,000,000 orders on four channels, over HTTP with
 * signed-in sessions, on each database.
 *
 * - Seeded with SQL in chunks (generate_series; not measured): a year of orders, 1 to 3 lines each,
 *   buyers' names, totals, ship-by dates two days after the order; the last three days' unshipped
 *   (some late), older ones shipped, 2% cancelled. Then VACUUM (ANALYZE), as the hourly maintenance
 *   does on PGlite and autovacuum on PostgreSQL.
 * - One client alone for a moment, then 20 clients, each its own session, asking one after another
 *   for a page of 50 under each scenario (the newest, a page deep in by cursor, searches by order
 *   number, buyer and SKU, each filter and sort), from a process of their own
 *   (bench/page-load-clients.ts). p50 and p99 of the whole HTTP answer (rows and the capped count).
 *   Target: p99 under 100 ms.
 */
export const ORDERS = QUICK ? 100_000 : 1_000_000;
const CHUNK = 100_000;
const CLIENTS = 20;
const SCENARIO_MS = QUICK ? 2_000 : 5_000;
const TARGET_P99_MS = 100;

export async function seedOrders(db: { execute(query: ReturnType<typeof sql>): Promise<unknown> }, accountId: string) {
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
  const channelIds = sql.raw(`array['${Object.values(channels).join("','")}']::uuid[]`);
  // Numbers written into the statement: as parameters, PostgreSQL cannot tell `$1 - $2` apart.
  const total = sql.raw(String(ORDERS));
  const recent = sql.raw(String(ORDERS - Math.round(ORDERS * 0.008)));
  for (let from = 1; from <= ORDERS; from += CHUNK) {
    const to = Math.min(ORDERS, from + CHUNK - 1);
    await db.execute(sql`
      insert into orders (account_id, channel_id, marketplace_order_id, order_number, status, lines, ordered_at,
                          marketplace_updated_at, buyer_name, ship_to, total_amount, currency, ship_by, fulfilment, search_text)
      select ${accountId}, o.channel_id, o.number, o.number, o.status, o.lines, o.ordered_at, o.ordered_at, o.buyer,
             jsonb_build_object('name', o.buyer, 'line1', (i % 900 + 100) || ' Main St', 'line2', null, 'city', 'Springfield',
                                'region', 'IL', 'postalCode', lpad((i % 99999)::text, 5, '0'), 'countryCode', 'US', 'phone', null),
             o.total, 'USD', o.ordered_at + interval '2 days', o.fulfilment,
             lower(o.number || ' ' || o.buyer || ' ' || (select string_agg(l->>'sku', ' ') from jsonb_array_elements(o.lines) l))
      from (
        select i,
          (${channelIds})[1 + i % 4] as channel_id,
          (array['111', '112', '113', '114'])[1 + i % 4] || '-' || lpad(i::text, 7, '0') || '-' || lpad((i::bigint * 7919 % 9999999)::text, 7, '0') as number,
          (array['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Mateo', 'Mia', 'Lucas', 'Amelia', 'Levi'])[1 + i % 12] || ' ' ||
          (array['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
                 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin'])[1 + (i / 12) % 20] as buyer,
          now() - ((${total} - i)::double precision / ${total} * interval '365 days') as ordered_at,
          case when i % 50 = 0 then 'cancelled' when i > ${recent} then 'open' else 'shipped' end as status,
          case when i % 50 = 0 then 'cancelled' when i > ${recent} then 'unshipped' else 'shipped' end as fulfilment,
          (select jsonb_agg(jsonb_build_object('sku', 'SKU-' || lpad(((i * 31 + n * 17) % 100000 + 1)::text, 6, '0'),
                  'quantity', 1 + (i + n) % 3, 'price', jsonb_build_object('amount', (5 + (i + n) % 95) || '.99', 'currency', 'USD'),
                  'cancelledQuantity', 0, 'lineId', i || '-' || n))
             from generate_series(1, 1 + i % 3) as n) as lines,
          ((1 + i % 3) * (5 + i % 95) + 0.99)::numeric(14, 2) as total
        from generate_series(${sql.raw(String(from))}, ${sql.raw(String(to))}) as i
      ) o`);
  }
  return channels;
}

export async function ordersBenchmark(dbKind: DatabaseKind): Promise<{ lines: string[]; worstP99: number }> {
  const lines: string[] = [];
  const bench = await startBenchProduct(dbKind);
  const { url, db, accountId, email, password } = bench;
  try {
    const seeding = Date.now();
    const channels = await seedOrders(db as never, accountId);
    lines.push(
      `seeded ${ORDERS.toLocaleString('en')} orders on 4 channels in ${seconds(Date.now() - seeding)} (not measured)`,
    );
    const vacuumed = await vacuumTables(db);
    lines.push(
      `VACUUM (ANALYZE): ${seconds(vacuumed.reduce((sum, t) => sum + t.ms, 0))} for ${vacuumed.length} tables`,
    );
    if (dbKind === 'postgres') await db.execute(sql`checkpoint`).catch(() => undefined);
    const clients: Browser[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const client = new Browser(url, url);
      await client.signIn(email, password);
      clients.push(client);
    }
    // A cursor 20 pages in, as a seller paging back through the year would hold.
    let cursor: string | null = null;
    for (let page = 0; page < 20; page++)
      cursor = (await clients[0]!.get(`/api/orders?pageSize=50${cursor ? `&cursor=${cursor}` : ''}`)).body.next;
    const lateSince = new Date(Date.now() - 7 * 86400_000).toISOString();
    const scenarios = [
      { name: 'newest first', query: '' },
      { name: 'page 21 (by cursor)', query: `&cursor=${cursor}` },
      { name: 'search order number', query: `&q=${encodeURIComponent(`114-${String(ORDERS - 5).padStart(7, '0')}`)}` },
      { name: 'search buyer "garcia"', query: '&q=garcia' },
      { name: 'search SKU "sku-004217"', query: '&q=sku-004217' },
      { name: 'channel (eBay)', query: `&channelId=${channels.ebay}` },
      { name: 'status unshipped', query: '&status=unshipped' },
      { name: 'late only', query: '&late=true' },
      { name: 'last 7 days', query: `&from=${encodeURIComponent(lateSince)}` },
      { name: 'sorted by ship-by, asc', query: '&sort=shipBy&order=asc' },
      { name: 'sorted by total, desc', query: '&sort=total&order=desc' },
    ];
    const cookie = (client: Browser) => [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const cpuBefore = process.cpuUsage();
    const loadProcess = runEntry('bench/page-load-clients.ts', [], {
      BENCH_PAGE_LOAD: JSON.stringify({
        url,
        path: '/api/orders?pageSize=50',
        cookies: clients.map(cookie),
        scenarios,
        aloneMs: SCENARIO_MS / 4,
        togetherMs: SCENARIO_MS,
      }),
    });
    const timesLine = await loadProcess.waitFor(/RESULT .*/, scenarios.length * SCENARIO_MS * 2 + 60_000);
    const times = JSON.parse(timesLine.slice('RESULT '.length)) as ScenarioTimes[];
    let worstP99 = 0;
    lines.push(
      `${'scenario'.padEnd(30)} ${'total'.padStart(8)} ${'1 client p50'.padStart(13)} ${'requests'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`,
    );
    for (const result of times) {
      worstP99 = Math.max(worstP99, result.p99);
      lines.push(
        `${result.name.padEnd(30)} ${String(result.total).padStart(8)} ${ms(result.aloneP50).padStart(13)} ${String(result.requests).padStart(9)} ${ms(result.p50).padStart(8)} ${ms(result.p99).padStart(8)}${result.errors ? `  (${result.errors} errors)` : ''}`,
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

/** BENCH_DB=pglite|postgres (default both). */
export async function runOrdersBenchmark(): Promise<void> {
  console.log(
    `\nOrders benchmark${QUICK ? ' (BENCH_QUICK: 100,000 orders, 2 s per scenario)' : ''}: ${ORDERS.toLocaleString('en')} orders on 4 channels, ${CLIENTS} concurrent clients, pages of 50; ${machine()}`,
  );
  await runOnEachDatabase('orders', TARGET_P99_MS, ordersBenchmark);
}
