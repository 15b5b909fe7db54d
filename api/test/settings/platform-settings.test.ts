import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import type { Browser } from '../support/browser.ts';
import { connectWithSandboxSeller } from '../support/channel-flows.ts';
import { pollOrders } from '../../src/modules/orders/order-polling.ts';
import { syncTick } from '../../src/modules/reconciliation/sync-schedule.ts';

let t: TestProduct;
let admin: Browser;
let seller: Browser;
let sellerAccount: string;
const rows = async <T>(query: string): Promise<T[]> =>
  ((await t.database.handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  // The minute's schedule is run by the test itself here, so that it cannot tick in between.
  t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
  // The audit names the admin by email.
  ({ browser: admin } = await t.signedInUser({ email: 'admin@example.com', role: 'admin' }));
  ({ browser: seller, accountId: sellerAccount } = await t.signedInSeller());
});
afterAll(() => t?.stop());

describe('System Settings: the default sync interval', () => {
  it('shows the configured default to staff, and to nobody else', async () => {
    expect(await admin.get('/api/admin/settings')).toMatchObject({ status: 200, body: { syncIntervalMinutes: 3 } });
    expect((await seller.get('/api/admin/settings')).status).toBe(403);
    expect((await seller.patch('/api/admin/settings', { syncIntervalMinutes: 5 })).status).toBe(403);
    expect((await admin.get('/api/admin/settings')).body.syncIntervalMinutes).toBe(3);
  });

  it('refuses what is not a whole number of minutes from 1 to 60, changing nothing', async () => {
    for (const body of [
      { syncIntervalMinutes: 0 },
      { syncIntervalMinutes: 61 },
      { syncIntervalMinutes: 2.5 },
      { syncIntervalMinutes: '5' },
      {},
    ]) {
      const answer = await admin.patch('/api/admin/settings', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect((await admin.get('/api/admin/settings')).body.syncIntervalMinutes).toBe(3);
  });

  it('a new interval is kept, audited with before and after, and the schedule reads channels by it', async () => {
    const walmart = await connectWithSandboxSeller(seller, 'walmart', 3);
    expect(await admin.patch('/api/admin/settings', { syncIntervalMinutes: 10 })).toMatchObject({
      status: 200,
      body: { syncIntervalMinutes: 10 },
    });
    expect((await admin.get('/api/admin/settings')).body.syncIntervalMinutes).toBe(10);
    expect(
      await rows(
        `select a.action, a.before, a.after, u.email from audit_log a join users u on u.id = a.actor_user_id where a.action = 'settings.changed'`,
      ),
    ).toEqual([
      {
        action: 'settings.changed',
        before: { syncIntervalMinutes: 3 },
        after: { syncIntervalMinutes: 10 },
        email: 'admin@example.com',
      },
    ]);

    // Read just now: three minutes on (the old interval) nothing is due; ten minutes on, the channel is.
    await pollOrders(t.product.ctx, { accountId: sellerAccount, channelId: walmart.id });
    t.advance(3 * 60);
    expect((await syncTick(t.product.ctx)).polled).toBe(0);
    t.advance(7 * 60);
    expect((await syncTick(t.product.ctx)).polled).toBe(1);
  });
});
