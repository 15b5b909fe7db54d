import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { connectMainWalmartEbay, editByHand, query, settled } from '../support/sync-checks.ts';
import { lightRead } from '../../src/modules/reconciliation/light-read.ts';
import { advertisingAdapterFor } from '../../src/modules/advertising/ad-adapters.ts';
import { applyAdRules } from '../../src/modules/advertising/ad-rules.ts';
import { findAdAccount } from '../../src/db/queries/advertising.ts';

/**
 * Advertising through the product's API, against the Amazon sandbox's Ads API over HTTP: the seller's Amazon
 * channel (the main channel; Walmart and eBay are targets) connects its Ads profile; its campaigns, ads and
 * daily figures are read; a SKU sold out on the main channel has its ads paused on Amazon within the sync that
 * found it, each move a change with before and after, and resumed once restocked. Another account sees none of it.
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let walmart: ConnectedChannel;
let ebay: ConnectedChannel;
let adAccountId: string;

const today = new Date().toISOString().slice(0, 10);
const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
const range = `from=${monthAgo}&to=${today}`;

interface Campaign {
  id: string;
  name: string;
  state: string;
  dailyBudget: string;
  spend: string;
  sales: string;
  impressions: number;
  acos: number | null;
  roas: number | null;
}

const page = async (browser = seller) => {
  const answer = await browser.get(`/api/advertising?${range}`);
  expect(answer.status).toBe(200);
  return answer.body as {
    accounts: Array<{
      id: string;
      lastSyncedAt: string | null;
      lastError: string | null;
      name: string;
      marketplace: string;
    }>;
    toConnect: Array<{ channelId: string; marketplace: string }>;
    campaigns: Campaign[];
    totals: { spend: string; sales: string; acos: number | null };
  };
};

/** The ads as Amazon holds them, read through the adapter over HTTP. */
async function adsOnAmazon() {
  const account = (await findAdAccount(t.product.ctx.db, accountId, adAccountId))!;
  return (await advertisingAdapterFor(t.product.ctx, account)).listProductAds();
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({
    main: amazon,
    walmart,
    ebay,
  } = await connectMainWalmartEbay(t, seller, accountId, { main: 'amazon', products: 8 }));
}, 180_000);
afterAll(() => t?.stop());

describe('advertising on Amazon, run by stock', () => {
  it('connects the Ads profile of the Amazon channel and reads its campaigns, ads and days', async () => {
    const before = await page();
    expect(before.accounts).toEqual([]);
    expect(before.toConnect).toEqual([
      { channelId: amazon.id, marketplace: 'amazon', channelName: expect.any(String), asksAdvertiserId: false },
      // A sandbox channel: its advertiser is found without the seller naming it.
      { channelId: walmart.id, marketplace: 'walmart', channelName: expect.any(String), asksAdvertiserId: false },
      { channelId: ebay.id, marketplace: 'ebay', channelName: expect.any(String), asksAdvertiserId: false },
    ]);

    const connected = await seller.post('/api/advertising/accounts', { channelId: amazon.id });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(connected.body).toMatchObject({ marketplace: 'amazon', channelId: amazon.id, currency: 'USD' });
    adAccountId = connected.body.id;
    // Connecting again finds the same account.
    expect((await seller.post('/api/advertising/accounts', { channelId: amazon.id })).body.id).toBe(adAccountId);

    await vi.waitFor(async () => expect((await page()).accounts[0]?.lastSyncedAt).not.toBeNull(), {
      timeout: 60_000,
      interval: 250,
    });
    const read = await page();
    expect(read.toConnect.map((c) => c.marketplace)).toEqual(['walmart', 'ebay']);
    expect(read.accounts[0]?.lastError).toBeNull();
    const byName = Object.fromEntries(read.campaigns.map((c) => [c.name, c]));
    expect(Object.keys(byName).sort()).toEqual(['Best sellers', 'Clearance']);
    expect(byName['Best sellers']).toMatchObject({ state: 'enabled', dailyBudget: '25.00' });
    expect(byName['Clearance']).toMatchObject({ state: 'paused', dailyBudget: '10.00' });
    // Only running ads spend: the paused campaign's ads have no days.
    expect(Number(byName['Best sellers']!.spend)).toBeGreaterThan(0);
    expect(byName['Best sellers']!.impressions).toBeGreaterThan(0);
    expect(byName['Clearance']).toMatchObject({ spend: '0.00', sales: '0.00', acos: null, roas: null });
    const best = byName['Best sellers']!;
    if (Number(best.sales) > 0) expect(best.acos).toBeCloseTo(Number(best.spend) / Number(best.sales), 3);
    expect(read.totals.spend).toBe(best.spend);

    const skus = await seller.get(`/api/advertising/skus?${range}`);
    expect(skus.status).toBe(200);
    expect(skus.body.items).toHaveLength(6);
    for (const item of skus.body.items) {
      expect(item.ads).toHaveLength(1);
      // A SKU the catalogue holds none of had its ad paused by the first read's look at the rules.
      expect(item.ads[0]).toMatchObject({
        marketplace: 'amazon',
        pausedBy: item.available === 0 ? 'out_of_stock' : null,
      });
      expect(item.available).toBeGreaterThanOrEqual(0);
    }
    const spent = skus.body.items.reduce((sum: number, i: { spend: string }) => sum + Number(i.spend), 0);
    expect(spent.toFixed(2)).toBe(read.totals.spend);
  }, 90_000);

  it('pauses the ads of a SKU sold out on the main channel, with the change, and resumes them after restock', async () => {
    const before = await adsOnAmazon();
    const account = (await findAdAccount(t.product.ctx.db, accountId, adAccountId))!;
    const best = (await (await advertisingAdapterFor(t.product.ctx, account)).listCampaigns()).find(
      (c) => c.name === 'Best sellers',
    )!;
    // An ad running in the running campaign (an ad of a SKU without stock was paused at the first read).
    const running = before.find((a) => a.state === 'enabled' && a.campaignId === best.campaignId)!;
    expect(running).toBeDefined();
    const sku = running.sku;

    // Sold out by hand on Amazon (the main channel): the light read finds it, and the targets go to 0.
    await editByHand(t, amazon, sku, { quantity: 0 });
    await lightRead(t.product.ctx, { accountId, channelId: amazon.id });
    await vi.waitFor(
      async () => expect((await adsOnAmazon()).find((a) => a.adId === running.adId)?.state).toBe('paused'),
      { timeout: 45_000, interval: 250 },
    );
    const [held] = await query<{ paused_by: string; desired_state: string | null }>(
      t,
      sql`select paused_by, desired_state from product_ads where account_id = ${accountId} and ad_id = ${running.adId}`,
    );
    expect(held).toEqual({ paused_by: 'out_of_stock', desired_state: null });
    const history = await seller.get(`/api/advertising/skus?${range}`);
    expect(history.body.items.find((i: { sku: string }) => i.sku === sku).ads[0]).toEqual({
      marketplace: 'amazon',
      state: 'paused',
      campaignState: 'enabled',
      pausedBy: 'out_of_stock',
    });
    const moves = () =>
      query<{ cause: string; cause_ref: string; before: string; after: string; channel_id: string }>(
        t,
        sql`select cause, cause_ref, before, after, channel_id from changes
            where account_id = ${accountId} and sku = ${sku} and field = 'ad_state' order by created_at`,
      );
    expect(await moves()).toEqual([
      { cause: 'ad_rule', cause_ref: 'out of stock', before: 'enabled', after: 'paused', channel_id: amazon.id },
    ]);
    // The other ads are as they were.
    const others = (ads: typeof before) => ads.filter((a) => a.adId !== running.adId).map((a) => [a.adId, a.state]);
    expect(others(await adsOnAmazon())).toEqual(others(before));

    // Restocked: resumed, once.
    await editByHand(t, amazon, sku, { quantity: 7 });
    await lightRead(t.product.ctx, { accountId, channelId: amazon.id });
    await vi.waitFor(
      async () => expect((await adsOnAmazon()).find((a) => a.adId === running.adId)?.state).toBe('enabled'),
      { timeout: 45_000, interval: 250 },
    );
    expect((await moves()).map((m) => [m.before, m.after, m.cause_ref])).toEqual([
      ['enabled', 'paused', 'out of stock'],
      ['paused', 'enabled', 'out of stock no more'],
    ]);
    await settled(t, accountId);
  }, 120_000);

  it('keeps a sold-out SKU advertised when the seller turns the rule off', async () => {
    const saved = await seller.put('/api/advertising/rules', {
      pauseOutOfStock: false,
      pauseBelowDaysOfCover: null,
      pauseListingProblems: true,
    });
    expect(saved.status).toBe(200);
    expect((await page()).campaigns).toBeDefined();
    const running = (await adsOnAmazon()).find((a) => a.state === 'enabled')!;
    await editByHand(t, amazon, running.sku, { quantity: 0 });
    await lightRead(t.product.ctx, { accountId, channelId: amazon.id });
    await settled(t, accountId);
    // The rules looked (on the sell-out) and left it running.
    await vi.waitFor(async () =>
      expect(
        await query(
          t,
          sql`select 1 from pgboss.job where name = 'ads.apply-rules' and data->>'accountId' = ${accountId} and state in ('created', 'active', 'retry')`,
        ),
      ).toEqual([]),
    );
    expect((await adsOnAmazon()).find((a) => a.adId === running.adId)?.state).toBe('enabled');
    const invalid = await seller.put('/api/advertising/rules', {
      pauseOutOfStock: true,
      pauseBelowDaysOfCover: 0,
      pauseListingProblems: true,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toEqual(expect.any(String));
    // Back on: the sold-out SKU's ad pauses.
    expect(
      (
        await seller.put('/api/advertising/rules', {
          pauseOutOfStock: true,
          pauseBelowDaysOfCover: null,
          pauseListingProblems: true,
        })
      ).status,
    ).toBe(200);
    await vi.waitFor(
      async () => expect((await adsOnAmazon()).find((a) => a.adId === running.adId)?.state).toBe('paused'),
      { timeout: 45_000, interval: 250 },
    );
  }, 120_000);

  it('pauses, resumes and budgets a campaign on Amazon, refusing a budget of nothing', async () => {
    const best = (await page()).campaigns.find((c) => c.name === 'Best sellers')!;
    const paused = await seller.patch(`/api/advertising/campaigns/${best.id}`, { state: 'paused' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toEqual({ id: best.id, state: 'paused', dailyBudget: '25.00' });
    const budget = await seller.patch(`/api/advertising/campaigns/${best.id}`, { state: 'enabled', dailyBudget: '40' });
    expect(budget.body).toEqual({ id: best.id, state: 'enabled', dailyBudget: '40.00' });
    const account = (await findAdAccount(t.product.ctx.db, accountId, adAccountId))!;
    const onAmazon = (await (await advertisingAdapterFor(t.product.ctx, account)).listCampaigns()).find(
      (c) => c.name === 'Best sellers',
    );
    expect(onAmazon).toMatchObject({ state: 'enabled', dailyBudget: '40.00' });
    const none = await seller.patch(`/api/advertising/campaigns/${best.id}`, { dailyBudget: '0' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('A daily budget is an amount above 0, such as 25.00.');
    const audit = await query<{ before: unknown; after: unknown }>(
      t,
      sql`select before, after from audit_log where account_id = ${accountId} and action = 'advertising.campaign_changed' order by occurred_at`,
    );
    expect(audit.map((a) => a.after)).toEqual([
      { name: 'Best sellers', state: 'paused', dailyBudget: '25.00' },
      { name: 'Best sellers', state: 'enabled', dailyBudget: '40.00' },
    ]);
  }, 60_000);

  it("shows another account none of it, and refuses it the account's campaigns", async () => {
    const { browser: other } = await t.signedInSeller();
    const theirs = await page(other);
    expect(theirs).toMatchObject({ accounts: [], toConnect: [], campaigns: [] });
    expect((await other.get(`/api/advertising/skus?${range}`)).body.items).toEqual([]);
    const best = (await page()).campaigns.find((c) => c.name === 'Best sellers')!;
    expect((await other.patch(`/api/advertising/campaigns/${best.id}`, { state: 'paused' })).status).toBe(404);
    expect((await other.post(`/api/advertising/accounts/${adAccountId}/sync`)).status).toBe(404);
    expect((await other.post('/api/advertising/accounts', { channelId: amazon.id })).status).toBe(404);
    expect((await page()).campaigns.find((c) => c.name === 'Best sellers')?.state).toBe('enabled');
  }, 60_000);
  it('connects Walmart Connect and eBay Promoted Listings; a SKU sold out pauses its ads on every marketplace that can pause them', async () => {
    // An advertiser the seller names is tried as Walmart Connect answers for it; only Walmart asks for one.
    const notGranted = await seller.post('/api/advertising/accounts', { channelId: walmart.id, advertiserId: '12345' });
    expect(notGranted.status).toBe(409);
    expect(notGranted.body.message).toBe(
      "Walmart Connect does not let us act on advertiser 12345: give our partner access to it in Walmart Connect's Ad Center, then connect again.",
    );
    expect(
      (await seller.post('/api/advertising/accounts', { channelId: walmart.id, advertiserId: 'my shop' })).body,
    ).toEqual({ message: 'A Walmart Connect advertiser id is a number: enter it as Walmart Connect shows it.' });
    expect(
      (await seller.post('/api/advertising/accounts', { channelId: ebay.id, advertiserId: '12345' })).body,
    ).toEqual({ message: 'Only Walmart Connect asks for an advertiser id.' });
    expect((await page()).accounts.map((a) => a.marketplace)).toEqual(['amazon']);

    const connected = await seller.post('/api/advertising/accounts', { channelId: walmart.id });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    expect(connected.body).toMatchObject({ marketplace: 'walmart', channelId: walmart.id, currency: 'USD' });
    const walmartAccount = (await findAdAccount(t.product.ctx.db, accountId, connected.body.id))!;
    // Named, the same advertiser is the same account.
    const named = await seller.post('/api/advertising/accounts', {
      channelId: walmart.id,
      advertiserId: ` ${walmartAccount.externalId} `,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(201);
    expect(named.body.id).toBe(walmartAccount.id);
    await vi.waitFor(
      async () => expect((await page()).accounts.find((a) => a.id === walmartAccount.id)?.lastSyncedAt).not.toBeNull(),
      { timeout: 60_000, interval: 250 },
    );
    // eBay's Promoted Listings too, through the eBay channel's consent (sell.marketing).
    const ebayConnected = await seller.post('/api/advertising/accounts', { channelId: ebay.id });
    expect(ebayConnected.status, JSON.stringify(ebayConnected.body)).toBe(201);
    expect(ebayConnected.body).toMatchObject({ marketplace: 'ebay', channelId: ebay.id, currency: 'USD' });
    const ebayAccount = (await findAdAccount(t.product.ctx.db, accountId, ebayConnected.body.id))!;
    await vi.waitFor(
      async () => expect((await page()).accounts.find((a) => a.id === ebayAccount.id)?.lastSyncedAt).not.toBeNull(),
      { timeout: 60_000, interval: 250 },
    );
    const read = await page();
    expect(read.toConnect).toEqual([]);
    expect(read.accounts.map((a) => a.lastError)).toEqual([null, null, null]);
    expect(read.campaigns.map((c) => c.name).sort()).toEqual(
      [
        'Best sellers',
        'Clearance',
        'Walmart best sellers',
        'Walmart clearance',
        'eBay general',
        'eBay priority',
      ].sort(),
    );
    // eBay's cost-per-sale campaign pays a share of each sale: no daily budget to read or set.
    const general = read.campaigns.find((c) => c.name === 'eBay general')!;
    expect(general.dailyBudget).toBeNull();
    const noBudget = await seller.patch(`/api/advertising/campaigns/${general.id}`, { dailyBudget: '15' });
    expect(noBudget.status).toBe(400);
    expect(noBudget.body.message).toBe('This campaign has no daily budget: it pays a share of each sale instead.');
    expect(read.campaigns.find((c) => c.name === 'eBay priority')?.dailyBudget).toBe('20.00');
    // eBay's cost-per-sale ads cannot be paused on their own: the rules leave them be.
    const ebayAds = await query<{ sku: string; pausable: boolean; state: string }>(
      t,
      sql`select sku, pausable, state from product_ads where ad_account_id = ${ebayAccount.id} order by sku`,
    );
    expect(ebayAds).toHaveLength(6);
    expect(ebayAds.filter((ad) => !ad.pausable)).toHaveLength(3);
    expect(read.campaigns.find((c) => c.name === 'Walmart best sellers')).toMatchObject({
      state: 'enabled',
      dailyBudget: '30.00',
    });
    // Walmart names its ads' items by Walmart item id: they are matched to the catalogue's SKUs.
    const onWalmart = () => advertisingAdapterFor(t.product.ctx, walmartAccount).then((a) => a.listProductAds());
    const stored = await query<{ sku: string; product_id: string | null }>(
      t,
      sql`select sku, product_id from product_ads where ad_account_id = ${walmartAccount.id} order by sku`,
    );
    expect(stored).toHaveLength(6);
    expect(stored.every((ad) => ad.product_id !== null)).toBe(true);

    // A SKU running on both: sold out on the main channel, its ads pause on both marketplaces, and come back.
    const runningOnAmazon = new Set((await adsOnAmazon()).filter((a) => a.state === 'enabled').map((a) => a.sku));
    const both = (await onWalmart()).find((a) => a.state === 'enabled' && runningOnAmazon.has(a.sku))!;
    expect(both).toBeDefined();
    const onEbay = () => advertisingAdapterFor(t.product.ctx, ebayAccount).then((a) => a.listProductAds());
    const ebayAd = (await onEbay()).find((a) => a.sku === both.sku)!;
    expect(ebayAd).toBeDefined();
    const states = async () => [
      (await adsOnAmazon()).find((a) => a.sku === both.sku && a.state !== 'archived')?.state,
      (await onWalmart()).find((a) => a.adId === both.adId)?.state,
      (await onEbay()).find((a) => a.adId === ebayAd.adId)?.state,
    ];
    // A cost-per-click ad on eBay pauses with the others; a cost-per-sale one keeps running.
    const ebayWhileSoldOut = ebayAd.pausable === false ? 'enabled' : 'paused';
    await editByHand(t, amazon, both.sku, { quantity: 0 });
    await lightRead(t.product.ctx, { accountId, channelId: amazon.id });
    await vi.waitFor(async () => expect(await states()).toEqual(['paused', 'paused', ebayWhileSoldOut]), {
      timeout: 45_000,
      interval: 250,
    });
    const moves = await query<{ channel_id: string; after: string }>(
      t,
      sql`select channel_id, after from changes where account_id = ${accountId} and sku = ${both.sku}
          and field = 'ad_state' order by created_at`,
    );
    expect(moves.map((m) => [m.channel_id, m.after]).sort()).toEqual(
      [
        [amazon.id, 'paused'],
        [walmart.id, 'paused'],
        ...(ebayWhileSoldOut === 'paused' ? [[ebay.id, 'paused']] : []),
      ].sort(),
    );
    await editByHand(t, amazon, both.sku, { quantity: 4 });
    await lightRead(t.product.ctx, { accountId, channelId: amazon.id });
    await vi.waitFor(async () => expect(await states()).toEqual(['enabled', 'enabled', 'enabled']), {
      timeout: 45_000,
      interval: 250,
    });
    await settled(t, accountId);
  }, 180_000);
});

describe('advertising with Amazon as the only channel', () => {
  let solo: Browser;
  let soloAccount: string;
  let onlyAmazon: ConnectedChannel;
  let adsThere: () => Promise<Awaited<ReturnType<typeof adsOnAmazon>>>;
  let adId: string;
  let sku: string;

  const soldOutAndBack = async (quantity: number, state: 'enabled' | 'paused') => {
    await editByHand(t, onlyAmazon, sku, { quantity });
    await lightRead(t.product.ctx, { accountId: soloAccount, channelId: onlyAmazon.id });
    await vi.waitFor(async () => expect((await adsThere()).find((a) => a.adId === adId)?.state).toBe(state), {
      timeout: 45_000,
      interval: 250,
    });
  };
  // The moves of the chosen SKU's ad (another SKU's ad may move while the catalogue's stock is first read).
  const adMoves = () =>
    query<{ id: string; cause: string; before: string; after: string; cause_ref: string }>(
      t,
      sql`select id, cause, before, after, cause_ref from changes
          where account_id = ${soloAccount} and sku = ${sku} and field = 'ad_state' order by created_at`,
    );
  const heldAs = async () =>
    (
      await query<{ paused_by: string | null; rules_overridden: string | null }>(
        t,
        sql`select paused_by, rules_overridden from product_ads where account_id = ${soloAccount} and ad_id = ${adId}`,
      )
    )[0];

  it('pauses the ad of a SKU sold out on Amazon and resumes it after restock, with no target to write to', async () => {
    ({ browser: solo, accountId: soloAccount } = await t.signedInSeller());
    onlyAmazon = await connectWithSandboxSeller(solo, 'amazon', 4);
    await vi.waitFor(
      async () => expect(await query(t, sql`select 1 from products where account_id = ${soloAccount}`)).toHaveLength(4),
      { timeout: 60_000, interval: 250 },
    );
    await settled(t, soloAccount);
    const connected = await solo.post('/api/advertising/accounts', { channelId: onlyAmazon.id });
    expect(connected.status, JSON.stringify(connected.body)).toBe(201);
    const account = (await findAdAccount(t.product.ctx.db, soloAccount, connected.body.id))!;
    adsThere = async () => (await advertisingAdapterFor(t.product.ctx, account)).listProductAds();
    await vi.waitFor(async () => expect((await page(solo)).accounts[0]?.lastSyncedAt).not.toBeNull(), {
      timeout: 60_000,
      interval: 250,
    });
    const running = (await adsThere()).find((a) => a.state === 'enabled')!;
    expect(running).toBeDefined();
    ({ adId, sku } = running);

    await soldOutAndBack(0, 'paused');
    await soldOutAndBack(3, 'enabled');
    expect((await adMoves()).map((m) => [m.before, m.after])).toEqual([
      ['enabled', 'paused'],
      ['paused', 'enabled'],
    ]);
    await settled(t, soloAccount);
  }, 180_000);

  it("undoes the rules' pause: the ad runs while that SKU stays sold out, and the rules take it back once restocked", async () => {
    await soldOutAndBack(0, 'paused');
    const [first, , pause] = await adMoves();
    // Only the latest move can be undone: the history says so, and the server refuses an older one.
    const detail = await solo.get(`/api/listings/items/${encodeURIComponent(sku)}`);
    expect(detail.status).toBe(200);
    const entries = (detail.body.history as Array<{ id: string; undoable?: boolean }>).filter((c) =>
      [first!.id, pause!.id].includes(c.id),
    );
    expect(Object.fromEntries(entries.map((c) => [c.id, c.undoable]))).toEqual({
      [first!.id]: false,
      [pause!.id]: true,
    });
    const older = await solo.post(`/api/advertising/rule-actions/${first!.id}/undo`);
    expect(older.status).toBe(409);
    expect(older.body.message).toBe('These ads have changed since the rule moved them, so there is nothing to undo.');

    const undone = await solo.post(`/api/advertising/rule-actions/${pause!.id}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body).toEqual({ ads: 1, state: 'enabled' });
    await vi.waitFor(async () => expect((await adsThere()).find((a) => a.adId === adId)?.state).toBe('enabled'), {
      timeout: 45_000,
      interval: 250,
    });
    expect(await heldAs()).toEqual({ paused_by: null, rules_overridden: 'out_of_stock' });
    expect((await adMoves()).at(-1)).toMatchObject({
      cause: 'ad_undo',
      before: 'paused',
      after: 'enabled',
      cause_ref: `undo:${pause!.id}`,
    });
    // Still sold out: the rules look again and leave it running.
    expect(await applyAdRules(t.product.ctx, { accountId: soloAccount })).toEqual({ paused: 0, resumed: 0 });
    expect((await solo.post(`/api/advertising/rule-actions/${pause!.id}/undo`)).status).toBe(409);
    const [audit] = await query<{ after: unknown }>(
      t,
      sql`select after from audit_log where account_id = ${soloAccount} and action = 'advertising.rule_action_undone'`,
    );
    expect(audit?.after).toEqual({ adState: 'enabled', ads: 1 });

    // Restocked: the override ends with its reason, and nothing moves.
    await editByHand(t, onlyAmazon, sku, { quantity: 5 });
    await lightRead(t.product.ctx, { accountId: soloAccount, channelId: onlyAmazon.id });
    await vi.waitFor(async () => expect(await heldAs()).toEqual({ paused_by: null, rules_overridden: null }), {
      timeout: 45_000,
      interval: 250,
    });
    expect((await adMoves()).map((m) => m.cause)).toEqual(['ad_rule', 'ad_rule', 'ad_rule', 'ad_undo']);
    // Sold out once more: paused as before.
    await soldOutAndBack(0, 'paused');
    await settled(t, soloAccount);
  }, 180_000);

  it("undoes the rules' resume: the ad stays paused as the seller's own, which the rules never lift", async () => {
    await soldOutAndBack(6, 'enabled');
    const resume = (await adMoves()).at(-1)!;
    expect(resume).toMatchObject({ cause: 'ad_rule', before: 'paused', after: 'enabled' });
    // Another account cannot undo it.
    const { browser: other } = await t.signedInSeller();
    expect((await other.post(`/api/advertising/rule-actions/${resume.id}/undo`)).status).toBe(404);

    const undone = await solo.post(`/api/advertising/rule-actions/${resume.id}/undo`);
    expect(undone.body).toEqual({ ads: 1, state: 'paused' });
    await vi.waitFor(async () => expect((await adsThere()).find((a) => a.adId === adId)?.state).toBe('paused'), {
      timeout: 45_000,
      interval: 250,
    });
    expect(await heldAs()).toEqual({ paused_by: null, rules_overridden: null });
    expect(await applyAdRules(t.product.ctx, { accountId: soloAccount })).toEqual({ paused: 0, resumed: 0 });
    await settled(t, soloAccount);
  }, 120_000);
});
