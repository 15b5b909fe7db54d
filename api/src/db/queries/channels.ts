import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, channels, type ChannelKind, type ChannelRules, type ChannelStatus, type ChannelEnvironment, type ChannelRole } from '../schema/index.ts';

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

export async function insertChannel(
  db: Db,
  input: { id: string; accountId: string; kind: ChannelKind; role: ChannelRole; environment: ChannelEnvironment; externalSellerId: string; displayName: string; credentialsCiphertext: string; rules: ChannelRules },
): Promise<ChannelRecord> {
  const [row] = await db.insert(channels).values(input).returning(channelColumns);
  return row!;
}

export async function setRole(db: Db, accountId: string, channelId: string, role: ChannelRole, at: Date): Promise<void> {
  await db.update(channels).set({ role, updatedAt: at }).where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

export async function demoteMain(db: Db, accountId: string, at: Date): Promise<void> {
  await db
    .update(channels)
    .set({ role: 'target', updatedAt: at })
    .where(and(eq(channels.accountId, accountId), eq(channels.role, 'main'), ne(channels.status, 'disconnected')));
}

export async function setStatus(db: Db, accountId: string, channelId: string, status: ChannelStatus, reason: string | null, at: Date): Promise<void> {
  await db.update(channels).set({ status, statusReason: reason, updatedAt: at }).where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
}

export async function setRules(db: Db, accountId: string, channelId: string, rules: ChannelRules, at: Date): Promise<void> {
  await db.update(channels).set({ rules, updatedAt: at }).where(and(eq(channels.id, channelId), eq(channels.accountId, accountId)));
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

/** Platform staff: every connected channel with its account. */
export async function listAllChannels(db: Db): Promise<Array<ChannelRecord & { accountName: string }>> {
  return db
    .select({ ...channelColumns, accountName: accounts.name })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(ne(channels.status, 'disconnected'))
    .orderBy(asc(accounts.name), asc(channels.connectedAt));
}

export async function replaceCredentials(db: Db, accountId: string, channelId: string, sealed: string, at: Date): Promise<void> {
  await db
    .update(channels)
    .set({ credentialsCiphertext: sealed, updatedAt: at })
    .where(and(eq(channels.id, channelId), eq(channels.accountId, accountId), ne(channels.status, 'disconnected')));
}
