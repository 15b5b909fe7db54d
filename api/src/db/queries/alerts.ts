import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  alertPreferences,
  alertSettings,
  alerts,
  channels,
  listings,
  lowStockChanges,
  orders,
  products,
  users,
  type AlertKind,
} from '../schema/index.ts';

type Rows<T> = { rows: T[] };

/** How long pushes to a channel fail before they are an alert (issue 27). */
export const PUSHES_FAILING_ALERT_MS = 15 * 60_000;
/** Low stock when no setting says otherwise, as the dashboard counts it. */
export const DEFAULT_LOW_STOCK_UNITS = 5;

/**
 * Every cause of an alert as the data holds it now, over all accounts: (account, kind, subject) with the
 * words the seller reads and where the fix is. Low stock only among the products of `stock_looked_at` (those
 * whose low stock may have changed since the last look): the others' alerts stand as they are.
 */
function currentCauses(now: Date) {
  const failingSince = new Date(now.getTime() - PUSHES_FAILING_ALERT_MS).toISOString();
  return sql`
    select c.account_id, 'channel_error' as kind, c.id as subject_id,
      c.display_name || ' is in error' as title,
      coalesce(c.status_reason, c.last_failure_reason, 'The marketplace refused our calls.') as detail,
      '/channels' as fix_path
    from ${channels} c where c.status = 'error'
    union all
    select w.account_id, 'pushes_failing', w.channel_id,
      'Changes to ' || min(c.display_name) || ' have failed for over 15 minutes',
      count(*)::text || ' value' || case when count(*) = 1 then '' else 's' end || ' could not be sent: '
        || coalesce(min(w.message), 'the marketplace refused them.'),
      '/listings?tab=activity'
    from listing_writes w join ${channels} c on c.id = w.channel_id
    where w.status = 'failed' and c.status <> 'disconnected' and w.updated_at < ${failingSince}::timestamptz
      and not exists (select 1 from listing_writes newer where newer.listing_id = w.listing_id
        and newer.field = w.field and newer.created_at > w.created_at)
    group by w.account_id, w.channel_id
    union all
    select l.account_id, 'listing_suppressed', l.id,
      l.sku || ' is suppressed on ' || c.display_name,
      coalesce(l.last_error, 'The marketplace took the listing off sale.'),
      '/listings?sku=' || l.sku
    from ${listings} l join ${channels} c on c.id = l.channel_id
    where l.status = 'suppressed' and c.status <> 'disconnected'
    union all
    select p.account_id, 'low_stock', p.id,
      p.sku || ' is low on stock',
      greatest(p.on_hand - p.committed, 0)::text || ' available (alert at ' || coalesce(s.low_stock_units, ${DEFAULT_LOW_STOCK_UNITS})::text || ' or fewer).',
      '/listings?sku=' || p.sku
    from stock_looked_at k join ${products} p on p.id = k.product_id
      left join ${alertSettings} s on s.account_id = p.account_id
    where greatest(p.on_hand - p.committed, 0) <= coalesce(s.low_stock_units, ${DEFAULT_LOW_STOCK_UNITS})
      -- Only what is on sale somewhere: a catalogue's long-gone SKUs are not news.
      and exists (select 1 from ${listings} l where l.product_id = p.id and l.status = 'active')
    union all
    select o.account_id, 'late_order', o.id,
      'Order ' || o.order_number || ' is past its ship-by date',
      'It was to ship by ' || to_char(o.ship_by at time zone 'UTC', 'DD Mon YYYY HH24:MI') || ' UTC and is not shipped.',
      '/orders?order=' || o.id::text
    from ${orders} o
    where o.fulfilment in ('unshipped', 'partially shipped') and o.status <> 'cancelled'
      and o.ship_by < ${now.toISOString()}::timestamptz`;
}

export interface RaisedAlert {
  id: string;
  accountId: string;
}

/**
 * Raises an alert for every cause that has none open and resolves the open alerts whose cause is gone, in
 * one statement (one snapshot of the causes). Low stock is looked at only for the products noted in
 * `low_stock_changes` since the last look (all of an account's for a note with no product), taking the notes
 * this snapshot sees: one committed meanwhile stays for the next look. Returns the alerts raised and how many
 * products' stock was looked at.
 */
export async function raiseAndResolveAlerts(
  db: Db,
  now: Date,
): Promise<{ raised: RaisedAlert[]; stockLookedAt: number }> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const result = (await db.execute(sql`
    with noted as (delete from ${lowStockChanges} returning account_id, product_id),
    whole_accounts as (select distinct account_id from noted where product_id is null),
    stock_looked_at as (
      select account_id, product_id from noted
      where product_id is not null and account_id not in (select account_id from whole_accounts)
      union
      select p.account_id, p.id from ${products} p where p.account_id in (select account_id from whole_accounts)
    ),
    causes as (${currentCauses(now)}),
    resolved as (
      update ${alerts} a set resolved_at = ${at}
      where a.resolved_at is null
        and (a.kind <> 'low_stock' or exists (
          select 1 from stock_looked_at k where k.account_id = a.account_id and k.product_id = a.subject_id))
        and not exists (
          select 1 from causes c where c.account_id = a.account_id and c.kind = a.kind and c.subject_id = a.subject_id)
      returning a.id
    ),
    raised as (
      insert into ${alerts} (account_id, kind, subject_id, title, detail, fix_path, raised_at)
      select account_id, kind, subject_id, title, detail, fix_path, ${at} from causes
      on conflict (account_id, kind, subject_id) where resolved_at is null do nothing
      returning id, account_id
    )
    select r.id, r.account_id as "accountId", looked.n as "stockLookedAt"
    from (select count(*)::int as n from stock_looked_at) looked left join raised r on true`)) as unknown as Rows<{
    id: string | null;
    accountId: string;
    stockLookedAt: number;
  }>;
  return {
    raised: result.rows.filter((row) => row.id !== null).map((row) => ({ id: row.id!, accountId: row.accountId })),
    stockLookedAt: result.rows[0]?.stockLookedAt ?? 0,
  };
}

export type AlertRow = typeof alerts.$inferSelect;

/** The account's open alerts, newest first. */
export async function openAlerts(db: Db, accountId: string, limit = 200): Promise<AlertRow[]> {
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.accountId, accountId), isNull(alerts.resolvedAt)))
    .orderBy(desc(alerts.raisedAt), asc(alerts.title))
    .limit(limit);
}

/** The account's open alerts not mailed yet (`mail`) or not posted to its webhook yet (`webhook`). */
export async function untoldAlerts(db: Db, accountId: string, by: 'mail' | 'webhook'): Promise<AlertRow[]> {
  const untold = by === 'mail' ? isNull(alerts.deliveredAt) : isNull(alerts.postedAt);
  return db
    .select()
    .from(alerts)
    .where(and(eq(alerts.accountId, accountId), isNull(alerts.resolvedAt), untold))
    .orderBy(asc(alerts.kind), asc(alerts.title));
}

export async function markTold(
  db: Db,
  accountId: string,
  ids: string[],
  by: 'mail' | 'webhook',
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(alerts)
    .set(by === 'mail' ? { deliveredAt: at } : { postedAt: at })
    .where(and(eq(alerts.accountId, accountId), inArray(alerts.id, ids)));
}

export interface AlertRecipient {
  userId: string;
  email: string;
  firstName: string | null;
  /** Kinds the user turned off. */
  off: AlertKind[];
}

/** The account's people who can be mailed (verified, not disabled), with the kinds each turned off. */
export async function alertRecipients(db: Db, accountId: string): Promise<AlertRecipient[]> {
  const result = (await db.execute(sql`
    select u.id as "userId", u.email, u.first_name as "firstName",
      coalesce(array_agg(p.kind) filter (where p.kind is not null and not p.email), '{}') as off
    from ${users} u left join ${alertPreferences} p on p.user_id = u.id
    where u.account_id = ${accountId} and u.email_verified_at is not null and u.disabled_at is null
    group by u.id order by u.email`)) as unknown as Rows<AlertRecipient>;
  return result.rows.map((row) => ({ ...row, off: [...(row.off as unknown as AlertKind[])] }));
}

export async function alertSettingsOf(db: Db, accountId: string) {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.accountId, accountId));
  return row ?? { accountId, webhookUrlCiphertext: null, lowStockUnits: DEFAULT_LOW_STOCK_UNITS, updatedAt: null };
}

export async function saveAlertSettings(
  db: Db,
  accountId: string,
  values: { webhookUrlCiphertext?: string | null; lowStockUnits?: number },
  at: Date,
): Promise<void> {
  await db
    .insert(alertSettings)
    .values({ accountId, ...values, updatedAt: at })
    .onConflictDoUpdate({ target: alertSettings.accountId, set: { ...values, updatedAt: at } });
}

export async function preferencesOf(db: Db, userId: string): Promise<Map<AlertKind, boolean>> {
  const rows = await db.select().from(alertPreferences).where(eq(alertPreferences.userId, userId));
  return new Map(rows.map((row) => [row.kind, row.email]));
}

export async function savePreferences(db: Db, userId: string, choices: Array<{ kind: AlertKind; email: boolean }>) {
  if (choices.length === 0) return;
  await db
    .insert(alertPreferences)
    .values(choices.map((choice) => ({ userId, ...choice })))
    .onConflictDoUpdate({
      target: [alertPreferences.userId, alertPreferences.kind],
      set: { email: sql`excluded.email` },
    });
}
