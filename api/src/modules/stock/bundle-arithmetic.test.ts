import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bundleAvailable,
  bundleChangeProblems,
  componentUnits,
  formatComponents,
  parseComponents,
  releaseCommitted,
  type ComponentOfBundle,
} from './bundle-arithmetic.ts';

const component = fc.record({
  available: fc.integer({ min: -20, max: 200 }),
  quantity: fc.integer({ min: 1, max: 12 }),
});
const components = fc.array(component, { minLength: 1, maxLength: 6 });

describe('what a bundle offers', () => {
  it('is never negative, and its units never take more of a component than it has available', () => {
    fc.assert(
      fc.property(components, (parts) => {
        const offered = bundleAvailable(parts);
        expect(Number.isInteger(offered)).toBe(true);
        expect(offered).toBeGreaterThanOrEqual(0);
        for (const part of parts) expect(offered * part.quantity).toBeLessThanOrEqual(Math.max(0, part.available));
      }),
    );
  });

  it('is the most that can be sold: one bundle more would oversell a component', () => {
    fc.assert(
      fc.property(components, (parts) => {
        const offered = bundleAvailable(parts);
        expect(parts.some((part) => (offered + 1) * part.quantity > Math.max(0, part.available))).toBe(true);
      }),
    );
  });

  it('offers nothing without components, and refuses a quantity below 1', () => {
    expect(bundleAvailable([])).toBe(0);
    expect(() => bundleAvailable([{ available: 5, quantity: 0 }])).toThrow(RangeError);
  });
});

/**
 * A small ledger of the engine's events: components' on hand edited (a main read, a seller's edit),
 * components sold, bundles sold (their components committed) and cancelled. Bundles are recomputed
 * only when a component of theirs moves, as the engine does, and must end equal whatever the order.
 */
type LedgerEvent =
  | { kind: 'edit'; component: number; delta: number }
  | { kind: 'componentSale'; component: number; units: number }
  | { kind: 'bundleSale'; bundle: number; units: number };

const COMPONENTS = ['A', 'B', 'C', 'D'];
const bundleDefinitions = fc.array(
  fc.uniqueArray(fc.record({ index: fc.nat(COMPONENTS.length - 1), quantity: fc.integer({ min: 1, max: 4 }) }), {
    selector: (c) => c.index,
    minLength: 1,
    maxLength: COMPONENTS.length,
  }),
  { minLength: 1, maxLength: 3 },
);
const ledgerEvent: fc.Arbitrary<LedgerEvent> = fc.oneof(
  fc.record({
    kind: fc.constant('edit' as const),
    component: fc.nat(COMPONENTS.length - 1),
    delta: fc.integer({ min: -5, max: 8 }),
  }),
  fc.record({
    kind: fc.constant('componentSale' as const),
    component: fc.nat(COMPONENTS.length - 1),
    units: fc.integer({ min: -2, max: 4 }),
  }),
  fc.record({ kind: fc.constant('bundleSale' as const), bundle: fc.nat(2), units: fc.integer({ min: -1, max: 3 }) }),
);

function runLedger(
  bundles: Array<Array<{ index: number; quantity: number }>>,
  start: number[],
  events: LedgerEvent[],
): { onHand: number[]; committed: number[]; offered: number[] } {
  const onHand = [...start];
  const committed = COMPONENTS.map(() => 0);
  const available = (i: number) => Math.max(0, onHand[i]! - committed[i]!);
  const offeredOf = (b: number) =>
    bundleAvailable(bundles[b]!.map((c) => ({ available: available(c.index), quantity: c.quantity })));
  const offered = bundles.map((_, b) => offeredOf(b));
  const recomputeUsing = (moved: Set<number>) => {
    bundles.forEach((parts, b) => {
      if (parts.some((c) => moved.has(c.index))) offered[b] = offeredOf(b);
    });
  };
  for (const event of events) {
    if (event.kind === 'edit') {
      onHand[event.component]! += event.delta;
      recomputeUsing(new Set([event.component]));
    } else if (event.kind === 'componentSale') {
      committed[event.component]! += event.units;
      recomputeUsing(new Set([event.component]));
    } else {
      const parts = bundles[event.bundle % bundles.length]!;
      const skus: ComponentOfBundle[] = parts.map((c) => ({ sku: String(c.index), quantity: c.quantity }));
      for (const move of componentUnits(skus, event.units)) committed[Number(move.sku)]! += move.units;
      recomputeUsing(new Set(parts.map((c) => c.index)));
    }
    // After every event, no bundle offers more than its components hold.
    bundles.forEach((parts, b) => {
      for (const c of parts) expect(offered[b]! * c.quantity).toBeLessThanOrEqual(available(c.index));
    });
  }
  return { onHand, committed, offered };
}

describe('bundles through a run of events', () => {
  it('never oversell a component after any event, and end the same whatever the order of the events', () => {
    fc.assert(
      fc.property(
        bundleDefinitions,
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: COMPONENTS.length, maxLength: COMPONENTS.length }),
        fc
          .array(ledgerEvent, { maxLength: 25 })
          .chain((events) => fc.tuple(fc.constant(events), fc.shuffledSubarray(events, { minLength: events.length }))),
        (bundles, start, [events, shuffled]) => {
          const inOrder = runLedger(bundles, start, events);
          const reordered = runLedger(bundles, start, shuffled);
          expect(reordered).toEqual(inOrder);
          // Recomputed only where a component moved, each bundle still holds what a full recompute gives.
          const full = bundles.map((parts) =>
            bundleAvailable(
              parts.map((c) => ({
                available: Math.max(0, inOrder.onHand[c.index]! - inOrder.committed[c.index]!),
                quantity: c.quantity,
              })),
            ),
          );
          expect(inOrder.offered).toEqual(full);
        },
      ),
    );
  });
});

describe('components in a CSV cell', () => {
  it('read back what was written', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            sku: fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,15}$/),
            quantity: fc.integer({ min: 1, max: 999 }),
          }),
          { selector: (c) => c.sku, maxLength: 5 },
        ),
        (parts) => {
          const read = parseComponents(formatComponents(parts));
          expect(read).toEqual({ components: [...parts].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)) });
        },
      ),
    );
  });

  it('refuse a quantity below 1, a SKU named twice, and a component without a SKU', () => {
    expect(parseComponents('SKU-A:2|SKU-B')).toEqual({
      components: [
        { sku: 'SKU-A', quantity: 2 },
        { sku: 'SKU-B', quantity: 1 },
      ],
    });
    expect(parseComponents('SKU-A:0')).toEqual({
      error: 'The quantity of component SKU-A must be a whole number from 1',
    });
    expect(parseComponents('SKU-A:1|SKU-A:2')).toEqual({ error: 'Component SKU-A is named twice' });
    expect(parseComponents(':2')).toEqual({ error: 'A component has no SKU in ":2"' });
    expect(parseComponents('')).toEqual({ components: [] });
  });
});

describe('which bundles may be made', () => {
  const catalogue = new Set(['A', 'B', 'C', 'D', 'K']);
  const inCatalogue = (sku: string) => catalogue.has(sku);
  const current = new Map([['K', ['A', 'B']]]);
  const problems = (changes: Array<[string, ComponentOfBundle[]]>) =>
    Object.fromEntries(bundleChangeProblems(current, new Map(changes), inCatalogue));

  it('takes products of the catalogue one level deep, and a bundle emptied', () => {
    expect(
      problems([
        [
          'D',
          [
            { sku: 'A', quantity: 2 },
            { sku: 'C', quantity: 1 },
          ],
        ],
      ]),
    ).toEqual({});
    expect(problems([['K', []]])).toEqual({});
    // K stops being a bundle in the same change: it may then be a component.
    expect(
      problems([
        ['K', []],
        ['D', [{ sku: 'K', quantity: 1 }]],
      ]),
    ).toEqual({});
  });

  it('refuses the bundle itself, an unknown SKU, a bundle of bundles and a component made a bundle', () => {
    expect(problems([['D', [{ sku: 'D', quantity: 1 }]]])).toEqual({ D: 'A bundle cannot contain itself (D)' });
    expect(problems([['D', [{ sku: 'X', quantity: 1 }]]])).toEqual({ D: 'X is not in your catalogue' });
    expect(problems([['X', [{ sku: 'A', quantity: 1 }]]])).toEqual({ X: 'No SKU X in your catalogue' });
    expect(problems([['D', [{ sku: 'K', quantity: 1 }]]])).toEqual({
      D: 'K is a bundle: a bundle cannot contain another bundle',
    });
    expect(problems([['A', [{ sku: 'C', quantity: 1 }]]])).toEqual({
      A: 'A is a component of bundle K: a component cannot be a bundle',
    });
  });

  it('never lets changes together form a chain or a cycle', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.constantFrom(...catalogue),
            fc
              .uniqueArray(fc.constantFrom(...catalogue), { maxLength: 3 })
              .map((skus) => skus.map((sku) => ({ sku, quantity: 1 }))),
          ),
          { maxLength: 4 },
        ),
        (list) => {
          const changes = new Map(list);
          const found = bundleChangeProblems(current, changes, inCatalogue);
          // The changes without problems, made: no bundle holds a bundle.
          const after = new Map(current);
          for (const [bundle, parts] of changes)
            if (!found.has(bundle))
              if (parts.length === 0) after.delete(bundle);
              else
                after.set(
                  bundle,
                  parts.map((p) => p.sku),
                );
          if (found.size === 0)
            for (const parts of after.values()) for (const part of parts) expect(after.has(part)).toBe(false);
        },
      ),
    );
  });
});

describe('what a cancellation gives back', () => {
  it('releases exactly what the sales committed, however the units come back, whatever the bundle holds now', () => {
    const sold = fc.array(
      fc.record({
        units: fc.integer({ min: 1, max: 5 }),
        kit: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 2, maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(sold, fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 6 }), (sales, returns) => {
        // Each sale of the bundle taken with its composition at the time (it changes between sales).
        let sale = { units: 0, parts: {} as Record<string, number> };
        for (const s of sales)
          sale = {
            units: sale.units + s.units,
            parts: { A: (sale.parts.A ?? 0) + s.units * s.kit[0]!, C: (sale.parts.C ?? 0) + s.units * s.kit[1]! },
          };
        const committed = { ...sale.parts };
        const released: Record<string, number> = {};
        let plain = 0;
        for (const units of [...returns, sale.units]) {
          const release = releaseCommitted(sale, units);
          plain += units - release.units;
          for (const part of release.parts) released[part.sku] = (released[part.sku] ?? 0) + part.units;
          for (const part of release.parts) expect(part.units).toBeGreaterThan(0);
          sale = release.left;
        }
        // All given back: every component unit committed, released once, never more.
        expect(released).toEqual(Object.fromEntries(Object.entries(committed).filter(([, u]) => u > 0)));
        expect(sale).toEqual({ units: 0, parts: {} });
        expect(plain).toBe(returns.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('gives back a kit sold as 1 × C as 1 × C after it became 3 × C, and none for units sold as the SKU itself', () => {
    expect(releaseCommitted({ units: 1, parts: { C: 1 } }, 1)).toEqual({
      units: 1,
      parts: [{ sku: 'C', units: 1 }],
      left: { units: 0, parts: {} },
    });
    expect(releaseCommitted({ units: 0, parts: {} }, 2)).toEqual({
      units: 0,
      parts: [],
      left: { units: 0, parts: {} },
    });
  });
});
