import { marketplaceNames } from '../../marketplaces/names.ts';
import type { AppContext } from '../../context.ts';
import {
  noteChannelFailure,
  noteChannelSuccess,
  noteRateLimitUse,
  type ChannelRecord,
} from '../../db/queries/channels.ts';
import { heldAdapter } from './channel-adapter.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ALERTS_EVALUATE_QUEUE } from '../../workers/queues.ts';

/** Failed attempts in a row after which a channel shows `error` (each attempt already retried its calls with backoff). */
export const FAILURES_BEFORE_ERROR = 3;

const systemActor = { actorUserId: null, impersonatorUserId: null, ip: null, userAgent: null };

/** The reason a seller reads on the channel card. */
export function failureReason(channel: Pick<ChannelRecord, 'kind'>, error: unknown): string {
  const name = marketplaceNames[channel.kind];
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MarketplaceError && error.kind === 'auth')
    return `${name} refused the channel's credentials: ${message}. Connect the channel again.`;
  if (error instanceof MarketplaceError && error.kind === 'rate_limited')
    return `${name} keeps limiting our requests: ${message}`;
  return `${name} could not be reached: ${message}`;
}

/** A channel's attempt failed: counted, and past the limit (or at once for refused credentials) the channel turns `error`. */
export async function channelFailed(
  ctx: AppContext,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind'>,
  error: unknown,
): Promise<void> {
  successNotes(ctx).delete(channel.id);
  const reason = failureReason(channel, error);
  const immediate = error instanceof MarketplaceError && error.kind === 'auth';
  const turned = await noteChannelFailure(
    ctx.db,
    channel.accountId,
    channel.id,
    reason,
    { limit: FAILURES_BEFORE_ERROR, immediate },
    ctx.clock(),
  );
  if (turned) {
    console.warn(`[sync] channel ${channel.id} (${channel.kind}) is in error: ${reason}`);
    await recordAudit(ctx.db, systemActor, {
      action: 'channel.failed',
      accountId: channel.accountId,
      targetType: 'channel',
      targetId: channel.id,
      after: { status: 'error', reason },
    });
    // The seller hears of it now, not at the minute's evaluation (one evaluation waits at most: the queue is stately).
    await enqueue(ctx.jobs, ctx.db, ALERTS_EVALUATE_QUEUE, {});
  }
}

/**
 * When this process last noted a channel working, per database. Every job ends by noting how its
 * channel went, and at twenty orders a second that note was a tenth of all queries: a success is
 * noted again only after a while, or at once after a failure this process saw. A failure noted by
 * another process is cleared by this one's next note, at most this long after.
 */
const SUCCESS_NOTE_INTERVAL_MS = 5_000;
const lastSuccessNoted = new WeakMap<AppContext['db'], Map<string, number>>();

function successNotes(ctx: AppContext): Map<string, number> {
  let notes = lastSuccessNoted.get(ctx.db);
  if (!notes) lastSuccessNoted.set(ctx.db, (notes = new Map()));
  return notes;
}

/** A channel's attempt worked: a channel in `error` comes back. */
export async function channelWorked(ctx: AppContext, channel: Pick<ChannelRecord, 'id' | 'accountId'>): Promise<void> {
  const notes = successNotes(ctx);
  const now = ctx.clock().getTime();
  const noted = notes.get(channel.id);
  if (noted !== undefined && now - noted >= 0 && now - noted < SUCCESS_NOTE_INTERVAL_MS) return;
  notes.set(channel.id, now);
  if (await noteChannelSuccess(ctx.db, channel.accountId, channel.id, ctx.clock())) {
    await recordAudit(ctx.db, systemActor, {
      action: 'channel.recovered',
      accountId: channel.accountId,
      targetType: 'channel',
      targetId: channel.id,
      after: { status: 'active' },
    });
  }
}

/**
 * Rate-limit use is noted at most this often per channel and process, and once more when the
 * interval ends, so the last of a burst is noted too (the dashboard reads it, over a minute).
 */
const RATE_LIMIT_NOTE_INTERVAL_MS = 10_000;
const rateLimitNotes = new WeakMap<AppContext['db'], Map<string, { at: number; trailing: NodeJS.Timeout | null }>>();

function noteRateLimits(ctx: AppContext, channel: Pick<ChannelRecord, 'id' | 'accountId'>): void {
  let notes = rateLimitNotes.get(ctx.db);
  if (!notes) rateLimitNotes.set(ctx.db, (notes = new Map()));
  const note = notes.get(channel.id) ?? { at: -Infinity, trailing: null };
  notes.set(channel.id, note);
  const write = () => {
    note.at = Date.now();
    note.trailing = null;
    const adapter = heldAdapter(ctx, channel.id);
    if (!adapter) return;
    // A note is worth less than the job it rides on: a failed one (the database closing) is dropped.
    noteRateLimitUse(ctx.db, channel.accountId, channel.id, adapter.rateLimitUse(), ctx.clock()).catch(() => undefined);
  };
  const since = Date.now() - note.at;
  if (since >= RATE_LIMIT_NOTE_INTERVAL_MS) write();
  else if (!note.trailing) {
    note.trailing = setTimeout(write, RATE_LIMIT_NOTE_INTERVAL_MS - since);
    note.trailing.unref();
  }
}

/**
 * Failures that say nothing of the marketplace: an abort (the job's time running out, the worker
 * stopping) and an attempt whose work another run took over (stock/main-adjustments.ts).
 */
const notTheChannel: ReadonlySet<string> = new Set(['AbortError', 'AdjustmentTakenOver']);

/** Runs a channel's attempt, noting how it went. Failures are rethrown for the job to retry. */
export async function withChannelHealth<T>(
  ctx: AppContext,
  channel: Pick<ChannelRecord, 'id' | 'accountId' | 'kind'>,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    const result = await attempt();
    noteRateLimits(ctx, channel);
    await channelWorked(ctx, channel);
    return result;
  } catch (error) {
    if (!(error instanceof Error && notTheChannel.has(error.name))) await channelFailed(ctx, channel, error);
    noteRateLimits(ctx, channel);
    throw error;
  }
}
