import { csvText } from '../../index';
import type { ReportFigures, SalesReport } from '../../api';

export { csvText };

/** The ranges a seller picks from, in days ending today; `custom` takes two dates. */
export const rangePresets = ['7', '30', '90', 'custom'] as const;
export type RangePreset = (typeof rangePresets)[number];
export const rangeLabels: Record<RangePreset, string> = {
  '7': 'Last 7 days',
  '30': 'Last 30 days',
  '90': 'Last 90 days',
  custom: 'Custom range',
};

/** Today's calendar date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The `days` calendar days ending on `to`, as from and to. */
export function lastDays(to: string, days: number): { from: string; to: string } {
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

export function formatAmount(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(amount));
  } catch {
    return `${amount} ${currency}`;
  }
}

export const formatCount = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** A sell-through (0 to 1) as a percentage, "—" when there is none (nothing sold and nothing left, or no stock of ours). */
export const formatSellThrough = (fraction: number | null) =>
  fraction === null
    ? '—'
    : new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(fraction);

/** Days out of stock to a tenth ("0", "1.5"), "—" for a SKU the catalogue lacks. */
export const formatDaysOut = (days: number | null) =>
  days === null ? '—' : new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(days);

/** "12 Nov" for a calendar date, read as the date it names (not shifted by the browser's zone). */
export const formatDay = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The change against the period before, in words: "+9.1% on the previous period", "No sales before". */
export function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'Same as the previous period' : 'No sales in the previous period';
  const percent = ((now - before) / before) * 100;
  if (Math.abs(percent) < 0.05) return 'Same as the previous period';
  return `${percent > 0 ? '+' : '−'}${Math.abs(percent).toFixed(1)}% on the previous period`;
}

export type FigureName = 'revenue' | 'orders' | 'units' | 'averageOrderValue';
export const figureLabels: Record<FigureName, string> = {
  revenue: 'Revenue',
  orders: 'Orders',
  units: 'Units',
  averageOrderValue: 'Average order value',
};

export function figureText(figures: ReportFigures, name: FigureName, currency: string): string {
  if (name === 'revenue') return formatAmount(figures.revenue, currency);
  if (name === 'averageOrderValue')
    return figures.averageOrderValue === null ? '—' : formatAmount(figures.averageOrderValue, currency);
  return formatCount(figures[name]);
}

export function figureNumber(figures: ReportFigures, name: FigureName): number {
  if (name === 'revenue') return Number(figures.revenue);
  if (name === 'averageOrderValue') return Number(figures.averageOrderValue ?? 0);
  return figures[name];
}

/** Every table of the report, as CSV files named for the range. */
export function reportCsv(
  report: SalesReport,
  table: 'days' | 'channels' | 'top' | 'slowest',
): { name: string; text: string } {
  const name = (what: string) => `sales-${what}-${report.from}-to-${report.to}.csv`;
  if (table === 'days')
    return {
      name: name('by-day'),
      text: csvText(
        ['date', 'orders', 'units', `revenue_${report.currency}`],
        report.byDay.map((d) => [d.date, d.orders, d.units, d.revenue]),
      ),
    };
  if (table === 'channels')
    return {
      name: name('by-channel'),
      text: csvText(
        ['channel', 'marketplace', 'orders', 'units', `revenue_${report.currency}`],
        report.byChannel.map((c) => [c.displayName, c.kind, c.orders, c.units, c.revenue]),
      ),
    };
  if (table === 'top')
    return {
      name: name('best-sellers'),
      text: csvText(
        ['sku', 'title', 'units', `revenue_${report.currency}`, 'sell_through', 'days_out_of_stock'],
        report.topSkus.map((s) => [s.sku, s.title, s.units, s.revenue, s.sellThrough, s.daysOutOfStock]),
      ),
    };
  return {
    name: name('slowest-sellers'),
    text: csvText(
      ['sku', 'title', 'units', 'available', 'sell_through', 'days_out_of_stock'],
      report.slowestSkus.map((s) => [s.sku, s.title, s.units, s.available, s.sellThrough, s.daysOutOfStock]),
    ),
  };
}
