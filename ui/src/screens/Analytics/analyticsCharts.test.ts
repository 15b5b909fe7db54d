import { describe, expect, it } from 'vitest';
import { analyticsFixtures } from '@hub/mocks';
import { byChannelChart, byDayChart } from './analyticsCharts';

const { week, weekBefore } = analyticsFixtures;

describe('analytics charts', () => {
  it('draws each day against the same day of the previous period, named by its dates', () => {
    const { categories, series } = byDayChart(week, weekBefore, 'revenue');
    expect(categories[0]).toEqual({ key: '2026-11-15', label: '15 Nov' });
    expect(series.map((s) => [s.label, s.csvHeader, s.values[0]])).toEqual([
      ['This period', 'revenue_USD', 1210.4],
      ['Previous period (8 Nov to 14 Nov)', 'previous_period_revenue_USD', 1010],
    ]);
    expect(byDayChart(week, weekBefore, 'orders').series[1]!.values).toEqual([17, 18, 14, 16, 17, 15, 15]);
  });

  it('draws this period alone until the previous one has arrived', () => {
    expect(byDayChart(week, undefined, 'orders').series.map((s) => s.key)).toEqual(['current']);
  });

  it('compares each channel with its own revenue before, zero for a channel that sold nothing then', () => {
    const before = { ...weekBefore, byChannel: weekBefore.byChannel.slice(0, 1) };
    const { categories, series } = byChannelChart(week, before);
    expect(categories.map((c) => c.label)).toEqual(week.byChannel.map((c) => expect.stringContaining(c.displayName)));
    expect(series[1]!.values).toEqual([2510.1, 0, 0]);
  });
});
