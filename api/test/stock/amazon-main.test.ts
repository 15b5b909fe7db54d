import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { connectWithSandboxSeller, installOnShopify, type ConnectedChannel } from '../support/channel-flows.ts';

/**
 * Amazon takes a quantity for later processing: an adjustment of the main channel there is only
 * done once a read shows it, and a second adjustment of the same SKU waits for it, or its
 * read-then-set would overwrite the first (or, sent in another order on a retry, apply one twice).
 */
let t: TestProduct;
let accountId: string;
let amazon: ConnectedChannel;
let shopify: ConnectedChannel;
const rows = async <T>(q: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
const quantityOn = async (channel: ConnectedChannel, sku: string) =>
  (
    (await (
      await fetch(
        `${t.url}/sandbox/${channel.kind}/_control/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`,
      )
    ).json()) as { quantity: number }
  ).quantity;

beforeAll(async () => {
  t = await startTestProduct();
  const { browser: seller, accountId: account } = await t.signedInSeller();
  accountId = account;
  amazon = await connectWithSandboxSeller(seller, 'amazon', 6);
  shopify = (await installOnShopify(seller, 'install', { products: 6 })).channel!;
  await vi.waitFor(
    async () =>
      expect(
        (await rows(`select 1 from listings where channel_id = '${shopify.id}' and product_id is not null`)).length,
      ).toBe(6),
    { timeout: 30_000 },
  );
}, 150_000);
afterAll(() => t?.stop());

describe('an Amazon main channel', () => {
  it('two sales of one SKU on Shopify reach it in full, each once', async () => {
    expect(amazon.role).toBe('main');
    const [product] = await rows<{ sku: string; on_hand: number }>(
      `select sku, on_hand from products where account_id = '${accountId}' and on_hand > 10 order by sku limit 1`,
    );
    const sku = product!.sku;
    const before = await quantityOn(amazon, sku);
    expect(before).toBe(product!.on_hand);
    for (const units of [2, 3]) {
      const order = await fetch(`${t.url}/sandbox/shopify/_control/sellers/${shopify.sandboxSellerId}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ sku, quantity: units }] }),
      });
      expect(order.status).toBe(201);
    }
    // One adjustment per sale, each applied once.
    await vi.waitFor(
      async () =>
        expect(
          await rows(`select delta, status from stock_adjustments where account_id = '${accountId}' order by delta`),
        ).toEqual([
          { delta: -3, status: 'applied' },
          { delta: -2, status: 'applied' },
        ]),
      { timeout: 60_000 },
    );
    expect(await quantityOn(amazon, sku)).toBe(before - 5);
    await vi.waitFor(
      async () =>
        expect(
          await rows(`select on_hand, committed from products where account_id = '${accountId}' and sku = '${sku}'`),
        ).toEqual([{ on_hand: before - 5, committed: 0 }]),
      { timeout: 30_000 },
    );
  }, 150_000);
});
