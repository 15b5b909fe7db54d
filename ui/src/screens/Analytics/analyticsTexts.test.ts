import { describe, expect, it } from 'vitest';
import { analyticsFixtures } from '@hub/mocks';
import { changeText, csvText, lastDays, reportCsv, todayIn } from './analyticsTexts';

describe('analytics texts', () => {
  it('reads today in the seller’s time zone, and the days ending on it', () => {
    const lateInNewYork = new Date('2026-11-29T03:30:00Z');
    expect(todayIn('America/New_York', lateInNewYork)).toBe('2026-11-28');
    expect(todayIn('UTC', lateInNewYork)).toBe('2026-11-29');
    expect(lastDays('2026-11-28', 7)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(lastDays('2026-03-01', 2)).toEqual({ from: '2026-02-28', to: '2026-03-01' });
  });

  it('says how a figure moved against the previous period', () => {
    expect(changeText(110, 100)).toBe('+10.0% on the previous period');
    expect(changeText(75, 100)).toBe('−25.0% on the previous period');
    expect(changeText(5, 0)).toBe('No sales in the previous period');
    expect(changeText(0, 0)).toBe('Same as the previous period');
  });

  it('writes CSV that spreadsheets read as the seller sees it: quotes, commas and formulas kept as text', () => {
    expect(
      csvText(
        ['sku', 'title'],
        [
          ['A-1', 'Mug, blue "12 oz"'],
          ['=CMD()', null],
          ['-5', 'x'],
          ['-2+3+cmd|x', '\tnote'],
        ],
      ),
    ).toBe('sku,title\r\nA-1,"Mug, blue ""12 oz"""\r\n\'=CMD(),\r\n-5,x\r\n\'-2+3+cmd|x,\'\tnote\r\n');
    const days = reportCsv(analyticsFixtures.week, 'days');
    expect(days.name).toBe('sales-by-day-2026-11-15-to-2026-11-21.csv');
    expect(days.text.split('\r\n')[0]).toBe('date,orders,units,revenue_USD');
    expect(days.text.split('\r\n')[1]).toBe('2026-11-15,19,35,1210.40');
    expect(reportCsv(analyticsFixtures.week, 'slowest').text).toContain('VASE-TALL,Tall glass vase,0,42');
  });
});
