import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { addChannelRow, addOrderRow, orderLine } from '../support/seeded-rows.ts';
import {
  changes,
  listingDrift,
  listings,
  listingWrites,
  products,
  syncRuns,
  type channels,
  type OrderLineRecord,
} from '../../src/db/schema/index.ts';
import { startOfUtcDay } from '../../src/modules/dashboard/dashboard.ts';
import { noteRateLimitUse } from '../../src/db/queries/channels.ts';

/**
 * The dashboard's figures come from the account's own orders, channels and listings; days are
 * calendar days in UTC. Rows are written directly: these tests are about the sums, not how orders arrive.
 */
const DAY_MS = 24 * 3600 * 1000;
let t: TestProduct;
let seller: Browser;
let neighbour: Browser;
let accountId: string;
let neighbourAccountId: string;

const db = () => t.database.handle.db;
const line = orderLine;
const addChannel = (
  account: string,
  kind: 'amazon' | 'walmart' | 'ebay' | 'shopify',
  role: 'main' | 'target',
  extra: Partial<typeof channels.$inferInsert> = {},
) => addChannelRow(db(), account, kind, role, extra);
const addOrder = async (
  account: string,
  channelId: string,
  orderedAt: Date,
  lines: OrderLineRecord[],
  status: 'open' | 'shipped' | 'cancelled' = 'open',
) => void (await addOrderRow(db(), account, channelId, orderedAt, lines, status));

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ browser: neighbour, accountId: neighbourAccountId } = await t.signedInSeller());
}, 60_000);
afterAll(() => t?.stop());

describe('dashboard', () => {
  it('asks to be signed in', async () => {
    expect((await t.browser().get('/api/dashboard')).status).toBe(401);
  });

  it('a new account sees the setup steps, none done, and no figures', async () => {
    const answer = await seller.get('/api/dashboard');
    expect(answer.status).toBe(200);
    expect(answer.body.setup).toEqual({ channelConnected: false, mainChosen: false, catalogueImported: false });
    expect(answer.body.today).toEqual({ revenue: [], orders: 0, units: 0 });
    expect(answer.body.health).toEqual([]);
    expect(answer.body.alerts).toEqual([]);
  });

  it('sums today and the last 30 days by UTC calendar day, per channel and currency, without cancelled units', async () => {
    const shopify = await addChannel(accountId, 'shopify', 'main');
    const amazon = await addChannel(accountId, 'amazon', 'target');
    expect((await seller.get('/api/dashboard')).body.setup).toEqual({
      channelConnected: true,
      mainChosen: true,
      catalogueImported: false,
    });
    await db()
      .insert(products)
      .values([
        { accountId, sku: 'MUG-1', title: 'Mug', currency: 'USD', price: '12.50', onHand: 40, committed: 0 },
        { accountId, sku: 'LAMP-1', title: 'Lamp', currency: 'USD', price: '80.00', onHand: 3, committed: 1 },
      ]);
    await db().insert(syncRuns).values({
      accountId,
      channelId: null,
      kind: 'import',
      trigger: 'connect',
      status: 'succeeded',
      done: 2,
      finishedAt: new Date(),
    });

    const today = startOfUtcDay(t.product.ctx.clock());
    const thirtyDaysStart = new Date(today.getTime() - 29 * DAY_MS);
    // Today: two orders on Shopify (one with a line partly cancelled), one on Amazon in euros.
    await addOrder(accountId, shopify, today, [line('MUG-1', 2, '12.50'), line('LAMP-1', 1, '80.00')]);
    await addOrder(accountId, shopify, new Date(today.getTime() + 60_000), [line('MUG-1', 3, '12.50', 'USD', 1)]);
    await addOrder(accountId, amazon, new Date(today.getTime() + 120_000), [line('MUG-1', 1, '11.00', 'EUR')]);
    // Cancelled today: counts for nothing.
    await addOrder(accountId, amazon, new Date(today.getTime() + 180_000), [line('LAMP-1', 5, '80.00')], 'cancelled');
    // Just before midnight: in the 30 days, not today.
    await addOrder(accountId, amazon, new Date(today.getTime() - 1), [line('LAMP-1', 1, '79.99')]);
    // The first moment of the 30 days counts; the moment before does not.
    await addOrder(accountId, shopify, thirtyDaysStart, [line('MUG-1', 4, '10.00'), line('GIFT', 1, null)]);
    await addOrder(accountId, shopify, new Date(thirtyDaysStart.getTime() - 1), [line('MUG-1', 100, '10.00')]);

    const answer = await seller.get('/api/dashboard');
    expect(answer.status).toBe(200);
    const body = answer.body;
    expect(body.currency).toBe('USD');
    // 2 × 12.50 + 80.00 + 2 × 12.50 = 130.00 USD; 11.00 EUR.
    expect(body.today).toEqual({
      revenue: [
        { currency: 'USD', amount: '130.00' },
        { currency: 'EUR', amount: '11.00' },
      ],
      orders: 3,
      units: 6,
    });
    // Plus 79.99 USD (yesterday) and 4 × 10.00 USD and a line without a price (30 days ago).
    expect(body.last30Days).toEqual({
      revenue: [
        { currency: 'USD', amount: '249.99' },
        { currency: 'EUR', amount: '11.00' },
      ],
      orders: 5,
      units: 12,
    });
    const byChannel = Object.fromEntries(body.byChannel.map((c: { channelId: string }) => [c.channelId, c]));
    expect(byChannel[shopify]).toMatchObject({
      channelKind: 'shopify',
      today: { revenue: [{ currency: 'USD', amount: '130.00' }], orders: 2, units: 5 },
      last30Days: { revenue: [{ currency: 'USD', amount: '170.00' }], orders: 3, units: 10 },
    });
    expect(byChannel[amazon]).toMatchObject({
      channelKind: 'amazon',
      today: { revenue: [{ currency: 'EUR', amount: '11.00' }], orders: 1, units: 1 },
      last30Days: {
        revenue: [
          { currency: 'USD', amount: '79.99' },
          { currency: 'EUR', amount: '11.00' },
        ],
        orders: 2,
        units: 2,
      },
    });
    expect(body.setup).toEqual({ channelConnected: true, mainChosen: true, catalogueImported: true });
    // The newest orders first, each with its units and revenue.
    expect(body.recentOrders[0]).toMatchObject({ channelKind: 'amazon', status: 'cancelled', units: 0, revenue: [] });
    expect(body.recentOrders[1]).toMatchObject({
      channelKind: 'amazon',
      units: 1,
      revenue: [{ currency: 'EUR', amount: '11.00' }],
    });
    // The main channel first in sync health.
    expect(body.health.map((h: { channelId: string }) => h.channelId)).toEqual([shopify, amazon]);
    expect(body.alerts).toEqual([{ kind: 'low_stock', count: 1 }]);
  });

  it('shows sync health and alerts: lag of the oldest value on its way, refused values, channels in error, suppressed listings, open drift', async () => {
    const ebay = await addChannel(accountId, 'ebay', 'target', {
      status: 'error',
      statusReason: 'eBay refused the channel’s credentials.',
    });
    const [mug] = await db()
      .insert(listings)
      .values({ accountId, channelId: ebay, sku: 'MUG-1', status: 'suppressed' })
      .returning({ id: listings.id });
    const now = t.product.ctx.clock();
    await db()
      .insert(listingWrites)
      .values([
        {
          accountId,
          channelId: ebay,
          listingId: mug!.id,
          sku: 'MUG-1',
          field: 'quantity',
          after: '5',
          status: 'pending',
          createdAt: new Date(now.getTime() - 90_000),
        },
        {
          accountId,
          channelId: ebay,
          listingId: mug!.id,
          sku: 'MUG-1',
          field: 'price',
          after: '12.50',
          status: 'failed',
          message: 'Price below the floor.',
          updatedAt: now,
        },
      ]);
    await db().insert(listingDrift).values({
      accountId,
      channelId: ebay,
      listingId: mug!.id,
      sku: 'MUG-1',
      field: 'price',
      expected: '12.50',
      found: '9.99',
    });
    const body = (await seller.get('/api/dashboard')).body;
    const health = body.health.find((h: { channelId: string }) => h.channelId === ebay);
    expect(health).toMatchObject({
      status: 'error',
      statusReason: 'eBay refused the channel’s credentials.',
      waitingWrites: 1,
      failures24h: 1,
    });
    expect(health.lagSeconds).toBeGreaterThanOrEqual(90);
    expect(health.lagSeconds).toBeLessThan(200);
    expect(body.health.find((h: { channelKind: string }) => h.channelKind === 'shopify').lagSeconds).toBeNull();
    expect(body.alerts).toEqual([
      { kind: 'failed_pushes', count: 1 },
      { kind: 'channels_in_error', count: 1 },
      { kind: 'suppressed_listings', count: 1 },
      { kind: 'low_stock', count: 1 },
      { kind: 'open_drift', count: 1 },
    ]);
  });

  it("shows each channel's rate-limit use noted over the last minute; an older note means no calls since, so none used", async () => {
    const [shopify, amazon] = (await seller.get('/api/dashboard')).body.health.map(
      (h: { channelId: string }) => h.channelId,
    ) as string[];
    const now = t.product.ctx.clock();
    await noteRateLimitUse(
      db(),
      accountId,
      amazon!,
      { percent: 91, operation: 'patchListingsItem', limited: 3 },
      new Date(now.getTime() - 20_000),
    );
    await noteRateLimitUse(
      db(),
      accountId,
      shopify!,
      { percent: 40, operation: 'graphql', limited: 0 },
      new Date(now.getTime() - 90_000),
    );
    // A note naming another account's channel changes nothing there.
    await noteRateLimitUse(db(), neighbourAccountId, amazon!, { percent: 5, operation: 'getOrders', limited: 0 }, now);
    const health = (await seller.get('/api/dashboard')).body.health as Array<{
      channelId: string;
      rateLimitUse: number;
      rateLimitOperation: string | null;
      rateLimitName: string | null;
      rateLimited: number;
    }>;
    const use = (id: string) => health.find((h) => h.channelId === id)!;
    // The limit in the seller's words beside the operation's own name.
    expect(use(amazon!)).toMatchObject({
      rateLimitUse: 91,
      rateLimitOperation: 'patchListingsItem',
      rateLimitName: 'Listing updates',
      rateLimited: 3,
    });
    expect(use(shopify!)).toMatchObject({
      rateLimitUse: 0,
      rateLimitOperation: null,
      rateLimitName: null,
      rateLimited: 0,
    });
  });

  it('groups a rule change or a bulk edit over many SKUs into one row of recent changes', async () => {
    const { ctx } = t.product;
    const channelId = await addChannel(accountId, 'ebay', 'target', { externalSellerId: 'ebay-grouping' });
    const at = ctx.clock();
    // A rule change on eBay touching 240 SKUs, then a bulk edit of 3 prices, then one order.
    await db()
      .insert(changes)
      .values(
        Array.from({ length: 240 }, (_, i) => ({
          accountId,
          channelId,
          sku: `RULE-${String(i).padStart(3, '0')}`,
          cause: 'rule_change' as const,
          causeRef: 'channel rules changed',
          field: 'quantity' as const,
          before: '10',
          after: '8',
          createdAt: new Date(at.getTime() - 3000),
        })),
      );
    await db()
      .insert(changes)
      .values(
        ['B-1', 'B-2', 'B-3'].map((sku) => ({
          accountId,
          sku,
          cause: 'bulk_edit' as const,
          causeRef: 'batch-1',
          field: 'price' as const,
          before: '9.99',
          after: '8.99',
          createdAt: new Date(at.getTime() - 2000),
        })),
      );
    await db()
      .insert(changes)
      .values({
        accountId,
        sku: 'ONE-1',
        cause: 'order',
        field: 'available',
        before: '5',
        after: '4',
        createdAt: new Date(at.getTime() - 1000),
      });
    const recent = (await seller.get('/api/dashboard')).body.recentChanges;
    expect(recent.slice(0, 3)).toEqual([
      expect.objectContaining({ cause: 'order', sku: 'ONE-1', skuCount: 1, before: '5', after: '4' }),
      expect.objectContaining({
        cause: 'bulk_edit',
        field: 'price',
        sku: 'B-1',
        skuCount: 3,
        before: null,
        after: null,
      }),
      expect.objectContaining({ cause: 'rule_change', field: 'quantity', channelKind: 'ebay', skuCount: 240 }),
    ]);
    // The other account sees none of them.
    expect((await neighbour.get('/api/dashboard')).body.recentChanges).toEqual([]);
  });

  it('another account sees none of it', async () => {
    const body = (await neighbour.get('/api/dashboard')).body;
    expect(body.today).toEqual({ revenue: [], orders: 0, units: 0 });
    expect(body.last30Days).toEqual({ revenue: [], orders: 0, units: 0 });
    expect(body.byChannel).toEqual([]);
    expect(body.health).toEqual([]);
    expect(body.alerts).toEqual([]);
    expect(body.recentOrders).toEqual([]);
    expect(body.recentChanges).toEqual([]);
    expect(body.setup).toEqual({ channelConnected: false, mainChosen: false, catalogueImported: false });
    // Its own order shows to it alone.
    const own = await addChannel(neighbourAccountId, 'walmart', 'main');
    await addOrder(neighbourAccountId, own, t.product.ctx.clock(), [line('CUP', 1, '3.00')]);
    expect((await neighbour.get('/api/dashboard')).body.today).toEqual({
      revenue: [{ currency: 'USD', amount: '3.00' }],
      orders: 1,
      units: 1,
    });
    expect((await seller.get('/api/dashboard')).body.today.orders).toBe(3);
  });
});
