import type { ChartCategory, ChartSeries } from '../../index';
import type { SalesReport } from '../../api';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import { formatDay } from './analyticsTexts';

/** The figures a chart by day can draw. */
export type DayFigure = 'revenue' | 'orders';

const valueOf = (figures: { revenue: string; orders: number }, figure: DayFigure) =>
  figure === 'revenue' ? Number(figures.revenue) : figures.orders;

const csvHeaders = (report: SalesReport, figure: DayFigure) =>
  figure === 'revenue'
    ? { current: `revenue_${report.currency}`, previous: `previous_period_revenue_${report.currency}` }
    : { current: 'orders', previous: 'previous_period_orders' };

/**
 * A figure by day, against the same day of the previous period (its first day against the previous
 * period's first day, and so on): the previous period has as many days, just before.
 */
export function byDayChart(
  report: SalesReport,
  figure: DayFigure,
): { categories: ChartCategory[]; series: ChartSeries[] } {
  const { previous } = report;
  const headers = csvHeaders(report, figure);
  const series: ChartSeries[] = [
    {
      key: 'current',
      label: 'This period',
      csvHeader: headers.current,
      tone: 'primary',
      values: report.byDay.map((day) => valueOf(day, figure)),
    },
    {
      key: 'previous',
      label: `Previous period (${formatDay(previous.from)} to ${formatDay(previous.to)})`,
      csvHeader: headers.previous,
      tone: 'comparison',
      values: report.byDay.map((_, i) => {
        const day = previous.byDay[i];
        return day ? valueOf(day, figure) : 0;
      }),
    },
  ];
  return { categories: report.byDay.map((day) => ({ key: day.date, label: formatDay(day.date) })), series };
}

/** Revenue by channel, against the same channel's in the previous period (none there: zero). */
export function byChannelChart(report: SalesReport): { categories: ChartCategory[]; series: ChartSeries[] } {
  const { previous } = report;
  const headers = csvHeaders(report, 'revenue');
  const series: ChartSeries[] = [
    {
      key: 'current',
      label: 'This period',
      csvHeader: headers.current,
      tone: 'primary',
      values: report.byChannel.map((c) => Number(c.revenue)),
    },
    {
      key: 'previous',
      label: 'Previous period',
      csvHeader: headers.previous,
      tone: 'comparison',
      values: report.byChannel.map((c) =>
        Number(previous.byChannel.find((p) => p.channelId === c.channelId)?.revenue ?? 0),
      ),
    },
  ];
  return {
    categories: report.byChannel.map((c) => ({
      key: c.displayName,
      label: `${marketplaceNames[c.kind]} · ${c.displayName}`,
    })),
    series,
  };
}
