import type { AppContext } from '../../context.ts';
import {
  adAccountsWithAdsToSend,
  adsToSend,
  confirmAdStates,
  findAdAccount,
  refuseAdState,
} from '../../db/queries/advertising.ts';
import type { AdsAccountJob } from '../../workers/queues.ts';
import { advertisingAdapterFor } from './ad-adapters.ts';

/**
 * Sends the account's ad states of ours to each marketplace and keeps what it answers per ad: taken (the ad's
 * state now), or refused with its words. A marketplace down or throttling past the client's retries fails the
 * job, which pg-boss runs again later: setting a state twice is harmless.
 */
export async function sendAdStates(ctx: AppContext, job: AdsAccountJob, signal?: AbortSignal): Promise<number> {
  let sent = 0;
  for (const adAccountId of await adAccountsWithAdsToSend(ctx.db, job.accountId)) {
    const account = await findAdAccount(ctx.db, job.accountId, adAccountId);
    if (!account) continue;
    const ads = await adsToSend(ctx.db, adAccountId);
    if (ads.length === 0) continue;
    const adapter = await advertisingAdapterFor(ctx, account);
    const states = ads.map(
      (ad) => ({ adId: ad.adId, state: ad.desiredState === 'enabled' ? 'enabled' : 'paused' }) as const,
    );
    const outcomes = await adapter.setProductAdStates(states, signal);
    const sentOf = new Map(ads.map((ad, i) => [ad.adId, { id: ad.id, state: states[i]!.state }]));
    const at = ctx.clock();
    await confirmAdStates(
      ctx.db,
      outcomes.filter((o) => o.ok).map((o) => sentOf.get(o.id)!),
      at,
    );
    for (const outcome of outcomes)
      if (!outcome.ok) {
        const { id, state } = sentOf.get(outcome.id)!;
        await refuseAdState(ctx.db, id, state, outcome.message, at);
      }
    sent += outcomes.length;
  }
  return sent;
}
