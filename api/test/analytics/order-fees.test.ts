/**
 * Fees and profit (issue 25): orders placed through the sandboxes' buyer control get their fees from
 * Amazon's Finances API v0, eBay's Finances API, Walmart's settlement (recon) report and Shopify's order transactions
 * over HTTP ('marketplace'); an order whose fees are still not posted a week on is estimated from the account's fee
 * table ('estimate'); the job stores an order's fees once however often it runs;
 * the sales report's profit per channel and SKU equals a direct computation from the orders, products,
 * fees and refunds; another account sees none of it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, consentOnEbay, installOnShopify } from '../support/channel-flows.ts';
import { sandboxRequests } from '../support/sync-checks.ts';
import { pollOrders } from '../../src/modules/orders/order-polling.ts';
import { readOrderFees, requestFeeReads } from '../../src/modules/analytics/order-fees.ts';
import { channelsWithFeesToRead } from '../../src/db/queries/order-fees.ts';

type Kind = 'walmart' | 'amazon' | 'ebay' | 'shopify';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let signIn: () => Promise<void>;
const channels = {} as Record<Kind, { id: string; sandboxSellerId: string }>;
const ctx = () => t.product.ctx;
const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> =>
  ((await t.database.handle.db.execute(query)) as unknown as { rows: T[] }).rows;

type OrderRow = { id: string; marketplace_order_id: string; total: string; status: string };
/** The channel's orders, with their totals as the fee table estimates from (the marketplace's, else the lines'). */
const ordersOf = (kind: Kind) =>
  rows<OrderRow>(sql`
    select o.id, o.marketplace_order_id, o.status, coalesce(o.total_amount, (select sum((l->'price'->>'amount')::numeric
      * ((l->>'quantity')::int - coalesce((l->>'cancelledQuantity')::int, 0))) from jsonb_array_elements(o.lines) l))::text as total
    from orders o where o.channel_id = ${channels[kind].id} order by o.ordered_at`);
const feesOf = (orderId: string) =>
  rows<{ amount: string; currency: string; source: string; account_id: string }>(
    sql`select amount::text, currency, source, account_id from order_fees where order_id = ${orderId}`,
  );

async function buy(kind: Kind, sku: string, quantity: number) {
  const answer = await fetch(`${t.url}/sandbox/${kind}/_control/sellers/${channels[kind].sandboxSellerId}/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines: [{ sku, quantity }] }),
  });
  expect(answer.status).toBe(201);
}

/** Buys one unit on the channel and waits until the order is recorded with its prices. */
async function sell(kind: Kind, sku: string): Promise<OrderRow> {
  const before = (await ordersOf(kind)).length;
  await buy(kind, sku, 1);
  await vi.waitFor(
    async () => {
      // Amazon's notification carries no prices: its order read adds them.
      if (kind === 'amazon') await pollOrders(ctx(), { accountId, channelId: channels.amazon.id });
      const orders = await ordersOf(kind);
      expect(orders).toHaveLength(before + 1);
      expect(orders.at(-1)!.total).not.toBeNull();
    },
    { timeout: 30_000, interval: 500 },
  );
  return (await ordersOf(kind)).at(-1)!;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const money = (c: number) => (c / 100).toFixed(2);
let sku: string;
let costlessSku: string;

beforeAll(async () => {
  t = await startTestProduct();
  const owner = await t.signedInSeller();
  ({ browser: seller, accountId } = owner);
  // After the clock has moved days on, the session has ended: signed in again.
  signIn = () => seller.signIn(owner.email, owner.password);
  for (const kind of ['walmart', 'amazon'] as const) {
    const channel = await connectWithSandboxSeller(seller, kind, 6);
    channels[kind] = { id: channel.id, sandboxSellerId: channel.sandboxSellerId };
  }
  const ebay = await consentOnEbay(seller, 'agree', { products: 6 });
  channels.ebay = { id: ebay.channel!.id, sandboxSellerId: ebay.channel!.sandboxSellerId };
  const shopify = await installOnShopify(seller, 'install', { products: 6 });
  channels.shopify = { id: shopify.channel!.id, sandboxSellerId: shopify.channel!.sandboxSellerId };
  await vi.waitFor(
    async () =>
      expect(
        (await rows(sql`select 1 from products where account_id = ${accountId} and on_hand > 10`)).length,
      ).toBeGreaterThan(1),
    { timeout: 30_000 },
  );
  const skus = await rows<{ sku: string }>(
    sql`select sku from products where account_id = ${accountId} and on_hand > 10 order by sku limit 2`,
  );
  [sku, costlessSku] = [skus[0]!.sku, skus[1]!.sku];
  await t.database.handle.db.execute(
    sql`update products set cost = 3.25 where account_id = ${accountId} and sku = ${sku}`,
  );
  await t.database.handle.db.execute(
    sql`update products set cost = null where account_id = ${accountId} and sku = ${costlessSku}`,
  );
}, 120_000);
afterAll(() => t?.stop());

/** The Amazon order whose fees were read, for the reads again at the end. */
let amazonOrder: OrderRow;
let amazonFeeCents: number;

describe("the marketplaces' fees per order", () => {
  it("reads an Amazon order's fees once it has shipped (its referral fee, 15 %), asking again later and later meanwhile", async () => {
    const order = await sell('amazon', sku);
    const financeReads = async () =>
      (await sandboxRequests(t, 'amazon'))
        .filter((r) => r.path === `/finances/v0/orders/${order.marketplace_order_id}/financialEvents`)
        .map((r) => [r.method, r.status]);
    const check = async () =>
      (
        await rows<{ checks: number; wait_minutes: number }>(
          sql`select checks, round(extract(epoch from next_check_at - ${ctx().clock().toISOString()}::timestamptz) / 60)::int as wait_minutes
              from order_fee_checks where order_id = ${order.id}`,
        )
      )[0];
    // Not shipped: Amazon has posted nothing; the order is asked again in 15 minutes, and not before.
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.amazon.id })).toBe(0);
    expect(await check()).toEqual({ checks: 1, wait_minutes: 15 });
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.amazon.id })).toBe(0);
    expect(await financeReads()).toEqual([['GET', 200]]);
    // Still not shipped 15 minutes later: 30 minutes more.
    t.advance(16 * 60);
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.amazon.id })).toBe(0);
    expect(await check()).toEqual({ checks: 2, wait_minutes: 30 });

    // Shipped: once its time has come, the fees Amazon posted are read.
    const { body: carriers } = await seller.get('/api/orders/carriers');
    const ups = carriers.amazon.find((c: { code: string }) => c.code.toUpperCase() === 'UPS');
    const shipped = await seller.post('/api/orders/shipments', {
      shipments: [{ orderId: order.id, carrier: ups.code, trackingNumber: '1Z999AA10123456784' }],
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    await vi.waitFor(
      async () => {
        const held = await fetch(
          `${t.url}/sandbox/amazon/_control/sellers/${channels.amazon.sandboxSellerId}/orders/${order.marketplace_order_id}`,
        );
        expect(((await held.json()) as { packages: unknown[] }).packages).toHaveLength(1);
      },
      { timeout: 30_000, interval: 250 },
    );
    t.advance(31 * 60);
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.amazon.id })).toBe(1);
    const fee = Math.max(Math.round(cents(order.total) * 0.15), 30);
    expect(await feesOf(order.id)).toEqual([
      { amount: money(fee), currency: 'USD', source: 'marketplace', account_id: accountId },
    ]);
    expect(await financeReads()).toEqual([
      ['GET', 200],
      ['GET', 200],
      ['GET', 200],
    ]);
    amazonOrder = order;
    amazonFeeCents = fee;
  });

  it("reads an eBay order's fees from the sandbox's getTransactions, filtered by the order's id", async () => {
    const order = await sell('ebay', sku);
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.ebay.id })).toBe(1);
    // eBay US's final value fee: 13.6 % of the total, and 40¢ per order over $10 (30¢ at or under).
    const total = cents(order.total);
    const fee = Math.round(total * 0.136) + (total > 1000 ? 40 : 30);
    expect(await feesOf(order.id)).toEqual([
      { amount: money(fee), currency: 'USD', source: 'marketplace', account_id: accountId },
    ]);
    const reads = (await sandboxRequests(t, 'ebay')).filter((r) => r.path === '/sell/finances/v1/transaction');
    expect(reads.map((r) => [r.method, r.status])).toEqual([['GET', 200]]);
  });

  it("reads a Walmart order's fees from Walmart's settlement report once the order is in one (the sandbox's commission: 15 %)", async () => {
    const order = await sell('walmart', sku);
    // Walmart settles it into a report (the sandbox's control: at once, rather than the day after).
    const settled = await fetch(
      `${t.url}/sandbox/walmart/_control/sellers/${channels.walmart.sandboxSellerId}/recon/settle`,
      { method: 'POST' },
    );
    expect(settled.status).toBe(200);
    expect((await settled.json()).purchaseOrderIds).toContain(order.marketplace_order_id);
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.walmart.id })).toBe(1);
    // Walmart's commission is on the items' price (not on shipping or tax).
    const { items } = (
      await rows<{ items: string }>(sql`select sum((l->'price'->>'amount')::numeric * (l->>'quantity')::int)::text
        as items from orders o, jsonb_array_elements(o.lines) l where o.id = ${order.id}`)
    )[0]!;
    expect(await feesOf(order.id)).toEqual([
      {
        amount: money(Math.round(cents(items) * 0.15)),
        currency: 'USD',
        source: 'marketplace',
        account_id: accountId,
      },
    ]);
    const reads = (await sandboxRequests(t, 'walmart')).filter((r) => /reconreport/.test(r.path));
    expect(reads.map((r) => [r.method, r.path.split('?')[0], r.status])).toEqual([
      ['GET', '/v3/report/reconreport/availableReconFiles', 200],
      ['GET', '/v3/report/reconreport/reconFile', 200],
    ]);
  });

  it("reads a Shopify order's fees from its Shopify Payments transaction (2.9 % + 30¢) through the job the rollup's minute asks for, stored once however often it runs", async () => {
    const order = await sell('shopify', costlessSku);
    // Two runs at once, then the queue's own job: the order's fees are stored once.
    const runs = await Promise.all([
      readOrderFees(ctx(), { accountId, channelId: channels.shopify.id }),
      readOrderFees(ctx(), { accountId, channelId: channels.shopify.id }),
    ]);
    // Each run answers how many it stored: together, the one order.
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await requestFeeReads(ctx())).toBeGreaterThanOrEqual(0);
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.shopify.id })).toBe(0);
    const fee = money(Math.round(cents(order.total) * 0.029) + 30);
    expect(await feesOf(order.id)).toEqual([
      { amount: fee, currency: 'USD', source: 'marketplace', account_id: accountId },
    ]);

    // A new order is picked by the rollup's request and the queue's worker.
    const next = await sell('shopify', sku);
    expect(await requestFeeReads(ctx())).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect(await feesOf(next.id)).toHaveLength(1), { timeout: 30_000, interval: 250 });
  });
});

type ProfitRow = {
  units: number;
  revenue: string;
  cost: string;
  fees: string;
  refunds: string;
  adSpend: string;
  profit: string;
  estimated: boolean;
  unitsWithoutCost: number;
};

describe('profit in the sales report', () => {
  it('equals revenue − cost − fees − refunds computed straight from the orders, per channel and SKU; another account sees none of it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    // Every order has its fees by now (Amazon's, eBay's, Walmart's and Shopify's read from them).
    for (const kind of ['amazon', 'ebay', 'walmart', 'shopify'] as const)
      await readOrderFees(ctx(), { accountId, channelId: channels[kind].id });
    const report = await seller.get(`/api/analytics/sales?from=${today}&to=${today}`);
    expect(report.status).toBe(200);
    const direct = await rows<{
      channel_id: string;
      sku: string;
      units: number;
      revenue: string;
      cost: string;
      fees: string;
      refunds: string;
      costless: number;
      estimated: boolean;
    }>(sql`
      with lines as (
        select o.id, o.channel_id, l->>'sku' as sku, (l->>'quantity')::int - coalesce((l->>'cancelledQuantity')::int, 0) as units,
          (l->'price'->>'amount')::numeric as price
        from orders o, jsonb_array_elements(o.lines) l
        where o.account_id = ${accountId} and o.status <> 'cancelled' and o.ordered_at >= ${today}::date
      )
      select l.channel_id, l.sku, sum(l.units)::int as units, sum(l.price * l.units)::numeric(14, 2)::text as revenue,
        coalesce(sum(p.cost * l.units), 0)::numeric(14, 2)::text as cost, coalesce(sum(f.amount), 0)::numeric(14, 2)::text as fees,
        '0.00' as refunds, sum(case when p.cost is null then l.units else 0 end)::int as costless,
        coalesce(bool_or(f.source = 'estimate'), false) as estimated
      from lines l left join products p on p.account_id = ${accountId} and p.sku = l.sku
      left join order_fees f on f.order_id = l.id
      group by l.channel_id, l.sku`);
    // Each order here has one line: its fees are its SKU's.
    expect(direct.length).toBeGreaterThanOrEqual(4);
    const sum = (list: typeof direct, key: 'revenue' | 'cost' | 'fees') =>
      money(list.reduce((s, r) => s + cents(r[key]), 0));
    const expected = (list: typeof direct): ProfitRow => ({
      units: list.reduce((s, r) => s + r.units, 0),
      revenue: sum(list, 'revenue'),
      cost: sum(list, 'cost'),
      fees: sum(list, 'fees'),
      refunds: '0.00',
      adSpend: '0.00',
      profit: money(cents(sum(list, 'revenue')) - cents(sum(list, 'cost')) - cents(sum(list, 'fees'))),
      estimated: list.some((r) => r.estimated),
      unitsWithoutCost: list.reduce((s, r) => s + r.costless, 0),
    });
    const profit = report.body.profit as {
      totals: ProfitRow;
      byChannel: Array<ProfitRow & { channelId: string }>;
      bySku: Array<ProfitRow & { sku: string }>;
    };
    for (const kind of ['amazon', 'ebay', 'walmart', 'shopify'] as const) {
      const row = profit.byChannel.find((c) => c.channelId === channels[kind].id)!;
      expect(row, kind).toMatchObject(expected(direct.filter((r) => r.channel_id === channels[kind].id)));
    }
    for (const s of [sku, costlessSku]) {
      const row = profit.bySku.find((r) => r.sku === s)!;
      expect(row, s).toMatchObject(expected(direct.filter((r) => r.sku === s)));
    }
    expect(profit.totals).toMatchObject(expected(direct));
    expect(profit.byChannel.find((c) => c.channelId === channels.walmart.id)).toMatchObject({ estimated: false });
    expect(profit.bySku.find((r) => r.sku === costlessSku)!.unitsWithoutCost).toBeGreaterThan(0);

    // Another account: no profit of the first's orders, the default fee table, and no fees read for it.
    const other = await t.signedInSeller();
    const theirs = await other.browser.get(`/api/analytics/sales?from=${today}&to=${today}`);
    expect(theirs.body.profit).toMatchObject({ totals: { units: 0, revenue: '0.00', fees: '0.00' }, bySku: [] });
    expect((await other.browser.get('/api/analytics/fee-table')).body.kinds).toContainEqual(
      expect.objectContaining({ kind: 'walmart', percent: '15.000', fixed: '0.00', isDefault: true }),
    );
    const feesBefore = await rows(sql`select order_id from order_fees order by order_id`);
    expect(await readOrderFees(ctx(), { accountId: other.accountId, channelId: channels.walmart.id })).toBe(0);
    expect(await rows(sql`select order_id from order_fees order by order_id`)).toEqual(feesBefore);
    expect(await rows(sql`select 1 from order_fees where account_id = ${other.accountId}`)).toEqual([]);
  });
});

describe('ad spend in the profit', () => {
  it("takes off the ad spend of the range's days: per channel its ad accounts', per SKU its ads'; not another currency's, day's or account's", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const report = async (query = '') =>
      (await seller.get(`/api/analytics/sales?from=${today}&to=${today}${query}`)).body.profit as {
        totals: ProfitRow;
        byChannel: Array<ProfitRow & { channelId: string }>;
        bySku: Array<ProfitRow & { sku: string }>;
      };
    const before = await report();
    const adAccount = async (channelId: string, currency: string, externalId: string) =>
      (
        await rows<{
          id: string;
        }>(sql`insert into ad_accounts (account_id, channel_id, marketplace, external_id, name, currency)
          values (${accountId}, ${channelId}, 'amazon', ${externalId}, 'Ads', ${currency}) returning id`)
      )[0]!.id;
    const dollars = await adAccount(channels.amazon.id, 'USD', 'profile-usd');
    const euros = await adAccount(channels.ebay.id, 'EUR', 'profile-eur');
    const spent = (adAccountId: string, day: string, adId: string, adSku: string | null, spend: string) =>
      t.database.handle.db
        .execute(sql`insert into ad_performance_daily (account_id, ad_account_id, day, campaign_id, ad_id,
          sku, impressions, clicks, spend, sales, orders, units)
        values (${accountId}, ${adAccountId}, ${day}::date, 'c-1', ${adId}, ${adSku}, 100, 4, ${spend}::numeric, 0, 0, 0)`);
    await spent(dollars, today, 'ad-1', sku, '12.34');
    // A campaign's spend not broken down by ad: its channel's, no SKU's.
    await spent(dollars, today, '', null, '5.00');
    await spent(dollars, yesterday, 'ad-1', sku, '99.00');
    await spent(euros, today, 'ad-2', sku, '7.00');

    const after = await report();
    const amazonBefore = before.byChannel.find((c) => c.channelId === channels.amazon.id)!;
    const amazon = after.byChannel.find((c) => c.channelId === channels.amazon.id)!;
    expect(amazon.adSpend).toBe('17.34');
    expect(amazon.profit).toBe(money(cents(amazonBefore.profit) - 1734));
    expect(after.byChannel.find((c) => c.channelId === channels.ebay.id)!.adSpend).toBe('0.00');
    const skuBefore = before.bySku.find((r) => r.sku === sku)!;
    const skuAfter = after.bySku.find((r) => r.sku === sku)!;
    expect(skuAfter.adSpend).toBe('12.34');
    expect(skuAfter.profit).toBe(money(cents(skuBefore.profit) - 1234));
    expect(after.totals.adSpend).toBe('17.34');
    expect(after.totals.profit).toBe(money(cents(before.totals.profit) - 1734));
    // Only the channels asked for: Amazon's ad spend goes with Amazon.
    const withoutAmazon = await report(`&channelIds=${channels.ebay.id}&channelIds=${channels.walmart.id}`);
    expect(withoutAmazon.totals.adSpend).toBe('0.00');
    // Another account: none of it.
    const other = await t.signedInSeller();
    const theirs = await other.browser.get(`/api/analytics/sales?from=${today}&to=${today}`);
    expect(theirs.body.profit.totals.adSpend).toBe('0.00');
  });
});

// Last: it moves the clock on by weeks.
describe("the marketplaces' fees adjusted later", () => {
  it("reads an Amazon order's fees again 2, 7 and 30 days later: a refund's fee adjustments change them, told on the order's timeline", async () => {
    const order = amazonOrder;
    const financeReads = async () =>
      (await sandboxRequests(t, 'amazon')).filter(
        (r) => r.path === `/finances/v0/orders/${order.marketplace_order_id}/financialEvents`,
      ).length;
    const readsBefore = await financeReads();
    const readFees = () => readOrderFees(ctx(), { accountId, channelId: channels.amazon.id });
    const refundOne = () =>
      fetch(
        `${t.url}/sandbox/amazon/_control/sellers/${channels.amazon.sandboxSellerId}/orders/${order.marketplace_order_id}/refunds`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ sku, quantity: 1 }] }),
        },
      );
    // Amazon refunds the buyer: it credits the referral fee back and charges its refund commission (20 %, at most $5).
    expect((await refundOne()).status).toBe(201);
    // A second refund of the one unit shipped is refused.
    expect((await refundOne()).status).toBe(409);

    // Not due yet: Amazon is not asked.
    expect(await readFees()).toBe(0);
    expect(await financeReads()).toBe(readsBefore);
    expect(await feesOf(order.id)).toEqual([
      { amount: money(amazonFeeCents), currency: 'USD', source: 'marketplace', account_id: accountId },
    ]);

    // Two days after the first read: asked again; the refund's adjustments leave the refund commission.
    t.advance(2 * 86_400 + 60);
    // The rollup's minute would ask for this channel's read (asked here without a job, which would read it too).
    expect(await channelsWithFeesToRead(t.database.handle.db, ctx().clock())).toContainEqual({
      accountId,
      channelId: channels.amazon.id,
    });
    expect(await readFees()).toBe(1);
    const after = Math.min(Math.round(amazonFeeCents * 0.2), 500);
    expect(await feesOf(order.id)).toEqual([
      { amount: money(after), currency: 'USD', source: 'marketplace', account_id: accountId },
    ]);
    await signIn();
    const { body: detail } = await seller.get(`/api/orders/${order.id}`);
    // The order's drawer shows the fees as they stand now.
    expect(detail.fees).toEqual({ amount: money(after), currency: 'USD' });
    expect(detail.timeline.filter((e: { kind: string }) => e.kind === 'fees adjusted')).toEqual([
      {
        at: expect.any(String),
        kind: 'fees adjusted',
        actor: 'Amazon',
        detail: `${money(amazonFeeCents)} USD → ${money(after)} USD`,
      },
    ]);
    // Run twice: the second finds nothing due.
    expect(await readFees()).toBe(0);
    expect(await financeReads()).toBe(readsBefore + 1);

    // Day 7 and day 30: asked again, nothing new, nothing told.
    t.advance(5 * 86_400);
    expect(await readFees()).toBe(0);
    t.advance(23 * 86_400);
    expect(await readFees()).toBe(0);
    expect(await financeReads()).toBe(readsBefore + 3);
    // Then final: never asked again.
    t.advance(30 * 86_400);
    expect(await readFees()).toBe(0);
    expect(await financeReads()).toBe(readsBefore + 3);
    await signIn();
    const { body: later } = await seller.get(`/api/orders/${order.id}`);
    expect(later.timeline.filter((e: { kind: string }) => e.kind === 'fees adjusted')).toHaveLength(1);
  });
  it('estimates from the fee table (15 % for Walmart by default) an order in no settlement report a week on, and a changed table applies to later orders only', async () => {
    await signIn();
    // The clock is weeks ahead of the sandbox's: an order placed now is a week old for the fees' read, and in no
    // report yet (Walmart's sandbox settles it the day after).
    const first = await sell('walmart', costlessSku);
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.walmart.id })).toBe(1);
    const estimate = (total: string, percent: number, fixed: number) =>
      money(Math.round((cents(total) * percent) / 100) + fixed);
    expect(await feesOf(first.id)).toEqual([
      { amount: estimate(first.total, 15, 0), currency: 'USD', source: 'estimate', account_id: accountId },
    ]);

    const changed = await seller.put('/api/analytics/fee-table', {
      kinds: [{ kind: 'walmart', percent: 10.5, fixed: '0.25' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.kinds).toContainEqual({
      kind: 'walmart',
      percent: '10.500',
      fixed: '0.25',
      reportedByMarketplace: true,
      isDefault: false,
    });
    const audits = () =>
      rows(sql`select 1 from audit_log where account_id = ${accountId} and target_type = 'fee_table'`);
    expect(await audits()).toHaveLength(1);
    // Saved as it is: nothing written, nothing audited.
    expect(
      (await seller.put('/api/analytics/fee-table', { kinds: [{ kind: 'walmart', percent: 10.5, fixed: '0.25' }] }))
        .status,
    ).toBe(200);
    expect(await audits()).toHaveLength(1);
    for (const bad of [
      { kinds: [] },
      { kinds: [{ kind: 'etsy', percent: 1, fixed: '0' }] },
      { kinds: [{ kind: 'walmart', percent: 101, fixed: '0' }] },
    ]) {
      const refused = await seller.put('/api/analytics/fee-table', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual(expect.any(String));
    }

    const second = await sell('walmart', costlessSku);
    expect(await readOrderFees(ctx(), { accountId, channelId: channels.walmart.id })).toBe(1);
    expect(await feesOf(second.id)).toEqual([
      { amount: estimate(second.total, 10.5, 25), currency: 'USD', source: 'estimate', account_id: accountId },
    ]);
    expect((await feesOf(first.id))[0]!.amount).toBe(estimate(first.total, 15, 0));
  });
});
