import { describe, expect, it } from 'vitest';
import { writesFor } from '../../src/modules/push/plan-writes.ts';
import { compileRules, type PricingRuleInput } from '../../src/modules/pricing/evaluate.ts';
import type { PlannableListing } from '../../src/db/queries/listing-writes-planning.ts';
import { defaultChannelRules } from '../../src/db/schema/index.ts';

/** The planner prices a target listing with the account's pricing rules, and the rule's bounds hold even the seller's own price. */
const listing = (overrides: Partial<PlannableListing> = {}): PlannableListing => ({
  listingId: 'l1',
  channelId: 'c-ebay',
  sku: 'MUG-1',
  productId: 'p1',
  plan: 'growth',
  advertises: false,
  onHand: 12,
  committed: 2,
  price: '20.00',
  brand: 'Acme',
  tags: [],
  cost: '8.00',
  rules: defaultChannelRules,
  confirmedQuantity: 10,
  confirmedPrice: '20.00',
  desiredQuantity: 10,
  desiredPrice: '20.00',
  priceOverride: null,
  quantityCap: null,
  priceDriftOpen: false,
  competition: null,
  channelKind: 'ebay',
  takenOffSale: false,
  ...overrides,
});

const rule: PricingRuleInput = {
  id: 'r1',
  priority: 1,
  enabled: true,
  startsAt: null,
  endsAt: null,
  definition: {
    channelIds: ['c-ebay'],
    scope: { kind: 'brand', brand: 'acme' },
    action: { basis: 'main_price', change: 'amount', value: '-1.50' },
    rounding: 'ends_95',
    minPrice: '15.00',
    minMarginPercent: null,
    maxPrice: '25.00',
  },
};
const rules = compileRules([rule], Date.now());
const prices = (l: PlannableListing, options = {}) =>
  writesFor(l, options, rules).flatMap((w) => (w.field === 'price' ? [w.after] : []));

describe('the planner with pricing rules', () => {
  it('offers the rule’s price on the main price to a channel it covers, and the main price elsewhere', () => {
    expect(prices(listing())).toEqual(['18.95']);
    expect(prices(listing({ channelId: 'c-walmart', channelKind: 'walmart' }))).toEqual([]);
    expect(prices(listing({ brand: 'Other' }))).toEqual([]);
  });

  it('keeps the seller’s own price, but never below the floor nor above the ceiling', () => {
    expect(prices(listing({ priceOverride: '22.00' }))).toEqual(['22.00']);
    expect(prices(listing({ priceOverride: '9.99' }))).toEqual(['15.00']);
    expect(prices(listing({ priceOverride: '99.00' }))).toEqual(['25.00']);
  });

  it('sends prices only when asked (a rule run), and only to the listings named', () => {
    expect(writesFor(listing({ onHand: 30 }), { priceOnly: true }, rules).map((w) => w.field)).toEqual(['price']);
    expect(writesFor(listing({ onHand: 30 }), {}, rules).map((w) => w.field)).toEqual(['quantity', 'price']);
    expect(writesFor(listing(), { listingIds: new Set(['other']) }, rules)).toEqual([]);
  });
});
