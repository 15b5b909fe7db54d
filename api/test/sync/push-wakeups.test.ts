import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestProduct, type TestProduct } from '../support/test-product.ts';
import { Wakeup, wakeRunningPush, whileWakeable } from '../../src/modules/sync/push-wakeups.ts';
import { requestChannelPush } from '../../src/modules/sync/plan-writes.ts';

class CountedWakeup extends Wakeup {
  rings = 0;
  override ring(): void {
    this.rings++;
    super.ring();
  }
}

describe('a wakeup', () => {
  it('wakes the wait under way, keeps a ring that came between waits for the next one, and forgets a wait that ended otherwise', async () => {
    const wakeup = new Wakeup();
    const order: string[] = [];
    const first = wakeup.next().then(() => order.push('first'));
    wakeup.ring();
    await first;
    // Rung while nobody waits: the next wait ends at once.
    wakeup.ring();
    await wakeup.next();
    order.push('kept');
    // A wait abandoned (a round ended first) does not swallow the next ring.
    void wakeup.next();
    wakeup.stopWaiting();
    wakeup.ring();
    await wakeup.next();
    order.push('after an abandoned wait');
    expect(order).toEqual(['first', 'kept', 'after an abandoned wait']);
  });
});

describe('the push under way for a channel', () => {
  let t: TestProduct;
  beforeAll(async () => {
    t = await startTestProduct({ sync: { intervalMinutes: 3, schedule: false } });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('is woken by values queued for its channel once they are committed, not before, not when they roll back, and not by another channel', async () => {
    const { ctx } = t.product;
    // No such channel: the push jobs these requests queue find nothing to do.
    const channelId = crypto.randomUUID();
    const job = { accountId: crypto.randomUUID(), channelId };
    const wakeup = new CountedWakeup();
    await whileWakeable(channelId, wakeup, async () => {
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await requestChannelPush(ctx, tx, job);
        expect(wakeup.rings, 'rung before the values were committed').toBe(0);
      });
      expect(wakeup.rings).toBe(1);
      await ctx.db
        .transaction(async (tx) => {
          await requestChannelPush(ctx, tx, job);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(wakeup.rings, 'rung for values that were never committed').toBe(1);
      wakeRunningPush(crypto.randomUUID());
      expect(wakeup.rings).toBe(1);
      // Outside a transaction the values are committed already.
      await requestChannelPush(ctx, ctx.db, job);
      expect(wakeup.rings).toBe(2);
    });
    // Once the push has ended nothing is woken.
    await requestChannelPush(ctx, ctx.db, job);
    expect(wakeup.rings).toBe(2);
  });
});
