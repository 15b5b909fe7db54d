import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { runSync, requestSync } from '../../src/modules/reconciliation/sync-run.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const count = async (query: string) => Number((await rows<{ n: number }>(query))[0]!.n);

const connect = (kind: 'walmart' | 'amazon', products = 12) => connectWithSandboxSeller(seller, kind, products);
const importNow = async () => {
  const run = await t.product.ctx.db.transaction((tx) =>
    requestSync(t.product.ctx, tx, { accountId, channelId: null, kind: 'import', trigger: 'user', startedBy: null }),
  );
  return runSync(t.product.ctx, { accountId, runId: run.id });
};

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
});
afterAll(() => t?.stop());

describe('catalogue import from the main channel', () => {
  it('imports the main channel catalogue with its stock when it is connected, by a job enqueued with the connection', async () => {
    const walmart = await connect('walmart');
    expect(walmart.role).toBe('main');
    await vi.waitFor(
      async () =>
        expect(await count(`select count(*)::int as n from products where account_id = '${accountId}'`)).toBe(12),
      { timeout: 20_000 },
    );
    const product = (
      await rows<{ sku: string; title: string; on_hand: number; price: string; gtin: string }>(
        `select sku, title, on_hand, price, gtin from products where account_id = '${accountId}' order by sku limit 1`,
      )
    )[0]!;
    const marketplace = await (
      await fetch(
        `${t.url}/sandbox/walmart/_control/sellers/${walmart.sandboxSellerId}/items/${encodeURIComponent(product.sku)}`,
      )
    ).json();
    expect(product.on_hand).toBe(marketplace.quantity);
    expect(Number(product.price)).toBe(Number(marketplace.price));
    // Walmart reports GTIN-14 (zero-padded); others GTIN-13.
    expect(product.gtin).toMatch(/^\d{12,14}$/);
    expect(
      await count(
        `select count(*)::int as n from listings where channel_id = '${walmart.id}' and product_id is not null`,
      ),
    ).toBe(12);
    // The run is recorded with its progress, for the page that shows it.
    await vi.waitFor(
      async () =>
        expect(
          await rows(`select kind, trigger, status, done from sync_runs where account_id = '${accountId}'`),
        ).toEqual([{ kind: 'import', trigger: 'connect', status: 'succeeded', done: 12 }]),
      { timeout: 20_000 },
    );
  });

  it('links a target’s listings to the products by SKU when the target is connected, and brings it to the main channel’s values', async () => {
    const amazon = await connect('amazon');
    expect(amazon.role).toBe('target');
    await vi.waitFor(
      async () =>
        expect(
          await count(
            `select count(*)::int as n from listings where channel_id = '${amazon.id}' and product_id is not null`,
          ),
        ).toBe(12),
      { timeout: 20_000 },
    );
    // Every Amazon listing ends holding the main channel's quantity and price.
    await vi.waitFor(
      async () =>
        expect(
          await count(
            `select count(*)::int as n from listings l join products p on p.id = l.product_id where l.channel_id = '${amazon.id}' and l.confirmed_quantity = p.on_hand - p.committed and l.confirmed_price = p.price`,
          ),
        ).toBe(12),
      { timeout: 30_000 },
    );
  });

  it('is safe to run twice, and keeps a SKU that only a target has without deleting it', async () => {
    const before = await rows<{ n: number }>(`select count(*)::int as n from products`);
    const [amazon] = await rows<{ id: string }>(`select id from channels where kind = 'amazon'`);
    await t.database.handle.db.execute(
      sql.raw(
        `insert into listings (account_id, channel_id, sku, status) values ('${accountId}', '${amazon!.id}', 'ONLY-ON-AMAZON', 'active')`,
      ),
    );
    const first = await importNow();
    const second = await importNow();
    expect(first?.status).toBe('succeeded');
    expect(second?.status).toBe('succeeded');
    expect(second?.repaired).toBe(0);
    expect(await rows<{ n: number }>(`select count(*)::int as n from products`)).toEqual(before);
    expect(
      await rows<{ product_id: string | null }>(`select product_id from listings where sku = 'ONLY-ON-AMAZON'`),
    ).toEqual([{ product_id: null }]);
  });
});

describe('plan limits on import', () => {
  it('a trial imports up to 1,000 SKUs and says why the rest were left out, deleting nothing', async () => {
    const other = await startTestProduct();
    try {
      const { browser, accountId: otherAccount } = await other.signedInSeller();
      const db = other.database.handle.db;
      const q = async <T>(query: string) => ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
      await connectWithSandboxSeller(browser, 'amazon', 1_050);
      await vi.waitFor(
        async () =>
          expect(
            (await q<{ status: string }>(`select status from sync_runs where account_id = '${otherAccount}'`))[0]
              ?.status,
          ).toBe('partial'),
        { timeout: 60_000 },
      );
      const [run] = await q<{ message: string; done: number }>(
        `select message, done from sync_runs where account_id = '${otherAccount}'`,
      );
      expect(run!.message).toBe(
        'Your free trial includes up to 1,000 SKUs. 50 more SKUs were not imported; nothing was deleted. Upgrade your plan to import them.',
      );
      expect(await q(`select count(*)::int as n from products where account_id = '${otherAccount}'`)).toEqual([
        { n: 1000 },
      ]);
      // The catalogue's header and the dashboard tell it too, with the way to upgrade.
      expect((await browser.get('/api/listings?pageSize=1')).body).toMatchObject({
        total: 1000,
        skuLimit: 1000,
        skusBeyondLimit: 50,
      });
      expect((await browser.get('/api/dashboard')).body.alerts).toContainEqual({ kind: 'sku_limit', count: 50 });
    } finally {
      await other.stop();
    }
  }, 120_000);
});
