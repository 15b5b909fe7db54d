import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, installOnShopify, type ConnectedChannel } from '../support/channel-flows.ts';
import { FAILURES_BEFORE_ERROR } from '../../src/modules/channel-access/channel-health.ts';

let t: TestProduct;
let seller: Browser;
let accountId: string;
let walmart: ConnectedChannel;
let shopify: ConnectedChannel;
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
const control = (kind: string, path: string, init?: { method: string; body?: unknown }) =>
  fetch(`${t.url}/sandbox/${kind}/_control${path}`, {
    method: init?.method ?? 'GET',
    headers: { 'content-type': 'application/json' },
    ...(init?.body ? { body: JSON.stringify(init.body) } : {}),
  });
const item = async (channel: ConnectedChannel, sku: string) =>
  (await control(channel.kind, `/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`)).json();
const editByHand = async (channel: ConnectedChannel, sku: string, values: Record<string, unknown>) => {
  const answer = await control(channel.kind, `/sellers/${channel.sandboxSellerId}/items/${encodeURIComponent(sku)}`, {
    method: 'PATCH',
    body: values,
  });
  expect(answer.status).toBe(200);
};
const openWrites = async () =>
  (
    await rows<{ n: number }>(
      `select count(*)::int as n from listing_writes where account_id = '${accountId}' and status in ('pending', 'sending', 'submitted', 'accepted')`,
    )
  )[0]!.n;
const product = async (sku: string) =>
  (
    await rows<{ id: string; on_hand: number; committed: number; price: string }>(
      `select id, on_hand, committed, price from products where account_id = '${accountId}' and sku = '${sku}'`,
    )
  )[0]!;

/** Runs "Sync now" on a channel and waits for the run to finish. */
async function syncNow(channel: ConnectedChannel) {
  const started = await seller.post(`/api/channels/${channel.id}/sync`);
  expect(started.status).toBe(202);
  let run = started.body;
  await vi.waitFor(
    async () => {
      run = (await seller.get('/api/sync/runs')).body.items.find((r: { id: string }) => r.id === started.body.id);
      expect(run.finishedAt).not.toBeNull();
    },
    { timeout: 30_000 },
  );
  return run;
}

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  walmart = await connectWithSandboxSeller(seller, 'walmart', 8);
  shopify = (await installOnShopify(seller, 'install', { products: 8 })).channel!;
  await vi.waitFor(
    async () =>
      expect(
        (await rows(`select 1 from listings where channel_id = '${shopify.id}' and product_id is not null`)).length,
      ).toBe(8),
    { timeout: 30_000 },
  );
  await vi.waitFor(async () => expect(await openWrites()).toBe(0), { timeout: 30_000 });
});
afterAll(() => t?.stop());

describe('reconciliation: "Sync now" reads every value and repairs drift', () => {
  it('a quantity changed by hand on a target is put back; a price changed by hand is listed as drift, not overwritten', async () => {
    const [first, second] = await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' order by sku limit 2`,
    );
    const expected = await item(shopify, first!.sku);
    // A price set in the Shopify admin sends products/update: the store is read for it at once (light-read.ts).
    await editByHand(shopify, second!.sku, { price: '1.23' });
    await vi.waitFor(async () => expect((await seller.get('/api/sync/drift')).body.items).toHaveLength(1), {
      timeout: 20_000,
    });
    await editByHand(shopify, first!.sku, { quantity: expected.quantity + 7 });

    const run = await syncNow(shopify);
    expect(run).toMatchObject({
      kind: 'reconcile',
      trigger: 'user',
      status: 'succeeded',
      channelId: shopify.id,
      total: 8,
      done: 8,
    });
    expect(run.repaired).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await item(shopify, first!.sku)).quantity).toBe(expected.quantity), {
      timeout: 20_000,
    });
    // The repair is in the history, with what was found and what it was.
    expect(
      await rows(
        `select cause, cause_ref, field, before, after from changes where channel_id = '${shopify.id}' and sku = '${first!.sku}' and cause = 'reconciliation' order by created_at, before desc`,
      ),
    ).toEqual([
      {
        cause: 'reconciliation',
        cause_ref: 'found on shopify',
        field: 'quantity',
        before: String(expected.quantity),
        after: String(expected.quantity + 7),
      },
      {
        cause: 'reconciliation',
        cause_ref: 'repaired on shopify',
        field: 'quantity',
        before: String(expected.quantity + 7),
        after: String(expected.quantity),
      },
    ]);

    const drift = (await seller.get('/api/sync/drift')).body.items;
    expect(drift).toEqual([
      expect.objectContaining({
        channelId: shopify.id,
        channelKind: 'shopify',
        sku: second!.sku,
        field: 'price',
        found: '1.23',
      }),
    ]);
    expect(Number((await item(shopify, second!.sku)).price)).toBe(1.23);
  });

  it('overwriting drift sends our price again; accepting it keeps the channel’s price as that listing’s own', async () => {
    const [drift] = (await seller.get('/api/sync/drift')).body.items;
    const main = await product(drift.sku);
    expect((await seller.post(`/api/sync/drift/${drift.id}/overwrite`)).status).toBe(200);
    await vi.waitFor(async () => expect(Number((await item(shopify, drift.sku)).price)).toBe(Number(main.price)), {
      timeout: 20_000,
    });
    expect((await seller.get('/api/sync/drift')).body.items).toEqual([]);
    expect((await seller.post(`/api/sync/drift/${drift.id}/overwrite`)).status).toBe(404);

    await editByHand(shopify, drift.sku, { price: '99.50' });
    await syncNow(shopify);
    const [again] = (await seller.get('/api/sync/drift')).body.items;
    expect(again).toMatchObject({ sku: drift.sku, found: '99.50' });
    expect((await seller.post(`/api/sync/drift/${again.id}/accept`)).status).toBe(200);
    expect(
      await rows(`select price_override from listings where channel_id = '${shopify.id}' and sku = '${drift.sku}'`),
    ).toEqual([{ price_override: '99.50' }]);
    // Kept through the next reconciliation: no drift, no push back.
    const run = await syncNow(shopify);
    expect(run.repaired).toBe(0);
    expect(Number((await item(shopify, drift.sku)).price)).toBe(99.5);
  });

  it('a change made on the main channel is taken as the truth and reaches the targets', async () => {
    const [{ sku }] = (await rows<{ sku: string }>(
      `select sku from products where account_id = '${accountId}' order by sku desc limit 1`,
    )) as [{ sku: string }];
    const before = await product(sku);
    await editByHand(walmart, sku, { quantity: before.on_hand + 11 });
    const run = await syncNow(walmart);
    expect(run.status).toBe('succeeded');
    expect((await product(sku)).on_hand).toBe(before.on_hand + 11);
    await vi.waitFor(
      async () => expect((await item(shopify, sku)).quantity).toBe(before.on_hand + 11 - before.committed),
      { timeout: 20_000 },
    );
    expect(
      await rows(
        `select cause, field, before, after from changes where sku = '${sku}' and field = 'on_hand' and channel_id = '${walmart.id}'`,
      ),
    ).toEqual([
      { cause: 'reconciliation', field: 'on_hand', before: String(before.on_hand), after: String(before.on_hand + 11) },
    ]);
  });

  it('streams a run’s progress to the browser as server-sent events', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${t.url}/api/sync/events`, {
      headers: { cookie: [...seller.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const started = await seller.post(`/api/channels/${walmart.id}/sync`);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const statuses: string[] = [];
    while (!statuses.includes('succeeded')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      for (const block of text.split('\n\n').slice(0, -1)) {
        const data = block.split('\n').find((line) => line.startsWith('data: '));
        if (block.startsWith('event: run') && data) {
          const run = JSON.parse(data.slice(6));
          if (run.id === started.body.id) statuses.push(run.status);
        }
      }
      text = text.slice(text.lastIndexOf('\n\n') + 2);
    }
    controller.abort();
    // A quick run may go from queued to succeeded between two looks: its end is what must arrive.
    expect(statuses.at(-1)).toBe('succeeded');
    expect(statuses.every((status) => ['queued', 'running', 'succeeded'].includes(status))).toBe(true);
  });

  it('refuses "Sync now" on a paused channel and on another account’s channel', async () => {
    await seller.post(`/api/channels/${shopify.id}/pause`);
    const paused = await seller.post(`/api/channels/${shopify.id}/sync`);
    expect(paused).toMatchObject({ status: 409, body: { message: 'This channel is paused. Resume it to sync it.' } });
    await seller.post(`/api/channels/${shopify.id}/resume`);
    const { browser: other } = await t.signedInSeller();
    expect((await other.post(`/api/channels/${shopify.id}/sync`)).status).toBe(404);
    expect((await other.get('/api/sync/drift')).body.items).toEqual([]);
  });
});

describe('Channel Management: platform staff act on any account’s channel', () => {
  it('an admin forces a sync, pauses and resumes a seller’s channel; a seller cannot', async () => {
    const { browser: admin, userId: adminId } = await t.signedInUser({ role: 'admin' });
    const forced = await admin.post(`/api/admin/channels/${walmart.id}/sync`);
    expect(forced).toMatchObject({ status: 202, body: { channelId: walmart.id, kind: 'reconcile', trigger: 'user' } });
    const paused = await admin.post(`/api/admin/channels/${shopify.id}/pause`);
    expect(paused).toMatchObject({
      status: 200,
      body: { accountId, channel: { status: 'paused', statusReason: 'Paused by platform staff' } },
    });
    expect((await admin.post(`/api/admin/channels/${shopify.id}/resume`)).body.channel.status).toBe('active');
    expect(
      await rows(
        `select action from audit_log where target_id = '${shopify.id}' and actor_user_id = '${adminId}' order by id`,
      ),
    ).toEqual([{ action: 'channel.paused' }, { action: 'channel.resumed' }]);
    expect((await seller.post(`/api/admin/channels/${shopify.id}/pause`)).status).toBe(403);
    expect((await admin.post(`/api/admin/channels/00000000-0000-4000-8000-000000000000/sync`)).status).toBe(404);
    await vi.waitFor(
      async () =>
        expect(
          (await seller.get('/api/sync/runs')).body.items.find((r: { id: string }) => r.id === forced.body.id).status,
        ).toBe('succeeded'),
      { timeout: 30_000 },
    );
  });
});

describe('a channel that keeps failing turns error, says why, and comes back when it works', () => {
  it('after repeated failures the channel shows error with the reason; once the marketplace answers it is active again', async () => {
    await vi.waitFor(async () => expect(await openWrites()).toBe(0), { timeout: 30_000 });
    await control('shopify', '/faults', { method: 'PUT', body: { errorRate: 1 } });
    try {
      // A rule change gives every Shopify listing a new quantity to send.
      expect((await seller.patch(`/api/channels/${shopify.id}/rules`, { stockPercent: 50 })).status).toBe(200);
      // The rule change is in the history of every listing it moves, by the user who made it.
      // (Each listing whose quantity the new share moves: one change, one write, one actor.)
      const [history] = await rows<{ n: number; writes: number; actors: number }>(
        `select count(*)::int as n, count(w.id)::int as writes, count(distinct c.actor_user_id)::int as actors from changes c left join listing_writes w on w.change_id = c.id where c.channel_id = '${shopify.id}' and c.cause = 'rule_change'`,
      );
      expect(history!.n).toBeGreaterThan(0);
      expect(history).toEqual({ n: history!.n, writes: history!.n, actors: 1 });
      // The worker pushes and fails (each attempt retries the 503s for about 8 s first); pg-boss tries the
      // job again with backoff; the third failed attempt in a row turns the channel to error.
      const shopifyChannel = async () =>
        (await seller.get('/api/channels')).body.items.find((c: { id: string }) => c.id === shopify.id);
      await vi.waitFor(async () => expect((await shopifyChannel()).status).toBe('error'), {
        timeout: 90_000,
        interval: 250,
      });
      const failing = await shopifyChannel();
      expect(
        (await rows<{ n: number }>(`select consecutive_failures as n from channels where id = '${shopify.id}'`))[0]!.n,
      ).toBeGreaterThanOrEqual(FAILURES_BEFORE_ERROR);
      expect(failing.statusReason).toMatch(/^Shopify could not be reached: /);
      expect(failing.health.waitingWrites).toBeGreaterThan(0);
      expect(failing.health.lastFailureAt).not.toBeNull();
      expect(failing.health.lastFailureReason).toMatch(/^Shopify could not be reached: /);
    } finally {
      await control('shopify', '/faults', { method: 'PUT', body: { errorRate: 0 } });
    }
    // The next retry goes through: the channel is active again, nothing left waiting.
    await vi.waitFor(
      async () =>
        expect(
          (await seller.get('/api/channels')).body.items.find((c: { id: string }) => c.id === shopify.id),
        ).toMatchObject({
          status: 'active',
          statusReason: null,
          // An attempt worked since: no failure is shown any more.
          health: { waitingWrites: 0, lastFailureAt: null, lastFailureReason: null },
        }),
      { timeout: 90_000, interval: 250 },
    );
    const recovered = (await seller.get('/api/channels')).body.items.find((c: { id: string }) => c.id === shopify.id);
    expect(recovered.health.waitingWrites).toBe(0);
    expect(
      await rows(
        `select action from audit_log where target_id = '${shopify.id}' and action in ('channel.failed', 'channel.recovered') order by id`,
      ),
    ).toEqual([{ action: 'channel.failed' }, { action: 'channel.recovered' }]);
  }, 200_000);
});
