import { describe, expect, it } from 'vitest';
import { AccessTokenCache, type HeldToken } from './access-token-cache.ts';

describe('a marketplace access token kept until near its expiry', () => {
  const started = () => {
    let now = 1_000_000;
    const asked: Array<(token: HeldToken) => void> = [];
    const cache = new AccessTokenCache(() => new Promise<HeldToken>((resolve) => asked.push(resolve)), {
      marginMs: 60_000,
      now: () => now,
    });
    return { cache, asked, later: (ms: number) => (now += ms), now: () => now };
  };

  it('asks once for callers who want it at the same moment, and keeps it until within the margin of expiry', async () => {
    const { cache, asked, later, now } = started();
    const first = [cache.get(), cache.get(), cache.get()];
    expect(asked).toHaveLength(1);
    asked[0]!({ value: 'one', expiresAt: now() + 3_600_000 });
    expect(await Promise.all(first)).toEqual(['one', 'one', 'one']);
    later(3_600_000 - 61_000);
    expect(await cache.get()).toBe('one');
    expect(asked).toHaveLength(1);
    later(2_000);
    const renewed = cache.get();
    expect(asked).toHaveLength(2);
    asked[1]!({ value: 'two', expiresAt: now() + 3_600_000 });
    expect(await renewed).toBe('two');
  });

  it('asks again once a refused token is forgotten, and after a failed request', async () => {
    let calls = 0;
    const cache = new AccessTokenCache(
      async () => {
        calls += 1;
        if (calls === 2) throw new Error('token endpoint down');
        return { value: `token-${calls}`, expiresAt: Date.now() + 3_600_000 };
      },
      { marginMs: 60_000, now: Date.now },
    );
    expect(await cache.get()).toBe('token-1');
    expect(cache.holds).toBe(true);
    cache.forget();
    expect(cache.holds).toBe(false);
    await expect(cache.get()).rejects.toThrow('token endpoint down');
    expect(await cache.get()).toBe('token-3');
  });
});
