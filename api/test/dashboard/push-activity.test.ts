import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { noFaults, query, sandboxItem, setFaults, settled } from '../support/sync-checks.ts';
import { refusedSkuMessage } from '../../src/sandbox/shared/sandbox-kit.ts';

/**
 * Push activity on an Amazon main channel and a Walmart target: a value Walmart refuses shows with
 * its message; "Retry" sends it again through the normal push and it ends confirmed; another
 * account cannot retry it.
 */
let t: TestProduct;
let seller: Browser;
let other: Browser;
let accountId: string;
let amazon: ConnectedChannel;
let walmart: ConnectedChannel;

type Activity = {
  channels: Array<{ channelId: string; pending: number; onTheirWay: number; confirmed: number; failed: number }>;
  failed: Array<{ id: string; channelId: string; sku: string; field: string; value: string; message: string | null }>;
  failedTotal: number;
};

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  ({ browser: other } = await t.signedInSeller());
  amazon = await connectWithSandboxSeller(seller, 'amazon', 6);
  walmart = await connectWithSandboxSeller(seller, 'walmart', 6);
  await settled(t, accountId);
}, 150_000);
afterAll(async () => {
  await setFaults(t, 'walmart', noFaults);
  await t?.stop();
});

describe('push activity and retry', () => {
  it('counts per channel, the refused value with Walmart’s message; a retry sends it again and it ends confirmed; another account changes nothing', async () => {
    expect(amazon.role).toBe('main');
    const start = (await seller.get('/api/sync/pushes')).body as Activity;
    expect(start.channels.map((c) => c.channelId)).toEqual([amazon.id, walmart.id]);
    expect(start.failed).toEqual([]);
    const confirmedBefore = start.channels[1]!.confirmed;

    // Half the stock on Walmart changes the quantity of every SKU with 2 or more units; Walmart refuses one of them.
    const [refused] = await query<{ sku: string; on_hand: number }>(
      t,
      sql`select sku, on_hand from products where account_id = ${accountId} and on_hand >= 4 order by sku limit 1`,
    );
    const sku = refused!.sku;
    await setFaults(t, 'walmart', { rejectSkus: [sku] });
    expect((await seller.patch(`/api/channels/${walmart.id}/rules`, { stockPercent: 50 })).status).toBe(200);
    await settled(t, accountId);

    const afterRefusal = (await seller.get('/api/sync/pushes')).body as Activity;
    expect(afterRefusal.failed).toEqual([
      expect.objectContaining({
        channelId: walmart.id,
        sku,
        field: 'quantity',
        value: String(Math.floor(refused!.on_hand / 2)),
        message: refusedSkuMessage(sku),
      }),
    ]);
    expect(afterRefusal.failedTotal).toBe(1);
    const walmartCounts = afterRefusal.channels.find((c) => c.channelId === walmart.id)!;
    expect(walmartCounts).toMatchObject({ pending: 0, onTheirWay: 0, failed: 1 });
    const changed = (
      await query<{ n: number }>(
        t,
        sql`select count(*)::int as n from listing_writes where channel_id = ${walmart.id} and status = 'confirmed'`,
      )
    )[0]!.n;
    expect(walmartCounts.confirmed).toBe(changed);
    expect(walmartCounts.confirmed).toBeGreaterThan(confirmedBefore);
    expect((await sandboxItem(t, walmart, sku)).quantity).toBe(refused!.on_hand);
    const failedId = afterRefusal.failed[0]!.id;

    // Another account's retry of this id finds nothing of its own: the write stays refused, nothing is queued.
    const foreign = await other.post('/api/sync/pushes/retry', { writeIds: [failedId] });
    expect(foreign.status).toBe(200);
    expect(foreign.body).toMatchObject({ retried: 0, skipped: 1 });
    expect((await other.post('/api/sync/pushes/retry', { channelId: walmart.id })).status).toBe(404);
    expect(await query(t, sql`select status from listing_writes where id = ${failedId}`)).toEqual([
      { status: 'failed' },
    ]);
    expect((await seller.get('/api/sync/pushes')).body.failedTotal).toBe(1);

    // Bad input is refused with a message.
    const bad = await seller.post('/api/sync/pushes/retry', { writeIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));

    // Walmart takes it now: "Retry" sends the same value again, and it ends confirmed.
    await setFaults(t, 'walmart', noFaults);
    const retry = await seller.post('/api/sync/pushes/retry', { writeIds: [failedId] });
    expect(retry.status).toBe(200);
    expect(retry.body).toMatchObject({ retried: 1, skipped: 0, message: '1 value will be sent again.' });
    await settled(t, accountId);
    expect((await sandboxItem(t, walmart, sku)).quantity).toBe(Math.floor(refused!.on_hand / 2));
    expect(await query(t, sql`select status from listing_writes where id = ${failedId}`)).toEqual([
      { status: 'superseded' },
    ]);
    expect(
      await query(
        t,
        sql`select w.status, w.after from listing_writes w where w.channel_id = ${walmart.id} and w.sku = ${sku} and w.created_at > (select created_at from listing_writes where id = ${failedId})`,
      ),
    ).toEqual([{ status: 'confirmed', after: String(Math.floor(refused!.on_hand / 2)) }]);
    expect(
      await query(
        t,
        sql`select status, last_error, confirmed_quantity from listings where channel_id = ${walmart.id} and sku = ${sku}`,
      ),
    ).toEqual([{ status: 'active', last_error: null, confirmed_quantity: Math.floor(refused!.on_hand / 2) }]);
    const done = (await seller.get('/api/sync/pushes')).body as Activity;
    expect(done.failed).toEqual([]);
    expect(done.channels.find((c) => c.channelId === walmart.id)!.failed).toBe(0);

    // A second retry of the same id has nothing left to send.
    expect((await seller.post('/api/sync/pushes/retry', { writeIds: [failedId] })).body).toMatchObject({
      retried: 0,
      skipped: 1,
    });
  }, 150_000);

  it('a refused value replaced since by a newer one is not sent again', async () => {
    const [product] = await query<{ sku: string; on_hand: number }>(
      t,
      sql`select sku, on_hand from products where account_id = ${accountId} and on_hand >= 6 order by sku desc limit 1`,
    );
    const sku = product!.sku;
    await setFaults(t, 'walmart', { rejectSkus: [sku] });
    expect((await seller.patch(`/api/channels/${walmart.id}/rules`, { stockPercent: 100 })).status).toBe(200);
    await settled(t, accountId);
    const refused = ((await seller.get('/api/sync/pushes')).body as Activity).failed.find((f) => f.sku === sku)!;
    expect(refused.message).toBe(refusedSkuMessage(sku));
    // The rules change again; the new value is refused as well, and replaces the first.
    expect((await seller.patch(`/api/channels/${walmart.id}/rules`, { bufferUnits: 1 })).status).toBe(200);
    await settled(t, accountId);
    // Only the newer refusal is listed: the first needs nothing more (a newer value replaced it).
    const listed = ((await seller.get('/api/sync/pushes')).body as Activity).failed.filter((f) => f.sku === sku);
    expect(listed.map((f) => f.value)).toEqual([String(product!.on_hand - 1)]);
    await setFaults(t, 'walmart', noFaults);
    const retry = await seller.post('/api/sync/pushes/retry', { channelId: walmart.id });
    expect(
      retry.body,
      JSON.stringify(
        await query(
          t,
          sql`select sku, field, status, after, message, created_at::text from listing_writes where channel_id = ${walmart.id} and status in ('failed', 'superseded') order by created_at`,
        ),
      ),
    ).toMatchObject({ retried: 1, skipped: 1 });
    await settled(t, accountId);
    expect((await sandboxItem(t, walmart, sku)).quantity).toBe(product!.on_hand - 1);
    expect(((await seller.get('/api/sync/pushes')).body as Activity).failedTotal).toBe(0);
  }, 150_000);
});
