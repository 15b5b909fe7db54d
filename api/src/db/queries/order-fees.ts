import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { channels, feeTables, orderFeeChecks, orderFees, orders, type FeeSource } from '../schema/index.ts';

// The marketplaces' fees per order (issue 25's profit), and the account's fee table that estimates them
// where a marketplace reports none. Every statement names the account.

type Rows<T> = { rows: T[] };

/** How far back orders get their fees read: older ones are the past the reports rarely reach. */
export const FEES_LOOKBACK_DAYS = 90;

/** An order still without fees: what reading its fees needs. */
export interface OrderWithoutFees {
  id: string;
  marketplaceOrderId: string;
  orderedAt: Date;
  /** The order's total (its lines' where the marketplace gave none), in its currency. */
  total: string;
  currency: string;
}

/** What an order's total is: the marketplace's, else its lines' prices × units. */
const orderTotal = sql`coalesce(o.total_amount, (
  select coalesce(sum((line->'price'->>'amount')::numeric * greatest((line->>'quantity')::int
    - coalesce((line->>'cancelledQuantity')::int, 0), 0)), 0)
  from jsonb_array_elements(o.lines) as line))`;
const orderCurrency = sql`coalesce(o.currency, o.lines->0->'price'->>'currency', '')`;
/** Orders without fees, but for those whose marketplace was asked lately and is to be asked again later. */
const withoutFees = (at: Date) => sql`not exists (select 1 from ${orderFees} f where f.order_id = o.id)
  and not exists (select 1 from ${orderFeeChecks} k where k.order_id = o.id and k.next_check_at > ${at.toISOString()}::timestamptz)
  and o.status <> 'cancelled' and o.ordered_at >= now() - make_interval(days => ${FEES_LOOKBACK_DAYS})`;

/** The channels (of every account) with orders still without fees: one read job each. */
export async function channelsWithOrdersWithoutFees(
  db: Db,
  at: Date,
): Promise<Array<{ accountId: string; channelId: string }>> {
  const result = (await db.execute(sql`
    select c.account_id as "accountId", c.id as "channelId" from ${channels} c
    where c.status in ('active', 'error') and exists (
      select 1 from ${orders} o where o.channel_id = c.id and ${withoutFees(at)} offset 0)`)) as unknown as Rows<{
    accountId: string;
    channelId: string;
  }>;
  return result.rows;
}

/** The channel's oldest orders without fees, up to `limit` (the newest are the ones a marketplace may not have posted yet). */
export async function ordersWithoutFees(
  db: Db,
  accountId: string,
  channelId: string,
  limit: number,
  at: Date,
): Promise<OrderWithoutFees[]> {
  const result = (await db.execute(sql`
    select o.id, o.marketplace_order_id as "marketplaceOrderId", o.ordered_at as "orderedAt",
      ${orderTotal}::numeric(14, 2)::text as total, ${orderCurrency} as currency
    from ${orders} o
    where o.account_id = ${accountId} and o.channel_id = ${channelId} and ${withoutFees(at)}
    order by o.ordered_at, o.id limit ${limit}`)) as unknown as Rows<OrderWithoutFees & { orderedAt: Date | string }>;
  return result.rows.map((row) => ({ ...row, orderedAt: new Date(row.orderedAt) }));
}

export interface OrderFeeRecord {
  orderId: string;
  amount: string;
  currency: string;
  source: FeeSource;
}

/** Stores orders' fees; an order's fees stored already stay (a job run twice stores once). Answers how many were stored. */
export async function storeOrderFees(
  db: Db,
  accountId: string,
  channelId: string,
  fees: readonly OrderFeeRecord[],
  at: Date,
): Promise<number> {
  if (fees.length === 0) return 0;
  const stored = await db
    .insert(orderFees)
    .values(fees.map((fee) => ({ ...fee, accountId, channelId, readAt: at })))
    .onConflictDoNothing({ target: orderFees.orderId })
    .returning({ orderId: orderFees.orderId });
  return stored.length;
}

/** First wait before asking a marketplace again for an order's fees; doubled each time, up to FEES_CHECK_MAX_HOURS. */
export const FEES_CHECK_FIRST_MINUTES = 15;
export const FEES_CHECK_MAX_HOURS = 12;

/** The marketplace has posted no fees for these orders yet: each is asked again later, later each time. */
export async function noteFeesPending(db: Db, accountId: string, orderIds: readonly string[], at: Date): Promise<void> {
  if (orderIds.length === 0) return;
  const wait = (checksBefore: ReturnType<typeof sql>) =>
    sql`least(make_interval(mins => ${FEES_CHECK_FIRST_MINUTES}) * power(2, ${checksBefore}), make_interval(hours => ${FEES_CHECK_MAX_HOURS}))`;
  await db.execute(sql`
    insert into ${orderFeeChecks} (order_id, account_id, checks, next_check_at)
    select o.id, o.account_id, 1, ${at.toISOString()}::timestamptz + ${wait(sql`0`)}
    from ${orders} o where o.account_id = ${accountId} and o.id = any(${`{${orderIds.join(',')}}`}::uuid[])
    on conflict (order_id) do update set checks = ${orderFeeChecks}.checks + 1,
      next_check_at = ${at.toISOString()}::timestamptz + ${wait(sql`${orderFeeChecks}.checks`)}`);
}

/** The account's fee of one order, where stored. */
export async function orderFeeOf(db: Db, accountId: string, orderId: string) {
  const [row] = await db
    .select({ amount: orderFees.amount, currency: orderFees.currency, source: orderFees.source })
    .from(orderFees)
    .where(and(eq(orderFees.accountId, accountId), eq(orderFees.orderId, orderId)));
  return row;
}

export interface FeeTableRow {
  channelKind: string;
  percent: string;
  fixed: string;
}

/** The account's own fee table rows (kinds left at the defaults have none). */
export async function feeTableRows(db: Db, accountId: string): Promise<FeeTableRow[]> {
  return db
    .select({ channelKind: feeTables.channelKind, percent: feeTables.percent, fixed: feeTables.fixed })
    .from(feeTables)
    .where(eq(feeTables.accountId, accountId))
    .orderBy(feeTables.channelKind);
}

/** Replaces the account's fee table rows with these. */
export async function saveFeeTableRows(db: Db, accountId: string, rows: readonly FeeTableRow[]): Promise<void> {
  await db.delete(feeTables).where(eq(feeTables.accountId, accountId));
  if (rows.length > 0) await db.insert(feeTables).values(rows.map((row) => ({ ...row, accountId })));
}
