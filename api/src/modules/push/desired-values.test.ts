import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { availableStock, desiredQuantity } from './desired-values.ts';
import { defaultChannelRules, type ChannelRules } from '../../db/schema/index.ts';

const rules = fc.record<ChannelRules>({
  syncQuantity: fc.constant(true),
  syncPrice: fc.boolean(),
  stockPercent: fc.integer({ min: 0, max: 100 }),
  bufferUnits: fc.integer({ min: 0, max: 1000 }),
  maxQuantity: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  outOfStockThreshold: fc.integer({ min: 0, max: 100 }),
});

describe('desired channel quantity (pages.md section 2)', () => {
  it('follows the worked examples', () => {
    expect(desiredQuantity(10, defaultChannelRules)).toBe(10);
    expect(desiredQuantity(10, { ...defaultChannelRules, stockPercent: 80, bufferUnits: 2 })).toBe(6);
    expect(desiredQuantity(10, { ...defaultChannelRules, maxQuantity: 4 })).toBe(4);
    expect(desiredQuantity(3, { ...defaultChannelRules, outOfStockThreshold: 3 })).toBe(0);
    expect(desiredQuantity(1, { ...defaultChannelRules, bufferUnits: 5 })).toBe(0);
    expect(desiredQuantity(10, { ...defaultChannelRules, syncQuantity: false })).toBeUndefined();
  });

  it('never offers more than is available, never below zero, never above the cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        rules,
        (onHand, committed, r) => {
          const available = availableStock(onHand, committed);
          const offered = desiredQuantity(available, r)!;
          expect(offered).toBeGreaterThanOrEqual(0);
          expect(offered).toBeLessThanOrEqual(available);
          if (r.maxQuantity !== null) expect(offered).toBeLessThanOrEqual(r.maxQuantity);
          if (available <= r.outOfStockThreshold) expect(offered).toBe(0);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("a listing's own cap lowers what the rules give, never raises it; 0 offers none", () => {
    expect(desiredQuantity(10, defaultChannelRules, 2)).toBe(2);
    expect(desiredQuantity(10, defaultChannelRules, null)).toBe(10);
    expect(desiredQuantity(10, defaultChannelRules, 0)).toBe(0);
    // Available below the cap: what is available, not the cap (never oversell).
    expect(desiredQuantity(1, defaultChannelRules, 2)).toBe(1);
    expect(desiredQuantity(10, { ...defaultChannelRules, maxQuantity: 4 }, 6)).toBe(4);
    expect(desiredQuantity(10, { ...defaultChannelRules, stockPercent: 50 }, 3)).toBe(3);
    expect(desiredQuantity(10, { ...defaultChannelRules, syncQuantity: false }, 2)).toBeUndefined();
  });

  it('with a cap: never above the cap nor above what the rules alone give', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        rules,
        fc.integer({ min: 0, max: 10_000 }),
        (available, r, cap) => {
          const offered = desiredQuantity(available, r, cap)!;
          expect(offered).toBeGreaterThanOrEqual(0);
          expect(offered).toBeLessThanOrEqual(cap);
          expect(offered).toBe(Math.min(cap, desiredQuantity(available, r)!));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('offers more, never less, as stock grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        rules,
        (available, more, r) => {
          expect(desiredQuantity(available + more, r)!).toBeGreaterThanOrEqual(desiredQuantity(available, r)!);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('available never goes below zero', () => {
    expect(availableStock(2, 5)).toBe(0);
    expect(availableStock(5, 2)).toBe(3);
  });
});
