import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { run, statement } from '../statements.ts';
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

/** The channels (of every account) with orders still without fees, or whose fees are due to be read again: one read job each. */
export async function channelsWithFeesToRead(
  db: Db,
  at: Date,
): Promise<Array<{ accountId: string; channelId: string }>> {
  const result = (await db.execute(sql`
    select c.account_id as "accountId", c.id as "channelId" from ${channels} c
    where c.status in ('active', 'error') and (exists (
      select 1 from ${orders} o where o.channel_id = c.id and ${withoutFees(at)} offset 0)
      or exists (select 1 from ${orderFees} f where f.channel_id = c.id and f.read_again_at <= ${at.toISOString()}::timestamptz))`)) as unknown as Rows<{
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
  /** When to ask the marketplace again (its later adjustments); absent or null: never. */
  readAgainAt?: Date | null;
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
    .values(fees.map((fee) => ({ ...fee, readAgainAt: fee.readAgainAt ?? null, accountId, channelId, readAt: at })))
    .onConflictDoNothing({ target: orderFees.orderId })
    .returning({ orderId: orderFees.orderId });
  return stored.length;
}

/** An order's fees read from its marketplace before, due to be read again. */
export interface FeesDueAgain {
  orderId: string;
  marketplaceOrderId: string;
  amount: string;
  currency: string;
  /** When they were first read: the times to read them again count from it. */
  readAt: Date;
}

/** The channel's orders whose marketplace fees are due to be read again, longest due first, up to `limit`. */
export async function feesDueAgain(
  db: Db,
  accountId: string,
  channelId: string,
  limit: number,
  at: Date,
): Promise<FeesDueAgain[]> {
  const { rows } = await run(db, feesDueAgainStatement, [accountId, channelId, at.toISOString(), limit]);
  return rows.map((row) => ({ ...row, readAt: new Date(row.readAt) }));
}

const feesDueAgainStatement = statement<{
  orderId: string;
  marketplaceOrderId: string;
  amount: string;
  currency: string;
  readAt: string | Date;
}>(
  'order_fees_due_again',
  `select f.order_id as "orderId", o.marketplace_order_id as "marketplaceOrderId", f.amount::text as amount,
     f.currency, f.read_at as "readAt"
   from order_fees f join orders o on o.id = f.order_id and o.account_id = f.account_id
   where f.account_id = $1 and f.channel_id = $2 and f.read_again_at <= $3::timestamptz
   order by f.read_again_at, f.order_id limit $4`,
);

/** An order's fees as its marketplace answered when asked again, and when to ask next (null: final). */
export interface FeeRevision {
  orderId: string;
  amount: string;
  currency: string;
  readAgainAt: Date | null;
}

/**
 * Stores what the marketplace answered on reading orders' fees again: the amount where it changed, and when to
 * read them next (null: final). Answers the orders whose amount changed, with the amount before.
 */
export async function reviseOrderFees(
  db: Db,
  accountId: string,
  revisions: readonly FeeRevision[],
): Promise<Array<{ orderId: string; before: string; after: string; currency: string }>> {
  if (revisions.length === 0) return [];
  const { rows } = await run(db, reviseOrderFeesStatement, [
    accountId,
    revisions.map((r) => r.orderId),
    revisions.map((r) => r.amount),
    revisions.map((r) => r.currency),
    revisions.map((r) => r.readAgainAt?.toISOString() ?? null),
  ]);
  return rows;
}

// The amount before is read in the same statement: `from` the row as it was (a self-join sees the old version).
const reviseOrderFeesStatement = statement<{ orderId: string; before: string; after: string; currency: string }>(
  'revise_order_fees',
  `with given(order_id, amount, currency, read_again_at) as (
     select * from unnest($2::uuid[], $3::numeric[], $4::text[], $5::timestamptz[])),
   revised as (
     update order_fees f set amount = g.amount, currency = g.currency, read_again_at = g.read_again_at
     from given g, order_fees old
     where f.account_id = $1 and f.order_id = g.order_id and old.order_id = f.order_id
     returning f.order_id, old.amount as before, f.amount as after, f.currency)
   select order_id as "orderId", before::text as before, after::text as after, currency from revised
   where before <> after`,
);

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
