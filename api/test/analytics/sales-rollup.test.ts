/**
 * The sales rollup (issue 25): a report sums the hours the `analytics.rollup` job summed and reads the hours
 * changed since from the orders, so its figures are the orders' own whether the job ran or not. Checked
 * against the direct sum of the orders' lines on a seeded month (several channels, currencies, unpriced lines,
 * cancelled orders and units, another account), in zones behind and ahead of UTC, before the job, after it, and
 * after orders change again; the sales report over HTTP says the same before and after the job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { addChannelRow, addOrderRow, orderLine } from '../support/seeded-rows.ts';
import { orders, salesHours, type OrderLineRecord } from '../../src/db/schema/index.ts';
import { salesByDayAndChannel, startOfDayIn, type SalesWindow } from '../../src/db/queries/analytics.ts';
import {
  coversWholeHours,
  markedHoursCount,
  salesByDayAndChannelFromRollup,
  skusSoldInWindow,
} from '../../src/db/queries/sales-rollups.ts';
import { rollUpSales } from '../../src/modules/analytics/sales-rollup.ts';
import { salesByChannel } from '../../src/db/queries/dashboard.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let neighbourAccountId: string;
let channelIds: string[];
const orderIds: string[] = [];

const db = () => t.database.handle.db;

/** A small deterministic generator (mulberry32): the same month of orders on every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const random = generator(25);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function randomLines(): OrderLineRecord[] {
  const count = 1 + Math.floor(random() * 3);
  return Array.from({ length: count }, () => {
    const quantity = 1 + Math.floor(random() * 4);
    const amount = pick(['4.99', '10.00', '0.01', '129.95', null]);
    const currency = pick(['USD', 'USD', 'USD', 'EUR']);
    return orderLine(pick(['SKU-A', 'SKU-B', 'SKU-C']), quantity, amount, currency, random() < 0.2 ? 1 : 0);
  });
}

const MONTH_START = Date.parse('2026-10-01T00:00:00Z');

async function window(timeZone: string, from: string, to: string, channels: string[] | null = null) {
  return {
    accountId,
    timeZone,
    currency: 'USD',
    channelIds: channels,
    start: await startOfDayIn(db(), from, timeZone),
    end: await startOfDayIn(db(), to, timeZone),
  } satisfies SalesWindow;
}

const windows = async () => [
  await window('UTC', '2026-10-01', '2026-11-01'),
  await window('America/New_York', '2026-10-03', '2026-10-20'),
  await window('Asia/Tokyo', '2026-10-10', '2026-10-31', [channelIds[1]!]),
  // The change from summer to winter time in New York (1 November 2026) inside the window.
  await window('America/New_York', '2026-10-25', '2026-11-03'),
];

type SkuSold = { sku: string; units: number; revenue: string };

/** Units and revenue per SKU summed straight from the orders' lines, as the report did before the rollup. */
async function skusSoldFromOrders(w: SalesWindow): Promise<SkuSold[]> {
  const channelFilter = w.channelIds ? sql`and o.channel_id = ${w.channelIds[0]}` : sql``;
  const result = (await db().execute(sql`
    select line->>'sku' as sku,
      sum(greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0))::int as units,
      coalesce(sum(case when line->'price'->>'currency' = ${w.currency} then (line->'price'->>'amount')::numeric
        * greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0) end), 0)::numeric(14, 2)::text as revenue
    from ${orders} o, jsonb_array_elements(o.lines) line
    where o.account_id = ${w.accountId} and o.status <> 'cancelled' ${channelFilter}
      and o.ordered_at >= ${w.start.toISOString()}::timestamptz and o.ordered_at < ${w.end.toISOString()}::timestamptz
    group by 1 order by 1`)) as unknown as { rows: SkuSold[] };
  return result.rows;
}

async function skusSoldFromRollup(w: SalesWindow): Promise<SkuSold[]> {
  const result = (await db().execute(
    sql`select sku, units, revenue::text as revenue from (${skusSoldInWindow(w)}) sold order by sku`,
  )) as unknown as { rows: SkuSold[] };
  return result.rows;
}

/** Each window's figures and SKUs sold from the rollup equal the direct sums of the orders' lines. */
async function expectRollupToMatchOrders() {
  for (const w of await windows()) {
    const label = `${w.timeZone} ${w.start.toISOString()}`;
    const direct = await salesByDayAndChannel(db(), w);
    expect(direct.length).toBeGreaterThan(0);
    expect(await salesByDayAndChannelFromRollup(db(), w), label).toEqual(direct);
    const skus = await skusSoldFromOrders(w);
    expect(skus.length, label).toBeGreaterThan(0);
    expect(await skusSoldFromRollup(w), label).toEqual(skus);
  }
  // The dashboard's sales per channel since a day began: the same orders, units and dollars as the direct sums.
  const since = new Date('2026-10-05T00:00:00Z');
  const direct = await salesByDayAndChannel(db(), {
    accountId,
    timeZone: 'UTC',
    currency: 'USD',
    channelIds: null,
    start: since,
    end: new Date('2027-01-01T00:00:00Z'),
  });
  const perChannel = new Map<string, { orders: number; units: number; dollars: number }>();
  for (const row of direct) {
    const sums = perChannel.get(row.channelId) ?? { orders: 0, units: 0, dollars: 0 };
    perChannel.set(row.channelId, {
      orders: sums.orders + row.orders,
      units: sums.units + row.units,
      dollars: Math.round((sums.dollars + Number(row.revenue)) * 100) / 100,
    });
  }
  const dashboard = await salesByChannel(db(), accountId, since);
  expect(
    new Map(
      dashboard.map((c) => [
        c.channelId,
        {
          orders: c.orders,
          units: c.units,
          dollars: Number(c.revenue.find((r) => r.currency === 'USD')?.amount ?? 0),
        },
      ]),
    ),
  ).toEqual(perChannel);
  expect(dashboard.some((c) => c.revenue.some((r) => r.currency === 'EUR'))).toBe(true);
  // SKUs in zones whose days are not whole UTC hours, and a window with no whole UTC day in it.
  for (const w of [
    await window('Asia/Kolkata', '2026-10-02', '2026-10-12'),
    await window('Asia/Kolkata', '2026-10-05', '2026-10-06'),
  ])
    expect(await skusSoldFromRollup(w)).toEqual(await skusSoldFromOrders(w));
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ accountId: neighbourAccountId } = await t.signedInSeller());
  channelIds = [
    await addChannelRow(db(), accountId, 'shopify', 'main'),
    await addChannelRow(db(), accountId, 'ebay', 'target'),
    await addChannelRow(db(), accountId, 'amazon', 'target'),
  ];
  const theirs = await addChannelRow(db(), neighbourAccountId, 'shopify', 'main');
  for (let i = 0; i < 400; i += 1) {
    const at = new Date(MONTH_START + Math.floor(random() * 34 * 86_400_000));
    const status = random() < 0.1 ? 'cancelled' : 'open';
    orderIds.push(await addOrderRow(db(), accountId, pick(channelIds), at, randomLines(), status));
    if (i % 10 === 0) await addOrderRow(db(), neighbourAccountId, theirs, at, randomLines());
  }
});

afterAll(() => t.stop());

describe('the sales rollup', () => {
  it('gives the orders’ own figures before the job has summed anything: every changed hour is read live', async () => {
    expect(await markedHoursCount(db(), accountId)).toBeGreaterThan(100);
    await expectRollupToMatchOrders();
  });

  it('sums every ended hour, of every account, and the figures stay the same', async () => {
    const summed = await rollUpSales(db());
    expect(summed).toBeGreaterThan(100);
    expect(await markedHoursCount(db())).toBe(0);
    const rows = await db().select().from(salesHours).where(eq(salesHours.accountId, accountId));
    expect(rows.length).toBeGreaterThan(100);
    await expectRollupToMatchOrders();
    // Run again, nothing to do: safe to run twice.
    expect(await rollUpSales(db())).toBe(0);
  });

  it('reads an order changed after the job from the orders at once, and the next run sums it', async () => {
    const [cancelled, trimmed, moved] = orderIds;
    await db().update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled!));
    await db()
      .update(orders)
      .set({ lines: [orderLine('SKU-A', 7, '3.00')] })
      .where(eq(orders.id, trimmed!));
    await db()
      .update(orders)
      .set({ orderedAt: new Date('2026-10-15T09:30:00Z') })
      .where(eq(orders.id, moved!));
    await addOrderRow(db(), accountId, channelIds[0]!, '2026-10-15T09:45:00Z', [orderLine('SKU-C', 2, '8.00')]);
    // A moved order marks both its hours: the one it left and the one it joined.
    expect(await markedHoursCount(db(), accountId)).toBeGreaterThanOrEqual(4);
    await expectRollupToMatchOrders();
    await rollUpSales(db());
    expect(await markedHoursCount(db(), accountId)).toBe(0);
    await expectRollupToMatchOrders();
  });

  it('marks nothing when what changed is not counted (an order’s fulfilment)', async () => {
    await db().update(orders).set({ fulfilment: 'shipped' }).where(eq(orders.id, orderIds[5]!));
    expect(await markedHoursCount(db(), accountId)).toBe(0);
  });

  it('leaves an hour not yet ended to the orders: it keeps changing while orders come in', async () => {
    // Half an hour ahead: its hour has not ended whenever the job runs.
    const soon = new Date(Date.now() + 30 * 60_000);
    await addOrderRow(db(), accountId, channelIds[0]!, soon, [orderLine('SKU-A', 1, '10.00')]);
    await rollUpSales(db());
    expect(await markedHoursCount(db(), accountId)).toBe(1);
  });

  it('the sales report over HTTP says the same before and after the job', async () => {
    const query = 'from=2026-10-01&to=2026-10-31&timeZone=America%2FNew_York';
    await addOrderRow(db(), accountId, channelIds[2]!, '2026-10-20T20:00:00Z', [orderLine('SKU-B', 3, '2.50')]);
    const before = await seller.get(`/api/analytics/sales?${query}`);
    expect(before.status).toBe(200);
    await rollUpSales(db());
    const after = await seller.get(`/api/analytics/sales?${query}`);
    expect(after.body).toEqual(before.body);
    const totals = (before.body as { totals: { orders: number } }).totals;
    expect(totals.orders).toBeGreaterThan(100);
  });

  it('an account deleted leaves no rows once its hours are summed', async () => {
    const rowsOf = async (account: string) =>
      (
        (await db().execute(
          sql`select count(*)::int as n from ${salesHours} where account_id = ${account}`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
    expect(await rowsOf(neighbourAccountId)).toBeGreaterThan(0);
    await db().delete(orders).where(eq(orders.accountId, neighbourAccountId));
    await rollUpSales(db());
    expect(await rowsOf(neighbourAccountId)).toBe(0);
  });
});

// PostgreSQL only (the PostgreSQL pass): PGlite has one connection, so no transaction is open while the job runs.
const onPostgres = process.env.DATABASE_URL ? describe : () => undefined;

onPostgres('an order changed while the job runs (transactions at once)', () => {
  it('the job skips an hour whose change has not committed, and the hour stays marked after it commits', async () => {
    const handle = t.database.handle;
    if (handle.kind !== 'postgres') throw new Error('a PostgreSQL test');
    const hour = '2026-10-07T10:00:00Z';
    // The hour is marked (and committed) by one order, not yet summed…
    await addOrderRow(db(), accountId, channelIds[0]!, '2026-10-07T10:05:00Z', [orderLine('SKU-A', 1, '1.00')]);
    const open = await handle.pool.connect();
    try {
      await open.query('begin');
      // …when another order of that hour is written by a transaction still open as the job runs.
      await open.query(
        `insert into orders (account_id, channel_id, marketplace_order_id, order_number, status, lines, ordered_at, marketplace_updated_at)
         values ($1, $2, 'race-1', 'race-1', 'open', $3, $4, $4)`,
        [accountId, channelIds[0], JSON.stringify([orderLine('SKU-A', 5, '2.00')]), '2026-10-07T10:30:00Z'],
      );
      await rollUpSales(db());
      await open.query('commit');
    } finally {
      open.release();
    }
    const marked = (await db().execute(
      sql`select count(*)::int as n from sales_dirty_hours where account_id = ${accountId} and hour = ${hour}::timestamptz`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(marked.rows[0]!.n).toBe(1);
    await expectRollupToMatchOrders();
    await rollUpSales(db());
    await expectRollupToMatchOrders();
  });
});

describe('time zones whose days are not whole UTC hours', () => {
  it('are read from the orders (India is 5½ hours ahead, Nepal 5¾); whole-hour zones from the rollup', () => {
    const start = new Date('2026-10-01T00:00:00Z');
    const end = new Date('2026-11-01T00:00:00Z');
    expect(coversWholeHours('Asia/Kolkata', start, end)).toBe(false);
    expect(coversWholeHours('Asia/Kathmandu', start, end)).toBe(false);
    expect(coversWholeHours('America/New_York', start, end)).toBe(true);
    expect(coversWholeHours('UTC', start, end)).toBe(true);
    // Lord Howe Island is 10½ hours ahead in its winter: any part of the year is enough.
    expect(
      coversWholeHours('Australia/Lord_Howe', new Date('2026-06-01T00:00:00Z'), new Date('2026-06-02T00:00:00Z')),
    ).toBe(false);
  });

  it('the sales report in India counts each order on its Indian day', async () => {
    const response = await seller.get('/api/analytics/sales?from=2026-10-05&to=2026-10-05&timeZone=Asia%2FKolkata');
    expect(response.status).toBe(200);
    const w = await window('Asia/Kolkata', '2026-10-05', '2026-10-06');
    const direct = await salesByDayAndChannel(db(), w);
    const orderCount = direct.reduce((sum, row) => sum + row.orders, 0);
    expect((response.body as { totals: { orders: number } }).totals.orders).toBe(orderCount);
  });
});
