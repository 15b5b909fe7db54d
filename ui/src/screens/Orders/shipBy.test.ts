import { describe, expect, test } from 'vitest';
import { calendarDay, shipByMark } from './shipBy';

const open = (shipBy: string | null, late = false) => ({ status: 'unshipped' as const, shipBy, late });

describe('the calendar day of an instant', () => {
  test('is the day where the user is', () => {
    const instant = new Date('2026-11-21T06:30:00Z');
    expect(calendarDay(instant, 'UTC')).toBe('2026-11-21');
    expect(calendarDay(instant, 'America/Los_Angeles')).toBe('2026-11-20');
    expect(calendarDay(instant, 'Asia/Tokyo')).toBe('2026-11-21');
    expect(calendarDay(new Date('2026-11-21T16:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-22');
  });
});

describe('the ship-by mark', () => {
  const now = new Date('2026-11-21T15:00:00Z');

  test('is "due today" when the date falls later on the same day where the user is', () => {
    expect(shipByMark(open('2026-11-21T23:00:00Z'), now, 'UTC')).toBe('due-today');
    // 07:59 on the 22nd in Tokyo; it is already the 22nd there at 15:00 UTC (midnight).
    expect(shipByMark(open('2026-11-21T22:59:00Z'), now, 'Asia/Tokyo')).toBe('due-today');
    // In Los Angeles it is 07:00 on the 21st: 23:00 UTC is 15:00 there, the same day.
    expect(shipByMark(open('2026-11-21T23:00:00Z'), now, 'America/Los_Angeles')).toBe('due-today');
    // 02:00 UTC on the 22nd is still the 21st in Los Angeles, and tomorrow in UTC.
    expect(shipByMark(open('2026-11-22T02:00:00Z'), now, 'America/Los_Angeles')).toBe('due-today');
    expect(shipByMark(open('2026-11-22T02:00:00Z'), now, 'UTC')).toBeNull();
  });

  test('is "late" once the date has passed, even before the server says so', () => {
    expect(shipByMark(open('2026-11-21T14:59:00Z'), now, 'UTC')).toBe('late');
    expect(shipByMark(open('2026-11-19T10:00:00Z'), now, 'UTC')).toBe('late');
    expect(shipByMark(open('2026-11-25T10:00:00Z', true), now, 'UTC')).toBe('late');
    expect(shipByMark({ ...open(null, true), status: 'partially shipped' }, now, 'UTC')).toBe('late');
  });

  test('is nothing for a later day, no date, or an order with nothing left to ship', () => {
    expect(shipByMark(open('2026-11-23T10:00:00Z'), now, 'UTC')).toBeNull();
    expect(shipByMark(open(null), now, 'UTC')).toBeNull();
    expect(shipByMark(open('not a date'), now, 'UTC')).toBeNull();
    for (const status of ['shipped', 'delivered', 'cancelled', 'refunded', 'returned'] as const) {
      expect(shipByMark({ status, shipBy: '2026-11-19T10:00:00Z', late: true }, now, 'UTC')).toBeNull();
      expect(shipByMark({ status, shipBy: '2026-11-21T23:00:00Z', late: false }, now, 'UTC')).toBeNull();
    }
  });

  test('uses the browser time zone when none is given', () => {
    const laterToday = new Date(now);
    laterToday.setHours(23, 59, 0, 0);
    const local = laterToday.getTime() > now.getTime() ? 'due-today' : 'late';
    expect(shipByMark(open(laterToday.toISOString()), now)).toBe(local);
  });
});
