/**
 * A title edited in the hub reaches the channels (issue 22, item 3): a CSV import's title is a change
 * with its before and after in the SKU's history, sent to every channel whose rules sync titles (the
 * main channel included) with the marketplace's own title call, read back here from each sandbox over
 * HTTP; a channel whose rules leave titles alone keeps its own; Walmart, which has no title-only call,
 * is not sent one. Undo puts the old title back everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import {
  connectWithSandboxSeller,
  consentOnEbay,
  installOnShopify,
  type ConnectedChannel,
} from '../support/channel-flows.ts';
import { query, settled } from '../support/sync-checks.ts';
import { findChannel } from '../../src/db/queries/channels.ts';
import { adapterForChannel } from '../../src/modules/channel-access/channel-adapter.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let shopify: ConnectedChannel;
let amazon: ConnectedChannel;
let ebay: ConnectedChannel;
let walmart: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller({ firstName: 'Tia', lastName: 'Title' }));
  shopify = (await installOnShopify(seller, 'install', { products: 3 })).channel!;
  amazon = await connectWithSandboxSeller(seller, 'amazon', 3);
  ebay = (await consentOnEbay(seller, 'agree', { products: 3 })).channel!;
  walmart = await connectWithSandboxSeller(seller, 'walmart', 3);
  expect(shopify.role).toBe('main');
  await settled(t, accountId);
});
afterAll(() => t?.stop());

/** The title a channel's marketplace holds for a SKU, read through its adapter from the sandbox (real HTTP). */
async function titleOn(channel: ConnectedChannel, sku: string): Promise<string | undefined> {
  const record = await findChannel(t.product.ctx.db, accountId, channel.id);
  const adapter = await adapterForChannel(t.product.ctx, record!);
  let cursor: string | undefined;
  do {
    const page = await adapter.listCatalogue(cursor);
    const item = page.items.find((i) => i.sku === sku);
    if (item) return item.title ?? undefined;
    cursor = page.next;
  } while (cursor);
  return undefined;
}

interface HistoryEntry {
  field: string;
  before: string | null;
  after: string | null;
  results: Array<{ channelKind: string; status: string; message?: string | null }>;
  batch?: { batchId: string } | null;
}
const history = async (sku: string): Promise<HistoryEntry[]> => {
  const answer = await seller.get(`/api/listings/items/${encodeURIComponent(sku)}`);
  expect(answer.status).toBe(200);
  return answer.body.history;
};

describe('titles edited in the hub', () => {
  let sku: string;
  let oldTitle: string;
  const newTitle = 'Stoneware Mug, Speckled Glaze, 350 ml';

  it('a CSV title is a change with before and after, sent to every channel that syncs titles', async () => {
    // eBay keeps its own titles.
    expect((await seller.patch(`/api/channels/${ebay.id}/rules`, { syncTitle: false })).status).toBe(200);
    const [product] = await query<{ sku: string; title: string }>(
      t,
      sql`select sku, title from products where account_id = ${accountId} order by sku limit 1`,
    );
    ({ sku, title: oldTitle } = product!);
    const ebayBefore = await titleOn(ebay, sku);

    const imported = await seller.post('/api/listings/import', { csv: `sku,title\n${sku},"${newTitle}"\n` });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    await settled(t, accountId);

    const [entry] = (await history(sku)).filter((h) => h.field === 'title');
    expect(entry).toMatchObject({ before: oldTitle, after: newTitle });
    const results = Object.fromEntries(entry!.results.map((r) => [r.channelKind, r.status]));
    // Walmart has no title-only call: it is not sent one (its listing stays in sync for stock and price).
    expect(results).toEqual({ shopify: 'confirmed', amazon: 'confirmed' });

    // Shopify's product takes the title; its listing reads it with the variant's options after it.
    expect(await titleOn(shopify, sku)).toMatch(new RegExp(`^${newTitle}( - .+)?$`));
    expect(await titleOn(amazon, sku)).toBe(newTitle);
    expect(await titleOn(ebay, sku)).toBe(ebayBefore);
    expect(
      await query(t, sql`select 1 from listing_writes where channel_id = ${walmart.id} and field = 'title'`),
    ).toEqual([]);
    const [walmartListing] = await query<{ status: string; last_error: string | null }>(
      t,
      sql`select status, last_error from listings where channel_id = ${walmart.id} and sku = ${sku}`,
    );
    expect(walmartListing).toEqual({ status: 'active', last_error: null });
  });

  it('undone from the history, the old title goes back to the same channels', async () => {
    const [entry] = (await history(sku)).filter((h) => h.field === 'title' && h.after === newTitle);
    const undone = await seller.post(`/api/listings/changes/${entry!.batch!.batchId}/undo`, {});
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    await settled(t, accountId);
    expect(await titleOn(shopify, sku)).toBe(oldTitle);
    expect(await titleOn(amazon, sku)).toBe(oldTitle);
    const [latest] = (await history(sku)).filter((h) => h.field === 'title');
    expect(latest).toMatchObject({ before: newTitle, after: oldTitle });
  });
});
