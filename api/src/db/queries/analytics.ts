import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, orderRefunds, orderReturns, orders, products } from '../schema/index.ts';
import { skusSoldInWindow } from './sales-rollups.ts';

/**
 * The account's sales between two moments, from its orders' lines: an order counts at the time it
 * was placed; a cancelled order, and a line's cancelled units, count for nothing. Amounts are sums of
 * unit price × units in one currency (`currency`); lines priced in another are left out of revenue
 * (their orders still count). Days are calendar days in `timeZone`.
 */
export interface SalesWindow {
  accountId: string;
  start: Date;
  end: Date;
  timeZone: string;
  currency: string;
  /** Only these channels; null: every channel. */
  channelIds: string[] | null;
}

export interface SalesFiguresRow {
  revenue: string;
  orders: number;
  units: number;
}

type Rows<T> = { rows: T[] };

/** Every line held by an order of the window: its order, channel, day, SKU, units and unit price in the currency. */
function heldLines(window: SalesWindow): SQL {
  const channelFilter = window.channelIds
    ? sql`and o.channel_id in (${sql.join(
        window.channelIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  return sql`
    select o.id as order_id, o.channel_id, (o.ordered_at at time zone ${window.timeZone})::date as day,
      line->>'sku' as sku,
      greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0) as units,
      case when line->'price'->>'currency' = ${window.currency} then (line->'price'->>'amount')::numeric end as unit_price
    from ${orders} o, jsonb_array_elements(o.lines) as line
    where o.account_id = ${window.accountId} and o.ordered_at >= ${window.start.toISOString()}::timestamptz
      and o.ordered_at < ${window.end.toISOString()}::timestamptz and o.status <> 'cancelled' ${channelFilter}`;
}

const figures = sql`coalesce(sum(unit_price * units), 0)::numeric(14, 2)::text as revenue,
  count(distinct order_id)::int as orders, coalesce(sum(units), 0)::int as units`;

/** The window's figures per day and channel, from the orders' lines (any time zone). */
export async function salesByDayAndChannel(
  db: Db,
  window: SalesWindow,
): Promise<Array<SalesFiguresRow & { day: string; channelId: string }>> {
  const result = (await db.execute(
    sql`with held as (${heldLines(window)})
      select day::text as day, channel_id as "channelId", ${figures} from held group by day, channel_id order by day, channel_id`,
  )) as unknown as Rows<SalesFiguresRow & { day: string; channelId: string }>;
  return result.rows;
}

export interface SkuSalesRow {
  sku: string;
  title: string | null;
  units: number;
  revenue: string;
}

export interface SlowSkuRow {
  sku: string;
  title: string | null;
  units: number;
  available: number;
}

/**
 * The SKUs that sold the most units in the window (then by revenue, then SKU), and the SKUs with stock to
 * sell that sold the fewest (none first, most stock first among equals): one pass over what the window sold
 * for both lists (`sold` is read twice and computed once), from the rollup's whole days.
 */
export async function bestAndSlowestSkus(
  db: Db,
  window: SalesWindow,
  limit: number,
): Promise<{ top: SkuSalesRow[]; slowest: SlowSkuRow[] }> {
  const result = (await db.execute(sql`
    with sold as materialized (${skusSoldInWindow(window)}),
    -- The first few by a bounded sort (a top-N heap, not a sort of every SKU), numbered after.
    best as (
      select sku, units, revenue from sold where units > 0 order by units desc, revenue desc, sku limit ${limit}),
    top as (
      select (row_number() over (order by b.units desc, b.revenue desc, b.sku))::int as place,
        b.sku, p.title, b.units, b.revenue::text as revenue, null::int as available
      from best b left join ${products} p on p.account_id = ${window.accountId} and p.sku = b.sku),
    slow as (
      select p.sku, p.title, coalesce(s.units, 0)::int as units, greatest(p.on_hand - p.committed, 0)::int as available
      from ${products} p left join sold s on s.sku = p.sku
      where p.account_id = ${window.accountId} and p.on_hand - p.committed > 0
      order by coalesce(s.units, 0), p.on_hand - p.committed desc, p.sku limit ${limit}),
    slowest as (
      select (row_number() over (order by units, available desc, sku))::int as place,
        sku, title, units, null::text as revenue, available
      from slow)
    select 'top' as list, * from top
    union all
    select 'slowest' as list, * from slowest
    order by list desc, place`)) as unknown as Rows<
    { list: 'top' | 'slowest'; sku: string; title: string | null; units: number } & (
      { revenue: string; available: null } | { revenue: null; available: number }
    )
  >;
  const top: SkuSalesRow[] = [];
  const slowest: SlowSkuRow[] = [];
  for (const row of result.rows) {
    if (row.list === 'top') top.push({ sku: row.sku, title: row.title, units: row.units, revenue: row.revenue! });
    else slowest.push({ sku: row.sku, title: row.title, units: row.units, available: row.available! });
  }
  return { top, slowest };
}

/** Refunds the seller issued in the window (not failed) in the currency, and buyers' returns opened in it. */
export async function refundsAndReturns(
  db: Db,
  window: SalesWindow,
): Promise<{ refunds: number; refunded: string; returns: number }> {
  const channelFilter = (column: SQL) =>
    window.channelIds
      ? sql`and ${column} in (${sql.join(
          window.channelIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql``;
  const refunds = (await db.execute(sql`
    select count(*)::int as refunds, coalesce(sum(case when r.currency = ${window.currency} then r.total_amount end), 0)::numeric(14, 2)::text as refunded
    from ${orderRefunds} r
    where r.account_id = ${window.accountId} and r.created_at >= ${window.start.toISOString()}::timestamptz
      and r.created_at < ${window.end.toISOString()}::timestamptz and r.state <> 'failed'
      ${channelFilter(sql`r.channel_id`)}`)) as unknown as Rows<{ refunds: number; refunded: string }>;
  const returns = (await db.execute(sql`
    select count(*)::int as returns from ${orderReturns} r
    where r.account_id = ${window.accountId} and r.marketplace_created_at >= ${window.start.toISOString()}::timestamptz
      and r.marketplace_created_at < ${window.end.toISOString()}::timestamptz
      ${channelFilter(sql`r.channel_id`)}`)) as unknown as Rows<{ returns: number }>;
  return {
    refunds: refunds.rows[0]?.refunds ?? 0,
    refunded: refunds.rows[0]?.refunded ?? '0.00',
    returns: returns.rows[0]?.returns ?? 0,
  };
}

/** The account's channels (kind, name), to name the figures by. */
export async function channelsOfAccount(db: Db, accountId: string) {
  const result = (await db.execute(
    sql`select id, kind, display_name as "displayName", role from ${channels} where account_id = ${accountId} and status <> 'disconnected' order by connected_at`,
  )) as unknown as Rows<{ id: string; kind: string; displayName: string; role: string }>;
  return result.rows;
}

/** Local midnight of a calendar date in a time zone, as a moment. */
export async function startOfDayIn(db: Db, date: string, timeZone: string): Promise<Date> {
  const result = (await db.execute(
    sql`select (extract(epoch from (${date}::date::timestamp at time zone ${timeZone})) * 1000)::float8 as ms`,
  )) as unknown as Rows<{ ms: number }>;
  return new Date(Number(result.rows[0]!.ms));
}
