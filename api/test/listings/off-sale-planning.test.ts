import { describe, expect, it } from 'vitest';
import { sendableWhileOffSale, writesFor } from '../../src/modules/push/plan-writes.ts';
import type { PlannableListing } from '../../src/db/queries/listing-writes-planning.ts';
import { defaultChannelRules } from '../../src/db/schema/index.ts';

/** What the planner sends to a listing the seller took off sale, against one that is on sale. */
const listing = (overrides: Partial<PlannableListing> = {}): PlannableListing => ({
  listingId: 'l1',
  channelId: 'c1',
  sku: 'MUG-1',
  productId: 'p1',
  plan: 'growth',
  advertises: false,
  onHand: 12,
  committed: 2,
  price: '14.00',
  brand: null,
  tags: [],
  cost: null,
  rules: defaultChannelRules,
  confirmedQuantity: 4,
  confirmedPrice: '12.00',
  desiredQuantity: 4,
  desiredPrice: '12.00',
  priceOverride: null,
  quantityCap: null,
  priceDriftOpen: false,
  competition: null,
  channelKind: 'amazon',
  takenOffSale: false,
  ...overrides,
});

describe('the planner and a listing the seller took off sale', () => {
  it('a listing on sale gets the stock and price its rules give', () => {
    expect(writesFor(listing()).map((w) => [w.field, w.after])).toEqual([
      ['quantity', '10'],
      ['price', '14.00'],
    ]);
  });

  it('Amazon, Walmart, eBay: nothing at all (a price would put Amazon’s offer back on sale), not even for a repair or a resend', () => {
    for (const channelKind of ['amazon', 'walmart', 'ebay'] as const) {
      const off = listing({ channelKind, takenOffSale: true });
      expect(writesFor(off)).toEqual([]);
      expect(writesFor(off, { againstConfirmed: true })).toEqual([]);
      expect(writesFor(off, { sendAll: true })).toEqual([]);
    }
  });

  it('Shopify: 0 units, kept at 0 whatever the stock, and no price', () => {
    const off = listing({ channelKind: 'shopify', takenOffSale: true });
    expect(writesFor(off).map((w) => [w.field, w.after])).toEqual([['quantity', '0']]);
    // Already asked for 0: nothing more, even with more stock.
    expect(writesFor({ ...off, onHand: 50, desiredQuantity: 0, confirmedQuantity: 0 })).toEqual([]);
    // Even where the rules do not sync the quantity: 0 is how the variant stays off sale.
    expect(writesFor({ ...off, rules: { ...defaultChannelRules, syncQuantity: false } }).map((w) => w.after)).toEqual([
      '0',
    ]);
  });

  it('back on sale, every value is sent again, even one the listing held before', () => {
    const back = listing({
      confirmedQuantity: 10,
      desiredQuantity: 10,
      confirmedPrice: '14.00',
      desiredPrice: '14.00',
    });
    expect(writesFor(back)).toEqual([]);
    expect(writesFor(back, { sendAll: true }).map((w) => [w.field, w.after])).toEqual([
      ['quantity', '10'],
      ['price', '14.00'],
    ]);
  });

  it('a retry sends only what keeps a listing off sale', () => {
    expect(sendableWhileOffSale('shopify', 'quantity', '0')).toBe(true);
    expect(sendableWhileOffSale('shopify', 'quantity', '3')).toBe(false);
    expect(sendableWhileOffSale('shopify', 'price', '9.99')).toBe(false);
    expect(sendableWhileOffSale('amazon', 'quantity', '0')).toBe(false);
  });
});
