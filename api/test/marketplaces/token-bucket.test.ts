import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../../src/marketplaces/shared/token-bucket.ts';

/** The buckets on a clock the test moves: pacing, and the rate-limit use the dashboard shows. */
function bucketsAt(start = 1_000_000) {
  let now = start;
  const buckets = new TokenBuckets(() => now);
  return { buckets, advance: (ms: number) => (now += ms) };
}

const getItem = { rate: 5, burst: 10 };
const feeds = { rate: 0.0083, burst: 15 };

describe('token buckets', () => {
  it('lets a burst through at once, then waits for the refill', async () => {
    const { buckets } = bucketsAt();
    for (let i = 0; i < 10; i++) {
      expect(buckets.waitFor('amazon:S1:getListingsItem', getItem)).toBe(0);
      await buckets.take('amazon:S1:getListingsItem', getItem);
    }
    expect(buckets.waitFor('amazon:S1:getListingsItem', getItem)).toBe(200);
  });

  it("reports the busiest of a seller's limits over the last minute, and 429s, without other sellers'", async () => {
    const { buckets, advance } = bucketsAt();
    expect(buckets.use('amazon:S1:')).toEqual({ percent: 0, operation: null, limited: 0 });
    // 150 of getListingsItem's 300 a minute, 3 of the feed limit's 0.5 a minute (capped at 100%).
    for (let i = 0; i < 150; i++) {
      await buckets.take('amazon:S1:getListingsItem', getItem);
      advance(200);
    }
    for (let i = 0; i < 3; i++) await buckets.take('amazon:S1:createFeed', feeds);
    buckets.drain('amazon:S1:getListingsItem', getItem);
    await buckets.take('amazon:S2:getListingsItem', getItem);
    expect(buckets.use('amazon:S1:')).toEqual({ percent: 100, operation: 'createFeed', limited: 1 });
    expect(buckets.use('amazon:S2:')).toEqual({ percent: 0, operation: 'getListingsItem', limited: 0 });
  });

  it('counts the previous minute for the part of it still inside the last minute, and forgets it after', async () => {
    const { buckets, advance } = bucketsAt();
    for (let i = 0; i < 60; i++) {
      await buckets.take('walmart:C:updateInventory', { rate: 5, burst: 5 });
      advance(500);
    }
    // 60 calls in the first 30 s of a window of a 300-a-minute limit: 20%.
    expect(buckets.use('walmart:C:').percent).toBe(20);
    advance(60_000); // 90 s after the window opened: half of it is still inside the last minute.
    expect(buckets.use('walmart:C:').percent).toBe(10);
    advance(60_000);
    expect(buckets.use('walmart:C:')).toEqual({ percent: 0, operation: null, limited: 0 });
  });
});
