import type { components } from '@contract';
import { AppError, type AppContext } from '../../context.ts';
import {
  adAccountsOf,
  addAdAccount,
  adRulesOf,
  campaignFigures,
  findAdAccount,
  findCampaign,
  saveAdRules,
  setCampaignValues,
  skuAdFigures,
  type AdRules,
} from '../../db/queries/advertising.ts';
import { findChannel, listChannels, type ChannelRecord } from '../../db/queries/channels.ts';
import { MarketplaceError } from '../../marketplaces/errors.ts';
import { enqueue } from '../../workers/job-queue.ts';
import { ADS_SYNC_QUEUE, type AdsSyncJob } from '../../workers/queues.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { advertisedMarketplaces, advertisingAccountsOfChannel, advertisingAdapterFor } from './ad-adapters.ts';
import { requestAdRules } from './ad-rules.ts';

type Advertising = components['schemas']['Advertising'];
type AdAccount = components['schemas']['AdAccount'];
type AdSku = components['schemas']['AdSku'];
type AdCampaignValues = components['schemas']['AdCampaignValues'];

/** The longest range a page asks for. */
const MAX_RANGE_DAYS = 366;
const SKUS_LISTED = 500;

function checkRange(from: string, to: string): void {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!Number.isFinite(days) || days < 0) throw new AppError(400, 'The range ends before it starts.');
  if (days + 1 > MAX_RANGE_DAYS) throw new AppError(400, `Choose a range of at most ${MAX_RANGE_DAYS} days.`);
}

/** Spend ÷ sales and sales ÷ spend, rounded to four places; null where the divisor is 0. */
const ratio = (numerator: string, denominator: string) =>
  Number(denominator) > 0 ? Math.round((Number(numerator) / Number(denominator)) * 10_000) / 10_000 : null;
const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The Advertising page: accounts, channels to connect, campaigns with their figures, totals and the rules. */
export async function advertising(ctx: AppContext, accountId: string, from: string, to: string): Promise<Advertising> {
  checkRange(from, to);
  const [accounts, channels, campaigns, rules] = await Promise.all([
    adAccountsOf(ctx.db, accountId),
    listChannels(ctx.db, accountId),
    campaignFigures(ctx.db, accountId, from, to),
    adRulesOf(ctx.db, accountId),
  ]);
  const channelName = new Map(channels.map((c) => [c.id, c.displayName]));
  const connected = new Set(accounts.map((a) => a.channelId));
  const spend = campaigns.reduce((sum, c) => sum + cents(c.spend), 0);
  const sales = campaigns.reduce((sum, c) => sum + cents(c.sales), 0);
  return {
    from,
    to,
    accounts: accounts.map((a) => adAccountView(a, channelName.get(a.channelId) ?? a.name)),
    toConnect: channels
      .filter((c) => (advertisedMarketplaces as string[]).includes(c.kind) && !connected.has(c.id))
      .map((c) => ({
        channelId: c.id,
        marketplace: c.kind as AdAccount['marketplace'],
        channelName: c.displayName,
        asksAdvertiserId: c.kind === 'walmart' && c.environment !== 'sandbox',
      })),
    campaigns: campaigns.map((c) => ({ ...c, acos: ratio(c.spend, c.sales), roas: ratio(c.sales, c.spend) })),
    rules,
    totals: {
      spend: money(spend),
      sales: money(sales),
      orders: campaigns.reduce((sum, c) => sum + c.orders, 0),
      acos: ratio(money(spend), money(sales)),
      roas: ratio(money(sales), money(spend)),
    },
  };
}

function adAccountView(a: Awaited<ReturnType<typeof adAccountsOf>>[number], channelName: string): AdAccount {
  return {
    id: a.id,
    channelId: a.channelId,
    marketplace: a.marketplace,
    channelName,
    name: a.name,
    currency: a.currency,
    lastSyncedAt: a.lastSyncedAt?.toISOString() ?? null,
    lastError: a.lastError,
  };
}

/** Per SKU with ads: spend, attributed sales and all revenue across channels, ACoS and TACoS. */
export async function adSkus(
  ctx: AppContext,
  accountId: string,
  from: string,
  to: string,
): Promise<{ items: AdSku[] }> {
  checkRange(from, to);
  const accounts = await adAccountsOf(ctx.db, accountId);
  const currency = accounts[0]?.currency ?? 'USD';
  const rows = await skuAdFigures(ctx.db, accountId, from, to, currency, SKUS_LISTED);
  return {
    items: rows.map((r) => ({ ...r, acos: ratio(r.spend, r.adSales), tacos: ratio(r.spend, r.revenue) })),
  };
}

/**
 * Connects the advertising account its channel's login reaches (the seller's own, on Amazon its Ads profile of
 * the channel's marketplace), and asks for its first read.
 */
export async function connectAdAccount(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  request: { channelId: string; advertiserId?: string },
): Promise<AdAccount> {
  const { channelId } = request;
  const channel = await findChannel(ctx.db, accountId, channelId);
  if (!channel) throw new AppError(404, 'No such channel.');
  const advertiserId = request.advertiserId?.trim() || undefined;
  if (advertiserId !== undefined && channel.kind !== 'walmart')
    throw new AppError(400, 'Only Walmart Connect asks for an advertiser id.');
  if (advertiserId !== undefined && !/^\d{1,10}$/.test(advertiserId))
    throw new AppError(400, 'A Walmart Connect advertiser id is a number: enter it as Walmart Connect shows it.');
  let found;
  try {
    found = await advertisingAccountsOfChannel(ctx, channel, advertiserId === undefined ? {} : { advertiserId });
  } catch (error) {
    if (error instanceof MarketplaceError)
      throw new AppError(502, `The marketplace did not answer with the advertising accounts: ${error.message}`);
    throw error;
  }
  const own = found[0];
  if (!own) throw new AppError(409, noAdAccountFound(channel, advertiserId));
  return ctx.db.transaction(async (tx) => {
    const account = await addAdAccount(tx, {
      accountId,
      channelId,
      marketplace: channel.kind as AdAccount['marketplace'],
      externalId: own.externalId,
      name: own.name,
      currency: own.currency,
    });
    await enqueue<AdsSyncJob>(
      ctx.jobs,
      tx,
      ADS_SYNC_QUEUE,
      { accountId, adAccountId: account.id },
      { singletonKey: account.id },
    );
    await recordAudit(tx, audit, {
      action: 'advertising.account_connected',
      accountId,
      targetType: 'ad_account',
      targetId: account.id,
      after: { channelId, marketplace: account.marketplace, externalId: account.externalId, name: account.name },
    });
    return adAccountView(account, channel.displayName);
  });
}

/** Why no advertising account was found to connect, and what the seller does about it. */
function noAdAccountFound(channel: Pick<ChannelRecord, 'kind' | 'environment'>, advertiserId: string | undefined) {
  if (advertiserId !== undefined)
    return `Walmart Connect does not let us act on advertiser ${advertiserId}: give our partner access to it in Walmart Connect's Ad Center, then connect again.`;
  if (channel.kind === 'walmart' && channel.environment !== 'sandbox')
    return "Walmart Connect does not list a seller's advertisers: enter your advertiser id, as Walmart Connect's Ad Center shows it.";
  return 'This seller has no advertising account on the marketplace yet. Open one there, then connect it here.';
}

/** Asks for an advertising account to be read again now. */
export async function requestAdSync(ctx: AppContext, accountId: string, adAccountId: string): Promise<void> {
  const account = await findAdAccount(ctx.db, accountId, adAccountId);
  if (!account) throw new AppError(404, 'No such advertising account.');
  await enqueue<AdsSyncJob>(
    ctx.jobs,
    ctx.db,
    ADS_SYNC_QUEUE,
    { accountId, adAccountId },
    { singletonKey: adAccountId },
  );
}

/** Pauses or resumes a campaign, or sets its daily budget, on its marketplace; kept as the marketplace took it. */
export async function updateCampaign(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  id: string,
  update: { state?: 'enabled' | 'paused'; dailyBudget?: string },
): Promise<AdCampaignValues> {
  const campaign = await findCampaign(ctx.db, accountId, id);
  if (!campaign) throw new AppError(404, 'No such campaign.');
  if (campaign.state === 'archived') throw new AppError(409, 'An archived campaign cannot be changed.');
  if (update.dailyBudget !== undefined && campaign.dailyBudget === null)
    throw new AppError(400, 'This campaign has no daily budget: it pays a share of each sale instead.');
  const dailyBudget = update.dailyBudget === undefined ? undefined : Number(update.dailyBudget).toFixed(2);
  if (dailyBudget !== undefined && Number(dailyBudget) <= 0)
    throw new AppError(400, 'A daily budget is an amount above 0, such as 25.00.');
  const account = (await findAdAccount(ctx.db, accountId, campaign.adAccountId))!;
  const adapter = await advertisingAdapterFor(ctx, account);
  let outcome;
  try {
    [outcome] = await adapter.updateCampaigns([
      {
        campaignId: campaign.campaignId,
        ...(update.state ? { state: update.state } : {}),
        ...(dailyBudget ? { dailyBudget } : {}),
      },
    ]);
  } catch (error) {
    if (error instanceof MarketplaceError)
      throw new AppError(502, `The marketplace did not take the change: ${error.message}`);
    throw error;
  }
  if (!outcome?.ok) throw new AppError(400, outcome?.message ?? 'The marketplace refused the change.');
  const after = { state: update.state ?? campaign.state, dailyBudget: dailyBudget ?? campaign.dailyBudget };
  await ctx.db.transaction(async (tx) => {
    await setCampaignValues(tx, accountId, id, after);
    await recordAudit(tx, audit, {
      action: 'advertising.campaign_changed',
      accountId,
      targetType: 'ad_campaign',
      targetId: id,
      before: { name: campaign.name, state: campaign.state, dailyBudget: campaign.dailyBudget },
      after: { name: campaign.name, ...after },
    });
  });
  return { id, ...after };
}

/** Saves the ad rules; they look at every ad again at once. */
export async function putAdRules(
  ctx: AppContext,
  audit: AuditContext,
  accountId: string,
  rules: AdRules,
): Promise<AdRules> {
  return ctx.db.transaction(async (tx) => {
    const before = await adRulesOf(tx, accountId);
    await saveAdRules(tx, accountId, rules, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'advertising.rules_changed',
      accountId,
      targetType: 'ad_rules',
      targetId: accountId,
      before: { ...before },
      after: { ...rules },
    });
    await requestAdRules(ctx, tx, accountId);
    return rules;
  });
}
