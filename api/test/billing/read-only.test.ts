import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller, type ConnectedChannel } from '../support/channel-flows.ts';
import { query, sandboxItem, settled } from '../support/sync-checks.ts';
import { accounts, planValues, subscriptionStatusValues, type Plan } from '../../src/db/schema/index.ts';
import { isReadOnlyInSql } from '../../src/db/queries/billing.ts';
import { channelsWithPendingWrites } from '../../src/db/queries/listing-writes-sending.ts';
import { syncingChannels } from '../../src/db/queries/channels.ts';
import { billingStatusOf } from '../../src/modules/billing/billing-status.ts';
import { readOnlyMessage } from '../../src/modules/billing/plan-enforcement.ts';
import { planListingWrites } from '../../src/modules/push/plan-writes.ts';
import { runPublishJob } from '../../src/modules/listings/publish.ts';
import { syncTick } from '../../src/modules/reconciliation/sync-schedule.ts';

/**
 * A read-only account (its trial over unpaid, or its plan ended) writes nothing to its marketplaces: the
 * requests that would are refused with the way back to Billing, the jobs already asked for end without a
 * call, the minute's tick leaves it out; nothing stored is deleted, and once it is paid for, what waited goes.
 * The read-only rule is one: the SQL the tick's queries use agrees with billing-status.ts on every case.
 */
let t: TestProduct;
let seller: Browser;
let accountId: string;
let walmart: ConnectedChannel;

const db = () => t.database.handle.db;
const setAccount = (fields: Partial<typeof accounts.$inferInsert>) =>
  db().update(accounts).set(fields).where(eq(accounts.id, accountId));
const pushJobs = (channelId: string) =>
  query<{ state: string }>(
    t,
    sql`select state from pgboss.job where name = 'listings.push' and data->>'channelId' = ${channelId}`,
  );

beforeAll(async () => {
  t = await startTestProduct();
  ({ browser: seller, accountId } = await t.signedInSeller());
  await connectWithSandboxSeller(seller, 'amazon', 2);
  walmart = await connectWithSandboxSeller(seller, 'walmart', 2);
  await vi.waitFor(
    async () =>
      expect(
        (await query(t, sql`select 1 from listings where channel_id = ${walmart.id} and confirmed_price is not null`))
          .length,
      ).toBeGreaterThan(0),
    { timeout: 45_000 },
  );
  await settled(t, accountId);
}, 150_000);
afterAll(() => t?.stop());

describe('the read-only rule', () => {
  it('is the same in SQL as in billing-status.ts, for every plan, subscription state and trial', async () => {
    const now = t.product.ctx.clock();
    const trials = [null, new Date(now.getTime() - 60_000), new Date(now.getTime() + 60_000)];
    const other = await t.createUser();
    const row = (fields: Partial<typeof accounts.$inferInsert>) =>
      db().update(accounts).set(fields).where(eq(accounts.id, other.accountId));
    let readOnlyCases = 0;
    for (const plan of planValues as readonly Plan[])
      for (const subscriptionStatus of [null, ...subscriptionStatusValues])
        for (const trialEndsAt of trials) {
          await row({ plan, subscriptionStatus, trialEndsAt });
          const expected = billingStatusOf({ plan, subscriptionStatus, trialEndsAt }, now).readOnly;
          if (expected) readOnlyCases++;
          expect(
            await isReadOnlyInSql(db(), other.accountId, now),
            JSON.stringify({ plan, subscriptionStatus, trialEndsAt }),
          ).toBe(expected);
        }
    // Both answers occur (a rule that said the same for all would pass the comparison).
    expect(readOnlyCases).toBeGreaterThan(0);
    expect(readOnlyCases).toBeLessThan(planValues.length * (subscriptionStatusValues.length + 1) * trials.length);
  });
});

describe('a read-only account', () => {
  it('is refused every request that would change its marketplaces, with the way back to Billing', async () => {
    await setAccount({ trialEndsAt: new Date(t.product.ctx.clock().getTime() - 60_000) });
    try {
      const message = readOnlyMessage('trial_ended');
      expect(message).toBe(
        'Your free trial has ended: nothing is sent to your marketplaces until you choose a plan on the Billing page. All your data is kept.',
      );
      const someId = crypto.randomUUID();
      const refused = [
        await seller.post(`/api/channels/${walmart.id}/sync`),
        await seller.post('/api/listings/bulk-edit', {
          selection: { productIds: [someId] },
          price: { mode: 'set', value: 9.99 },
        }),
        await seller.post('/api/listings/import', { csv: 'sku,price\nX,1.00\n' }),
        await seller.post('/api/listings/publish', { channelId: walmart.id, productIds: [someId] }),
        await seller.post(`/api/pricing-rules/${someId}/run`, {}),
        await seller.post(`/api/pricing-rule-runs/${someId}/undo`),
        await seller.post(`/api/listings/changes/${someId}/undo`),
        await seller.post(`/api/sync/drift/${someId}/overwrite`),
        await seller.post('/api/sync/pushes/retry', { channelId: walmart.id }),
      ];
      for (const answer of refused)
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 403, body: { message } });
      // Reading stays open: its data is all there.
      const catalogue = await seller.get('/api/listings?pageSize=10');
      expect(catalogue.status).toBe(200);
      expect(catalogue.body.items.length).toBeGreaterThan(0);
    } finally {
      await setAccount({ trialEndsAt: new Date(t.product.ctx.clock().getTime() + 7 * 86400_000) });
    }
  });

  it("writes nothing by the jobs already asked for, keeps what waits, and sends it once it's paid for", async () => {
    const [listing] = await query<{ sku: string; product_id: string; confirmed_price: string }>(
      t,
      sql`select sku, product_id, confirmed_price::text from listings where channel_id = ${walmart.id}
        and confirmed_price is not null order by sku limit 1`,
    );
    const before = await sandboxItem(t, walmart, listing!.sku);
    const newPrice = (Number(listing!.confirmed_price) + 3).toFixed(2);

    // The plan ended: a change already made (as an order's or a webhook's) plans its value and asks for a push.
    await setAccount({ plan: 'growth', subscriptionStatus: 'canceled', trialEndsAt: null });
    const pushesBefore = (await pushJobs(walmart.id)).length;
    await db().transaction(async (tx) => {
      await tx.execute(sql`update products set price = ${newPrice} where id = ${listing!.product_id}`);
      await planListingWrites(t.product.ctx, tx, accountId, [listing!.product_id]);
    });
    // The push ran and ended without a call; the value waits, stored.
    await vi.waitFor(
      async () => {
        const jobs = await pushJobs(walmart.id);
        expect(jobs.length).toBeGreaterThan(pushesBefore);
        expect(jobs.every((j) => j.state === 'completed')).toBe(true);
      },
      { timeout: 20_000 },
    );
    const waiting = await query<{ status: string; after: string }>(
      t,
      sql`select status, after from listing_writes where listing_id = (select id from listings where channel_id = ${walmart.id}
        and sku = ${listing!.sku}) and field = 'price' and status in ('pending', 'sending')`,
    );
    expect(waiting).toEqual([{ status: 'pending', after: newPrice }]);
    expect((await sandboxItem(t, walmart, listing!.sku)).price).toBe(before.price);
    // A publish job writes nothing either; the minute's tick asks for nothing of this account.
    expect(await runPublishJob(t.product.ctx, { mode: 'create', accountId, channelId: walmart.id })).toBe('read-only');
    const now = t.product.ctx.clock();
    expect((await channelsWithPendingWrites(db(), now)).map((c) => c.channelId)).not.toContain(walmart.id);
    expect((await syncingChannels(db(), now)).map((c) => c.id)).not.toContain(walmart.id);

    // Paid again: the tick finds the value waiting and sends it.
    await setAccount({ subscriptionStatus: 'active' });
    expect((await channelsWithPendingWrites(db(), t.product.ctx.clock())).map((c) => c.channelId)).toContain(
      walmart.id,
    );
    await syncTick(t.product.ctx);
    await vi.waitFor(
      async () => expect(Number((await sandboxItem(t, walmart, listing!.sku)).price)).toBe(Number(newPrice)),
      {
        timeout: 30_000,
      },
    );
    await settled(t, accountId);
  }, 90_000);

  it('a listing status to send, asked for before the plan ended, is asked for again until paid, then sent', async () => {
    const [listing] = await query<{ id: string; sku: string }>(
      t,
      sql`select id, sku from listings where channel_id = ${walmart.id} and marketplace_id is not null
        and status = 'active' order by sku desc limit 1`,
    );
    const before = await sandboxItem(t, walmart, listing!.sku);
    // The seller took it off sale; the plan ended before its job ran.
    await db().execute(sql`update listings set status = 'inactive' where id = ${listing!.id}`);
    await setAccount({ plan: 'growth', subscriptionStatus: 'canceled', trialEndsAt: null });
    const job = { mode: 'status' as const, accountId, channelId: walmart.id, listingIds: [listing!.id] };
    const askedAgain = () =>
      query<{ state: string; later: boolean; data: unknown }>(
        t,
        sql`select state, start_after > now() + interval '5 minutes' as later, data from pgboss.job
          where name = 'listings.publish' and singleton_key like ${`paused:${walmart.id}:%`} and state = 'created'`,
      );
    expect(await runPublishJob(t.product.ctx, job)).toBe('read-only');
    // The handler run twice asks once.
    expect(await runPublishJob(t.product.ctx, job)).toBe('read-only');
    expect(await askedAgain()).toEqual([{ state: 'created', later: true, data: job }]);
    expect(await sandboxItem(t, walmart, listing!.sku)).toEqual(before);

    // Paid again: the job asked for again sends the status.
    await setAccount({ subscriptionStatus: 'active' });
    const [again] = await askedAgain();
    await runPublishJob(t.product.ctx, again!.data as typeof job);
    await vi.waitFor(async () => expect(await sandboxItem(t, walmart, listing!.sku)).not.toEqual(before), {
      timeout: 30_000,
    });
    expect((await sandboxItem(t, walmart, listing!.sku)).status).not.toBe(before.status);
  }, 90_000);
});
