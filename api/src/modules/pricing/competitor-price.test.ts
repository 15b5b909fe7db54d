import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { competitorPrice, competitorTargets, type CompetitorStrategy } from './competitor-price.ts';

const cents = fc.integer({ min: 1, max: 1_000_000 });
const strategy = fc.record({
  target: fc.constantFrom(...competitorTargets),
  beatByCents: fc.integer({ min: 0, max: 5_000 }),
});
const competition = fc.record({
  lowestOtherCents: fc.option(cents, { nil: null }),
  featuredCents: fc.option(cents, { nil: null }),
  featuredIsOurs: fc.boolean(),
});
const bounds = fc
  .tuple(fc.option(cents, { nil: null }), fc.option(cents, { nil: null }))
  .filter(([floor, ceiling]) => floor === null || ceiling === null || floor <= ceiling);

describe('a price that follows the competition', () => {
  it('never goes below the floor nor above the ceiling, whatever the competition', () => {
    fc.assert(
      fc.property(strategy, competition, cents, bounds, (s, c, ours, [floor, ceiling]) => {
        const outcome = competitorPrice(s, c, ours, floor, ceiling);
        if (outcome.kind !== 'price') return;
        if (floor !== null) expect(outcome.cents).toBeGreaterThanOrEqual(floor);
        if (ceiling !== null) expect(outcome.cents).toBeLessThanOrEqual(ceiling);
        expect(outcome.cents).toBeGreaterThan(0);
      }),
    );
  });

  it('stops at the floor instead of racing below it: a cheaper competitor again gives the floor again', () => {
    const beat: CompetitorStrategy = { target: 'lowest_other', beatByCents: 1 };
    let ours = 2000;
    for (const competitor of [1950, 1900, 1700, 1500, 900]) {
      const outcome = competitorPrice(
        beat,
        { lowestOtherCents: competitor, featuredCents: competitor, featuredIsOurs: false },
        ours,
        1600,
        2500,
      );
      expect(outcome.kind).toBe('price');
      if (outcome.kind !== 'price') return;
      expect(outcome.cents).toBe(Math.max(1600, competitor - 1));
      expect(outcome.heldBy).toBe(competitor - 1 < 1600 ? 'floor' : null);
      ours = outcome.cents;
    }
    expect(ours).toBe(1600);
  });

  it('is deterministic, and matches (beat by 0) at exactly the target', () => {
    fc.assert(
      fc.property(strategy, competition, cents, bounds, (s, c, ours, [floor, ceiling]) => {
        expect(competitorPrice(s, c, ours, floor, ceiling)).toEqual(competitorPrice(s, c, ours, floor, ceiling));
      }),
    );
    expect(
      competitorPrice(
        { target: 'featured', beatByCents: 0 },
        { lowestOtherCents: 1800, featuredCents: 1900, featuredIsOurs: false },
        2000,
        null,
        null,
      ),
    ).toEqual({ kind: 'price', cents: 1900, heldBy: null });
  });

  it('keeps the Buy Box it holds while nobody undercuts us, and beats the offer that does', () => {
    const featured: CompetitorStrategy = { target: 'featured', beatByCents: 5 };
    expect(
      competitorPrice(
        featured,
        { lowestOtherCents: 2100, featuredCents: 2000, featuredIsOurs: true },
        2000,
        1500,
        null,
      ),
    ).toEqual({
      kind: 'keep',
    });
    expect(
      competitorPrice(
        featured,
        { lowestOtherCents: 1950, featuredCents: 2000, featuredIsOurs: true },
        2000,
        1500,
        null,
      ),
    ).toEqual({ kind: 'price', cents: 1945, heldBy: null });
  });

  it('has nothing to follow when nobody else offers the item', () => {
    expect(
      competitorPrice(
        { target: 'lowest_other', beatByCents: 1 },
        { lowestOtherCents: null, featuredCents: 2000, featuredIsOurs: true },
        2000,
        null,
        null,
      ),
    ).toEqual({ kind: 'no_competition' });
  });
});
