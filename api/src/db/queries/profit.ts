import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orderFees, orderRefunds, orders, products } from '../schema/index.ts';
import type { SalesWindow } from './analytics.ts';

type Rows<T> = { rows: T[] };

/** The profit figures of a channel or a SKU, amounts in the window's currency (two decimals). */
export interface ProfitRow {
  group: 'channel' | 'sku';
  key: string;
  title: string | null;
  units: number;
  revenue: string;
  cost: string;
  fees: string;
  refunds: string;
  /** Whether some of the fees are estimates from the fee table. */
  estimated: boolean;
  /** Units sold of products without a cost (counted at no cost). */
  unitsWithoutCost: number;
  /** Orders whose fees are not read yet (counted at no fees). */
  ordersWithoutFees: number;
}

const channelFilter = (column: SQL, channelIds: string[] | null) =>
  channelIds ? sql`and ${column} = any(${`{${channelIds.join(',')}}`}::uuid[])` : sql``;

/**
 * The profit of the orders placed in the window, per channel and per SKU (the `skuLimit` SKUs with the most
 * revenue): revenue (unit price × units), cost (the product's cost × units), the marketplace's fees (an
 * order's fees shared among its SKUs by their revenue), and refunds of these orders (not failed, by the
 * refund's lines). Lines and refunds in another currency than the window's are left out; fees in another
 * currency count as not read. Cancelled orders count for nothing.
 */
export async function profitByChannelAndSku(db: Db, window: SalesWindow, skuLimit: number): Promise<ProfitRow[]> {
  const { accountId, currency } = window;
  const result = (await db.execute(sql`
    with held as (
      select o.id as order_id, o.channel_id, coalesce(line->>'sku', '') as sku,
        greatest((line->>'quantity')::int - coalesce((line->>'cancelledQuantity')::int, 0), 0) as units,
        case when line->'price'->>'currency' = ${currency} then (line->'price'->>'amount')::numeric end as unit_price
      from ${orders} o, jsonb_array_elements(o.lines) as line
      where o.account_id = ${accountId} and o.ordered_at >= ${window.start.toISOString()}::timestamptz
        and o.ordered_at < ${window.end.toISOString()}::timestamptz and o.status <> 'cancelled'
        -- A line priced in another currency is left out whole (its cost too); a line not priced yet counts its cost.
        and (line->'price' is null or jsonb_typeof(line->'price') = 'null' or line->'price'->>'currency' = ${currency})
        ${channelFilter(sql`o.channel_id`, window.channelIds)}
    ),
    sku_lines as (
      select order_id, channel_id, sku, sum(units)::int as units, coalesce(sum(unit_price * units), 0) as revenue
      from held group by order_id, channel_id, sku
    ),
    order_shares as (
      select order_id, sum(revenue) as revenue, count(*) as skus from sku_lines group by order_id
    ),
    fees as (
      select f.order_id, f.amount, f.source
      from ${orderFees} f join order_shares s on s.order_id = f.order_id
      -- Fees in another currency are not added to these: the order counts as without fees read.
      where f.account_id = ${accountId} and f.currency = ${currency}
    ),
    refunded as (
      select r.order_id, coalesce(l->>'sku', '') as sku, sum((l->'amount'->>'amount')::numeric) as amount
      from ${orderRefunds} r join order_shares s on s.order_id = r.order_id, jsonb_array_elements(r.lines) as l
      where r.account_id = ${accountId} and r.state <> 'failed' and r.currency = ${currency}
      group by r.order_id, coalesce(l->>'sku', '')
    ),
    lines as (
      select l.order_id, l.channel_id, l.sku, l.units, l.revenue,
        coalesce(p.cost, 0) * l.units as cost, case when p.cost is null then l.units else 0 end as units_without_cost,
        coalesce(f.amount * case when s.revenue > 0 then l.revenue / s.revenue else 1.0 / s.skus end, 0) as fee,
        f.source, f.order_id is null as fee_missing, coalesce(r.amount, 0) as refund
      from sku_lines l
      join order_shares s on s.order_id = l.order_id
      left join ${products} p on p.account_id = ${accountId} and p.sku = l.sku
      left join fees f on f.order_id = l.order_id
      left join refunded r on r.order_id = l.order_id and r.sku = l.sku
    ),
    figures as (
      select 'channel' as "group", channel_id::text as key, sum(units)::int as units, sum(revenue) as revenue,
        sum(cost) as cost, sum(fee) as fees, sum(refund) as refunds, bool_or(source = 'estimate') as estimated,
        sum(units_without_cost)::int as "unitsWithoutCost",
        count(distinct order_id) filter (where fee_missing)::int as "ordersWithoutFees"
      from lines group by channel_id
      union all
      select * from (
        select 'sku', sku, sum(units)::int, sum(revenue), sum(cost), sum(fee), sum(refund),
          bool_or(source = 'estimate'), sum(units_without_cost)::int,
          count(distinct order_id) filter (where fee_missing)::int
        from lines group by sku order by sum(revenue) desc, sku limit ${skuLimit}
      ) skus
    )
    select fg."group", fg.key, p.title, fg.units, fg.revenue::numeric(14, 2)::text as revenue,
      fg.cost::numeric(14, 2)::text as cost, fg.fees::numeric(14, 2)::text as fees,
      fg.refunds::numeric(14, 2)::text as refunds, coalesce(fg.estimated, false) as estimated,
      fg."unitsWithoutCost", fg."ordersWithoutFees"
    from figures fg
    left join ${products} p on fg."group" = 'sku' and p.account_id = ${accountId} and p.sku = fg.key
    order by fg."group", fg.revenue desc, fg.key`)) as unknown as Rows<ProfitRow>;
  return result.rows;
}

/** Ad spend of a channel (its ad accounts') or of a SKU (its ads'), in the window's currency. */
export interface AdSpendRow {
  group: 'channel' | 'sku';
  key: string;
  spend: string;
}

/**
 * The ad spend of the window's days (the marketplaces' report days, taken as days of the window's time zone) per
 * channel whose ad accounts spent it and per SKU advertised, from ad accounts in the window's currency. A
 * campaign's spend not broken down by ad counts for its channel, not for a SKU.
 */
export async function adSpendByChannelAndSku(db: Db, window: SalesWindow): Promise<AdSpendRow[]> {
  const { accountId, currency, timeZone } = window;
  const result = (await db.execute(sql`
    with spent as (
      select acc.channel_id, p.sku, p.spend
      from ad_performance_daily p join ad_accounts acc on acc.id = p.ad_account_id
      where p.account_id = ${accountId} and acc.currency = ${currency}
        and p.day >= (${window.start.toISOString()}::timestamptz at time zone ${timeZone})::date
        and p.day < (${window.end.toISOString()}::timestamptz at time zone ${timeZone})::date
        ${channelFilter(sql`acc.channel_id`, window.channelIds)}
    )
    select 'channel' as "group", channel_id::text as key, sum(spend)::numeric(14, 2)::text as spend
    from spent group by channel_id
    union all
    select 'sku', sku, sum(spend)::numeric(14, 2)::text from spent where sku is not null group by sku`)) as unknown as Rows<AdSpendRow>;
  return result.rows;
}
