import { afterEach, describe, expect, it, vi } from 'vitest';
import { mainStockMoved, untilMainStockMoves } from './main-sale-signals.ts';

afterEach(() => void vi.useRealTimers());

describe('a main channel stock notice waiting for its sale', () => {
  it('wakes when that SKU of that account moves, not another', async () => {
    vi.useFakeTimers();
    let woken = false;
    const waiting = untilMainStockMoves('account-1', 'SKU-1', 1000).then(() => (woken = true));
    mainStockMoved('account-2', ['SKU-1']);
    mainStockMoved('account-1', ['SKU-2']);
    await vi.advanceTimersByTimeAsync(999);
    expect(woken).toBe(false);
    mainStockMoved('account-1', ['SKU-2', 'SKU-1']);
    await waiting;
    expect(woken).toBe(true);
  });

  it('gives up after its time, and a later move wakes nothing left behind', async () => {
    vi.useFakeTimers();
    let woken = false;
    const waiting = untilMainStockMoves('account-1', 'SKU-3', 500).then(() => (woken = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(woken).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(woken).toBe(true);
    expect(() => mainStockMoved('account-1', ['SKU-3'])).not.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('wakes every notice waiting for the SKU at once', async () => {
    const order: string[] = [];
    const first = untilMainStockMoves('account-1', 'SKU-4', 60_000).then(() => order.push('first'));
    const second = untilMainStockMoves('account-1', 'SKU-4', 60_000).then(() => order.push('second'));
    mainStockMoved('account-1', ['SKU-4']);
    await Promise.all([first, second]);
    expect(order.sort()).toEqual(['first', 'second']);
  });
});
