import { describe, expect, it } from 'vitest';
import { trialTimeLeft } from './billingTexts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const now = Date.parse('2026-11-29T12:00:00Z');
const endsIn = (ms: number) => new Date(now + ms).toISOString();

describe('trialTimeLeft (the trial bar: days, then hours on the last day)', () => {
  it('counts whole days, rounded up, while a day or more is left', () => {
    expect(trialTimeLeft(endsIn(7 * DAY), now)).toBe('7 days left');
    expect(trialTimeLeft(endsIn(5 * DAY + 20 * HOUR), now)).toBe('6 days left');
    expect(trialTimeLeft(endsIn(DAY + HOUR), now)).toBe('2 days left');
    expect(trialTimeLeft(endsIn(DAY), now)).toBe('1 day left');
  });

  it('counts hours on the last day, then says when less than an hour is left or the trial is over', () => {
    expect(trialTimeLeft(endsIn(DAY - 1), now)).toBe('23 hours left');
    expect(trialTimeLeft(endsIn(HOUR + 59 * 60_000), now)).toBe('1 hour left');
    expect(trialTimeLeft(endsIn(59 * 60_000), now)).toBe('less than an hour left');
    expect(trialTimeLeft(endsIn(-1), now)).toBe('ended');
  });
});
