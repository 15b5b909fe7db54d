import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orders, salesDirtyHours, salesHours, salesSkuDays } from '../schema/index.ts';
import type { SalesFiguresRow, SalesWindow } from './analytics.ts';

// The sales rollup: orders, units and revenue per account, channel, UTC hour and currency (`sales_hours`),
// summed by a job from the hours a trigger on `orders` marked (`sales_dirty_hours`). A report reads the
// summed hours from the rollup and the marked ones from the orders, in one statement (one snapshot): it is
// exact whether or not the job has run since the last change.

type Rows<T> = { rows: T[] };

export interface MarkedHour {
  accountId: string;
  hour: Date;
}

/**
 * Takes up to `limit` marked hours that have ended (the current hour keeps changing while orders come in:
 * reports read it from the orders), skipping those another process is summing.
 */
export async function takeEndedMarkedHours(db: Db, limit: number): Promise<MarkedHour[]> {
  const result = (await db.execute(sql`
    delete from ${salesDirtyHours} d using (
      select account_id, hour from ${salesDirtyHours}
      where hour < date_trunc('hour', now(), 'UTC')
      order by account_id, hour limit ${limit} for update skip locked
    ) picked
    where d.account_id = picked.account_id and d.hour = picked.hour
    returning d.account_id as "accountId", d.hour`)) as unknown as Rows<{ accountId: string; hour: Date | string }>;
  return result.rows.map((row) => ({ accountId: row.accountId, hour: new Date(row.hour) }));
}

const hoursTaken = (hours: readonly MarkedHour[]) => sql`unnest(
  ${`{${hours.map((h) => h.accountId).join(',')}}`}::uuid[],
  ${`{${hours.map((h) => `"${h.hour.toISOString()}"`).join(',')}}`}::timestamptz[]) as taken(account_id, hour)`;

/** Sums these hours again from their orders, replacing what the rollup held for them. */
export async function sumHours(db: Db, hours: readonly MarkedHour[]): Promise<void> {
  if (hours.length === 0) return;
  await db.execute(sql`
    delete from ${salesHours} s using ${hoursTaken(hours)}
    where s.account_id = taken.account_id and s.hour = taken.hour`);
  // An order counts once, in the row of the first of its lines' currencies ('' for a line without a price).
  await db.execute(sql`
    insert into ${salesHours} (account_id, hour, channel_id, currency, orders, units, revenue)
    select account_id, hour, channel_id, currency,
      count(distinct order_id) filter (where currency = order_currency)::int,
      coalesce(sum(units), 0)::int, coalesce(sum(amount * units), 0)::numeric(14, 2)
    from (
      select o.account_id, taken.hour, o.channel_id, o.id as order_id,
        coalesce(line->'price'->>'currency', '') as currency,
        min(coalesce(line->'price'->>'currency', '')) over (partition by o.id) as order_currency,
        greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0) as units,
        (line->'price'->>'amount')::numeric as amount
      from ${hoursTaken(hours)}
      cross join lateral (
        select * from ${orders} o
        where o.account_id = taken.account_id and o.ordered_at >= taken.hour and o.ordered_at < taken.hour + interval '1 hour'
          and o.status <> 'cancelled'
        offset 0
      ) o
      cross join jsonb_array_elements(o.lines) as line
    ) held
    group by account_id, hour, channel_id, currency`);
  await sumSkuDays(db, hours);
}

const DAY_MS = 86_400_000;

/** Sums the UTC days of these hours again per SKU, replacing what the rollup held for them. */
async function sumSkuDays(db: Db, hours: readonly MarkedHour[]): Promise<void> {
  const days = sql`(select distinct taken.account_id, (taken.hour at time zone 'UTC')::date as day
    from ${hoursTaken(hours)}) days`;
  await db.execute(sql`
    delete from ${salesSkuDays} s using ${days} where s.account_id = days.account_id and s.day = days.day`);
  await db.execute(sql`
    insert into ${salesSkuDays} (account_id, day, channel_id, sku, currency, units, revenue)
    select o.account_id, days.day, o.channel_id, coalesce(line->>'sku', ''), coalesce(line->'price'->>'currency', ''),
      coalesce(sum(greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0)), 0)::int,
      coalesce(sum((line->'price'->>'amount')::numeric
        * greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0)), 0)::numeric(14, 2)
    from ${days}
    cross join lateral (
      select * from ${orders} o
      where o.account_id = days.account_id and o.ordered_at >= days.day::timestamp at time zone 'UTC'
        and o.ordered_at < (days.day + 1)::timestamp at time zone 'UTC' and o.status <> 'cancelled'
      offset 0
    ) o
    cross join jsonb_array_elements(o.lines) as line
    group by o.account_id, days.day, o.channel_id, coalesce(line->>'sku', ''), coalesce(line->'price'->>'currency', '')`);
}

/**
 * Units and revenue (in the window's currency) per SKU sold in the window, as a query to build on
 * (columns sku, units, revenue): the rollup's whole UTC days, and from the orders the window's partial days
 * at its edges and the days with a marked hour. Any time zone: its edges need not be whole hours.
 */
export function skusSoldInWindow(window: SalesWindow): SQL {
  const { accountId, start, end, currency } = window;
  const firstWholeDay = Math.ceil(start.getTime() / DAY_MS) * DAY_MS;
  const wholeDaysEnd = Math.max(firstWholeDay, Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  // Without a whole day, the window is one stretch read from the orders.
  const edges: Array<[number, number]> =
    firstWholeDay === wholeDaysEnd
      ? [[start.getTime(), end.getTime()]]
      : [
          [start.getTime(), firstWholeDay],
          [wholeDaysEnd, end.getTime()],
        ];
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const day = (ms: number) => sql`${new Date(ms).toISOString().slice(0, 10)}::date`;
  const liveEdges = edges
    .filter(([from, to]) => from < to)
    .map(([from, to]) => sql`select ${at(from)} as from_at, ${at(to)} as to_at`);
  const units = sql`greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0)`;
  return sql`
    with marked_days as (
      select distinct (hour at time zone 'UTC')::date as day from ${salesDirtyHours}
      where account_id = ${accountId} and hour >= ${at(firstWholeDay)} and hour < ${at(wholeDaysEnd)}
    ),
    live_ranges as (
      select day::timestamp at time zone 'UTC' as from_at, (day + 1)::timestamp at time zone 'UTC' as to_at from marked_days
      ${liveEdges.length ? sql`union all ${sql.join(liveEdges, sql` union all `)}` : sql``}
    ),
    sold_parts as (
      select s.sku, s.units, case when s.currency = ${currency} then s.revenue end as revenue
      from ${salesSkuDays} s
      where s.account_id = ${accountId} and s.day >= ${day(firstWholeDay)} and s.day < ${day(wholeDaysEnd)}
        ${channelFilter(sql`s.channel_id`, window.channelIds)}
        and not exists (select 1 from marked_days m where m.day = s.day)
      union all
      select coalesce(line->>'sku', ''), ${units},
        case when line->'price'->>'currency' = ${currency} then (line->'price'->>'amount')::numeric * ${units} end
      from live_ranges r
      cross join lateral (
        select * from ${orders} o
        where o.account_id = ${accountId} and o.ordered_at >= r.from_at and o.ordered_at < r.to_at
          and o.status <> 'cancelled' ${channelFilter(sql`o.channel_id`, window.channelIds)}
        offset 0
      ) o
      cross join jsonb_array_elements(o.lines) as line
    )
    select sku, coalesce(sum(units), 0)::int as units, coalesce(sum(revenue), 0)::numeric(14, 2) as revenue
    from sold_parts group by sku`;
}

/** How many hours wait to be summed (the benchmark and tests wait on it). */
export async function markedHoursCount(db: Db, accountId?: string): Promise<number> {
  const result = (await db.execute(
    sql`select count(*)::int as n from ${salesDirtyHours} ${accountId ? sql`where account_id = ${accountId}` : sql``}`,
  )) as unknown as Rows<{ n: number }>;
  return result.rows[0]?.n ?? 0;
}

export type DayChannelFiguresRow = SalesFiguresRow & { day: string; channelId: string };

const channelFilter = (column: SQL, channelIds: string[] | null) =>
  channelIds ? sql`and ${column} = any(${`{${channelIds.join(',')}}`}::uuid[])` : sql``;

/**
 * The window's orders, units and revenue (in the window's currency) per day of its time zone and channel:
 * the rollup's hours, and the marked hours from the orders. The window's edges and every day's must fall on
 * whole UTC hours (a time zone whose offset is whole hours); `coversWholeHours` says so.
 */
export async function salesByDayAndChannelFromRollup(db: Db, window: SalesWindow): Promise<DayChannelFiguresRow[]> {
  const { accountId, start, end, timeZone, currency } = window;
  const result = (await db.execute(sql`
    with marked as (
      select hour from ${salesDirtyHours}
      where account_id = ${accountId} and hour >= ${start.toISOString()}::timestamptz and hour < ${end.toISOString()}::timestamptz
    ),
    summed as (
      select (s.hour at time zone ${timeZone})::date as day, s.channel_id, s.orders, s.units,
        case when s.currency = ${currency} then s.revenue end as revenue
      from ${salesHours} s
      where s.account_id = ${accountId} and s.hour >= ${start.toISOString()}::timestamptz
        and s.hour < ${end.toISOString()}::timestamptz ${channelFilter(sql`s.channel_id`, window.channelIds)}
        and not exists (select 1 from marked where marked.hour = s.hour)
    ),
    live_lines as (
      select (o.ordered_at at time zone ${timeZone})::date as day, o.channel_id, o.id as order_id,
        greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0) as units,
        case when line->'price'->>'currency' = ${currency} then (line->'price'->>'amount')::numeric end as unit_price
      -- Lateral, kept apart (offset 0): an index range of the orders per marked hour, never a scan of the account's orders.
      from marked
      cross join lateral (
        select * from ${orders} o
        where o.account_id = ${accountId} and o.ordered_at >= marked.hour and o.ordered_at < marked.hour + interval '1 hour'
          and o.status <> 'cancelled' ${channelFilter(sql`o.channel_id`, window.channelIds)}
        offset 0
      ) o
      cross join jsonb_array_elements(o.lines) as line
    ),
    live as (
      select day, channel_id, count(distinct order_id)::int as orders, coalesce(sum(units), 0)::int as units,
        sum(unit_price * units) as revenue
      from live_lines group by day, channel_id
    )
    select day::text as day, channel_id as "channelId", sum(orders)::int as orders, sum(units)::int as units,
      coalesce(sum(revenue), 0)::numeric(14, 2)::text as revenue
    from (select * from summed union all select * from live) figures
    group by day, channel_id
    order by day, channel_id`)) as unknown as Rows<DayChannelFiguresRow>;
  return result.rows;
}

/**
 * Orders, units and revenue per channel and currency of the lines since `since` (a whole UTC hour), in
 * currency order: an order counts once, in the row of the first of its lines' currencies ('' for lines
 * without a price, whose revenue is none).
 */
export async function salesByChannelAndCurrencySince(
  db: Db,
  accountId: string,
  since: Date,
): Promise<Array<{ channelId: string; currency: string; orders: number; units: number; revenue: string }>> {
  const from = sql`${since.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    with marked as (select hour from ${salesDirtyHours} where account_id = ${accountId} and hour >= ${from}),
    summed as (
      select s.channel_id, s.currency, s.orders, s.units, s.revenue from ${salesHours} s
      where s.account_id = ${accountId} and s.hour >= ${from}
        and not exists (select 1 from marked where marked.hour = s.hour)
    ),
    live_lines as (
      select o.channel_id, o.id as order_id, coalesce(line->'price'->>'currency', '') as currency,
        min(coalesce(line->'price'->>'currency', '')) over (partition by o.id) as order_currency,
        greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0) as units,
        (line->'price'->>'amount')::numeric as amount
      from marked
      cross join lateral (
        select * from ${orders} o
        where o.account_id = ${accountId} and o.ordered_at >= marked.hour and o.ordered_at < marked.hour + interval '1 hour'
          and o.status <> 'cancelled'
        offset 0
      ) o
      cross join jsonb_array_elements(o.lines) as line
    ),
    live as (
      select channel_id, currency, count(distinct order_id) filter (where currency = order_currency)::int as orders,
        coalesce(sum(units), 0)::int as units, coalesce(sum(amount * units), 0) as revenue
      from live_lines group by channel_id, currency
    )
    select channel_id as "channelId", currency, sum(orders)::int as orders, sum(units)::int as units,
      sum(revenue)::numeric(14, 2)::text as revenue
    from (select * from summed union all select * from live) figures
    group by channel_id, currency
    order by channel_id, currency`)) as unknown as Rows<{
    channelId: string;
    currency: string;
    orders: number;
    units: number;
    revenue: string;
  }>;
  return result.rows;
}

/**
 * Whether every local midnight from `start` to `end` falls on a whole UTC hour in the time zone (the
 * rollup's hours then make whole days): false for zones half or three quarters of an hour off UTC.
 */
export function coversWholeHours(timeZone: string, start: Date, end: Date): boolean {
  const offsetName = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const HOUR_MS = 3_600_000;
  // Once a day finds every offset the zone has in the window: offsets change at most twice a year, and what
  // matters is the offsets themselves, not when they change.
  for (let at = start.getTime() - 12 * HOUR_MS; at <= end.getTime() + 12 * HOUR_MS; at += 24 * HOUR_MS) {
    const name = offsetName.formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')?.value ?? '';
    const minutes = /[+-]\d{2}:(\d{2})/.exec(name)?.[1];
    if (minutes !== undefined && minutes !== '00') return false;
  }
  return true;
}
