import { describe, expect, it } from 'vitest';
import { chartCsv, type ChartProps } from './Chart';
import { plotHeight, spreadIndexes } from './chartLayout';

const props: ChartProps = {
  kind: 'line',
  title: 'Revenue by day',
  categoryLabel: 'Day',
  categories: [
    { key: '2026-11-15', label: '15 Nov' },
    { key: '2026-11-16', label: '16 Nov' },
  ],
  series: [
    { key: 'current', label: 'This period', csvHeader: 'revenue_USD', tone: 'primary', values: [1210.4, 0] },
    { key: 'previous', label: 'Previous period', tone: 'comparison', values: [99.5, 3] },
  ],
  formatValue: String,
  formatCsv: (value) => value.toFixed(2),
  csv: { fileName: 'revenue.csv', label: 'revenue' },
};

describe('Chart', () => {
  it('exports the figures it draws: a row per category, a column per series', () => {
    expect(chartCsv(props)).toEqual({
      name: 'revenue.csv',
      text: 'day,revenue_USD,Previous period\r\n2026-11-15,1210.40,99.50\r\n2026-11-16,0.00,3.00\r\n',
    });
  });

  it('labels at most as many days as fit, always the first and the last', () => {
    expect(spreadIndexes(7, 10)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(spreadIndexes(7, 6)).toEqual([0, 2, 4, 6]);
    expect(spreadIndexes(30, 4)).toEqual([0, 10, 20, 29]);
    expect(spreadIndexes(31, 4)).toEqual([0, 10, 20, 30]);
    expect(spreadIndexes(32, 4)).toEqual([0, 11, 22, 31]);
    expect(spreadIndexes(8, 4)).toEqual([0, 3, 7]);
    expect(spreadIndexes(90, 1)).toEqual([0, 89]);
    expect(spreadIndexes(0, 4)).toEqual([]);
  });

  it('reserves the height of a bar chart from its rows, so the page does not move when it is drawn', () => {
    expect(plotHeight('line', 90, 2)).toBe(220);
    expect(plotHeight('bar', 3, 1)).toBe(3 * 32 + 2 * 14);
    expect(plotHeight('bar', 2, 2)).toBe(2 * 50 + 14);
  });
});
