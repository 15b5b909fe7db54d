import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { writableAt } from './billing.ts';
import {
  accounts,
  channels,
  syncRuns,
  type SyncRunKind,
  type SyncRunStatus,
  type SyncRunTrigger,
} from '../schema/index.ts';

export const syncRunColumns = {
  id: syncRuns.id,
  accountId: syncRuns.accountId,
  channelId: syncRuns.channelId,
  kind: syncRuns.kind,
  trigger: syncRuns.trigger,
  status: syncRuns.status,
  total: syncRuns.total,
  done: syncRuns.done,
  repaired: syncRuns.repaired,
  failed: syncRuns.failed,
  message: syncRuns.message,
  createdAt: syncRuns.createdAt,
  updatedAt: syncRuns.updatedAt,
  finishedAt: syncRuns.finishedAt,
};
export type SyncRunRecord = {
  id: string;
  accountId: string;
  channelId: string | null;
  kind: SyncRunKind;
  trigger: SyncRunTrigger;
  status: SyncRunStatus;
  total: number | null;
  done: number;
  repaired: number;
  failed: number;
  message: string | null;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
};

export async function insertSyncRun(
  db: Db,
  input: {
    accountId: string;
    channelId: string | null;
    kind: SyncRunKind;
    trigger: SyncRunTrigger;
    startedBy: string | null;
  },
  at: Date,
): Promise<SyncRunRecord> {
  const [row] = await db
    .insert(syncRuns)
    .values({ ...input, createdAt: at, updatedAt: at })
    .returning(syncRunColumns);
  return row!;
}

export async function findSyncRun(db: Db, accountId: string, runId: string): Promise<SyncRunRecord | undefined> {
  const [row] = await db
    .select(syncRunColumns)
    .from(syncRuns)
    .where(and(eq(syncRuns.id, runId), eq(syncRuns.accountId, accountId)));
  return row;
}

/**
 * A run not yet started that a new request of the same scope can join, locked until the asking
 * transaction ends: the run's job cannot mark it started (and list the channels to read) before what
 * asked for it is committed. A run that started meanwhile is not answered.
 */
export async function queuedRunToJoin(
  db: Db,
  accountId: string,
  channelId: string | null,
): Promise<SyncRunRecord | undefined> {
  const [row] = await db
    .select(syncRunColumns)
    .from(syncRuns)
    .where(
      and(
        eq(syncRuns.accountId, accountId),
        channelId ? eq(syncRuns.channelId, channelId) : isNull(syncRuns.channelId),
        eq(syncRuns.status, 'queued'),
      ),
    )
    .orderBy(desc(syncRuns.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The run's job marks it started before it reads anything; waits for a request joining it to commit
 * (see queuedRunToJoin). A job run again finds it started already and goes on. Answers the run, or
 * nothing when it is finished or gone.
 */
export async function startSyncRun(
  db: Db,
  accountId: string,
  runId: string,
  at: Date,
): Promise<SyncRunRecord | undefined> {
  const [row] = await db
    .update(syncRuns)
    .set({ status: 'running', updatedAt: at })
    .where(and(eq(syncRuns.id, runId), eq(syncRuns.accountId, accountId), isNull(syncRuns.finishedAt)))
    .returning(syncRunColumns);
  return row;
}

export async function updateSyncRun(
  db: Db,
  runId: string,
  change: Partial<Pick<SyncRunRecord, 'status' | 'total' | 'message' | 'finishedAt'>> & {
    addDone?: number;
    addRepaired?: number;
    addFailed?: number;
  },
  at: Date,
): Promise<void> {
  const { addDone, addRepaired, addFailed, ...rest } = change;
  await db
    .update(syncRuns)
    .set({
      ...rest,
      ...(addDone ? { done: sql`${syncRuns.done} + ${addDone}` } : {}),
      ...(addRepaired ? { repaired: sql`${syncRuns.repaired} + ${addRepaired}` } : {}),
      ...(addFailed ? { failed: sql`${syncRuns.failed} + ${addFailed}` } : {}),
      updatedAt: at,
    })
    .where(eq(syncRuns.id, runId));
}

/** Runs of the account changed after a moment, oldest change first: what the progress stream sends. */
export async function runsChangedSince(db: Db, accountId: string, since: Date): Promise<SyncRunRecord[]> {
  return db
    .select(syncRunColumns)
    .from(syncRuns)
    .where(and(eq(syncRuns.accountId, accountId), gt(syncRuns.updatedAt, since)))
    .orderBy(syncRuns.updatedAt)
    .limit(100);
}

export async function recentRuns(db: Db, accountId: string, limit: number): Promise<SyncRunRecord[]> {
  return db
    .select(syncRunColumns)
    .from(syncRuns)
    .where(eq(syncRuns.accountId, accountId))
    .orderBy(desc(syncRuns.createdAt))
    .limit(limit);
}

/** Accounts that may sync (billing.ts) with a channel sync runs for and no full reconciliation since `before`: the daily run is due. */
export async function accountsDueForReconciliation(db: Db, before: Date, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ accountId: channels.accountId })
    .from(channels)
    .innerJoin(accounts, eq(accounts.id, channels.accountId))
    .where(
      and(
        inArray(channels.status, ['active', 'error']),
        lt(channels.connectedAt, before),
        writableAt(now),
        sql`not exists (select 1 from ${syncRuns} where ${syncRuns.accountId} = ${channels.accountId} and ${syncRuns.channelId} is null and ${syncRuns.createdAt} >= ${before})`,
      ),
    );
  return rows.map((r) => r.accountId);
}

export async function unfinishedRuns(db: Db, accountId: string): Promise<SyncRunRecord[]> {
  return db
    .select(syncRunColumns)
    .from(syncRuns)
    .where(and(eq(syncRuns.accountId, accountId), inArray(syncRuns.status, ['queued', 'running'])))
    .orderBy(syncRuns.updatedAt);
}
