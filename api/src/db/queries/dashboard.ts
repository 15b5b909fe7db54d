import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  changes,
  channelRateLimits,
  channels,
  listingDrift,
  listings,
  orders,
  products,
  syncRuns,
  type ChangeCause,
  type ChangeField,
  type ChannelKind,
  type ChannelRole,
  type ChannelStatus,
  type OrderLineRecord,
  type OrderStatus,
} from '../schema/index.ts';
import { salesByChannelAndCurrencySince } from './sales-rollups.ts';

/** Units and revenue per currency of one channel's orders since a moment. */
export interface ChannelSalesRow {
  channelId: string;
  orders: number;
  units: number;
  revenue: Array<{ currency: string; amount: string }>;
}

/**
 * Orders placed on each of the account's channels since `since` (a whole UTC hour; not cancelled), with
 * their units and revenue per currency; a line's cancelled units count for nothing. From the sales rollup's
 * hours, the hours changed since it last ran from the orders (as the sales report reads them).
 */
export async function salesByChannel(db: Db, accountId: string, since: Date): Promise<ChannelSalesRow[]> {
  const rows = await salesByChannelAndCurrencySince(db, accountId, since);
  const byChannel = new Map<string, ChannelSalesRow>();
  for (const row of rows) {
    const channel = byChannel.get(row.channelId) ?? { channelId: row.channelId, orders: 0, units: 0, revenue: [] };
    channel.orders += row.orders;
    channel.units += row.units;
    // '' holds the lines without a price: their units and orders count, they have no revenue.
    if (row.currency !== '') channel.revenue.push({ currency: row.currency, amount: row.revenue });
    byChannel.set(row.channelId, channel);
  }
  return [...byChannel.values()];
}

export interface ChannelSyncRow {
  id: string;
  kind: ChannelKind;
  displayName: string;
  role: ChannelRole;
  status: ChannelStatus;
  statusReason: string | null;
  lastSyncAt: Date | null;
  /** The oldest value still on its way to the channel. */
  oldestOpenWriteAt: Date | null;
  waitingWrites: number;
  failures24h: number;
  /** The busiest of its rate limits over the last minute, and the calls refused with 429. */
  rateLimit: { percent: number; operation: string | null; limited: number };
}

/** The account's connected channels, main first, with how their pushes are going. */
export async function channelSyncHealth(
  db: Db,
  accountId: string,
  since: Date,
  rateLimitSince: Date,
): Promise<ChannelSyncRow[]> {
  const result = (await db.execute(sql`
    select c.id, c.kind, c.display_name, c.role, c.status, c.status_reason, c.last_sync_at,
      (select min(w.created_at) from listing_writes w where w.channel_id = c.id and w.status in ('pending', 'sending', 'submitted', 'accepted')) as oldest_open_write_at,
      (select count(*)::int from listing_writes w where w.channel_id = c.id and w.status in ('pending', 'sending', 'submitted', 'accepted')) as waiting_writes,
      (select count(*)::int from listing_writes w where w.channel_id = c.id and w.status = 'failed' and w.updated_at >= ${since}) as failures_24h,
      r.percent as rate_limit_percent, r.operation as rate_limit_operation, r.limited as rate_limited
    from ${channels} c
    left join ${channelRateLimits} r on r.channel_id = c.id and r.account_id = c.account_id and r.noted_at >= ${rateLimitSince}
    where c.account_id = ${accountId} and c.status <> 'disconnected'
    order by c.role = 'main' desc, c.connected_at`)) as unknown as {
    rows: Array<{
      id: string;
      kind: ChannelKind;
      display_name: string;
      role: ChannelRole;
      status: ChannelStatus;
      status_reason: string | null;
      last_sync_at: string | Date | null;
      oldest_open_write_at: string | Date | null;
      waiting_writes: number;
      failures_24h: number;
      rate_limit_percent: number | null;
      rate_limit_operation: string | null;
      rate_limited: number | null;
    }>;
  };
  const date = (value: string | Date | null) => (value === null ? null : new Date(value));
  return result.rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    displayName: r.display_name,
    role: r.role,
    status: r.status,
    statusReason: r.status_reason,
    lastSyncAt: date(r.last_sync_at),
    oldestOpenWriteAt: date(r.oldest_open_write_at),
    waitingWrites: r.waiting_writes,
    failures24h: r.failures_24h,
    // Noted over the last minute; nothing noted since means no calls, so nothing used.
    rateLimit: { percent: r.rate_limit_percent ?? 0, operation: r.rate_limit_operation, limited: r.rate_limited ?? 0 },
  }));
}

export interface AlertCounts {
  failedPushes: number;
  suppressedListings: number;
  lowStock: number;
  openDrift: number;
}

/**
 * What needs doing: values refused and not sent again, listings the marketplace suppressed, products
 * with `lowStockUnits` or fewer units available, and hand edits on a channel waiting for a decision.
 */
export async function alertCounts(db: Db, accountId: string, lowStockUnits: number): Promise<AlertCounts> {
  const result = (await db.execute(sql`
    select
      (select count(*)::int from listing_writes w join ${channels} c on c.id = w.channel_id where w.account_id = ${accountId} and w.status = 'failed' and c.status <> 'disconnected'
        and not exists (select 1 from listing_writes newer where newer.listing_id = w.listing_id and newer.field = w.field and newer.created_at > w.created_at)) as failed_pushes,
      (select count(*)::int from ${listings} l join ${channels} c on c.id = l.channel_id where l.account_id = ${accountId} and l.status = 'suppressed' and c.status <> 'disconnected') as suppressed_listings,
      (select count(*)::int from ${products} p where p.account_id = ${accountId} and greatest(p.on_hand - p.committed, 0) <= ${lowStockUnits}) as low_stock,
      (select count(*)::int from ${listingDrift} d where d.account_id = ${accountId} and d.resolved_at is null) as open_drift`)) as unknown as {
    rows: Array<{ failed_pushes: number; suppressed_listings: number; low_stock: number; open_drift: number }>;
  };
  const row = result.rows[0]!;
  return {
    failedPushes: row.failed_pushes,
    suppressedListings: row.suppressed_listings,
    lowStock: row.low_stock,
    openDrift: row.open_drift,
  };
}

export interface RecentOrderRow {
  id: string;
  channelId: string;
  channelKind: ChannelKind;
  marketplaceOrderId: string;
  orderNumber: string;
  status: OrderStatus;
  orderedAt: Date;
  lines: OrderLineRecord[];
}

export async function recentOrders(db: Db, accountId: string, limit: number): Promise<RecentOrderRow[]> {
  return db
    .select({
      id: orders.id,
      channelId: orders.channelId,
      channelKind: channels.kind,
      marketplaceOrderId: orders.marketplaceOrderId,
      orderNumber: orders.orderNumber,
      status: orders.status,
      orderedAt: orders.orderedAt,
      lines: orders.lines,
    })
    .from(orders)
    .innerJoin(channels, eq(channels.id, orders.channelId))
    .where(eq(orders.accountId, accountId))
    .orderBy(desc(orders.orderedAt))
    .limit(limit);
}

export interface RecentChangeRow {
  id: string;
  at: Date;
  cause: ChangeCause;
  field: ChangeField;
  /** The SKU, or the first of the SKUs a grouped change touched. */
  sku: string;
  /** How many SKUs the row stands for: a rule or a bulk change over many SKUs is one row. */
  skuCount: number;
  channelKind: ChannelKind | null;
  before: string | null;
  after: string | null;
}

/** Changes read to make the recent rows: enough for a busy minute of orders around a rule change. */
const RECENT_WINDOW = 2000;

/**
 * The latest changes, a rule change or a bulk edit (or import) grouped into one row: a rule applied
 * to 240 SKUs is one row saying so, not 240 rows of the same words. Bulk edits and imports are
 * grouped by their batch (causeRef); rule changes by rule, channel, field and minute.
 */
export async function recentChanges(db: Db, accountId: string, limit: number): Promise<RecentChangeRow[]> {
  const result = await db.execute<{
    id: string;
    at: string | Date;
    cause: ChangeCause;
    field: ChangeField;
    sku: string;
    sku_count: number;
    channel_kind: ChannelKind | null;
    before: string | null;
    after: string | null;
  }>(sql`
    with recent as (
      select c.id, c.created_at, c.cause, c.field, c.sku, c.channel_id, c.before, c.after,
        case
          when c.cause in ('bulk_edit', 'import') and c.cause_ref is not null then c.cause || ':' || c.cause_ref || ':' || c.field
          when c.cause in ('rule_change', 'pricing_rule') then c.cause || ':' || coalesce(c.cause_ref, '') || ':' || c.field || ':' || coalesce(c.channel_id::text, '') || ':' || date_trunc('minute', c.created_at)::text
          else c.id::text
        end as grouping
      from ${changes} c
      where c.account_id = ${accountId}
      order by c.created_at desc
      limit ${RECENT_WINDOW}
    )
    select (array_agg(r.id::text order by r.created_at desc))[1] as id, max(r.created_at) as at,
      min(r.cause) as cause, min(r.field) as field, min(r.sku) as sku, count(distinct r.sku)::int as sku_count,
      case when count(distinct r.channel_id) = 1 then min(ch.kind) end as channel_kind,
      case when count(*) = 1 then min(r.before) end as before, case when count(*) = 1 then min(r.after) end as after
    from recent r left join ${channels} ch on ch.id = r.channel_id
    group by r.grouping
    order by max(r.created_at) desc
    limit ${limit}`);
  return (result as unknown as { rows: Array<Record<string, unknown>> }).rows.map((r) => ({
    id: String(r.id),
    at: new Date(r.at as string),
    cause: r.cause as ChangeCause,
    field: r.field as ChangeField,
    sku: String(r.sku),
    skuCount: Number(r.sku_count),
    channelKind: (r.channel_kind as ChannelKind | null) ?? null,
    before: (r.before as string | null) ?? null,
    after: (r.after as string | null) ?? null,
  }));
}

/** How far a new account has come: a channel connected, a main one chosen, its catalogue imported. */
export async function setupProgress(
  db: Db,
  accountId: string,
): Promise<{ channelConnected: boolean; mainChosen: boolean; catalogueImported: boolean }> {
  const [connected] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(channels)
    .where(and(eq(channels.accountId, accountId), ne(channels.status, 'disconnected')));
  const [main] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(channels)
    .where(and(eq(channels.accountId, accountId), ne(channels.status, 'disconnected'), eq(channels.role, 'main')));
  // An import run over the whole account that finished (succeeded or stopped at a plan's limit).
  const [imported] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(syncRuns)
    .where(
      and(
        eq(syncRuns.accountId, accountId),
        eq(syncRuns.kind, 'import'),
        isNull(syncRuns.channelId),
        isNotNull(syncRuns.finishedAt),
        sql`${syncRuns.status} in ('succeeded', 'partial')`,
      ),
    );
  const [someProduct] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.accountId, accountId))
    .limit(1);
  return {
    channelConnected: (connected?.n ?? 0) > 0,
    mainChosen: (main?.n ?? 0) > 0,
    catalogueImported: (imported?.n ?? 0) > 0 || someProduct !== undefined,
  };
}

export interface OversoldSku {
  sku: string;
  /** Units sold beyond what is on hand. */
  short: number;
  /** The open orders holding the SKU, newest first: one of them is to be cancelled before shipping. */
  orders: Array<{ id: string; orderNumber: string; channelKind: ChannelKind }>;
}

/**
 * SKUs sold beyond their stock (committed above on hand: marketplaces accepted the last units at the
 * same moment), each with the open orders that hold it, newest first.
 */
export async function oversoldSkus(db: Db, accountId: string, ordersPerSku: number): Promise<OversoldSku[]> {
  const result = (await db.execute(sql`
    select p.sku, (p.committed - p.on_hand)::int as short,
      coalesce((
        select json_agg(json_build_object('id', o.id, 'orderNumber', o.order_number, 'channelKind', o.kind) order by o.ordered_at desc)
        from (
          select o.id, o.order_number, o.ordered_at, c.kind
          from ${orders} o join ${channels} c on c.id = o.channel_id
          where o.account_id = ${accountId} and o.status = 'open' and o.fulfilment in ('unshipped', 'partially shipped')
            and exists (select 1 from jsonb_array_elements(o.lines) line where line->>'sku' = p.sku)
          order by o.ordered_at desc
          limit ${ordersPerSku}
        ) o
      ), '[]'::json) as orders
    from ${products} p
    where p.account_id = ${accountId} and p.committed > p.on_hand
    order by p.committed - p.on_hand desc, p.sku
    limit 20`)) as unknown as {
    rows: Array<{ sku: string; short: number; orders: OversoldSku['orders'] | string }>;
  };
  return result.rows.map((row) => ({
    sku: row.sku,
    short: row.short,
    // PGlite and pg both parse json; a driver that hands back text is read here.
    orders: typeof row.orders === 'string' ? JSON.parse(row.orders) : row.orders,
  }));
}
