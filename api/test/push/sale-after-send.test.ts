import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { editByHand, query, sandboxItem, settled } from '../support/sync-checks.ts';
import { findChannel } from '../../src/db/queries/channels.ts';
import { recordOrders } from '../../src/modules/orders/order-ledger.ts';
import { confirmOnNotice, confirmSubmission } from '../../src/modules/push/listing-confirmation.ts';

/**
 * A quantity Amazon took for later (an accepted PATCH, confirmed by reading the listing back) and a
 * sale on Amazon of that SKU recorded after it was sent: Amazon took the units off by itself, before
 * or after our value landed, so the read may never show our value. It is sent again at once instead
 * of after a dozen checks spread over minutes. Without a sale, a value not showing yet is asked
 * about again later, as before.
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
let amazon: ConnectedChannel;

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  await connectWithSandboxSeller(seller, 'walmart', 4);
  amazon = await connectWithSandboxSeller(seller, 'amazon', 4);
  await settled(t, accountId);
}, 150_000);
afterAll(() => t?.stop());

/** A quantity of ours Amazon accepted a moment ago and that its listing does not show (as if a sale there moved it since). */
async function acceptedQuantity(sku: string, submissionId: string): Promise<{ id: string; after: number }> {
  const held = (await sandboxItem(t, amazon, sku)).quantity;
  const [listing] = await query<{ id: string }>(
    t,
    sql`select id from listings where channel_id = ${amazon.id} and sku = ${sku}`,
  );
  const [write] = await query<{ id: string }>(
    t,
    sql`insert into listing_writes (account_id, channel_id, listing_id, sku, field, before, after, status, attempts, submission_id, submission_position, updated_at)
        values (${accountId}, ${amazon.id}, ${listing!.id}, ${sku}, 'quantity', ${String(held)}, ${String(held + 1)}, 'accepted', 1, ${submissionId}, 0, now() - interval '2 seconds')
        returning id`,
  );
  return { id: write!.id, after: held + 1 };
}

const writeNow = async (id: string) =>
  (
    await query<{ status: string; message: string | null }>(
      t,
      sql`select status, message from listing_writes where id = ${id}`,
    )
  )[0];
const check = (submissionId: string) =>
  confirmSubmission(t.product.ctx, { accountId, channelId: amazon.id, submissionId, mode: 'read-back', check: 1 });

describe('a quantity taken for later on a listing that sold since', () => {
  it('without a sale, is asked about again later', async () => {
    const [{ sku }] = (await query<{ sku: string }>(
      t,
      sql`select sku from listings where channel_id = ${amazon.id} order by sku limit 1`,
    )) as [{ sku: string }];
    const write = await acceptedQuantity(sku, 'read-back:no-sale');
    expect(await check('read-back:no-sale')).toBe('waiting');
    expect(await writeNow(write.id)).toEqual({ status: 'accepted', message: null });
    // Put out of the way: the checks it asked for find nothing to do.
    await query(t, sql`update listing_writes set status = 'superseded' where id = ${write.id}`);
  });

  it('after a sale there recorded since it was sent, is sent again now, and lands', async () => {
    const [{ sku }] = (await query<{ sku: string }>(
      t,
      sql`select sku from listings where channel_id = ${amazon.id} order by sku desc limit 1`,
    )) as [{ sku: string }];
    const write = await acceptedQuantity(sku, 'read-back:sold');
    await query(
      t,
      sql`insert into orders (account_id, channel_id, marketplace_order_id, order_number, status, lines, ordered_at, marketplace_updated_at, accounted_units)
          values (${accountId}, ${amazon.id}, 'sale-after-send-1', 'sale-after-send-1', 'open', ${JSON.stringify([{ sku, quantity: 1, price: null }])}::jsonb, now(), now(), ${JSON.stringify({ [sku]: 0 })}::jsonb)`,
    );
    expect(await check('read-back:sold')).toBe('settled');
    expect((await writeNow(write.id))?.message).toBe('A sale on the marketplace moved the quantity after it was sent');
    // The push it asked for sends the value again, and Amazon ends up holding it.
    await settled(t, accountId);
    expect(await writeNow(write.id)).toMatchObject({ status: 'confirmed' });
    expect((await sandboxItem(t, amazon, sku)).quantity).toBe(write.after);
  });
});

describe('a value queued behind one Amazon took for later', () => {
  it('is sent once Amazon’s notice says the first landed, and lands too', async () => {
    const [{ sku }] = (await query<{ sku: string }>(
      t,
      sql`select sku from listings where channel_id = ${amazon.id} order by sku offset 1 limit 1`,
    )) as [{ sku: string }];
    const first = await acceptedQuantity(sku, 'read-back:behind');
    // The next value waits: a listing is sent one value at a time, so no push takes it while the first is on its way.
    const [behind] = await query<{ id: string }>(
      t,
      sql`insert into listing_writes (account_id, channel_id, listing_id, sku, field, before, after, status)
          select account_id, channel_id, listing_id, sku, 'quantity', ${String(first.after)}, ${String(first.after + 1)}, 'pending' from listing_writes where id = ${first.id}
          returning id`,
    );
    await confirmOnNotice(t.product.ctx, { accountId, id: amazon.id }, sku, first.after);
    expect(await writeNow(first.id)).toMatchObject({ status: 'confirmed' });
    await settled(t, accountId, 20_000);
    expect(await writeNow(behind!.id)).toMatchObject({ status: 'confirmed' });
    expect((await sandboxItem(t, amazon, sku)).quantity).toBe(first.after + 1);
  });
});

describe('a cancellation on Amazon while a price of ours is on its way there', () => {
  it('has the quantity Amazon put back by itself set again to the rules’ value', async () => {
    const [{ sku, listingId, desired }] = (await query<{ sku: string; listingId: string; desired: number }>(
      t,
      sql`select sku, id as "listingId", coalesce(desired_quantity, confirmed_quantity) as desired from listings where channel_id = ${amazon.id} order by sku offset 2 limit 1`,
    )) as [{ sku: string; listingId: string; desired: number }];
    expect((await sandboxItem(t, amazon, sku)).quantity).toBe(desired);
    // The order held a unit; cancelled, Amazon restocks it by itself.
    await query(
      t,
      sql`insert into orders (account_id, channel_id, marketplace_order_id, order_number, status, lines, ordered_at, marketplace_updated_at, accounted_units)
          values (${accountId}, ${amazon.id}, 'cancel-during-price', 'cancel-during-price', 'open', ${JSON.stringify([{ sku, quantity: 1, price: null }])}::jsonb, now() - interval '1 minute', now() - interval '1 minute', ${JSON.stringify({ [sku]: 1 })}::jsonb)`,
    );
    await query(t, sql`update products set committed = committed + 1 where account_id = ${accountId} and sku = ${sku}`);
    await editByHand(t, amazon, sku, { quantity: desired + 1 });
    const [price] = await query<{ id: string }>(
      t,
      sql`insert into listing_writes (account_id, channel_id, listing_id, sku, field, before, after, status, attempts)
          values (${accountId}, ${amazon.id}, ${listingId}, ${sku}, 'price', '1.00', '2.00', 'sending', 1) returning id`,
    );
    const channel = (await findChannel(t.product.ctx.db, accountId, amazon.id))!;
    const now = new Date().toISOString();
    await t.product.ctx.db.transaction((tx) =>
      recordOrders(t.product.ctx, tx, channel, [
        {
          marketplaceOrderId: 'cancel-during-price',
          status: 'cancelled',
          lines: [{ sku, quantity: 1, price: null, cancelledQuantity: 0 }],
          createdAt: now,
          updatedAt: now,
        },
      ]),
    );
    const quantityWrites = await query<{ after: string }>(
      t,
      sql`select after from listing_writes where listing_id = ${listingId} and field = 'quantity' and status = 'pending'`,
    );
    expect(quantityWrites.map((w) => Number(w.after))).toEqual([desired]);
    // The price's answer comes (put out of the way here), and the quantity goes.
    await query(t, sql`update listing_writes set status = 'superseded' where id = ${price!.id}`);
    await settled(t, accountId);
    expect((await sandboxItem(t, amazon, sku)).quantity).toBe(desired);
  });
});
