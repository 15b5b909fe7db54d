import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { importCatalogue } from '../../src/modules/sync/catalogue-import.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
const rows = async <T>(query: string): Promise<T[]> => ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const count = async (query: string) => Number((await rows<{ n: number }>(query))[0]!.n);

const connect = (kind: 'walmart' | 'amazon') => connectWithSandboxSeller(seller, kind, 12);

beforeAll(async () => {
  t = await startTestProduct();
  const userId = await t.createUser({ email: 'seller@example.com', password: 'seller secret 1' });
  accountId = (await rows<{ account_id: string }>(`select account_id from users where id = '${userId}'`))[0]!.account_id;
  seller = t.browser();
  await seller.signIn('seller@example.com', 'seller secret 1');
});
afterAll(() => t?.stop());

describe('catalogue import from the main channel', () => {
  it('imports the main channel catalogue with its stock when it is connected, by a job enqueued with the connection', async () => {
    const walmart = await connect('walmart');
    expect(walmart.role).toBe('main');
    await vi.waitFor(async () => expect(await count(`select count(*)::int as n from products where account_id = '${accountId}'`)).toBe(12), { timeout: 20_000 });
    const product = (await rows<{ sku: string; title: string; on_hand: number; price: string; gtin: string }>(`select sku, title, on_hand, price, gtin from products where account_id = '${accountId}' order by sku limit 1`))[0]!;
    const marketplace = await (await fetch(`${t.url}/sandbox/walmart/_control/sellers/${walmart.sandboxSellerId}/items/${encodeURIComponent(product.sku)}`)).json();
    expect(product.on_hand).toBe(marketplace.quantity);
    expect(Number(product.price)).toBe(Number(marketplace.price));
    // Walmart reports GTIN-14 (zero-padded); others GTIN-13.
    expect(product.gtin).toMatch(/^\d{12,14}$/);
    expect(await count(`select count(*)::int as n from listings where channel_id = '${walmart.id}' and product_id is not null`)).toBe(12);
  });

  it('links a target’s listings to the products by SKU when the target is connected', async () => {
    const amazon = await connect('amazon');
    expect(amazon.role).toBe('target');
    await vi.waitFor(async () => expect(await count(`select count(*)::int as n from listings where channel_id = '${amazon.id}' and product_id is not null`)).toBe(12), { timeout: 20_000 });
  });

  it('is safe to run twice, and keeps a SKU that only a target has without deleting it', async () => {
    const before = await rows<{ n: number }>(`select count(*)::int as n from products`);
    const [amazon] = await rows<{ id: string }>(`select id from channels where kind = 'amazon'`);
    await t.database.handle.db.execute(sql.raw(`insert into listings (account_id, channel_id, sku, status) values ('${accountId}', '${amazon!.id}', 'ONLY-ON-AMAZON', 'active')`));
    const first = await importCatalogue(t.product.ctx, { accountId });
    const second = await importCatalogue(t.product.ctx, { accountId });
    expect(first).toEqual(second);
    expect(await rows<{ n: number }>(`select count(*)::int as n from products`)).toEqual(before);
    expect(await rows<{ product_id: string | null }>(`select product_id from listings where sku = 'ONLY-ON-AMAZON'`)).toEqual([{ product_id: null }]);
  });
});
