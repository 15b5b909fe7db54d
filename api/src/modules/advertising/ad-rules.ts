import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { adRulesOf, adsUnderRules, recordAdRuleActions, setDesiredAdStates } from '../../db/queries/advertising.ts';
import { insertChanges, type ChangeInput } from '../../db/queries/changes.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ADS_RULES_QUEUE, ADS_SEND_QUEUE, type AdsAccountJob } from '../../workers/queues.ts';
import { decideAd, pauseReasonTexts, SALES_WINDOW_DAYS } from './stock-rules.ts';

/** Asks for the account's ad rules to be looked at (in the transaction that moved its stock or its listings). */
export function requestAdRules(ctx: AppContext, tx: Db, accountId: string): Promise<string | null> {
  return enqueue<AdsAccountJob>(ctx.jobs, tx, ADS_RULES_QUEUE, { accountId }, { singletonKey: accountId });
}

/**
 * The stock-aware ad rules, once over the account's ads: each ad a reason holds is paused, each ad they paused
 * that no reason holds any more is resumed. Each move is a change of the SKU with its before and after and the
 * reason, and the states go to the marketplaces by a job enqueued with them. Safe to run twice: a second look
 * finds the states already decided.
 */
export async function applyAdRules(ctx: AppContext, job: AdsAccountJob): Promise<{ paused: number; resumed: number }> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.clock();
    const rules = await adRulesOf(tx, job.accountId);
    const since = new Date(at.getTime() - SALES_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
    const ads = await adsUnderRules(tx, job.accountId, since);
    const decisions = ads.flatMap((ad) => {
      const decision = decideAd(ad, rules);
      return decision ? [{ ad, decision }] : [];
    });
    if (decisions.length === 0) return { paused: 0, resumed: 0 };
    await setDesiredAdStates(
      tx,
      decisions.map(({ decision }) => decision),
      at,
    );
    const moves: ChangeInput[] = decisions.flatMap(({ ad, decision }) =>
      decision.move
        ? [
            {
              productId: ad.productId,
              channelId: ad.channelId,
              sku: ad.sku,
              cause: 'ad_rule' as const,
              causeRef:
                decision.move.after === 'paused'
                  ? pauseReasonTexts[decision.pausedBy!]
                  : `${pauseReasonTexts[ad.pausedBy!]} no more`,
              field: 'ad_state' as const,
              before: decision.move.before,
              after: decision.move.after,
            },
          ]
        : [],
    );
    const changeIds = await insertChanges(tx, job.accountId, moves, at);
    // Each move names the ads it moved, so its undo puts back exactly those.
    const movedAds = decisions.filter(({ decision }) => decision.move).map(({ ad }) => ad.id);
    await recordAdRuleActions(
      tx,
      job.accountId,
      changeIds.map((changeId, i) => ({ changeId, productAdId: movedAds[i]! })),
    );
    if (moves.length > 0)
      await enqueue<AdsAccountJob>(ctx.jobs, tx, ADS_SEND_QUEUE, job, { singletonKey: job.accountId });
    return {
      paused: moves.filter((m) => m.after === 'paused').length,
      resumed: moves.filter((m) => m.after === 'enabled').length,
    };
  });
}
