import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compileRules,
  evaluate,
  marginCents,
  roundCents,
  ruledPrice,
  toCents,
  type PricingRuleInput,
} from './evaluate.ts';
import { pricingRoundingValues, type ChannelKind, type PricingRuleDefinition } from '../../db/schema/index.ts';

const channels = [
  { id: 'c-amazon', kind: 'amazon' as ChannelKind },
  { id: 'c-ebay', kind: 'ebay' as ChannelKind },
  { id: 'c-walmart', kind: 'walmart' as ChannelKind },
  { id: 'c-shopify', kind: 'shopify' as ChannelKind },
];
const now = Date.UTC(2026, 10, 29, 12);
const money = (min: number, max: number) => fc.integer({ min, max }).map((c) => (c / 100).toFixed(2));

const definition: fc.Arbitrary<PricingRuleDefinition> = fc.record({
  channelIds: fc.subarray(channels.map((c) => c.id)),
  scope: fc.oneof(
    fc.constant({ kind: 'all' as const }),
    fc.record({ kind: fc.constant('brand' as const), brand: fc.constantFrom('Acme', 'acme ', 'Other') }),
    fc.record({ kind: fc.constant('tag' as const), tag: fc.constantFrom('Summer', 'summer ', 'Clearance') }),
    fc.record({ kind: fc.constant('sku_prefix' as const), prefix: fc.constantFrom('A-', 'B-', '') }),
    fc.record({ kind: fc.constant('skus' as const), skus: fc.subarray(['A-1', 'A-2', 'B-1']) }),
  ),
  action: fc.oneof(
    fc.record({
      basis: fc.constantFrom('main_price' as const, 'cost' as const),
      change: fc.constantFrom('percent' as const, 'amount' as const),
      value: money(-5000, 5000),
    }),
    fc.record({ basis: fc.constant('fixed' as const), change: fc.constant('amount' as const), value: money(1, 99999) }),
    fc.record({
      basis: fc.constantFrom('lowest_offer' as const, 'featured_offer' as const),
      change: fc.constantFrom('percent' as const, 'amount' as const),
      value: money(-500, 500),
    }),
  ),
  rounding: fc.constantFrom(...pricingRoundingValues),
  minPrice: fc.option(money(0, 20000), { nil: null }),
  minMarginPercent: fc.option(money(0, 10000), { nil: null }),
  maxPrice: fc.option(money(1, 50000), { nil: null }),
});

const rule: fc.Arbitrary<PricingRuleInput> = fc.record({
  id: fc.uuid(),
  priority: fc.integer({ min: 0, max: 5 }),
  enabled: fc.boolean(),
  startsAt: fc.option(fc.constantFrom(new Date(now - 1000), new Date(now + 1000)), { nil: null }),
  endsAt: fc.option(fc.constantFrom(new Date(now - 1000), new Date(now + 1000)), { nil: null }),
  definition,
});

const product = fc.record({
  sku: fc.constantFrom('A-1', 'A-2', 'B-1', 'C-9'),
  brand: fc.option(fc.constantFrom('Acme', 'Other'), { nil: null }),
  tags: fc.subarray(['Summer', 'Gift ideas', 'CLEARANCE']),
  price: fc.option(money(0, 100000), { nil: null }),
  cost: fc.option(money(0, 50000), { nil: null }),
  competition: fc.option(
    fc.record({
      lowestOther: fc.option(money(1, 100000), { nil: null }),
      featured: fc.option(money(1, 100000), { nil: null }),
      featuredIsOurs: fc.boolean(),
    }),
    { nil: null },
  ),
  confirmedPrice: fc.option(money(1, 100000), { nil: null }),
});

const base: PricingRuleInput = {
  id: 'r1',
  priority: 1,
  enabled: true,
  startsAt: null,
  endsAt: null,
  definition: {
    channelIds: ['c-ebay'],
    scope: { kind: 'all' },
    action: { basis: 'main_price', change: 'percent', value: '10' },
    rounding: 'ends_99',
    minPrice: null,
    minMarginPercent: null,
    maxPrice: null,
  },
};
const ebay = channels[1]!;

describe('pricing rules evaluation (issue 24)', () => {
  it('follows worked examples: +10 % from main, rounded to .99, held by floor, margin and ceiling', () => {
    const p = { sku: 'A-1', brand: 'Acme', price: '20.00', cost: '10.00' };
    const priced = evaluate(compileRules([base], now), p, ebay);
    expect(priced).toMatchObject({ kind: 'rule', ruleId: 'r1', cents: 2199, boundedBy: null, reports: [] });
    const capped = evaluate(
      compileRules([{ ...base, definition: { ...base.definition, maxPrice: '21.00' } }], now),
      p,
      ebay,
    );
    expect(capped).toMatchObject({ cents: 2100, boundedBy: 'ceiling' });
    // 30 % over a cost of 10.00 after eBay's 13.25 %: 13.00 / 0.8675 = 14.986 → 14.99.
    const margin = evaluate(
      compileRules(
        [
          {
            ...base,
            definition: {
              ...base.definition,
              minMarginPercent: '30',
              action: { basis: 'cost', change: 'amount', value: '0' },
              rounding: 'none',
            },
          },
        ],
        now,
      ),
      p,
      ebay,
    );
    expect(margin).toMatchObject({ cents: 1499, boundedBy: 'floor_margin', floorCents: 1499 });
    expect(marginCents(1499, 1000, 'ebay')).toBeGreaterThanOrEqual(300);
    expect(evaluate(compileRules([base], now), p, channels[0]!)).toEqual({ kind: 'no_rule' });
  });

  it('prices the products holding a tag, whatever its case, and no other', () => {
    const tagged = compileRules(
      [{ ...base, definition: { ...base.definition, scope: { kind: 'tag', tag: ' summer' } } }],
      now,
    );
    const p = { sku: 'A-1', brand: null, price: '20.00', cost: null };
    expect(evaluate(tagged, { ...p, tags: ['Gift ideas', 'SUMMER'] }, ebay)).toMatchObject({
      kind: 'rule',
      cents: 2199,
    });
    expect(evaluate(tagged, { ...p, tags: ['Summer sale'] }, ebay)).toEqual({ kind: 'no_rule' });
    expect(evaluate(tagged, { ...p, tags: [] }, ebay)).toEqual({ kind: 'no_rule' });
    expect(evaluate(tagged, p, ebay)).toEqual({ kind: 'no_rule' });
  });

  it('rounds to the nearest ending', () => {
    expect(roundCents(1230, 'ends_99')).toBe(1199);
    expect(roundCents(1260, 'ends_99')).toBe(1299);
    expect(roundCents(1230, 'ends_95')).toBe(1195);
    expect(roundCents(1250, 'whole')).toBe(1300);
    expect(roundCents(40, 'ends_99')).toBe(99);
    expect(roundCents(1234, 'none')).toBe(1234);
  });

  it('never gives a price outside the floor and the ceiling, and never a negative one', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(rule, { selector: (r) => r.id, maxLength: 5 }),
        product,
        fc.constantFrom(...channels),
        (rules, p, channel) => {
          const outcome = evaluate(compileRules(rules, now), p, channel);
          if (outcome.kind === 'no_rule' || outcome.cents === null) return;
          expect(outcome.cents).toBeGreaterThan(0);
          if (outcome.floorCents !== null) expect(outcome.cents).toBeGreaterThanOrEqual(outcome.floorCents);
          if (outcome.ceilingCents !== null) expect(outcome.cents).toBeLessThanOrEqual(outcome.ceilingCents);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps even the seller’s own price within the rule’s floor and ceiling', () => {
    fc.assert(
      fc.property(rule, product, money(1, 100000), (r, p, override) => {
        const outcome = evaluate(compileRules([{ ...r, enabled: true, startsAt: null, endsAt: null }], now), p, {
          id: r.definition.channelIds[0] ?? 'none',
          kind: 'ebay',
        });
        const sent = ruledPrice(p.price, override, outcome);
        if (outcome.kind === 'no_rule') {
          expect(sent).toBe(override);
          return;
        }
        if (sent === null) return;
        if (outcome.floorCents !== null) expect(toCents(sent)!).toBeGreaterThanOrEqual(outcome.floorCents);
        if (outcome.ceilingCents !== null) expect(toCents(sent)!).toBeLessThanOrEqual(outcome.ceilingCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('is deterministic: the same rules in any order give the same result', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(rule, { selector: (r) => r.id, maxLength: 6 }),
        product,
        fc.constantFrom(...channels),
        (rules, p, channel) => {
          const once = evaluate(compileRules(rules, now), p, channel);
          const again = evaluate(compileRules([...rules].reverse(), now), p, channel);
          expect(again).toEqual(once);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('lets the first matching rule by priority win', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(rule, { selector: (r) => r.id, minLength: 1, maxLength: 6 }),
        product,
        fc.constantFrom(...channels),
        (rules, p, channel) => {
          const outcome = evaluate(compileRules(rules, now), p, channel);
          const matching = compileRules(rules, now).filter((r) => r.channelIds.has(channel.id) && r.matches(p));
          if (matching.length === 0) {
            expect(outcome).toEqual({ kind: 'no_rule' });
            return;
          }
          expect(outcome.kind === 'rule' && outcome.ruleId).toBe(matching[0]!.id);
          const winner = rules.find((r) => r.id === matching[0]!.id)!;
          for (const other of matching.slice(1)) {
            expect(rules.find((r) => r.id === other.id)!.priority).toBeGreaterThanOrEqual(winner.priority);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('reports a margin floor it could not apply for a product without cost, never silently', () => {
    fc.assert(
      fc.property(rule, product, (r, p) => {
        const withMargin = {
          ...r,
          enabled: true,
          startsAt: null,
          endsAt: null,
          definition: {
            ...r.definition,
            channelIds: ['c-ebay'],
            scope: { kind: 'all' as const },
            minMarginPercent: '20',
          },
        };
        const outcome = evaluate(compileRules([withMargin], now), { ...p, cost: null }, ebay);
        expect(outcome.kind).toBe('rule');
        if (outcome.kind === 'rule') expect(outcome.reports).toContain('no_cost_for_margin');
      }),
      { numRuns: 500 },
    );
  });

  it('skips rules that are off or outside their dates', () => {
    const p = { sku: 'A-1', brand: null, price: '20.00', cost: null };
    expect(evaluate(compileRules([{ ...base, enabled: false }], now), p, ebay)).toEqual({ kind: 'no_rule' });
    expect(evaluate(compileRules([{ ...base, startsAt: new Date(now + 1) }], now), p, ebay)).toEqual({
      kind: 'no_rule',
    });
    expect(evaluate(compileRules([{ ...base, endsAt: new Date(now) }], now), p, ebay)).toEqual({ kind: 'no_rule' });
    expect(evaluate(compileRules([{ ...base, endsAt: new Date(now + 1) }], now), p, ebay).kind).toBe('rule');
  });
});

describe('rules that follow competitors', () => {
  const competitorRule = (basis: 'lowest_offer' | 'featured_offer', minPrice: string | null = null) =>
    compileRules(
      [
        {
          id: 'r-compete',
          priority: 1,
          enabled: true,
          startsAt: null,
          endsAt: null,
          definition: {
            channelIds: ['c-amazon'],
            scope: { kind: 'all' },
            action: { basis, change: 'amount', value: '-0.01' },
            rounding: 'none',
            minPrice,
            minMarginPercent: null,
            maxPrice: null,
          },
        },
      ],
      now,
    );
  const ours = { sku: 'A-1', brand: null, price: '20.00', cost: null, confirmedPrice: '20.00' };
  const amazon = channels[0]!;
  const price = (outcome: ReturnType<typeof evaluate>) => ruledPrice('20.00', null, outcome);

  it('beats the lowest other offer by a cent, and stops at the floor', () => {
    const compete = (lowestOther: string) => ({
      ...ours,
      competition: { lowestOther, featured: lowestOther, featuredIsOurs: false },
    });
    expect(price(evaluate(competitorRule('lowest_offer', '15.00'), compete('18.50'), amazon))).toBe('18.49');
    expect(price(evaluate(competitorRule('lowest_offer', '15.00'), compete('12.00'), amazon))).toBe('15.00');
  });

  it('keeps a Buy Box it holds while nobody offers less, and beats the offer that threatens it', () => {
    const held = { ...ours, competition: { lowestOther: '21.00', featured: '20.00', featuredIsOurs: true } };
    expect(price(evaluate(competitorRule('featured_offer'), held, amazon))).toBe('20.00');
    const threatened = { ...ours, competition: { lowestOther: '19.50', featured: '20.00', featuredIsOurs: true } };
    expect(price(evaluate(competitorRule('featured_offer'), threatened, amazon))).toBe('19.49');
  });

  it('with no competition known, keeps the main price and says so', () => {
    const outcome = evaluate(competitorRule('lowest_offer'), { ...ours, competition: null }, amazon);
    expect(outcome).toMatchObject({ kind: 'rule', cents: null, reports: ['no_competition'] });
    expect(price(outcome)).toBe('20.00');
  });
});
