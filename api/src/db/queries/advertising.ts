import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  adAccounts,
  adCampaigns,
  adPerformanceDaily,
  adRuleActions,
  adRules,
  productAds,
  type AdMarketplace,
  type AdPauseReason,
  type AdState,
} from '../schema/index.ts';

type Rows<T> = { rows: T[] };

// The seller's advertising as the marketplaces last said it is, and the ad states of ours on their way.

export interface AdAccountRecord {
  id: string;
  accountId: string;
  channelId: string;
  marketplace: AdMarketplace;
  externalId: string;
  name: string;
  currency: string;
  lastError: string | null;
  lastSyncedAt: Date | null;
}

const adAccountColumns = {
  id: adAccounts.id,
  accountId: adAccounts.accountId,
  channelId: adAccounts.channelId,
  marketplace: adAccounts.marketplace,
  externalId: adAccounts.externalId,
  name: adAccounts.name,
  currency: adAccounts.currency,
  lastError: adAccounts.lastError,
  lastSyncedAt: adAccounts.lastSyncedAt,
};

export async function adAccountsOf(db: Db, accountId: string): Promise<AdAccountRecord[]> {
  return db
    .select(adAccountColumns)
    .from(adAccounts)
    .where(eq(adAccounts.accountId, accountId))
    .orderBy(adAccounts.createdAt);
}

/** Every advertising account of every account (the schedule reads each). */
export async function everyAdAccount(db: Db): Promise<Array<{ id: string; accountId: string }>> {
  return db.select({ id: adAccounts.id, accountId: adAccounts.accountId }).from(adAccounts);
}

export async function findAdAccount(db: Db, accountId: string, id: string): Promise<AdAccountRecord | undefined> {
  const [row] = await db
    .select(adAccountColumns)
    .from(adAccounts)
    .where(and(eq(adAccounts.accountId, accountId), eq(adAccounts.id, id)));
  return row;
}

/** Adds the advertising account (or finds it, connected before): answers its row. */
export async function addAdAccount(
  db: Db,
  input: Omit<AdAccountRecord, 'id' | 'lastError' | 'lastSyncedAt'>,
): Promise<AdAccountRecord> {
  await db
    .insert(adAccounts)
    .values(input)
    .onConflictDoUpdate({
      target: [adAccounts.channelId, adAccounts.externalId],
      set: { name: input.name, currency: input.currency },
    });
  const [row] = await db
    .select(adAccountColumns)
    .from(adAccounts)
    .where(
      and(
        eq(adAccounts.accountId, input.accountId),
        eq(adAccounts.channelId, input.channelId),
        eq(adAccounts.externalId, input.externalId),
      ),
    );
  return row!;
}

export async function markAdAccountRead(
  db: Db,
  adAccountId: string,
  outcome: { at: Date; error: string | null },
): Promise<void> {
  await db
    .update(adAccounts)
    .set(outcome.error === null ? { lastSyncedAt: outcome.at, lastError: null } : { lastError: outcome.error })
    .where(eq(adAccounts.id, adAccountId));
}

export interface CampaignInput {
  campaignId: string;
  name: string;
  state: AdState;
  /** Null: no daily budget (eBay's cost-per-sale campaigns). */
  dailyBudget: string | null;
}

/** Stores the campaigns as read; campaigns gone from the marketplace's list are removed. */
export async function storeCampaigns(
  db: Db,
  account: Pick<AdAccountRecord, 'id' | 'accountId'>,
  campaigns: CampaignInput[],
  readAt: Date,
): Promise<void> {
  if (campaigns.length > 0)
    await db
      .insert(adCampaigns)
      .values(campaigns.map((c) => ({ ...c, accountId: account.accountId, adAccountId: account.id, readAt })))
      .onConflictDoUpdate({
        target: [adCampaigns.adAccountId, adCampaigns.campaignId],
        set: {
          name: sql`excluded.name`,
          state: sql`excluded.state`,
          dailyBudget: sql`excluded.daily_budget`,
          readAt: sql`excluded.read_at`,
        },
      });
  await db.execute(sql`delete from ${adCampaigns} where ${adCampaigns.adAccountId} = ${account.id}
    and ${adCampaigns.readAt} < ${readAt}`);
}

export async function findCampaign(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select({
      id: adCampaigns.id,
      adAccountId: adCampaigns.adAccountId,
      campaignId: adCampaigns.campaignId,
      name: adCampaigns.name,
      state: adCampaigns.state,
      dailyBudget: adCampaigns.dailyBudget,
    })
    .from(adCampaigns)
    .where(and(eq(adCampaigns.accountId, accountId), eq(adCampaigns.id, id)));
  return row;
}

/** A campaign's new state or budget, as the marketplace took it. */
export async function setCampaignValues(
  db: Db,
  accountId: string,
  id: string,
  values: { state?: AdState; dailyBudget?: string | null },
): Promise<void> {
  await db
    .update(adCampaigns)
    .set(values)
    .where(and(eq(adCampaigns.accountId, accountId), eq(adCampaigns.id, id)));
}

export interface ProductAdInput {
  adId: string;
  campaignId: string;
  adGroupId: string;
  sku: string;
  state: AdState;
  /** False where the marketplace cannot pause the ad on its own: the rules leave it be. */
  pausable: boolean;
}

/**
 * Stores the ads as read, linked to the account's products by SKU. A state of ours on its way stays on its way
 * until the marketplace shows it; ads gone from the list are removed.
 */
export async function storeProductAds(
  db: Db,
  account: Pick<AdAccountRecord, 'id' | 'accountId'>,
  ads: ProductAdInput[],
  readAt: Date,
): Promise<void> {
  // A state sent or decided after this read began is newer than the one it saw (it may have read the ad just
  // before our pause reached the marketplace): that state stays.
  const readState = sql.raw(
    `case when product_ads.updated_at > excluded.read_at then product_ads.state else excluded.state end`,
  );
  for (let i = 0; i < ads.length; i += 1000) {
    const page = ads.slice(i, i + 1000);
    const values = sql.join(
      page.map((a) => sql`(${a.adId}, ${a.campaignId}, ${a.adGroupId}, ${a.sku}, ${a.state}, ${a.pausable}::boolean)`),
      sql`, `,
    );
    await db.execute(sql`
      insert into product_ads (account_id, ad_account_id, ad_id, campaign_id, ad_group_id, sku, product_id, state,
        pausable, read_at, updated_at)
      select ${account.accountId}, ${account.id}, v.ad_id, v.campaign_id, v.ad_group_id, v.sku,
        (select p.id from products p where p.account_id = ${account.accountId} and p.sku = v.sku), v.state, v.pausable,
        ${readAt}, ${readAt}
      from (values ${values}) as v(ad_id, campaign_id, ad_group_id, sku, state, pausable)
      on conflict (ad_account_id, ad_id) do update set
        campaign_id = excluded.campaign_id, ad_group_id = excluded.ad_group_id, sku = excluded.sku,
        product_id = excluded.product_id, state = ${readState}, pausable = excluded.pausable,
        read_at = excluded.read_at,
        desired_state = case when product_ads.desired_state = ${readState} then null else product_ads.desired_state end,
        updated_at = excluded.updated_at`);
  }
  await db.execute(sql`delete from ${productAds} where ${productAds.adAccountId} = ${account.id}
    and ${productAds.readAt} < ${readAt}`);
}

export interface PerformanceInput {
  day: string;
  campaignId: string;
  adId: string | null;
  sku: string | null;
  impressions: number;
  clicks: number;
  spend: string;
  sales: string;
  orders: number;
  units: number;
}

/** Stores a report's days: a day read again replaces what was held for it (reports settle for days). */
export async function storePerformance(
  db: Db,
  account: Pick<AdAccountRecord, 'id' | 'accountId'>,
  rows: PerformanceInput[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(adPerformanceDaily)
      .values(
        rows
          .slice(i, i + 1000)
          .map((r) => ({ ...r, adId: r.adId ?? '', accountId: account.accountId, adAccountId: account.id })),
      )
      .onConflictDoUpdate({
        target: [
          adPerformanceDaily.adAccountId,
          adPerformanceDaily.day,
          adPerformanceDaily.campaignId,
          adPerformanceDaily.adId,
        ],
        set: {
          sku: sql`excluded.sku`,
          impressions: sql`excluded.impressions`,
          clicks: sql`excluded.clicks`,
          spend: sql`excluded.spend`,
          sales: sql`excluded.sales`,
          orders: sql`excluded.orders`,
          units: sql`excluded.units`,
        },
      });
  }
}

export interface AdRules {
  pauseOutOfStock: boolean;
  pauseBelowDaysOfCover: number | null;
  pauseListingProblems: boolean;
}

export const defaultAdRules: AdRules = {
  pauseOutOfStock: true,
  pauseBelowDaysOfCover: null,
  pauseListingProblems: true,
};

export async function adRulesOf(db: Db, accountId: string): Promise<AdRules> {
  const [row] = await db
    .select({
      pauseOutOfStock: adRules.pauseOutOfStock,
      pauseBelowDaysOfCover: adRules.pauseBelowDaysOfCover,
      pauseListingProblems: adRules.pauseListingProblems,
    })
    .from(adRules)
    .where(eq(adRules.accountId, accountId));
  return row ?? defaultAdRules;
}

export async function saveAdRules(db: Db, accountId: string, rules: AdRules, at: Date): Promise<void> {
  await db
    .insert(adRules)
    .values({ accountId, ...rules, updatedAt: at })
    .onConflictDoUpdate({ target: adRules.accountId, set: { ...rules, updatedAt: at } });
}

/** An ad the stock-aware rules look at, with what they decide on. */
export interface AdUnderRules {
  id: string;
  adAccountId: string;
  channelId: string;
  productId: string | null;
  sku: string;
  state: AdState;
  desiredState: AdState | null;
  pausedBy: AdPauseReason | null;
  /** The rule's reason the seller overrode (undid its pause): the ad runs despite it until it clears. */
  rulesOverridden: AdPauseReason | null;
  /** The product's available stock (null: no product of that SKU). */
  available: number | null;
  /** Units sold across channels over the window asked for. */
  unitsSold: number;
  /** The status of the SKU's listing on the ad account's channel (null: none). */
  listingStatus: string | null;
}

/**
 * Whether the stock of these products may move an ad the rules look after: an ad running (or on its way to) of a
 * product with nothing left to sell, an ad the rules hold paused, or one whose pause the seller undid. Asked where the products' stock changed, so
 * the rules look at once, not at the next quarter hour's read; an account without ads costs one indexed probe.
 */
export async function adsConcernedByStock(db: Db, accountId: string, productIds: string[]): Promise<boolean> {
  if (productIds.length === 0) return false;
  const ids = sql.join(
    productIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await db.execute(sql`
    select 1 from product_ads a join products p on p.id = a.product_id
    where a.account_id = ${accountId} and a.product_id in (${ids}) and a.pausable
      and (a.paused_by is not null or a.rules_overridden is not null
        or (coalesce(a.desired_state, a.state) = 'enabled' and p.on_hand - p.committed <= 0))
    limit 1`);
  return (rows as unknown as Rows<unknown>).rows.length > 0;
}

/**
 * The account's ads that are running (or on their way to) and those the rules hold paused, locked for the
 * rules' decision (two evaluations at once decide one after the other), with the stock and sales they read.
 */
export async function adsUnderRules(db: Db, accountId: string, salesSince: string): Promise<AdUnderRules[]> {
  const rows = await db.execute(sql`
    select a.id, a.ad_account_id as "adAccountId", acc.channel_id as "channelId", a.product_id as "productId", a.sku,
      a.state, a.desired_state as "desiredState", a.paused_by as "pausedBy",
      a.rules_overridden as "rulesOverridden",
      case when p.id is null then null else greatest(p.on_hand - p.committed, 0) end::int as available,
      coalesce((select sum(s.units) from sales_sku_days s
        where s.account_id = ${accountId} and s.sku = a.sku and s.day >= ${salesSince}::date), 0)::int as "unitsSold",
      (select l.status from listings l where l.channel_id = acc.channel_id and l.sku = a.sku) as "listingStatus"
    from product_ads a
    join ad_accounts acc on acc.id = a.ad_account_id
    left join products p on p.id = a.product_id
    where a.account_id = ${accountId} and a.pausable
      and (coalesce(a.desired_state, a.state) = 'enabled' or a.paused_by is not null)
    order by a.id
    for update of a`);
  return (rows as unknown as Rows<AdUnderRules>).rows;
}

/**
 * The rules' decision for ads: a state to send, the reason they hold it paused (null: none), and the reason the
 * seller overrode that still stands (null: none).
 */
export async function setDesiredAdStates(
  db: Db,
  decisions: Array<{
    id: string;
    desiredState: AdState;
    pausedBy: AdPauseReason | null;
    rulesOverridden: AdPauseReason | null;
  }>,
  at: Date,
): Promise<void> {
  if (decisions.length === 0) return;
  const values = sql.join(
    decisions.map((d) => sql`(${d.id}::uuid, ${d.desiredState}, ${d.pausedBy}, ${d.rulesOverridden})`),
    sql`, `,
  );
  await db.execute(sql`update product_ads set desired_state = v.state, paused_by = v.paused_by,
      rules_overridden = v.overridden, last_error = null, updated_at = ${at}
    from (values ${values}) as v(id, state, paused_by, overridden) where product_ads.id = v.id`);
}

/** Ads with a state of ours to send, per advertising account. */
export async function adsToSend(
  db: Db,
  adAccountId: string,
): Promise<Array<{ id: string; adId: string; desiredState: AdState }>> {
  return db
    .select({ id: productAds.id, adId: productAds.adId, desiredState: sql<AdState>`${productAds.desiredState}` })
    .from(productAds)
    .where(
      and(
        eq(productAds.adAccountId, adAccountId),
        isNotNull(productAds.desiredState),
        sql`${productAds.desiredState} <> ${productAds.state}`,
      ),
    );
}

/**
 * The marketplace took the states sent: they are the ads' now. A state of ours decided while they were on their
 * way (the rules resumed an ad whose pause was being sent) stays to be sent next: only the one sent is cleared.
 */
export async function confirmAdStates(db: Db, sent: Array<{ id: string; state: AdState }>, at: Date): Promise<void> {
  if (sent.length === 0) return;
  const values = sql.join(
    sent.map((s) => sql`(${s.id}::uuid, ${s.state})`),
    sql`, `,
  );
  await db.execute(sql`update product_ads set state = v.state,
      desired_state = case when product_ads.desired_state = v.state then null else product_ads.desired_state end,
      last_error = null, updated_at = ${at}
    from (values ${values}) as v(id, state) where product_ads.id = v.id`);
}

/**
 * The marketplace refused a state: kept with its words; the rules decide again at their next look. A state of ours
 * decided since the refused one was read stays to be sent.
 */
export async function refuseAdState(db: Db, id: string, refused: AdState, message: string, at: Date): Promise<void> {
  await db
    .update(productAds)
    .set({
      desiredState: sql`case when ${productAds.desiredState} = ${refused} then null else ${productAds.desiredState} end`,
      lastError: message,
      updatedAt: at,
    })
    .where(eq(productAds.id, id));
}

/** The ad accounts of an account that have ads to send. */
export async function adAccountsWithAdsToSend(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: productAds.adAccountId })
    .from(productAds)
    .where(
      and(
        eq(productAds.accountId, accountId),
        isNotNull(productAds.desiredState),
        sql`${productAds.desiredState} <> ${productAds.state}`,
      ),
    );
  return rows.map((r) => r.id);
}

export interface CampaignFigures {
  id: string;
  adAccountId: string;
  marketplace: AdMarketplace;
  name: string;
  state: AdState;
  dailyBudget: string | null;
  currency: string;
  impressions: number;
  clicks: number;
  spend: string;
  sales: string;
  orders: number;
  adsPausedByRules: number;
}

/** The account's campaigns with their figures over the days `from` to `to` (both included). */
export async function campaignFigures(db: Db, accountId: string, from: string, to: string): Promise<CampaignFigures[]> {
  const rows = await db.execute(sql`
    select c.id, c.ad_account_id as "adAccountId", acc.marketplace, c.name, c.state,
      to_char(c.daily_budget, 'FM999999990.00') as "dailyBudget", acc.currency,
      coalesce(f.impressions, 0)::int as impressions, coalesce(f.clicks, 0)::int as clicks,
      to_char(coalesce(f.spend, 0), 'FM999999999990.00') as spend, to_char(coalesce(f.sales, 0), 'FM999999999990.00') as sales,
      coalesce(f.orders, 0)::int as orders,
      (select count(*) from product_ads a where a.ad_account_id = c.ad_account_id and a.campaign_id = c.campaign_id
        and a.paused_by is not null)::int as "adsPausedByRules"
    from ad_campaigns c
    join ad_accounts acc on acc.id = c.ad_account_id
    left join lateral (
      select sum(p.impressions) as impressions, sum(p.clicks) as clicks, sum(p.spend) as spend, sum(p.sales) as sales,
        sum(p.orders) as orders
      from ad_performance_daily p
      where p.ad_account_id = c.ad_account_id and p.campaign_id = c.campaign_id and p.day between ${from}::date and ${to}::date
    ) f on true
    where c.account_id = ${accountId}
    order by coalesce(f.spend, 0) desc, c.name, c.id`);
  return (rows as unknown as Rows<CampaignFigures>).rows;
}

export interface SkuAdFigures {
  sku: string;
  title: string | null;
  available: number | null;
  spend: string;
  adSales: string;
  revenue: string;
  ads: Array<{
    marketplace: AdMarketplace;
    state: AdState;
    campaignState: AdState | null;
    pausedBy: AdPauseReason | null;
  }>;
}

/**
 * Per SKU with ads: its ad spend and attributed sales on every marketplace over the days, and its revenue on every
 * channel from the sales rollup's days (in `currency`). Highest spend first, at most `limit`.
 */
export async function skuAdFigures(
  db: Db,
  accountId: string,
  from: string,
  to: string,
  currency: string,
  limit: number,
): Promise<SkuAdFigures[]> {
  const rows = await db.execute(sql`
    with skus as (select distinct sku from product_ads where account_id = ${accountId}),
    spent as (
      select p.sku, sum(p.spend) as spend, sum(p.sales) as sales from ad_performance_daily p
      where p.account_id = ${accountId} and p.day between ${from}::date and ${to}::date and p.sku is not null
      group by p.sku
    ),
    sold as (
      select s.sku, sum(s.revenue) as revenue from sales_sku_days s
      where s.account_id = ${accountId} and s.day between ${from}::date and ${to}::date and s.currency = ${currency}
        and s.sku in (select sku from skus)
      group by s.sku
    )
    select k.sku, pr.title, case when pr.id is null then null else greatest(pr.on_hand - pr.committed, 0) end::int as available,
      to_char(coalesce(sp.spend, 0), 'FM999999999990.00') as spend,
      to_char(coalesce(sp.sales, 0), 'FM999999999990.00') as "adSales",
      to_char(coalesce(so.revenue, 0), 'FM999999999990.00') as revenue,
      (select coalesce(json_agg(json_build_object('marketplace', acc.marketplace, 'state', coalesce(a.desired_state, a.state),
          'campaignState', c.state, 'pausedBy', a.paused_by) order by acc.marketplace, a.ad_id), '[]'::json)
        from product_ads a join ad_accounts acc on acc.id = a.ad_account_id
        left join ad_campaigns c on c.ad_account_id = a.ad_account_id and c.campaign_id = a.campaign_id
        where a.account_id = ${accountId} and a.sku = k.sku) as ads
    from skus k
    left join products pr on pr.account_id = ${accountId} and pr.sku = k.sku
    left join spent sp on sp.sku = k.sku
    left join sold so on so.sku = k.sku
    order by coalesce(sp.spend, 0) desc, k.sku
    limit ${limit}`);
  return (rows as unknown as Rows<SkuAdFigures>).rows;
}

/** Which ads each of the rules' moves moved (the changes in the order of the moves). */
export async function recordAdRuleActions(
  db: Db,
  accountId: string,
  actions: Array<{ changeId: string; productAdId: string }>,
): Promise<void> {
  if (actions.length === 0) return;
  await db.insert(adRuleActions).values(actions.map((a) => ({ ...a, accountId })));
}

export interface AdRuleAction {
  changeId: string;
  sku: string;
  productId: string | null;
  channelId: string;
  before: AdState;
  after: AdState;
  /** A later move of the SKU's ads on that channel (by the rules or an undo): this one can no longer be undone. */
  superseded: boolean;
  ads: Array<{
    id: string;
    adAccountId: string;
    state: AdState;
    desiredState: AdState | null;
    pausedBy: AdPauseReason | null;
  }>;
}

/** An ad rule's move of the account, with the ads it moved locked (an undo and the rules decide one after the other). */
export async function findAdRuleAction(db: Db, accountId: string, changeId: string): Promise<AdRuleAction | null> {
  const found = await db.execute(sql`
    select c.id as "changeId", c.sku, c.product_id as "productId", c.channel_id as "channelId", c.before, c.after,
      exists (select 1 from changes later where later.account_id = c.account_id and later.sku = c.sku
        and later.channel_id = c.channel_id and later.field = 'ad_state' and later.created_at > c.created_at) as superseded
    from changes c
    where c.id = ${changeId}::uuid and c.account_id = ${accountId} and c.cause = 'ad_rule' and c.field = 'ad_state'
      and c.channel_id is not null`);
  const action = (found as unknown as Rows<Omit<AdRuleAction, 'ads'>>).rows[0];
  if (!action) return null;
  const ads = await db.execute(sql`
    select a.id, a.ad_account_id as "adAccountId", a.state, a.desired_state as "desiredState", a.paused_by as "pausedBy"
    from ad_rule_actions r join product_ads a on a.id = r.product_ad_id
    where r.change_id = ${changeId}::uuid and r.account_id = ${accountId}
    order by a.id
    for update of a`);
  return { ...action, ads: (ads as unknown as Rows<AdRuleAction['ads'][number]>).rows };
}
