import { describe, expect, it } from 'vitest';
import { analyticsFixtures } from '@hub/mocks';
import { byChannelChart, byDayChart } from './analyticsCharts';

const { week, firstWeek } = analyticsFixtures;

describe('analytics charts', () => {
  it('draws each day against the same day of the previous period, named by its dates', () => {
    const { categories, series } = byDayChart(week, 'revenue');
    expect(categories[0]).toEqual({ key: '2026-11-15', label: '15 Nov' });
    expect(series.map((s) => [s.label, s.csvHeader, s.values[0]])).toEqual([
      ['This period', 'revenue_USD', 1210.4],
      ['Previous period (8 Nov to 14 Nov)', 'previous_period_revenue_USD', 1010],
    ]);
    expect(byDayChart(week, 'orders').series[1]!.values).toEqual([17, 18, 14, 16, 17, 15, 15]);
  });

  it('draws the previous period at zero when nothing sold then', () => {
    const { series } = byDayChart(firstWeek, 'orders');
    expect(series.map((s) => s.key)).toEqual(['current', 'previous']);
    expect(series[1]!.values).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('compares each channel with its own revenue before, zero for a channel that sold nothing then', () => {
    const report = { ...week, previous: { ...week.previous, byChannel: week.previous.byChannel.slice(0, 1) } };
    const { categories, series } = byChannelChart(report);
    expect(categories.map((c) => c.label)).toEqual(week.byChannel.map((c) => expect.stringContaining(c.displayName)));
    expect(series[1]!.values).toEqual([2510.1, 0, 0]);
  });
});
