import { describe, expect, it } from 'vitest';
import { importColumn } from './catalogue-csv.ts';
import { notAPrice, planChannelPrice, readImportFile, type PricedListing } from './csv-import.ts';

const kinds = ['amazon', 'walmart', 'ebay', 'shopify'] as const;

const listing = (over: Partial<PricedListing> & Pick<PricedListing, 'channelKind'>): PricedListing => ({
  listingId: `listing-${over.channelKind}-${over.channelId ?? 1}`,
  channelId: `channel-${over.channelKind}`,
  channelRole: 'target',
  channelName: 'Acme Store',
  price: '10.00',
  priceOverride: null,
  currency: 'USD',
  ...over,
});

describe('the columns the import reads', () => {
  it('takes a marketplace’s price and leaves its status and quantity read-only', () => {
    expect(importColumn('ebay_price', kinds)).toEqual({ channelPrice: 'ebay' });
    expect(importColumn('ebay_status', kinds)).toEqual({ readOnly: true });
    expect(importColumn('ebay_quantity', kinds)).toEqual({ readOnly: true });
    expect(importColumn('etsy_price', kinds)).toEqual({ unknown: true });
    expect(importColumn('price', kinds)).toEqual({ field: 'price' });
  });

  it('reads each marketplace’s price cell as written, leaving empty cells out, and names the read-only columns', () => {
    const { rows, errors, notices } = readImportFile(
      'sku,price,ebay_status,ebay_price,ebay_quantity,walmart_price\nMUG-1,,active,12.5,3,\nMUG-2,,,abc,,9\n',
    );
    expect(errors).toEqual([]);
    expect(notices).toEqual(['Read-only columns ignored: ebay_status, ebay_quantity.']);
    expect(rows).toEqual([
      { line: 2, sku: 'MUG-1', channelPrices: { ebay: '12.5' } },
      { line: 3, sku: 'MUG-2', channelPrices: { ebay: 'abc', walmart: '9' } },
    ]);
  });

  it('takes a file whose only column to change is a marketplace’s price, and refuses it twice', () => {
    expect(readImportFile('sku,ebay_price\nMUG-1,12\n').errors).toEqual([]);
    expect(readImportFile('sku,ebay_price,ebay_price\nMUG-1,12,12\n').errors).toEqual([
      { line: 1, sku: null, message: 'The column "ebay_price" appears twice.' },
    ]);
  });
});

describe('a marketplace’s price cell against the SKU’s listings', () => {
  const ebay = listing({ channelKind: 'ebay', channelName: 'Acme on eBay', price: '10.00' });
  const amazonMain = listing({ channelKind: 'amazon', channelRole: 'main', price: '10.00' });

  it('changes nothing when the cell holds what the export wrote (however it is written) or is empty', () => {
    for (const cell of ['10.00', '10', '10.0', ''])
      expect(planChannelPrice('ebay', cell, [amazonMain, ebay], { sku: 'MUG-1' })).toEqual({ changes: [] });
    // Even a price the import would refuse, when the export wrote it so.
    const free = listing({ channelKind: 'ebay', price: '0.00' });
    expect(planChannelPrice('ebay', '0.00', [free], { sku: 'MUG-1' })).toEqual({ changes: [] });
  });

  it('sets a new price as the channel’s own, showing the price it had', () => {
    expect(planChannelPrice('ebay', '12.5', [amazonMain, ebay], { sku: 'MUG-1' })).toEqual({
      changes: [
        {
          edit: {
            listingId: ebay.listingId,
            channelId: ebay.channelId,
            channelKind: 'ebay',
            before: null,
            after: '12.50',
          },
          shown: {
            channelId: ebay.channelId,
            channelKind: 'ebay',
            channelName: 'Acme on eBay',
            currency: 'USD',
            before: '10.00',
            after: '12.50',
          },
        },
      ],
    });
  });

  it('changes nothing when the channel already holds that price as its own', () => {
    const pinned = { ...ebay, price: '11.00', priceOverride: '12.5' };
    expect(planChannelPrice('ebay', '12.50', [pinned], { sku: 'MUG-1' })).toEqual({ changes: [] });
  });

  it('refuses text that is not a price with the price column’s words', () => {
    for (const cell of ['abc', '-3', '0', '1.999'])
      expect(planChannelPrice('ebay', cell, [ebay], { sku: 'MUG-1' })).toEqual({ error: notAPrice(cell) });
    expect(notAPrice('abc')).toBe(
      '"abc" is not a price: use a number above 0 with at most two decimals, such as 19.99.',
    );
  });

  it('refuses a price for a marketplace the SKU is not listed on, naming it', () => {
    expect(planChannelPrice('ebay', '12', [amazonMain], { sku: 'MUG-1' })).toEqual({
      error: 'SKU MUG-1 is not listed on eBay.',
    });
  });

  it('refuses a new price in the main channel’s column, pointing to the price column, unless the price column says the same', () => {
    expect(planChannelPrice('amazon', '12', [amazonMain, ebay], { sku: 'MUG-1' })).toEqual({
      error:
        'Amazon is your main channel: its price is the SKU\'s price. Change it in the "price" column, not in "amazon_price".',
    });
    expect(planChannelPrice('amazon', '12', [amazonMain, ebay], { sku: 'MUG-1', price: '12.00' })).toEqual({
      changes: [],
    });
  });

  it('with two channels of one marketplace, sets the price on each target of it (the export wrote the first one’s)', () => {
    const second = listing({
      channelKind: 'ebay',
      channelId: 'channel-ebay-2',
      listingId: 'listing-ebay-2',
      channelName: 'Second store',
      price: '11.00',
      priceOverride: '11.00',
    });
    const outcome = planChannelPrice('ebay', '12.00', [ebay, second], { sku: 'MUG-1' });
    expect(
      'changes' in outcome && outcome.changes.map((c) => [c.shown.channelName, c.edit.before, c.shown.before]),
    ).toEqual([
      ['Acme on eBay', null, '10.00'],
      ['Second store', '11.00', '11.00'],
    ]);
    // The first one's price unchanged in the cell: neither is touched, whatever the second holds.
    expect(planChannelPrice('ebay', '10.00', [ebay, second], { sku: 'MUG-1' })).toEqual({ changes: [] });
  });

  it('with the main channel and a target on one marketplace, the column is the main channel’s', () => {
    const amazonTarget = listing({ channelKind: 'amazon', channelId: 'channel-amazon-2', price: '9.00' });
    expect(planChannelPrice('amazon', '12', [amazonMain, amazonTarget], { sku: 'MUG-1' })).toMatchObject({
      error: expect.stringMatching(/main channel/),
    });
  });
});
