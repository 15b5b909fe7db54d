import crypto from 'node:crypto';
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
import { pollOrders } from '../../src/modules/orders/order-polling.ts';

/**
 * Shopify is the main channel here, so units sold elsewhere reach it as relative adjustments with
 * Shopify's idempotency key; Amazon, Walmart and eBay are targets. (order-propagation.test.ts has
 * Walmart as main, where the adjustment is a read and a set.)
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
const channels = {} as Record<'shopify' | 'amazon' | 'walmart' | 'ebay', ConnectedChannel>;
const kinds = ['shopify', 'amazon', 'walmart', 'ebay'] as const;
type Kind = (typeof kinds)[number];

const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const control = (kind: string, path: string, init?: { method: string; body?: unknown }) =>
  fetch(`${t.url}/sandbox/${kind}/_control${path}`, {
    method: init?.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init?.body ? { body: JSON.stringify(init.body) } : {}),
  });
const quantityOn = async (kind: Kind, sku: string): Promise<number> =>
  (await (await control(kind, `/sellers/${channels[kind].sandboxSellerId}/items/${encodeURIComponent(sku)}`)).json())
    .quantity;
const stock = async (sku: string) =>
  (
    await rows<{ on_hand: number; committed: number }>(
      `select on_hand, committed from products where account_id = '${accountId}' and sku = '${sku}'`,
    )
  )[0]!;
const buy = (kind: Kind, sku: string, quantity: number) =>
  control(kind, `/sellers/${channels[kind].sandboxSellerId}/orders`, {
    method: 'POST',
    body: { lines: [{ sku, quantity }] },
  });

/** Nothing on its way anywhere: no value waiting to be sent or confirmed, no adjustment waiting for the main channel. */
async function settled() {
  await vi.waitFor(
    async () => {
      const writes = await rows(
        `select w.sku, c.kind, w.field, w.status, w.after, w.attempts, w.message from listing_writes w join channels c on c.id = w.channel_id where w.account_id = '${accountId}' and w.status in ('pending', 'sending', 'submitted', 'accepted')`,
      );
      const adjustments = await rows(
        `select sku, delta, status, attempts, message from stock_adjustments where account_id = '${accountId}' and status in ('pending', 'sending')`,
      );
      expect({ writes, adjustments }).toEqual({ writes: [], adjustments: [] });
    },
    { timeout: 45_000, interval: 100 },
  );
}

/** eBay sends no order notification to sellers' apps here: its orders come by the scheduled read, run now. */
async function readOrders(kind: Kind) {
  if (kind === 'ebay') await pollOrders(t.product.ctx, { accountId, channelId: channels.ebay.id });
}

async function everyChannelHolds(sku: string, quantity: number) {
  await vi.waitFor(
    async () =>
      expect(Object.fromEntries(await Promise.all(kinds.map(async (k) => [k, await quantityOn(k, sku)])))).toEqual(
        Object.fromEntries(kinds.map((k) => [k, quantity])),
      ),
    {
      timeout: 30_000,
      interval: 100,
    },
  );
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  channels.shopify = (await installOnShopify(seller, 'install', { products: 10 })).channel!;
  channels.amazon = await connectWithSandboxSeller(seller, 'amazon', 10);
  channels.walmart = await connectWithSandboxSeller(seller, 'walmart', 10);
  channels.ebay = (await consentOnEbay(seller, 'agree', { products: 10 })).channel!;
  expect(channels.shopify.role).toBe('main');
  await vi.waitFor(
    async () =>
      expect(
        (await rows(`select 1 from listings where account_id = '${accountId}' and product_id is not null`)).length,
      ).toBe(40),
    { timeout: 45_000 },
  );
  await settled();
}, 120_000);
afterAll(() => t?.stop());

describe('an order on each marketplace in turn reaches the other three, and the main channel’s on hand', () => {
  it.each(kinds)(
    'a sale of 2 on %s',
    async (kind) => {
      const [{ sku }] = (await rows<{ sku: string }>(
        `select sku from products where account_id = '${accountId}' and on_hand >= 5 and committed = 0 order by md5(sku || '${kind}') limit 1`,
      )) as [{ sku: string }];
      const before = await stock(sku);
      await everyChannelHolds(sku, before.on_hand);
      const [{ startedAt }] = (await rows<{ startedAt: string }>(`select now()::text as "startedAt"`)) as [
        { startedAt: string },
      ];
      expect((await buy(kind, sku, 2)).status).toBe(201);
      await readOrders(kind);

      await everyChannelHolds(sku, before.on_hand - 2);
      await settled();
      // The main channel (Shopify) now holds 2 fewer, and so does our on hand; nothing is left committed.
      expect(await stock(sku)).toEqual({ on_hand: before.on_hand - 2, committed: 0 });
      // The history shows the sale from before to after, never counted twice. Sold on a target: available
      // drops as the units are committed, then on hand as they are passed to the main channel. Sold on
      // the main channel: on hand, read from it (its stock notification may come before the order itself).
      const history = await rows<{ id: string; cause: string; field: string; before: string; after: string }>(
        `select id, cause, field, before, after from changes where account_id = '${accountId}' and sku = '${sku}' and field in ('available', 'on_hand') and cause in ('order', 'main_change') and created_at >= '${startedAt}'::timestamptz order by created_at`,
      );
      const fromTo = { before: String(before.on_hand), after: String(before.on_hand - 2) };
      const expected =
        kind === 'shopify'
          ? [{ field: 'on_hand', cause: expect.stringMatching(/^(order|main_change)$/), ...fromTo }]
          : [
              { field: 'available', cause: 'order', ...fromTo },
              { field: 'on_hand', cause: 'order', ...fromTo },
            ];
      expect(history.map(({ id: _, ...c }) => c)).toEqual(expected);
      // Every other channel's result is recorded against the change: confirmed, with before and after.
      const results = await rows<{ kind: string; status: string; after: string }>(
        `select c.kind, w.status, w.after from listing_writes w join channels c on c.id = w.channel_id where w.field = 'quantity' and w.change_id = '${history[0]!.id}'`,
      );
      expect(results.filter((r) => r.kind !== 'shopify')).toEqual(
        kinds
          .filter((k) => k !== 'shopify')
          .map(() => expect.objectContaining({ status: 'confirmed', after: String(before.on_hand - 2) })),
      );
    },
    90_000,
  );
});

describe('the main channel is the truth', () => {
  it('stock changed by hand on Shopify (the main channel) reaches every target at once, by Shopify’s webhook', async () => {
    const [{ sku }] = (await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' and committed = 0 order by md5(sku || 'edit') limit 1`,
    )) as [{ sku: string }];
    const before = await stock(sku);
    await settled();
    expect(
      (
        await control('shopify', `/sellers/${channels.shopify.sandboxSellerId}/items/${encodeURIComponent(sku)}`, {
          method: 'PATCH',
          body: { quantity: before.on_hand + 5 },
        })
      ).status,
    ).toBe(200);
    await vi.waitFor(async () => expect(await stock(sku)).toEqual({ on_hand: before.on_hand + 5, committed: 0 }), {
      timeout: 20_000,
    });
    await everyChannelHolds(sku, before.on_hand + 5);
    expect(
      await rows(
        `select cause, before, after from changes where sku = '${sku}' and field = 'on_hand' order by created_at desc limit 1`,
      ),
    ).toEqual([{ cause: 'main_change', before: String(before.on_hand), after: String(before.on_hand + 5) }]);
  }, 60_000);
});

describe('the same order however often it arrives', () => {
  it('a Shopify orders/create webhook delivered ten times (as ten deliveries) makes one order and moves stock once', async () => {
    const [{ sku }] = (await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' and on_hand >= 3 order by sku limit 1`,
    )) as [{ sku: string }];
    const before = await stock(sku);
    const [{ since }] = (await rows<{ since: string }>(`select now()::text as since`)) as [{ since: string }];
    expect((await buy('amazon', sku, 1)).status).toBe(201);
    await vi.waitFor(async () => expect(await stock(sku)).toEqual({ on_hand: before.on_hand - 1, committed: 0 }), {
      timeout: 20_000,
    });
    // A Shopify-side order: deliver its webhook ten more times with fresh delivery ids.
    const deliveries = async () =>
      (
        await rows(
          `select 1 from marketplace_events where channel_id = '${channels.shopify.id}' and topic = 'orders/create'`,
        )
      ).length;
    const deliveredBefore = await deliveries();
    expect((await buy('shopify', sku, 1)).status).toBe(201);
    await vi.waitFor(async () => expect(await deliveries()).toBe(deliveredBefore + 1), { timeout: 10_000 });
    const [delivered] = await rows<{ payload: unknown }>(
      `select payload from marketplace_events where channel_id = '${channels.shopify.id}' and topic = 'orders/create' order by received_at desc limit 1`,
    );
    const body = JSON.stringify(delivered!.payload);
    const hmac = crypto
      .createHmac('sha256', t.product.ctx.marketplaces.sandboxApplications.shopify.clientSecret)
      .update(body)
      .digest('base64');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        fetch(`${t.url}/api/webhooks/shopify/${channels.shopify.id}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-shopify-hmac-sha256': hmac,
            'x-shopify-topic': 'orders/create',
            'x-shopify-shop-domain': channels.shopify.externalSellerId,
            'x-shopify-webhook-id': `again-${i}-${crypto.randomUUID()}`,
          },
          body,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    await settled();
    const orderId =
      (delivered!.payload as { id?: number | string; admin_graphql_api_id?: string }).admin_graphql_api_id ??
      String((delivered!.payload as { id: number }).id);
    expect(
      await rows(
        `select count(*)::int as n from orders where channel_id = '${channels.shopify.id}' and marketplace_order_id like '%${orderId.split('/').pop()}'`,
      ),
    ).toEqual([{ n: 1 }]);
    expect(await stock(sku)).toEqual({ on_hand: before.on_hand - 2, committed: 0 });
    // One adjustment sent to the main channel, for the Amazon sale; the Shopify sale is the main channel's own
    // (kept, at most once, as applied under its order line's key where it took its units off on hand, or not at
    // all where a read of the main, taken moments before, was read again for it).
    expect(
      await rows(
        `select count(*) filter (where idempotency_key not like 'main-sale:%')::int as sent, count(*) filter (where idempotency_key like 'main-sale:%' and status <> 'applied')::int as unapplied, (count(*) filter (where idempotency_key like 'main-sale:%') <= 1) as once from stock_adjustments where account_id = '${accountId}' and sku = '${sku}' and created_at >= '${since}'`,
      ),
    ).toEqual([{ sent: 1, unapplied: 0, once: true }]);
    await everyChannelHolds(sku, before.on_hand - 2);
  }, 90_000);
});

describe('cancellations release units', () => {
  it('an order cancelled on Amazon gives its units back to every channel and to the main channel', async () => {
    const [{ sku }] = (await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' and on_hand >= 5 order by sku desc limit 1`,
    )) as [{ sku: string }];
    const before = await stock(sku);
    const [{ since }] = (await rows<{ since: string }>(`select now()::text as since`)) as [{ since: string }];
    const placed = await buy('amazon', sku, 3);
    expect(placed.status).toBe(201);
    await everyChannelHolds(sku, before.on_hand - 3);
    await settled();
    const order = await placed.json();
    const orderId = order.orderId ?? order.AmazonOrderId ?? order.id;
    expect(
      (
        await control(
          'amazon',
          `/sellers/${channels.amazon.sandboxSellerId}/orders/${encodeURIComponent(orderId)}/cancel`,
          { method: 'POST' },
        )
      ).status,
    ).toBe(200);
    await pollOrders(t.product.ctx, { accountId, channelId: channels.amazon.id });
    await everyChannelHolds(sku, before.on_hand);
    await settled();
    expect(await stock(sku)).toEqual({ on_hand: before.on_hand, committed: 0 });
    expect(
      await rows(
        `select cause, before, after from changes where sku = '${sku}' and field = 'available' and created_at >= '${since}' order by created_at`,
      ),
    ).toEqual([
      { cause: 'order', before: String(before.on_hand), after: String(before.on_hand - 3) },
      { cause: 'cancellation', before: String(before.on_hand - 3), after: String(before.on_hand) },
    ]);
  }, 90_000);
});

describe('cancellations on the main channel', () => {
  it('an order cancelled on Shopify arrives by its orders/updated webhook and every channel gets the units back', async () => {
    const [{ sku }] = (await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' and on_hand >= 5 and committed = 0 order by md5(sku || 'cancel-main') limit 1`,
    )) as [{ sku: string }];
    await settled();
    const before = await stock(sku);
    const placed = await buy('shopify', sku, 2);
    expect(placed.status).toBe(201);
    await everyChannelHolds(sku, before.on_hand - 2);
    const order = await placed.json();
    const orderId = String(order.id ?? order.orderId)
      .split('/')
      .pop();
    expect(
      (
        await control(
          'shopify',
          `/sellers/${channels.shopify.sandboxSellerId}/orders/${encodeURIComponent(orderId!)}/cancel`,
          { method: 'POST' },
        )
      ).status,
    ).toBe(200);
    // No read is asked for here: the webhook alone brings the cancellation.
    await everyChannelHolds(sku, before.on_hand);
    await settled();
    expect(await stock(sku)).toEqual(before);
  }, 60_000);
});

describe('fifty concurrent orders for the last units of a SKU across four channels', () => {
  it('available never goes below zero and every accepted unit is accounted for', async () => {
    const [{ sku }] = (await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' and on_hand >= 1 order by md5(sku) limit 1`,
    )) as [{ sku: string }];
    // Down to the last 6 units: set on the main channel by hand and read by "Sync now".
    expect(
      (
        await control('shopify', `/sellers/${channels.shopify.sandboxSellerId}/items/${encodeURIComponent(sku)}`, {
          method: 'PATCH',
          body: { quantity: 6 },
        })
      ).status,
    ).toBe(200);
    expect((await seller.post(`/api/channels/${channels.shopify.id}/sync`)).status).toBe(202);
    await everyChannelHolds(sku, 6);
    await settled();
    // Orders of this SKU from now on (an order of another test arriving late is not one of these).
    const [{ since }] = (await rows<{ since: string }>(`select now()::text as since`)) as [{ since: string }];
    const ordersOfSku = async () =>
      (
        await rows<{ n: number }>(
          `select count(*)::int as n from orders o where o.account_id = '${accountId}' and o.received_at >= '${since}'::timestamptz and exists (select 1 from jsonb_array_elements(o.lines) l where l->>'sku' = '${sku}')`,
        )
      )[0]!.n;

    const attempts = Array.from({ length: 50 }, (_, i) => kinds[i % 4]!);
    const answers = await Promise.all(
      attempts.map(async (kind) => ({ kind, status: (await buy(kind, sku, 1)).status })),
    );
    const accepted = answers.filter((a) => a.status === 201);
    expect(answers.every((a) => a.status === 201 || a.status === 409 || a.status === 400)).toBe(true);
    for (const kind of kinds) await readOrders(kind);
    await vi.waitFor(async () => expect(await ordersOfSku()).toBe(accepted.length), { timeout: 30_000 });
    await settled();

    // Every accepted unit is in our books once: recorded orders, committed then passed to the main channel.
    const units = await rows<{ n: number }>(
      `select coalesce(sum((l->>'quantity')::int), 0)::int as n from orders o, jsonb_array_elements(o.lines) l where o.account_id = '${accountId}' and l->>'sku' = '${sku}' and o.received_at > now() - interval '10 minutes'`,
    );
    expect(units[0]!.n).toBeGreaterThanOrEqual(accepted.length);
    // The main channel holds the truth, every sale included: below zero when the channels together
    // sold more than there was in the instant before the first push landed (units owed, not hidden).
    await vi.waitFor(async () => expect(await stock(sku)).toEqual({ on_hand: 6 - accepted.length, committed: 0 }), {
      timeout: 30_000,
    });
    await vi.waitFor(async () => expect(await quantityOn('shopify', sku)).toBe(6 - accepted.length), {
      timeout: 30_000,
    });
    // Available never went below zero, as the history recorded it, and the targets are offered nothing left.
    expect(
      await rows(`select after from changes where sku = '${sku}' and field = 'available' and after::int < 0`),
    ).toEqual([]);
    for (const kind of ['amazon', 'walmart', 'ebay'] as const)
      expect(await quantityOn(kind, sku)).toBe(Math.max(0, 6 - accepted.length));
  }, 120_000);
});
