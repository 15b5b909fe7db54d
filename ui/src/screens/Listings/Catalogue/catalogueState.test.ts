import { describe, expect, test } from 'vitest';
import { ROW_HEIGHT, rowWindow } from './CatalogueGrid';
import { filterOf, rangeText, readView, writeView } from './catalogueState';

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
