import type { AppContext } from '../../context.ts';
import {
  everyAdAccount,
  findAdAccount,
  markAdAccountRead,
  storeCampaigns,
  storePerformance,
  storeProductAds,
} from '../../db/queries/advertising.ts';
import { enqueueEach } from '../../workers/job-queue.ts';
import { ADS_SYNC_QUEUE, type AdsSyncJob } from '../../workers/queues.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { advertisingAdapterFor } from './ad-adapters.ts';
import { applyAdRules } from './ad-rules.ts';

/** The days of figures read again at each read: marketplaces settle attributed sales over about a week. */
export const PERFORMANCE_DAYS_READ = 14;

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Reads one advertising account: its campaigns and ads as they are now, and its recent days' figures. Then the
 * ad rules look at the ads read (a new ad of a sold-out SKU is paused at once). A marketplace's refusal is kept
 * on the account for the seller to see; a marketplace down fails the job, run again later.
 */
export async function syncAdAccount(ctx: AppContext, job: AdsSyncJob, signal?: AbortSignal): Promise<void> {
  const account = await findAdAccount(ctx.db, job.accountId, job.adAccountId);
  if (!account) return;
  const adapter = await advertisingAdapterFor(ctx, account);
  const readAt = ctx.clock();
  try {
    const campaigns = await adapter.listCampaigns(signal);
    const ads = await adapter.listProductAds(signal);
    const from = isoDay(new Date(readAt.getTime() - (PERFORMANCE_DAYS_READ - 1) * 86_400_000));
    const performance = await adapter.dailyPerformance(from, isoDay(readAt), signal);
    await ctx.db.transaction(async (tx) => {
      await storeCampaigns(
        tx,
        account,
        campaigns.map(({ campaignId, name, state, dailyBudget }) => ({ campaignId, name, state, dailyBudget })),
        readAt,
      );
      await storeProductAds(
        tx,
        account,
        ads.map(({ adId, campaignId, adGroupId, sku, state, pausable }) => ({
          adId,
          campaignId,
          adGroupId,
          sku,
          state,
          // (eBay's cost-per-sale ads cannot be paused on their own.)
          pausable: pausable ?? true,
        })),
        readAt,
      );
      await storePerformance(
        tx,
        account,
        performance.map(({ date, ...figures }) => ({ day: date, ...figures })),
      );
      await markAdAccountRead(tx, account.id, { at: readAt, error: null });
    });
  } catch (error) {
    if (error instanceof MarketplaceError && (error.kind === 'rejected' || error.kind === 'auth')) {
      await markAdAccountRead(ctx.db, account.id, { at: readAt, error: error.message });
      return;
    }
    throw error;
  }
  await applyAdRules(ctx, { accountId: job.accountId });
}

/** The quarter hour's work: every advertising account read (each read then looks at its account's rules). */
export async function requestAdReads(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const reads = (await everyAdAccount(tx)).map((a) => ({
      data: { accountId: a.accountId, adAccountId: a.id },
      options: { singletonKey: a.id },
    }));
    await enqueueEach<AdsSyncJob>(ctx.jobs, tx, ADS_SYNC_QUEUE, reads);
    return reads.length;
  });
}
