import { describe, expect, test } from 'vitest';
import { canRestock, readReturnsView, returnsQueryOf, writeReturnsView } from './returnsView';

const channelId = '7a1c0000-0000-4000-8000-000000000002';

describe('the Returns view in the address', () => {
  test('reads a known status and a channel id; drops anything else', () => {
    expect(readReturnsView(`tab=returns&status=received&channelId=${channelId}`)).toEqual({
      status: 'received',
      channelId,
    });
    expect(readReturnsView('status=lost&channelId=amazon')).toEqual({});
  });

  test('writes the filter beside the tab and the open order', () => {
    const search = writeReturnsView('tab=returns&orderId=abc&status=received', { channelId });
    expect(new URLSearchParams(search).get('tab')).toBe('returns');
    expect(new URLSearchParams(search).get('orderId')).toBe('abc');
    expect(new URLSearchParams(search).get('status')).toBeNull();
    expect(readReturnsView(search)).toEqual({ channelId });
    expect(returnsQueryOf({ status: 'refunded' })).toEqual({ status: 'refunded', pageSize: 25 });
  });
});

test('a return is restocked once, after its units are back', () => {
  expect(canRestock({ status: 'received', restockedAt: null })).toBe(true);
  expect(canRestock({ status: 'closed', restockedAt: null })).toBe(true);
  expect(canRestock({ status: 'in transit', restockedAt: null })).toBe(false);
  expect(canRestock({ status: 'received', restockedAt: '2026-11-20T10:00:00.000Z' })).toBe(false);
});
