import type { components } from '@contract';
import { AppError, type AppContext } from '../../context.ts';
import { findChannel } from '../../db/queries/channels.ts';
import { failedWrites, pushCounts } from '../../db/queries/listing-writes-activity.ts';
import { lockFailedWrites } from '../../db/queries/listing-writes-refusals.ts';
import { queueWrites } from '../../db/queries/listing-writes-planning.ts';
import { supersedeWrites } from '../../db/queries/listing-writes-settling.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { listingsHeldOffSale } from '../../db/queries/listing-publish.ts';
import { requestDuePush, sendableWhileOffSale } from '../push/plan-writes.ts';

type PushActivity = components['schemas']['PushActivity'];
type RetryPushesRequest = components['schemas']['RetryPushesRequest'];
type RetryPushesResult = components['schemas']['RetryPushesResult'];

const DAY_MS = 24 * 3600 * 1000;
/** Refused values listed at most (the count says how many there are in all). */
export const FAILED_LISTED = 200;

/** What went to each channel in the last 24 hours, and the refused values waiting for a retry. */
export async function pushActivity(ctx: AppContext, accountId: string): Promise<PushActivity> {
  const since = new Date(ctx.clock().getTime() - DAY_MS);
  const counts = await pushCounts(ctx.db, accountId, since);
  const failed = await failedWrites(ctx.db, accountId, FAILED_LISTED);
  return {
    since: since.toISOString(),
    channels: counts.map((c) => ({
      channelId: c.channelId,
      channelKind: c.kind,
      displayName: c.displayName,
      pending: c.pending,
      onTheirWay: c.onTheirWay,
      confirmed: c.confirmed,
      failed: c.failed,
    })),
    failed: failed.items.map((w) => ({
      id: w.id,
      channelId: w.channelId,
      channelKind: w.kind,
      sku: w.sku,
      field: w.field,
      value: w.after,
      message: w.message,
      attempts: w.attempts,
      failedAt: w.updatedAt.toISOString(),
    })),
    failedTotal: failed.total,
  };
}

const valuesText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'value' : 'values'}`;

/**
 * Sends refused values again: each becomes a new value to send, through the channel's normal push,
 * queued with its job in one transaction; the refused one is superseded by it. A value that a newer
 * one has replaced since is not sent again (the newer one is what the channel should hold).
 */
export async function retryFailedPushes(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  body: RetryPushesRequest,
): Promise<RetryPushesResult> {
  if ('channelId' in body && !(await findChannel(ctx.db, accountId, body.channelId)))
    throw new AppError(404, 'No such channel.');
  const writeIds = 'writeIds' in body ? [...new Set(body.writeIds)] : null;
  const scope = writeIds ? { writeIds } : { channelId: (body as { channelId: string }).channelId };
  const asked = writeIds ? writeIds.length : null;
  const { retried, replaced, offSale } = await ctx.db.transaction(async (tx) => {
    const failed = await lockFailedWrites(tx, accountId, scope);
    // A listing the seller took off sale gets no value that could put it back (its values go when it is back on sale).
    const offSale = await listingsHeldOffSale(tx, accountId, [...new Set(failed.map((w) => w.listingId))]);
    const heldBack = failed.filter(
      (w) =>
        !w.replaced && offSale.has(w.listingId) && !sendableWhileOffSale(offSale.get(w.listingId)!, w.field, w.after),
    );
    const retry = failed.filter((w) => !w.replaced && !heldBack.includes(w));
    const at = ctx.clock();
    // The refused values leave the list: sent again, or replaced by a newer one.
    await supersedeWrites(tx, failed, at);
    await queueWrites(
      tx,
      accountId,
      retry.map((w) => ({
        channelId: w.channelId,
        listingId: w.listingId,
        changeId: w.changeId,
        sku: w.sku,
        field: w.field,
        before: w.field === 'quantity' ? (w.confirmedQuantity?.toString() ?? null) : w.confirmedPrice,
        after: w.after,
      })),
      at,
    );
    // A retry is the seller asking for it now, whatever the plan's schedule.
    for (const channelId of new Set(retry.map((w) => w.channelId)))
      await requestDuePush(ctx, tx, { accountId, channelId });
    if (retry.length > 0)
      await recordAudit(tx, audit, {
        action: 'sync.pushes_retried',
        accountId,
        targetType: 'account',
        targetId: accountId,
        after: { writeIds: retry.map((w) => w.id) },
      });
    return {
      retried: retry.length,
      replaced: failed.length - retry.length - heldBack.length,
      offSale: heldBack.length,
    };
  });
  const skipped = asked === null ? replaced + offSale : asked - retried;
  const offSaleText =
    offSale > 0
      ? ` ${valuesText(offSale)} not sent: their listing is taken off sale, and gets its values when it is back on sale.`
      : '';
  const message =
    retried === 0
      ? offSale > 0 && offSale === skipped
        ? `Nothing to send again.${offSaleText}`
        : `Nothing to send again: these values were sent already or replaced by newer ones.${offSaleText}`
      : `${valuesText(retried)} will be sent again.${skipped - offSale > 0 ? ` ${valuesText(skipped - offSale)} skipped: sent already or replaced by newer ones.` : ''}${offSaleText}`;
  return { retried, skipped, message };
}
