import { describe, expect, test } from 'vitest';
import { ROW_HEIGHT, rowWindow } from './CatalogueGrid';
import { filterOf, priceText, rangeText, readView, skuLimitTitle, writeView } from './catalogueState';
import { chipText, chipTone } from './ListingChip';
import type { ListingChip } from '../../../api';

describe('the catalogue view in the address', () => {
  test('reads the filter, sort and page, and ignores what it does not know', () => {
    expect(
      readView(
        'q=mug&channelId=7a1c0000-0000-4000-8000-000000000002&status=error&outOfStock=true&withErrors=true&sort=available&order=desc&page=3&tab=catalogue',
      ),
    ).toEqual({
      q: 'mug',
      channelId: '7a1c0000-0000-4000-8000-000000000002',
      status: 'error',
      outOfStock: true,
      withErrors: true,
      sort: 'available',
      order: 'desc',
      page: 3,
    });
    expect(readView('channelId=nope&status=lost&sort=price&order=up&page=-2&outOfStock=yes')).toEqual({
      sort: 'sku',
      order: 'asc',
      page: 1,
    });
    expect(readView(`q=${'x'.repeat(300)}`).q).toHaveLength(200);
  });

  test('writes only what differs from the defaults, keeping the other parameters', () => {
    expect(
      writeView('tab=catalogue&sku=CH-1&page=4', { sort: 'sku', order: 'asc', page: 1, q: 'mug', outOfStock: true }),
    ).toBe('tab=catalogue&sku=CH-1&q=mug&outOfStock=true');
    const view = readView('q=a+b&status=inactive&sort=title&order=desc&page=2');
    expect(readView(writeView('', view))).toEqual(view);
  });

  test('keeps a tag in the address, trimmed, and sends it with the filter', () => {
    const view = readView('tag=+Gift+ideas+&page=2');
    expect(view.tag).toBe('Gift ideas');
    expect(readView(writeView('', view))).toEqual(view);
    expect(filterOf(view)).toEqual({ tag: 'Gift ideas' });
    expect(readView('tag=').tag).toBeUndefined();
  });

  test('the filter of a view is what "select all matching" sends', () => {
    expect(filterOf({ ...readView('q=mug&withErrors=true&page=9&sort=title') })).toEqual({
      q: 'mug',
      withErrors: true,
    });
  });

  test('says which rows of how many are shown', () => {
    expect(rangeText(2, 50, 50, 100_000)).toBe('Showing 51–100 of 100,000');
    expect(rangeText(3, 50, 7, 107)).toBe('Showing 101–107 of 107');
    expect(rangeText(1, 50, 0, 0)).toBe('Showing 0 of 0');
  });
});

describe('the rows in view', () => {
  test('renders the rows the viewport shows and a few around them, never past the page', () => {
    const viewport = 5 * ROW_HEIGHT;
    expect(rowWindow(0, viewport, 50)).toEqual({ start: 0, end: 9 });
    expect(rowWindow(20 * ROW_HEIGHT + 3, viewport, 50)).toEqual({ start: 16, end: 29 });
    expect(rowWindow(48 * ROW_HEIGHT, viewport, 50)).toEqual({ start: 44, end: 50 });
    expect(rowWindow(0, viewport, 3)).toEqual({ start: 0, end: 3 });
  });
});

const chip = (changes: Partial<ListingChip> = {}): ListingChip => ({
  channelId: '7a1c0000-0000-4000-8000-000000000002',
  channelKind: 'walmart',
  channelRole: 'target',
  listingId: '7a1c0000-0000-4000-8000-000000000003',
  status: 'active',
  price: '64.21',
  quantity: 60,
  desiredPrice: null,
  desiredQuantity: null,
  pushPending: false,
  lastError: null,
  takenOffSale: false,
  channelPaused: false,
  currency: 'USD',
  ...changes,
});

describe('a channel chip', () => {
  test('shows its price with its currency, never a bare number', () => {
    expect(priceText('64.21', 'USD')).toBe('$64.21');
    expect(priceText('1234.5', 'EUR')).toBe('€1,234.50');
    expect(priceText(null, 'USD')).toBe('—');
    expect(priceText('64.21', null)).toBe('64.21 (currency unknown)');
    expect(chipText(chip())).toBe('Walmart · Active · Price $64.21 · Qty 60');
    expect(chipText(chip({ pushPending: true, desiredPrice: '70.00', desiredQuantity: 58 }))).toBe(
      'Walmart · Active · Price $64.21 → $70.00 · Qty 60 → 58 · sending',
    );
  });

  test('of a paused channel says Paused in a neutral tone, and that its values are not current', () => {
    const paused = chip({ channelPaused: true, pushPending: true, desiredQuantity: 50 });
    expect(chipText(paused)).toBe('Walmart · Paused · Last known price $64.21 · Qty 60 · not updated while paused');
    expect(chipTone(paused)).toBe('neutral');
    expect(chipTone(chip())).toBe('positive');
    expect(chipTone(chip({ lastError: 'Refused' }))).toBe('critical');
  });
});

describe("the plan's SKU limit in the catalogue header", () => {
  test('says how many SKUs show of how many, and the limit', () => {
    expect(skuLimitTitle(1000, 500, 1000)).toBe('Showing 1,000 of 1,500 SKUs: your plan syncs up to 1,000');
    // Filtered: the page's total is not the catalogue's.
    expect(skuLimitTitle(1000, 500, null)).toBe("500 SKUs are beyond your plan's limit of 1,000");
  });
});
