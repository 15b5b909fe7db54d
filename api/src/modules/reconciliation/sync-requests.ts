import { AppError, type AppContext } from '../../context.ts';
import { findChannel } from '../../db/queries/channels.ts';
import { lockOpenDrift, queueListingTitle, resolveDrift, setPriceOverride } from '../../db/queries/listing-drift.ts';
import { insertChanges } from '../../db/queries/changes.ts';
import type { SyncRunRecord } from '../../db/queries/sync-runs.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { planListingWrites, requestChannelPush } from '../push/plan-writes.ts';
import { requestSync } from './sync-run.ts';

export const DRIFT_GONE = 'This change was already dealt with, or does not exist.';

/** "Sync now" on a channel: a reconciliation run, or the one already waiting or running. */
export async function syncNow(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  channelId: string,
): Promise<SyncRunRecord> {
  const channel = await findChannel(ctx.db, accountId, channelId);
  if (!channel) throw new AppError(404, 'No such channel.');
  if (channel.status === 'paused') throw new AppError(409, 'This channel is paused. Resume it to sync it.');
  return ctx.db.transaction(async (tx) => {
    const run = await requestSync(ctx, tx, {
      accountId,
      channelId,
      kind: 'reconcile',
      trigger: 'user',
      startedBy: audit.actorUserId,
    });
    await recordAudit(tx, audit, {
      action: 'sync.requested',
      accountId,
      targetType: 'channel',
      targetId: channelId,
      after: { runId: run.id },
    });
    return run;
  });
}

/**
 * Keeps a price set by hand on a channel: it becomes that listing's own price there (an override
 * of the rules), recorded as a change by the user.
 */
export async function acceptDrift(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  driftId: string,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const drift = await lockOpenDrift(tx, accountId, driftId);
    if (!drift) throw new AppError(404, DRIFT_GONE);
    const at = ctx.clock();
    if (drift.field === 'price') await setPriceOverride(tx, drift.listingId, drift.found, at);
    await resolveDrift(tx, drift.id, 'accepted', audit.actorUserId, at);
    await insertChanges(
      tx,
      accountId,
      [
        {
          productId: drift.productId,
          channelId: drift.channelId,
          sku: drift.sku,
          cause: 'bulk_edit',
          causeRef: 'kept the value set on the channel',
          actorUserId: audit.actorUserId,
          field: drift.field,
          before: drift.expected,
          after: drift.found,
        },
      ],
      at,
    );
    await recordAudit(tx, audit, {
      action: 'drift.accepted',
      accountId,
      targetType: 'listing',
      targetId: drift.listingId,
      before: { [drift.field]: drift.expected },
      after: { [drift.field]: drift.found },
    });
  });
  return { message: 'The value set on the channel is kept.' };
}

/** Sends the channel the value our rules give, replacing the one set by hand. */
export async function overwriteDrift(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  driftId: string,
): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    const drift = await lockOpenDrift(tx, accountId, driftId);
    if (!drift) throw new AppError(404, DRIFT_GONE);
    const at = ctx.clock();
    await resolveDrift(tx, drift.id, 'overwritten', audit.actorUserId, at);
    // A title goes back as the hub's title, to that listing alone.
    if (drift.field === 'title' && drift.expected !== null) {
      const [changeId] = await insertChanges(
        tx,
        accountId,
        [
          {
            productId: drift.productId,
            channelId: drift.channelId,
            sku: drift.sku,
            cause: 'bulk_edit',
            causeRef: 'overwrote the value set on the channel',
            actorUserId: audit.actorUserId,
            field: 'title',
            before: drift.found,
            after: drift.expected,
          },
        ],
        at,
      );
      await queueListingTitle(tx, { ...drift, changeId: changeId!, title: drift.expected }, accountId, at);
      await requestChannelPush(ctx, tx, { accountId, channelId: drift.channelId });
    } else if (drift.productId)
      await planListingWrites(ctx, tx, accountId, [drift.productId], {
        channelId: drift.channelId,
        againstConfirmed: true,
        recordAs: {
          cause: 'bulk_edit',
          causeRef: 'overwrote the value set on the channel',
          actorUserId: audit.actorUserId,
        },
      });
    await recordAudit(tx, audit, {
      action: 'drift.overwritten',
      accountId,
      targetType: 'listing',
      targetId: drift.listingId,
      before: { [drift.field]: drift.found },
    });
  });
  return { message: 'The channel will be sent our value again.' };
}
