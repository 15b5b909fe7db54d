/**
 * Stock history (issue 25: sell-through and days out of stock). A trigger on products records the available
 * stock each time it moves, whatever moved it, at the writer's clock; the sales report reads each listed
 * SKU's days with none available in the range and what was left at its end. Figures computed by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { addChannelRow, addOrderRow, orderLine } from '../support/seeded-rows.ts';
import { products, stockLevels } from '../../src/db/schema/index.ts';
import { pruneStockLevels, stockOverSpan } from '../../src/db/queries/stock-levels.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let neighbourAccountId: string;
let shopify: string;

const db = () => t.database.handle.db;
const at = (iso: string) => new Date(iso);
const WEEK = 'from=2026-11-01&to=2026-11-07&timeZone=UTC';

async function setStock(sku: string, owner: string, values: { onHand?: number; committed?: number }, when: string) {
  await db()
    .update(products)
    .set({ ...values, updatedAt: at(when) })
    .where(and(eq(products.accountId, owner), eq(products.sku, sku)));
}

async function levelsOf(sku: string, owner = accountId) {
  return db()
    .select({ at: stockLevels.at, available: stockLevels.available })
    .from(stockLevels)
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(and(eq(products.accountId, owner), eq(products.sku, sku)))
    .orderBy(asc(stockLevels.at), asc(stockLevels.id));
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ accountId: neighbourAccountId } = await t.signedInSeller());
  shopify = await addChannelRow(db(), accountId, 'shopify', 'main');
  const neighbourShopify = await addChannelRow(db(), neighbourAccountId, 'shopify', 'main');
  const product = (owner: string, sku: string, onHand: number, when: string) => ({
    accountId: owner,
    sku,
    title: sku,
    currency: 'USD',
    price: '10.00',
    onHand,
    committed: 0,
    updatedAt: at(when),
  });
  await db()
    .insert(products)
    .values([
      product(accountId, 'MUG', 5, '2026-10-01T00:00:00Z'),
      product(accountId, 'LAMP', 0, '2026-11-05T00:00:00Z'),
      product(accountId, 'VASE', 8, '2026-10-01T00:00:00Z'),
      product(accountId, 'PLATE', 2, '2026-10-01T00:00:00Z'),
      // Made two days ago with none, and none since.
      product(accountId, 'CUP', 0, new Date(Date.now() - 2 * 86_400_000).toISOString()),
      // The same SKU in another account, out of stock all week: none of it shows here.
      product(neighbourAccountId, 'MUG', 0, '2026-10-01T00:00:00Z'),
    ]);
  // The mug sells out on 3 November at midnight and is restocked on the 4th at noon: a day and a half without.
  await setStock('MUG', accountId, { committed: 5 }, '2026-11-03T00:00:00Z');
  await setStock('MUG', accountId, { onHand: 9 }, '2026-11-04T12:00:00Z');
  // Made on the 5th with none, stocked on the 6th: one day out of stock, counted from when it was made.
  await setStock('LAMP', accountId, { onHand: 3 }, '2026-11-06T00:00:00Z');
  // After the range: not counted.
  await setStock('VASE', accountId, { onHand: 0 }, '2026-11-10T00:00:00Z');
  await setStock('VASE', accountId, { onHand: 6 }, '2026-11-12T00:00:00Z');
  await addOrderRow(db(), accountId, shopify, '2026-11-02T10:00:00Z', [orderLine('MUG', 5, '10.00')]);
  await addOrderRow(db(), accountId, shopify, '2026-11-06T10:00:00Z', [orderLine('LAMP', 1, '40.00')]);
  // Sold on a channel only: the catalogue has no such SKU.
  await addOrderRow(db(), accountId, shopify, '2026-11-02T11:00:00Z', [orderLine('GIFT-CARD', 2, '25.00')]);
  await addOrderRow(db(), neighbourAccountId, neighbourShopify, '2026-11-02T10:00:00Z', [orderLine('MUG', 9, '10.00')]);
});
afterAll(() => t?.stop());

describe('the stock history', () => {
  it('records the available stock each time it moves, at the writer’s clock, and nothing when it does not', async () => {
    expect(await levelsOf('MUG')).toEqual([
      { at: at('2026-10-01T00:00:00Z'), available: 5 },
      { at: at('2026-11-03T00:00:00Z'), available: 0 },
      { at: at('2026-11-04T12:00:00Z'), available: 4 },
    ]);
    // A title changed, the stock not: no new level.
    await db()
      .update(products)
      .set({ title: 'Blue mug' })
      .where(and(eq(products.accountId, accountId), eq(products.sku, 'MUG')));
    // On hand and committed moved together (a shipment): available unchanged, no new level.
    await setStock('MUG', accountId, { onHand: 8, committed: 4 }, '2026-11-20T00:00:00Z');
    expect(await levelsOf('MUG')).toHaveLength(3);
    // Never below zero: more committed than on hand is none available.
    await setStock('PLATE', accountId, { committed: 3 }, '2026-11-11T00:00:00Z');
    await setStock('PLATE', accountId, { committed: 4 }, '2026-11-12T00:00:00Z');
    expect((await levelsOf('PLATE')).map((l) => l.available)).toEqual([2, 0]);
    // A statement that does not set updated_at is recorded at the database's time.
    const before = Date.now();
    await db().execute(sql`update products set on_hand = 10 where account_id = ${accountId} and sku = 'PLATE'`);
    const moved = (await levelsOf('PLATE')).at(-1)!;
    expect(moved.available).toBe(6);
    expect(moved.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
  });

  it('is kept per account: the neighbour’s mug has its own', async () => {
    expect(await levelsOf('MUG', neighbourAccountId)).toEqual([{ at: at('2026-10-01T00:00:00Z'), available: 0 }]);
  });
});

describe('sell-through and days out of stock', () => {
  it('gives each best seller its days with none available in the range and its sell-through, computed by hand', async () => {
    const { status, body } = await seller.get(`/api/analytics/sales?${WEEK}`);
    expect(status).toBe(200);
    const bySku = Object.fromEntries(body.topSkus.map((row: { sku: string }) => [row.sku, row]));
    // 5 sold; 4 left at the week's end: 5 / 9.
    expect(bySku.MUG).toMatchObject({ units: 5, sellThrough: 0.556, daysOutOfStock: 1.5 });
    // 1 sold, 3 left: 1 / 4; out of stock from when it was made (the 5th) to the 6th.
    expect(bySku.LAMP).toMatchObject({ units: 1, sellThrough: 0.25, daysOutOfStock: 1 });
    expect(bySku['GIFT-CARD']).toMatchObject({ units: 2, sellThrough: null, daysOutOfStock: null });
    // The vase sold none and never ran out in the week (it did on the 10th): 0 of 8.
    const vase = body.slowestSkus.find((row: { sku: string }) => row.sku === 'VASE');
    expect(vase).toMatchObject({ units: 0, sellThrough: 0, daysOutOfStock: 0 });
  });

  it('counts a product from when it was made, up to now', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rows = await stockOverSpan(db(), accountId, ['CUP', 'MUG'], new Date(`${day(-5)}T00:00:00Z`), new Date());
    expect(rows.map((r) => r.sku)).toEqual(['CUP', 'MUG']);
    // Two days without, from when it was made to now.
    expect(rows[0]!.daysOutOfStock).toBeGreaterThan(1.99);
    expect(rows[0]!.daysOutOfStock).toBeLessThan(2.01);
    expect(rows[0]!.availableAtEnd).toBe(0);
    expect(rows[1]).toEqual({ sku: 'MUG', daysOutOfStock: 0, availableAtEnd: 4 });
  });
});

describe('the history’s retention', () => {
  it('lets go of levels older than the cutoff, keeping each product’s last one before it, which a span then opens with', async () => {
    await db()
      .insert(products)
      .values([
        { accountId, sku: 'OLD', title: 'Old', onHand: 5, updatedAt: at('2023-01-01T00:00:00Z') },
        { accountId, sku: 'STILL', title: 'Still', onHand: 2, updatedAt: at('2023-02-01T00:00:00Z') },
      ]);
    await setStock('OLD', accountId, { onHand: 0 }, '2023-06-01T00:00:00Z');
    await setStock('OLD', accountId, { onHand: 3 }, '2024-01-01T00:00:00Z');
    await setStock('OLD', accountId, { onHand: 1 }, '2024-09-01T00:00:00Z');
    expect(await pruneStockLevels(db(), at('2024-06-01T00:00:00Z'))).toBe(2);
    expect(await levelsOf('OLD')).toEqual([
      { at: at('2024-01-01T00:00:00Z'), available: 3 },
      { at: at('2024-09-01T00:00:00Z'), available: 1 },
    ]);
    // A product whose only level is old keeps it: it is still its stock.
    expect(await levelsOf('STILL')).toEqual([{ at: at('2023-02-01T00:00:00Z'), available: 2 }]);
    const [old] = await stockOverSpan(db(), accountId, ['OLD'], at('2024-06-01T00:00:00Z'), at('2024-10-01T00:00:00Z'));
    expect(old).toEqual({ sku: 'OLD', daysOutOfStock: 0, availableAtEnd: 1 });
    // Run again: nothing more to let go.
    expect(await pruneStockLevels(db(), at('2024-06-01T00:00:00Z'))).toBe(0);
  });
});
