import { storableText } from '../storable-text.ts';
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { currencyOfAccount } from './account-currency.ts';
import { writableAt } from './billing.ts';
import {
  accounts,
  channelRateLimits,
  channels,
  type ChannelKind,
  type ChannelPublishSettings,
  type ChannelRules,
  type ChannelStatus,
  type ChannelEnvironment,
  type ChannelRole,
  type Plan,
  type SubscriptionStatus,
} from '../schema/index.ts';

/** The columns the app reads of a channel; never the sealed credentials. */
export const channelColumns = {
  id: channels.id,
  accountId: channels.accountId,
  kind: channels.kind,
  role: channels.role,
  status: channels.status,
  statusReason: channels.statusReason,
  environment: channels.environment,
  externalSellerId: channels.externalSellerId,
  displayName: channels.displayName,
  rules: channels.rules,
  publishSettings: channels.publishSettings,
  connectedAt: channels.connectedAt,
  lastSyncAt: channels.lastSyncAt,
};
export type ChannelRecord = {
  id: string;
  accountId: string;
  kind: ChannelKind;
  role: ChannelRole;
  status: ChannelStatus;
  statusReason: string | null;
  environment: ChannelEnvironment;
  externalSellerId: string;
  displayName: string;
  rules: ChannelRules;
  publishSettings: ChannelPublishSettings;
  connectedAt: Date;
  lastSyncAt: Date | null;
};

/** The account's channels still connected (disconnected ones are history). */
export async function listChannels(db: Db, accountId: string): Promise<ChannelRecord[]> {
  return db
    .select(channelColumns)
    .from(channels)
    .where(and(eq(channels.accountId, accountId), ne(channels.status, 'disconnected')))
    .orderBy(sql`case when ${channels.role} = 'main' then 0 else 1 end`, asc(channels.connectedAt));
}

export async function findChannel(db: Db, accountId: string, channelId: string): Promise<ChannelRecord | undefined> {
  const [row] = await db
    .select(channelColumns)
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId), ne(channels.status, 'disconnected')));
  return row;
}

/**
 * A connected channel with what a job calling its marketplace needs besides: its sealed credentials
 * (opened by the adapter), the account's plan, how far its orders and its queued values are due, and
 * the account's currency. One statement where a push read four (the channel, its credentials, the
 * plan with the due time, the currency) and an order read three: every push, order read,
 * confirmation and main-channel job starts here.
 */
export type ChannelAtWork = ChannelRecord & {
  sealedCredentials: string | null;
  plan: Plan;
  /** With `subscriptionStatus`, whether the account is read-only (billing-status.ts): its jobs then write nothing. */
  trialEndsAt: Date | null;
  subscriptionStatus: SubscriptionStatus | null;
  ordersReadUntil: Date | null;
  returnsReadUntil: Date | null;
  writesDueUntil: Date | null;
  currency: string | null;
};

function selectChannelAtWork(db: Db, where: SQL | undefined) {
  return db
    .select({
      ...channelColumns,
      sealedCredentials: channels.credentialsCiphertext,
      plan: accounts.plan,
      trialEndsAt: accounts.trialEndsAt,
      subscriptionStatus: accounts.subscriptionStatus,
      ordersReadUntil: channels.ordersReadUntil,
      returnsReadUntil: channels.returnsReadUntil,
      writesDueUntil: channels.writesDueUntil,
      currency: currencyOfAccount(channels.accountId),
    })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(where);
}

export async function findChannelAtWork(
  db: Db,
  accountId: string,
  channelId: string,
): Promise<ChannelAtWork | undefined> {
  const [row] = await selectChannelAtWork(
    db,
    and(eq(channels.id, channelId), eq(channels.accountId, accountId), ne(channels.status, 'disconnected')),
  );
  return row;
}

/** The account's main channel while it syncs (active, or in error and tried again), as findChannelAtWork. */
export async function findMainChannelAtWork(db: Db, accountId: string): Promise<ChannelAtWork | undefined> {
  const [row] = await selectChannelAtWork(
    db,
    and(eq(channels.accountId, accountId), eq(channels.role, 'main'), inArray(channels.status, ['active', 'error'])),
  );
  return row;
}

export async function insertChannel(
  db: Db,
  input: {
    id: string;
    accountId: string;
    kind: ChannelKind;
    role: ChannelRole;
    environment: ChannelEnvironment;
    externalSellerId: string;
    displayName: string;
    credentialsCiphertext: string;
    rules: ChannelRules;
  },
): Promise<ChannelRecord> {
  const [row] = await db.insert(channels).values(input).returning(channelColumns);
  return row!;
}

export async function setRole(
  db: Db,
  accountId: string,
  channelId: string,
  role: ChannelRole,
  at: Date,
): Promise<void> {
  await db
    .update(channels)
    .set({ role, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

export async function demoteMain(db: Db, accountId: string, at: Date): Promise<void> {
  await db
    .update(channels)
    .set({ role: 'target', updatedAt: at })
    .where(and(eq(channels.accountId, accountId), eq(channels.role, 'main'), ne(channels.status, 'disconnected')));
}

export async function setStatus(
  db: Db,
  accountId: string,
  channelId: string,
  status: ChannelStatus,
  reason: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(channels)
    .set({ status, statusReason: reason, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

export async function setRules(
  db: Db,
  accountId: string,
  channelId: string,
  rules: ChannelRules,
  at: Date,
): Promise<void> {
  await db
    .update(channels)
    .set({ rules, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

/** The channel's publish settings, locked until the transaction ends (two changes made at once both hold). */
export async function lockPublishSettings(
  db: Db,
  accountId: string,
  channelId: string,
): Promise<ChannelPublishSettings | undefined> {
  const [row] = await db
    .select({ publishSettings: channels.publishSettings })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)))
    .for('update');
  return row?.publishSettings;
}

/** What the seller chose for new listings on the channel (the account's channel only). */
export async function setPublishSettings(
  db: Db,
  accountId: string,
  channelId: string,
  settings: ChannelPublishSettings,
  at: Date,
): Promise<void> {
  await db
    .update(channels)
    .set({ publishSettings: settings, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

/** Disconnecting deletes the credentials; the row stays as history, for the audit log and past changes. */
export async function disconnectChannel(db: Db, accountId: string, channelId: string, at: Date): Promise<void> {
  await db
    .update(channels)
    .set({ status: 'disconnected', role: 'target', credentialsCiphertext: null, statusReason: null, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

export async function readCredentials(db: Db, accountId: string, channelId: string): Promise<string | null> {
  const [row] = await db
    .select({ sealed: channels.credentialsCiphertext })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
  return row?.sealed ?? null;
}

/**
 * Every channel sync runs for at `now` (active, or in error and tried again) of accounts that may sync
 * (not read-only: billing.ts), with what the order schedule needs.
 */
export async function syncingChannels(
  db: Db,
  now: Date,
): Promise<Array<{ id: string; accountId: string; kind: ChannelKind; plan: Plan; ordersReadUntil: Date | null }>> {
  return db
    .select({
      id: channels.id,
      accountId: channels.accountId,
      kind: channels.kind,
      plan: accounts.plan,
      ordersReadUntil: channels.ordersReadUntil,
    })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(and(inArray(channels.status, ['active', 'error']), writableAt(now)))
    .orderBy(asc(channels.connectedAt));
}

/** Platform staff: every connected channel with its account. */
export async function listAllChannels(
  db: Db,
): Promise<Array<ChannelRecord & { accountName: string; plan: string; ordersReadUntil: Date | null }>> {
  return db
    .select({
      ...channelColumns,
      accountName: accounts.name,
      plan: accounts.plan,
      ordersReadUntil: channels.ordersReadUntil,
    })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(ne(channels.status, 'disconnected'))
    .orderBy(asc(accounts.name), asc(channels.connectedAt));
}

export async function replaceCredentials(
  db: Db,
  accountId: string,
  channelId: string,
  sealed: string,
  at: Date,
): Promise<void> {
  await db
    .update(channels)
    .set({ credentialsCiphertext: sealed, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId), ne(channels.status, 'disconnected')));
}

/**
 * One more failed attempt in a row. Past `limit` (or at once when `immediate`, for refused
 * credentials) an active channel turns `error` with the reason; a paused one stays paused.
 * Answers whether the channel turned `error` now.
 */
export async function noteChannelFailure(
  db: Db,
  accountId: string,
  channelId: string,
  reason: string,
  options: { limit: number; immediate: boolean },
  at: Date,
): Promise<boolean> {
  const [row] = await db
    .update(channels)
    .set({
      consecutiveFailures: sql`${channels.consecutiveFailures} + 1`,
      lastFailureAt: at,
      lastFailureReason: storableText(reason.slice(0, 500)),
    })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)))
    .returning({ failures: channels.consecutiveFailures, status: channels.status });
  if (!row || row.status !== 'active' || (!options.immediate && row.failures < options.limit)) {
    if (row?.status === 'error')
      await db.update(channels).set({ statusReason: reason }).where(eq(channels.id, channelId));
    return false;
  }
  await db
    .update(channels)
    .set({ status: 'error', statusReason: reason, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.status, 'active')));
  return true;
}

/** An attempt worked: the count starts again, and a channel in `error` is active again. Answers whether it recovered. */
export async function noteChannelSuccess(db: Db, accountId: string, channelId: string, at: Date): Promise<boolean> {
  // One statement: the row as it was (locked) tells whether it was in error.
  const result = await db.execute<{ was: string }>(sql`
    update ${channels} set
      consecutive_failures = 0,
      status = case when before.status = 'error' then 'active' else ${channels.status} end,
      status_reason = case when before.status = 'error' then null else ${channels.statusReason} end,
      updated_at = case when before.status = 'error' then ${at.toISOString()}::timestamptz else ${channels.updatedAt} end
    from (select id, status from ${channels} where id = ${channelId} and account_id = ${accountId} for update) as before
    where ${channels.id} = before.id and (${channels.consecutiveFailures} <> 0 or before.status = 'error')
    returning before.status as was`);
  const rows = (result as unknown as { rows: Array<{ was: string }> }).rows;
  return rows.some((r) => r.was === 'error');
}

export interface ChannelHealthRecord {
  listings: number;
  listingsInError: number;
  waitingWrites: number;
  failures24h: number;
  /** The last failed attempt and its reason, while no attempt has worked since (else null). */
  lastFailureAt: Date | null;
  lastFailureReason: string | null;
}

const noHealth: ChannelHealthRecord = {
  listings: 0,
  listingsInError: 0,
  waitingWrites: 0,
  failures24h: 0,
  lastFailureAt: null,
  lastFailureReason: null,
};

/** How sync goes on each channel: listings, those in error, values on their way, refusals since `since`. */
export async function channelHealth(
  db: Db,
  channelIds: string[],
  since: Date,
): Promise<Map<string, ChannelHealthRecord>> {
  const health = new Map<string, ChannelHealthRecord>(channelIds.map((id) => [id, { ...noHealth }]));
  if (channelIds.length === 0) return health;
  const ids = sql.join(
    channelIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select c.id as channel_id,
      case when c.consecutive_failures > 0 then c.last_failure_at end as last_failure_at,
      case when c.consecutive_failures > 0 then c.last_failure_reason end as last_failure_reason,
      (select count(*)::int from listings l where l.channel_id = c.id) as listings,
      (select count(*)::int from listings l where l.channel_id = c.id and l.status = 'error') as listings_in_error,
      (select count(*)::int from listing_writes w where w.channel_id = c.id and w.status in ('pending', 'sending', 'submitted', 'accepted')) as waiting_writes,
      (select count(*)::int from listing_writes w where w.channel_id = c.id and w.status = 'failed' and w.updated_at >= ${since}) as failures_24h
    from channels c where c.id in (${ids})`)) as unknown as {
    rows: Array<{
      channel_id: string;
      last_failure_at: string | Date | null;
      last_failure_reason: string | null;
      listings: number;
      listings_in_error: number;
      waiting_writes: number;
      failures_24h: number;
    }>;
  };
  for (const row of result.rows) {
    health.set(row.channel_id, {
      listings: row.listings,
      listingsInError: row.listings_in_error,
      waitingWrites: row.waiting_writes,
      failures24h: row.failures_24h,
      lastFailureAt: row.last_failure_at ? new Date(row.last_failure_at) : null,
      lastFailureReason: row.last_failure_reason,
    });
  }
  return health;
}

/** Platform staff: one connected channel of any account, with the account's name. */
export async function findAnyChannel(
  db: Db,
  channelId: string,
): Promise<(ChannelRecord & { accountName: string }) | undefined> {
  const [row] = await db
    .select({ ...channelColumns, accountName: accounts.name })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(and(eq(channels.id, channelId), ne(channels.status, 'disconnected')));
  return row;
}

/** A channel's rules, its row locked until the transaction ends: changes of the rules apply one after another. */
export async function lockChannelRules(
  db: Db,
  accountId: string,
  channelId: string,
): Promise<ChannelRules | undefined> {
  const [row] = await db
    .select({ rules: channels.rules })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)))
    .for('update');
  return row?.rules;
}

/** What this process saw of a channel's rate limits over the last minute (the latest note wins). */
export async function noteRateLimitUse(
  db: Db,
  accountId: string,
  channelId: string,
  use: { percent: number; operation: string | null; limited: number },
  at: Date,
): Promise<void> {
  const values = { percent: use.percent, operation: use.operation, limited: use.limited, notedAt: at };
  await db
    .insert(channelRateLimits)
    .values({ channelId, accountId, ...values })
    .onConflictDoUpdate({
      target: channelRateLimits.channelId,
      set: values,
      where: eq(channelRateLimits.accountId, accountId),
    });
}
