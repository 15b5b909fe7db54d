import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import {
  connectShopifyMainWalmartEbay,
  control,
  editByHand,
  noFaults,
  query,
  readOrdersNow,
  sandboxItem,
  setFaults,
  settled,
} from '../support/sync-checks.ts';
import { pollOrders } from '../../src/modules/orders/order-polling.ts';
import { bundleAvailable } from '../../src/modules/stock/bundle-arithmetic.ts';
import { parseCsv } from '../../src/modules/csv/csv-parse.ts';

/**
 * Bundles (kits) against the real product and the sandboxes: Shopify main, Walmart and eBay targets.
 * A bundle B of A × 1 and C × 2 holds no stock of its own: it offers min(available A, floor(available
 * C / 2)) everywhere; selling it commits A and C (once, however often the order is seen); selling a
 * component lowers it everywhere; a marketplace refusing it fails it alone.
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
let shopify: ConnectedChannel;
let walmart: ConnectedChannel;
let ebay: ConnectedChannel;
let A: string;
let B: string;
let C: string;
let D: string;
let E: string;
let F: string;

const WAIT = { timeout: 30_000, interval: 250 };

const available = async (sku: string) =>
  (
    await query<{ available: number }>(
      t,
      sql`select on_hand - committed as available from products where account_id = ${accountId} and sku = ${sku}`,
    )
  )[0]!.available;
/** The newest audit entry of a bundle's components. */
const lastBundleAudit = async () =>
  (
    await query<{ before: unknown; after: unknown; target_type: string; by_user: boolean }>(
      t,
      sql`select before, after, target_type, actor_user_id is not null as by_user from audit_log
          where account_id = ${accountId} and action = 'listings.bundle_changed' order by id desc limit 1`,
    )
  )[0];
const onChannel = async (channel: ConnectedChannel, sku: string) => (await sandboxItem(t, channel, sku)).quantity;

async function buy(channel: ConnectedChannel, sku: string, quantity: number): Promise<void> {
  const answer = await control(t, channel.kind, `/sellers/${channel.sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines: [{ sku, quantity }] },
  });
  expect(answer.status, await answer.clone().text()).toBe(201);
}

/** Every channel (the main's own count of a bundle aside) holds these quantities. */
async function everywhere(expected: Record<string, number>, channels = [shopify, walmart, ebay]) {
  for (const [sku, quantity] of Object.entries(expected)) {
    await vi.waitFor(async () => expect(await available(sku), `available ${sku}`).toBe(quantity), WAIT);
    for (const channel of channels)
      if (channel !== shopify || sku !== B)
        await vi.waitFor(
          async () => expect(await onChannel(channel, sku), `${channel.kind} ${sku}`).toBe(quantity),
          WAIT,
        );
  }
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ shopify, walmart, ebay } = await connectShopifyMainWalmartEbay(t, seller, accountId, 6));
  const skus = (
    await query<{ sku: string }>(t, sql`select sku from products where account_id = ${accountId} order by sku`)
  ).map((r) => r.sku);
  [B, A, C, D, E, F] = skus as [string, string, string, string, string, string];
  // The components' stock, set by hand on the main channel and read from it ("Sync now").
  await editByHand(t, shopify, A, { quantity: 10 });
  await editByHand(t, shopify, C, { quantity: 9 });
  expect((await seller.post(`/api/channels/${shopify.id}/sync`)).status).toBe(202);
  await vi.waitFor(async () => expect([await available(A), await available(C)]).toEqual([10, 9]), WAIT);
  await settled(t, accountId);
}, 180_000);
afterAll(() => t?.stop());

describe('a bundle of two components', () => {
  it('offers min over its components of floor(available / quantity) on every target, set from the drawer', async () => {
    const answer = await seller.put(`/api/listings/items/${encodeURIComponent(B)}/components`, {
      components: [
        { sku: C, quantity: 2 },
        { sku: A, quantity: 1 },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({
      sku: B,
      available: 4,
      components: [
        { productId: expect.any(String), sku: A, title: expect.any(String), quantity: 1, available: 10 },
        { productId: expect.any(String), sku: C, title: expect.any(String), quantity: 2, available: 9 },
      ].sort((x, y) => (x.sku < y.sku ? -1 : 1)),
      usedIn: [],
    });
    expect(
      bundleAvailable([
        { available: 10, quantity: 1 },
        { available: 9, quantity: 2 },
      ]),
    ).toBe(4);
    await everywhere({ [B]: 4 });
    // Audited, with the components before and after.
    expect(await lastBundleAudit()).toEqual({
      before: [{ sku: B, components: '' }],
      after: [{ sku: B, components: [`${A}:1`, `${C}:2`].sort().join('|') }],
      target_type: 'product',
      by_user: true,
    });
    expect((await seller.get(`/api/listings/items/${encodeURIComponent(A)}/components`)).body).toEqual({
      sku: A,
      available: 10,
      components: [],
      usedIn: [B],
    });
  });

  it('a read of the main channel leaves the bundle at its components’ figure', async () => {
    await editByHand(t, shopify, B, { quantity: 50 });
    expect((await seller.post(`/api/channels/${shopify.id}/sync`)).status).toBe(202);
    await settled(t, accountId);
    expect(await available(B)).toBe(4);
    expect(await onChannel(walmart, B)).toBe(4);
  });

  it('sold on eBay, it commits both components once, and every channel drops them', async () => {
    await buy(ebay, B, 1);
    // A: 10 − 1; C: 9 − 2; B: min(9, floor(7 / 2)).
    await everywhere({ [A]: 9, [C]: 7, [B]: 3 });
    await settled(t, accountId);
    const adjustments = () =>
      query<{ sku: string; delta: number; key: string; status: string }>(
        t,
        sql`select sku, delta, idempotency_key as key, status from stock_adjustments where account_id = ${accountId} and order_id is not null order by sku`,
      );
    const [order] = await query<{ id: string }>(t, sql`select id from orders where channel_id = ${ebay.id}`);
    const expected = [
      { sku: A, delta: -1, key: `order:${order!.id}:${B}/${A}:0>1`, status: 'applied' },
      { sku: C, delta: -2, key: `order:${order!.id}:${B}/${C}:0>1`, status: 'applied' },
    ].sort((x, y) => (x.sku < y.sku ? -1 : 1));
    expect(await adjustments()).toEqual(expected);
    // The main channel holds the components' new stock; nothing stays committed.
    expect(
      await query(
        t,
        sql`select sku, on_hand, committed from products where sku in (${A}, ${C}) and account_id = ${accountId} order by sku`,
      ),
    ).toEqual(
      [
        { sku: A, on_hand: 9, committed: 0 },
        { sku: C, on_hand: 7, committed: 0 },
      ].sort((x, y) => (x.sku < y.sku ? -1 : 1)),
    );

    // The bundle's history tells the sale that moved it, with its result on each target.
    const bundleChanges = await query<{
      cause: string;
      before: string;
      after: string;
      order_id: string;
      results: number;
    }>(
      t,
      sql`select c.cause, c.before, c.after, c.order_id, (select count(*)::int from listing_writes w where w.change_id = c.id) as results
          from changes c where c.account_id = ${accountId} and c.sku = ${B} and c.field = 'available' order by c.created_at`,
    );
    // One write per target (Walmart and eBay), each the change's result there.
    expect(bundleChanges.at(-1)).toEqual({ cause: 'order', before: '4', after: '3', order_id: order!.id, results: 2 });
    // The same order delivered again (its notification repeated, the scheduled read) commits nothing more.
    expect(await pollOrders(t.product.ctx, { accountId, channelId: ebay.id })).toEqual({ created: 0, updated: 0 });
    await settled(t, accountId);
    expect(await adjustments()).toEqual(expected);
    expect([await available(A), await available(C), await available(B)]).toEqual([9, 7, 3]);
  });

  it('a component sold on Walmart lowers the bundle on every channel', async () => {
    await buy(walmart, C, 3);
    await readOrdersNow(t, accountId, walmart.id);
    // C: 7 − 3; B: min(9, floor(4 / 2)).
    await everywhere({ [C]: 4, [B]: 2 });
    await settled(t, accountId);
  });

  it('sold on the main channel, it commits its components and the main channel is adjusted for them', async () => {
    await buy(shopify, B, 1);
    // A: 9 − 1; C: 4 − 2; B: min(8, floor(2 / 2)).
    await everywhere({ [A]: 8, [C]: 2, [B]: 1 });
    await settled(t, accountId);
    expect(await available(B)).toBe(1);
  });

  it('refused by a marketplace, the bundle fails alone: its component in the same batch goes through', async () => {
    await setFaults(t, 'ebay', { rejectSkus: [B] });
    try {
      await buy(walmart, C, 1);
      await readOrdersNow(t, accountId, walmart.id);
      // C: 2 − 1; B: min(8, floor(1 / 2)) = 0.
      await vi.waitFor(async () => expect(await onChannel(ebay, C)).toBe(1), WAIT);
      await vi.waitFor(async () => expect(await onChannel(walmart, B)).toBe(0), WAIT);
      const ebayListings = () =>
        query<{ sku: string; status: string; has_error: boolean }>(
          t,
          sql`select sku, status, last_error is not null as has_error from listings where channel_id = ${ebay.id} and sku in (${B}, ${C}) order by sku`,
        );
      await vi.waitFor(
        async () =>
          expect(Object.fromEntries((await ebayListings()).map((l) => [l.sku, l.has_error]))).toEqual({
            [B]: true,
            [C]: false,
          }),
        WAIT,
      );
      expect(await onChannel(ebay, B)).toBe(1);
    } finally {
      await setFaults(t, 'ebay', noFaults);
    }
  });
});

describe('setting components', () => {
  it('refuses the bundle itself, a quantity below 1, a bundle of bundles, a component made a bundle and an unknown SKU', async () => {
    const put = (sku: string, components: unknown) =>
      seller.put(`/api/listings/items/${encodeURIComponent(sku)}/components`, { components });
    const refused = async (sku: string, components: unknown, message: RegExp) => {
      const answer = await put(sku, components);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.message).toMatch(message);
    };
    await refused(D, [{ sku: D, quantity: 1 }], /cannot contain itself/);
    await refused(D, [{ sku: A, quantity: 0 }], /quantity/);
    await refused(D, [{ sku: B, quantity: 1 }], new RegExp(`${B} is a bundle`));
    await refused(A, [{ sku: D, quantity: 1 }], new RegExp(`${A} is a component of bundle ${B}`));
    await refused(
      D,
      [
        { sku: A, quantity: 1 },
        { sku: A, quantity: 2 },
      ],
      /named twice/,
    );
    await refused(D, [{ sku: 'NOT-IN-THE-CATALOGUE', quantity: 1 }], /not in your catalogue/);
    expect((await put('NOT-IN-THE-CATALOGUE', [{ sku: A, quantity: 1 }])).status).toBe(404);
  });

  it('refuses a component of another account, and shows no other account’s bundle', async () => {
    const other = await t.signedInSeller();
    await connectWithSandboxSeller(other.browser, 'walmart', 2);
    const theirs = async () =>
      query<{ sku: string }>(
        t,
        sql`select sku from products p where account_id = ${other.accountId} and not exists (select 1 from products q where q.account_id = ${accountId} and q.sku = p.sku) order by sku`,
      );
    await vi.waitFor(async () => expect((await theirs()).length).toBeGreaterThan(0), WAIT);
    const [foreign] = await theirs();
    const answer = await seller.put(`/api/listings/items/${encodeURIComponent(D)}/components`, {
      components: [{ sku: foreign!.sku, quantity: 1 }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`${foreign!.sku} is not in your catalogue`);
    // Account two sees nothing of account one's bundle, and cannot change it.
    expect((await other.browser.get(`/api/listings/items/${encodeURIComponent(B)}/components`)).status).toBe(404);
    expect(
      (
        await other.browser.put(`/api/listings/items/${encodeURIComponent(B)}/components`, {
          components: [{ sku: foreign!.sku, quantity: 1 }],
        })
      ).status,
    ).toBe(404);
    expect((await seller.get(`/api/listings/items/${encodeURIComponent(B)}/components`)).body.components).toHaveLength(
      2,
    );
  });

  it('a component in use cannot be deleted from the catalogue: the bundle would count only the others', async () => {
    const [component] = await query<{ id: string }>(
      t,
      sql`select id from products where account_id = ${accountId} and sku = ${A}`,
    );
    const refused = await query(t, sql`delete from products where id = ${component!.id}`).then(
      () => undefined,
      (error: Error) => error.cause as Error | undefined,
    );
    expect(refused?.message).toMatch(/bundle_components_component_product_id_products_id_fk/);
    expect(await available(A)).toBeGreaterThan(0);
  });

  it('deleted, the SKU is no bundle any more, offers nothing of its own until the main channel is read', async () => {
    // The bundle offers 4 (C read at 9 again): that figure was its components', not units of its own.
    await editByHand(t, shopify, C, { quantity: 9 });
    expect((await seller.post(`/api/channels/${shopify.id}/sync`)).status).toBe(202);
    await vi.waitFor(async () => expect(await available(B)).toBe(4), WAIT);
    await settled(t, accountId);
    const answer = await seller.request('DELETE', `/api/listings/items/${encodeURIComponent(B)}/components`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ sku: B, available: 0, components: [], usedIn: [] });
    expect(await lastBundleAudit()).toEqual({
      before: [{ sku: B, components: [`${A}:1`, `${C}:2`].sort().join('|') }],
      after: [{ sku: B, components: '' }],
      target_type: 'product',
      by_user: true,
    });
    // The main channel, read for it in the same transaction, says what the SKU holds of its own.
    await settled(t, accountId);
    const own = await onChannel(shopify, B);
    expect(own).not.toBe(4);
    await everywhere({ [B]: own }, [walmart, ebay]);
    expect((await seller.get(`/api/listings/items/${encodeURIComponent(A)}/components`)).body.usedIn).toEqual([]);
    expect(await query(t, sql`select 1 from bundle_components where account_id = ${accountId}`)).toEqual([]);
  });
});

describe('by CSV', () => {
  it('a components column makes a bundle, and the export writes it back', async () => {
    const csv = `sku,components\n${B},${C}:2|${A}:1\n`;
    const formatted = [`${A}:1`, `${C}:2`].sort().join('|');
    const preview = await seller.post('/api/listings/import/preview', { csv });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ total: 1, errors: [] });
    expect(preview.body.items).toEqual([
      expect.objectContaining({ sku: B, components: { before: '', after: formatted } }),
    ]);
    const applied = await seller.post('/api/listings/import', { csv });
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    const bundle = (await seller.get(`/api/listings/items/${encodeURIComponent(B)}/components`)).body;
    expect(bundle.components.map((c: { sku: string; quantity: number }) => `${c.sku}:${c.quantity}`).join('|')).toBe(
      formatted,
    );
    expect(bundle.available).toBe(bundleAvailable(bundle.components as Array<{ available: number; quantity: number }>));
    // Audited with the import's batch.
    expect(await lastBundleAudit()).toEqual({
      before: [{ sku: B, components: '' }],
      after: [{ sku: B, components: formatted }],
      target_type: 'change_batch',
      by_user: true,
    });
    // Its undo leaves the components as imported, as the import's preview says (COMPONENTS_NOT_UNDONE).
    const undone = await seller.post(`/api/listings/changes/${applied.body.batchId}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await seller.get(`/api/listings/items/${encodeURIComponent(B)}/components`)).body.components).toHaveLength(
      2,
    );
    await vi.waitFor(async () => expect(await available(B)).toBe(bundle.available), WAIT);

    const exported = (await seller.get('/api/listings/export')).body as string;
    const [header, ...records] = parseCsv(exported).map((r) => r.fields);
    const column = header!.indexOf('components');
    expect(column).toBeGreaterThan(0);
    const cells = (sku: string) => records.find((fields) => fields[0] === sku)!;
    expect(cells(B)[column]).toBe(formatted);
    expect(cells(A)[column]).toBe('');
    // Imported again unchanged, the file changes nothing.
    expect((await seller.post('/api/listings/import/preview', { csv: exported })).body).toMatchObject({
      total: 0,
      errors: [],
    });
  });

  it('refuses a file that would make a bundle of bundles or set a bundle’s on hand, and changes nothing', async () => {
    const refused = async (csv: string) => {
      const answer = await seller.post('/api/listings/import', { csv });
      expect(answer.status).toBe(422);
      return answer.body.errors as Array<{ line: number; sku: string; message: string }>;
    };
    expect(await refused(`sku,components\n${D},${B}:1\n`)).toEqual([
      { line: 2, sku: D, message: `${B} is a bundle: a bundle cannot contain another bundle` },
    ]);
    expect(await refused(`sku,components\n${D},${A}:1\n${A},${C}:1\n`)).toEqual([
      { line: 2, sku: D, message: `${A} is a bundle: a bundle cannot contain another bundle` },
      { line: 3, sku: A, message: expect.stringMatching(new RegExp(`^${A} is a component of bundle`)) },
    ]);
    // Nor is its on hand edited in bulk or from the drawer.
    const [bundleRow] = await query<{ id: string }>(
      t,
      sql`select id from products where account_id = ${accountId} and sku = ${B}`,
    );
    const preview = await seller.post('/api/listings/bulk-edit/preview', {
      selection: { productIds: [bundleRow!.id] },
      quantity: { mode: 'set', value: 99 },
    });
    expect(preview.body.items).toEqual([
      expect.objectContaining({
        sku: B,
        error: `${B} is a bundle: its stock is its components'. Change their on hand instead.`,
      }),
    ]);
    expect(await refused(`sku,on_hand\n${B},99\n`)).toEqual([
      { line: 2, sku: B, message: `${B} is a bundle: its stock is its components'. Change their on hand instead.` },
    ]);
    expect(await refused(`sku,components\n${D},${A}:0\n`)).toEqual([
      { line: 2, sku: D, message: `The quantity of component ${A} must be a whole number from 1` },
    ]);
    expect(
      await query(
        t,
        sql`select 1 from bundle_components b join products p on p.id = b.bundle_product_id where p.sku = ${D}`,
      ),
    ).toEqual([]);
  });
});

describe('a cancellation gives back what the sale committed', () => {
  /** The newest order of this SKU on a channel, as recorded. */
  const orderOf = async (channel: ConnectedChannel, sku: string) => {
    const rows = await query<{ id: string }>(
      t,
      sql`select id from orders where channel_id = ${channel.id} and lines @> ${JSON.stringify([{ sku }])}::jsonb
          order by received_at desc limit 1`,
    );
    expect(rows, `an order of ${sku} on ${channel.kind}`).toHaveLength(1);
    return rows[0]!.id;
  };
  const cancel = async (orderId: string) => {
    const answer = await seller.post(`/api/orders/${orderId}/cancellations`, { reason: 'buyer asked' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  };
  const setComponents = async (sku: string, components: Array<{ sku: string; quantity: number }>) => {
    const answer = await seller.put(`/api/listings/items/${encodeURIComponent(sku)}/components`, { components });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  beforeAll(async () => {
    await editByHand(t, shopify, E, { quantity: 20 });
    await editByHand(t, shopify, F, { quantity: 5 });
    expect((await seller.post(`/api/channels/${shopify.id}/sync`)).status).toBe(202);
    await vi.waitFor(async () => expect([await available(E), await available(F)]).toEqual([20, 5]), WAIT);
    await settled(t, accountId);
  }, 120_000);

  it('a kit sold as 1 × E, made 3 × E since, gives back 1 × E', async () => {
    await setComponents(D, [{ sku: E, quantity: 1 }]);
    await everywhere({ [D]: 20 }, [walmart, ebay]);
    await buy(walmart, D, 1);
    await readOrdersNow(t, accountId, walmart.id);
    await everywhere({ [E]: 19, [D]: 19 }, [walmart, ebay]);
    await settled(t, accountId);
    await setComponents(D, [{ sku: E, quantity: 3 }]);
    await everywhere({ [D]: 6 }, [walmart, ebay]);
    await cancel(await orderOf(walmart, D));
    // E: 19 + 1 (not + 3); D: floor(20 / 3).
    await everywhere({ [E]: 20, [D]: 6 }, [walmart, ebay]);
    await settled(t, accountId);
    expect(await available(E)).toBe(20);
    expect(await onChannel(shopify, E)).toBe(20);
  });

  it('a SKU sold as itself, made a bundle since, gives back its own unit and no component', async () => {
    await buy(walmart, F, 1);
    await readOrdersNow(t, accountId, walmart.id);
    await everywhere({ [F]: 4 }, [walmart, ebay]);
    await settled(t, accountId);
    expect(await onChannel(shopify, F)).toBe(4);
    await setComponents(F, [{ sku: E, quantity: 2 }]);
    await everywhere({ [F]: 10 }, [walmart, ebay]);
    await cancel(await orderOf(walmart, F));
    await settled(t, accountId);
    // E never moved; the unit given back is F's own, on the main channel.
    expect(await available(E)).toBe(20);
    expect(await onChannel(shopify, E)).toBe(20);
    await vi.waitFor(async () => expect(await onChannel(shopify, F)).toBe(5), WAIT);
    await everywhere({ [F]: 10 }, [walmart, ebay]);
  });
});

describe('deleting an account', () => {
  it('takes its bundles with it: a component in use refuses only its own deletion', async () => {
    const leaving = await t.signedInSeller();
    await connectWithSandboxSeller(leaving.browser, 'walmart', 2);
    const ids = async () =>
      (
        await query<{ id: string }>(
          t,
          sql`select id from products where account_id = ${leaving.accountId} order by sku`,
        )
      ).map((r) => r.id);
    await vi.waitFor(async () => expect(await ids()).toHaveLength(2), WAIT);
    const [bundle, component] = await ids();
    await query(
      t,
      sql`insert into bundle_components (account_id, bundle_product_id, component_product_id, quantity)
          values (${leaving.accountId}, ${bundle}, ${component}, 1)`,
    );
    await query(t, sql`delete from accounts where id = ${leaving.accountId}`);
    expect(await query(t, sql`select 1 from products where account_id = ${leaving.accountId}`)).toEqual([]);
    expect(await query(t, sql`select 1 from bundle_components where account_id = ${leaving.accountId}`)).toEqual([]);
  });
});
