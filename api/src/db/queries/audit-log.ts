import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';

// Reading the audit log (it is written by modules/audit/audit-log.ts, and never changed). Newest
// first by (occurred_at, id), a page at a time by keyset: every index on audit_log ends with those
// two columns, so a page under one filter is read straight off an index however long the log is.

/** What to read. `accountId` undefined reads every account's entries (platform staff only). */
export interface AuditFilter {
  accountId?: string | undefined;
  /** The acting user's email, lower-cased. */
  actorEmail?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  search?: string | undefined;
  /**
   * The account's own log (its users, or staff viewing as one): an entry made by staff viewing as a user
   * shows no IP or user agent (the administrator's), and is not found by them.
   */
  hideStaffOrigin?: boolean | undefined;
}

/** Where a page starts: after the entry with this time (to the microsecond, as text) and id. */
export interface AuditKey {
  occurredAt: string;
  id: number;
}

export interface AuditPersonRow {
  id: string;
  name: string | null;
  email: string | null;
}

export interface AuditRow {
  id: number;
  key: AuditKey;
  occurredAt: Date;
  action: string;
  accountId: string | null;
  actor: AuditPersonRow | null;
  impersonator: AuditPersonRow | null;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  before: unknown;
  after: unknown;
  metadata: unknown;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(filter: AuditFilter, after: AuditKey | undefined): SQL {
  const where: SQL[] = [sql`true`];
  if (filter.accountId !== undefined) where.push(sql`a.account_id = ${filter.accountId}`);
  if (filter.actorEmail !== undefined)
    where.push(sql`a.actor_user_id = (select u.id from users u where u.email = ${filter.actorEmail})`);
  if (filter.action !== undefined) where.push(sql`a.action = ${filter.action}`);
  if (filter.targetType !== undefined) where.push(sql`a.target_type = ${filter.targetType}`);
  if (filter.targetId !== undefined) where.push(sql`a.target_id = ${filter.targetId}`);
  if (filter.from !== undefined) where.push(sql`a.occurred_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.to !== undefined) where.push(sql`a.occurred_at < ${filter.to.toISOString()}::timestamptz`);
  if (filter.search !== undefined) {
    const anywhere = `%${likeEscape(filter.search)}%`;
    const ip = filter.hideStaffOrigin
      ? sql`(a.impersonator_user_id is null and a.ip ilike ${anywhere})`
      : sql`a.ip ilike ${anywhere}`;
    where.push(
      sql`(a.action ilike ${anywhere} or a.target_id ilike ${anywhere} or ${ip}
        or exists (select 1 from users s where s.id = a.actor_user_id
          and (s.email ilike ${anywhere} or concat_ws(' ', s.first_name, s.last_name) ilike ${anywhere})))`,
    );
  }
  if (after !== undefined)
    where.push(sql`(a.occurred_at, a.id) < (${after.occurredAt}::timestamptz, ${after.id}::bigint)`);
  return sql.join(where, sql` and `);
}

interface RawRow {
  id: string | number;
  key: string;
  occurred_at: string | Date;
  action: string;
  account_id: string | null;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_first: string | null;
  actor_last: string | null;
  impersonator_user_id: string | null;
  impersonator_email: string | null;
  impersonator_first: string | null;
  impersonator_last: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  before: unknown;
  after: unknown;
  metadata: unknown;
}

const person = (id: string | null, email: string | null, first: string | null, last: string | null) =>
  id === null ? null : { id, email, name: [first, last].filter(Boolean).join(' ') || null };

/** Up to `limit` entries under the filter, newest first, after `after` when given. */
export async function readAuditEntries(
  db: Db,
  filter: AuditFilter,
  after: AuditKey | undefined,
  limit: number,
): Promise<AuditRow[]> {
  // The page is chosen from audit_log alone (off an index), then its people are joined: a join
  // inside would let the planner read the log in another order.
  const origin = filter.hideStaffOrigin
    ? sql`case when a.impersonator_user_id is null then a.ip end as ip,
        case when a.impersonator_user_id is null then a.user_agent end as user_agent`
    : sql`a.ip, a.user_agent`;
  const result = await db.execute(sql`
    with page as (
      select a.id, a.occurred_at, a.action, a.account_id, a.actor_user_id, a.impersonator_user_id, a.target_type,
        a.target_id, ${origin}, a.before, a.after, a.metadata
      from audit_log a
      where ${conditions(filter, after)}
      order by a.occurred_at desc, a.id desc
      limit ${limit}
    )
    select p.*, to_char(p.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as key,
      actor.email as actor_email, actor.first_name as actor_first, actor.last_name as actor_last,
      imp.email as impersonator_email, imp.first_name as impersonator_first, imp.last_name as impersonator_last
    from page p
    left join users actor on actor.id = p.actor_user_id
    left join users imp on imp.id = p.impersonator_user_id
    order by p.occurred_at desc, p.id desc`);
  const rows = (result as unknown as { rows: RawRow[] }).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    key: { occurredAt: r.key, id: Number(r.id) },
    occurredAt: new Date(r.occurred_at),
    action: r.action,
    accountId: r.account_id,
    actor: person(r.actor_user_id, r.actor_email, r.actor_first, r.actor_last),
    impersonator: person(r.impersonator_user_id, r.impersonator_email, r.impersonator_first, r.impersonator_last),
    targetType: r.target_type,
    targetId: r.target_id,
    ip: r.ip,
    userAgent: r.user_agent,
    before: r.before,
    after: r.after,
    metadata: r.metadata,
  }));
}
