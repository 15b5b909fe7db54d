import type { components } from '@contract';
import { AppError, type AppContext } from '../../context.ts';
import { findAdRuleAction, setDesiredAdStates } from '../../db/queries/advertising.ts';
import { insertChanges } from '../../db/queries/changes.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ADS_SEND_QUEUE, type AdsAccountJob } from '../../workers/queues.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';

type AdRuleUndoResult = components['schemas']['AdRuleUndoResult'];

/**
 * Puts back what an ad rule did to a SKU's ads on one marketplace, as the seller's own decision:
 * - a pause undone runs the ads again, and the rules leave them running while that same reason holds
 *   (`rules_overridden`; once it clears they look after the ads again, and another reason still pauses them);
 * - a resume undone pauses them as the seller's pause, which the rules never lift.
 * Only the latest move of those ads can be undone, once: the undo is itself a change with before and after,
 * and the states go to the marketplace by the job enqueued with it.
 */
export async function undoAdRuleAction(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  changeId: string,
): Promise<AdRuleUndoResult> {
  return ctx.db.transaction(async (tx) => {
    const action = await findAdRuleAction(tx, accountId, changeId);
    if (!action) throw new AppError(404, 'No such ad rule action.');
    const undoingPause = action.after === 'paused';
    const stillAsLeft = action.ads.filter((ad) =>
      undoingPause
        ? (ad.desiredState ?? ad.state) === 'paused' && ad.pausedBy !== null
        : (ad.desiredState ?? ad.state) === 'enabled',
    );
    if (action.superseded || stillAsLeft.length === 0)
      throw new AppError(409, 'These ads have changed since the rule moved them, so there is nothing to undo.');

    const at = ctx.clock();
    await setDesiredAdStates(
      tx,
      stillAsLeft.map((ad) =>
        undoingPause
          ? { id: ad.id, desiredState: 'enabled', pausedBy: null, rulesOverridden: ad.pausedBy }
          : { id: ad.id, desiredState: 'paused', pausedBy: null, rulesOverridden: null },
      ),
      at,
    );
    const state = undoingPause ? 'enabled' : 'paused';
    await insertChanges(
      tx,
      accountId,
      [
        {
          productId: action.productId,
          channelId: action.channelId,
          sku: action.sku,
          cause: 'ad_undo',
          causeRef: `undo:${action.changeId}`,
          actorUserId: audit.actorUserId,
          field: 'ad_state',
          before: action.after,
          after: state,
        },
      ],
      at,
    );
    await recordAudit(tx, audit, {
      action: 'advertising.rule_action_undone',
      accountId,
      targetType: 'sku',
      targetId: action.sku,
      before: { adState: action.after, ads: stillAsLeft.length },
      after: { adState: state, ads: stillAsLeft.length },
    });
    await enqueue<AdsAccountJob>(ctx.jobs, tx, ADS_SEND_QUEUE, { accountId }, { singletonKey: accountId });
    return { ads: stillAsLeft.length, state };
  });
}
