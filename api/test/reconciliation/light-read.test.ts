import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import {
  connectWithSandboxSeller,
  consentOnEbay,
  installOnShopify,
  type ConnectedChannel,
} from '../support/channel-flows.ts';
import { lightRead } from '../../src/modules/reconciliation/light-read.ts';
import { sandboxRequests } from '../support/sync-checks.ts';

/**
 * Values edited by hand on a marketplace are found without "Sync now": by the light read each
 * channel gets every few minutes (driven here by running its job), or at once on Shopify's
 * products/update. Walmart is the main channel of the first account, eBay and Shopify its targets;
 * Shopify is the main channel of the second, eBay its target.
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
const channels = {} as Record<'walmart' | 'ebay' | 'shopify', ConnectedChannel>;

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const control = (kind: string, path: string, init?: { method: string; body?: unknown }) =>
  fetch(`${t.url}/sandbox/${kind}/_control${path}`, {
    method: init?.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init?.body ? { body: JSON.stringify(init.body) } : {}),
  });
const itemOn = async (channel: ConnectedChannel, sku: string) =>
  (await (
    await control(channel.kind, `/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`)
  ).json()) as { quantity: number; price: string; title: string };
const editByHand = async (channel: ConnectedChannel, sku: string, values: Record<string, unknown>) => {
  const answer = await control(channel.kind, `/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`, {
    method: 'PATCH',
    body: values,
  });
  expect(answer.status).toBe(200);
};
const runLightRead = (channel: ConnectedChannel, account = accountId) =>
  lightRead(t.product.ctx, { accountId: account, channelId: channel.id });

/** Nothing of the account on its way: no value waiting to be sent or confirmed. */
async function settled(account = accountId) {
  await vi.waitFor(
    async () =>
      expect(
        await rows(
          `select sku, field, status from listing_writes where account_id = '${account}' and status in ('pending', 'sending', 'submitted', 'accepted')`,
        ),
      ).toEqual([]),
    { timeout: 45_000, interval: 100 },
  );
}

/** What the account has recorded: changes, writes, drift (a read that finds nothing adds to none). */
const recorded = async (account = accountId) =>
  (
    await rows<{ changes: number; writes: number; drift: number }>(
      `select (select count(*)::int from changes where account_id = '${account}') as changes,
              (select count(*)::int from listing_writes where account_id = '${account}') as writes,
              (select count(*)::int from listing_drift where account_id = '${account}') as drift`,
    )
  )[0]!;

/** A SKU linked on every channel of the account, chosen apart from the other tests' by a salt. */
async function linkedSku(salt: string, account = accountId, channelCount = 3): Promise<string> {
  const [row] = await rows<{ sku: string }>(
    `select p.sku from products p where p.account_id = '${account}' and p.on_hand >= 3
       and (select count(*) from listings l where l.product_id = p.id) = ${channelCount}
     order by md5(p.sku || '${salt}') limit 1`,
  );
  return row!.sku;
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  channels.walmart = await connectWithSandboxSeller(seller, 'walmart', 6);
  channels.ebay = (await consentOnEbay(seller, 'agree', { products: 6 })).channel!;
  channels.shopify = (await installOnShopify(seller, 'install', { products: 6 })).channel!;
  expect(channels.walmart.role).toBe('main');
  await vi.waitFor(
    async () =>
      expect(
        (await rows(`select 1 from listings where account_id = '${accountId}' and product_id is not null`)).length,
      ).toBe(18),
    { timeout: 45_000 },
  );
  await settled();
}, 120_000);
afterAll(() => t?.stop());

describe('light read: edits made by hand on a marketplace are found within minutes', () => {
  it('reading a channel nothing was edited on records nothing', async () => {
    const before = await recorded();
    for (const channel of [channels.walmart, channels.ebay, channels.shopify]) await runLightRead(channel);
    expect(await recorded()).toEqual(before);
    expect((await seller.get('/api/sync/drift')).body.items).toEqual([]);
  });

  it("reads Walmart's stock 50 SKUs a call (GET /v3/inventories), no SKU on its own", async () => {
    const before = (await sandboxRequests(t, 'walmart')).length;
    await runLightRead(channels.walmart);
    const calls = (await sandboxRequests(t, 'walmart')).slice(before).map((r) => `${r.method} ${r.path}`);
    expect(calls).toContain('GET /v3/inventories');
    expect(calls.filter((c) => c === 'GET /v3/inventory' || /^GET \/v3\/items\/[^/]+$/.test(c))).toEqual([]);
  });

  it('a price and an on-hand set by hand in Walmart (the main channel) reach every target after one light read', async () => {
    const sku = await linkedSku('walmart-main');
    const held = await itemOn(channels.walmart, sku);
    const price = (Number(held.price) + 3.5).toFixed(2);
    const onHand = held.quantity + 4;
    await editByHand(channels.walmart, sku, { price, quantity: onHand });

    await runLightRead(channels.walmart);

    // The hand edit is the new truth, in the history with its before and after, attributed to Walmart.
    expect(
      await rows(
        `select cause, cause_ref, field, before, after from changes where account_id = '${accountId}' and sku = '${sku}' order by field`,
      ),
    ).toEqual([
      {
        cause: 'main_change',
        cause_ref: 'Edited on Walmart',
        field: 'on_hand',
        before: String(held.quantity),
        after: String(onHand),
      },
      { cause: 'main_change', cause_ref: 'Edited on Walmart', field: 'price', before: held.price, after: price },
    ]);
    for (const target of [channels.ebay, channels.shopify])
      await vi.waitFor(
        async () => {
          const item = await itemOn(target, sku);
          expect({ quantity: item.quantity, price: Number(item.price) }).toEqual({
            quantity: onHand,
            price: Number(price),
          });
        },
        { timeout: 30_000, interval: 100 },
      );
    await settled();
    // Read again, nothing is new.
    const before = await recorded();
    await runLightRead(channels.walmart);
    expect(await recorded()).toEqual(before);
  });

  it('a title set by hand in Walmart reaches the targets; one then set by hand on eBay is listed as drift with before and after', async () => {
    const sku = await linkedSku('titles');
    const title = 'Hand-edited title in Seller Center';
    await editByHand(channels.walmart, sku, { title });
    await runLightRead(channels.walmart);
    expect(
      await rows(
        `select cause, cause_ref, field, after from changes where account_id = '${accountId}' and sku = '${sku}' and field = 'title'`,
      ),
    ).toEqual([{ cause: 'main_change', cause_ref: 'Edited on Walmart', field: 'title', after: title }]);
    await vi.waitFor(async () => expect((await itemOn(channels.ebay, sku)).title).toBe(title), {
      timeout: 30_000,
      interval: 100,
    });
    await settled();
    // Walmart holds the title already: nothing was sent back to it.
    expect(
      await rows(
        `select status from listing_writes where channel_id = '${channels.walmart.id}' and sku = '${sku}' and field = 'title' and status <> 'superseded'`,
      ),
    ).toEqual([]);

    await editByHand(channels.ebay, sku, { title: 'Changed on eBay by hand' });
    await runLightRead(channels.ebay);
    expect((await seller.get('/api/sync/drift')).body.items).toEqual([
      expect.objectContaining({
        channelId: channels.ebay.id,
        channelKind: 'ebay',
        sku,
        field: 'title',
        expected: title,
        found: 'Changed on eBay by hand',
      }),
    ]);
    // Left for the seller to decide: eBay keeps the title set there.
    expect((await itemOn(channels.ebay, sku)).title).toBe('Changed on eBay by hand');

    // Accepted, it stays, and the next read does not list it again.
    const [drift] = (await seller.get('/api/sync/drift')).body.items;
    expect((await seller.post(`/api/sync/drift/${drift.id}/accept`)).status).toBe(200);
    await runLightRead(channels.ebay);
    expect((await seller.get('/api/sync/drift')).body.items).toEqual([]);
  });
});

describe('Shopify products/update on the main channel', () => {
  it('a price set in the Shopify admin reaches the targets without a read asked for', async () => {
    const other = await t.signedInSeller();
    const shopify = (await installOnShopify(other.browser, 'install', { products: 4 })).channel!;
    const ebay = (await consentOnEbay(other.browser, 'agree', { products: 4 })).channel!;
    expect(shopify.role).toBe('main');
    await vi.waitFor(
      async () =>
        expect(
          (await rows(`select 1 from listings where account_id = '${other.accountId}' and product_id is not null`))
            .length,
        ).toBe(8),
      { timeout: 45_000 },
    );
    await settled(other.accountId);
    const sku = await linkedSku('shopify-main', other.accountId, 2);
    const price = (Number((await itemOn(shopify, sku)).price) + 2.25).toFixed(2);

    // The admin's edit: Shopify sends products/update to the store's webhook, and the store is read for it.
    await editByHand(shopify, sku, { price });

    await vi.waitFor(async () => expect(Number((await itemOn(ebay, sku)).price)).toBe(Number(price)), {
      timeout: 30_000,
      interval: 100,
    });
    expect(
      await rows(
        `select cause, cause_ref, field, after from changes where account_id = '${other.accountId}' and sku = '${sku}' and field = 'price'`,
      ),
    ).toEqual([{ cause: 'main_change', cause_ref: 'Edited on Shopify', field: 'price', after: price }]);
  });
});
