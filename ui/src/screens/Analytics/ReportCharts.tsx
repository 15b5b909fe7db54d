import { Card, Chart } from '../../index';
import type { SalesReport } from '../../api';
import { byChannelChart, byDayChart } from './analyticsCharts';
import { formatAmount, formatCount, formatDay } from './analyticsTexts';
import * as styles from './AnalyticsPage.css';

/** Whole currency units on the axis, shortened past a thousand: "$1.2K". */
const compactAmount = (currency: string) => (value: number) => {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      notation: 'compact',
      maximumFractionDigits: 1,
    }).format(value);
  } catch {
    return String(value);
  }
};

/**
 * The report's charts: revenue and orders by day, and revenue by channel, each against the previous
 * period (the report carries its days and channels). Each chart has its table (for screen readers) and its CSV.
 */
export function ReportCharts({ report }: { report: SalesReport }) {
  const { previous } = report;
  const money = (value: number) => formatAmount(value.toFixed(2), report.currency);
  const file = (what: string) => `sales-${what}-${report.from}-to-${report.to}.csv`;
  const revenue = byDayChart(report, 'revenue');
  const orders = byDayChart(report, 'orders');
  const channels = byChannelChart(report);
  const against = `Each day against the same day of ${formatDay(previous.from)} to ${formatDay(previous.to)}.`;
  return (
    <div className={styles.charts}>
      <Card title="Revenue by day" description={against}>
        <Chart
          kind="line"
          title="Revenue by day, against the previous period"
          categoryLabel="Day"
          {...revenue}
          formatValue={money}
          formatTick={compactAmount(report.currency)}
          formatCsv={(value) => value.toFixed(2)}
          csv={{ fileName: file('revenue-by-day'), label: 'revenue by day' }}
          data-testid="revenue-by-day-chart"
        />
      </Card>
      <Card title="Orders by day" description={against}>
        <Chart
          kind="line"
          title="Orders by day, against the previous period"
          categoryLabel="Day"
          {...orders}
          formatValue={formatCount}
          formatTick={(value) => (Number.isInteger(value) ? formatCount(value) : '')}
          csv={{ fileName: file('orders-by-day'), label: 'orders by day' }}
          data-testid="orders-by-day-chart"
        />
      </Card>
      <Card title="Revenue by channel" description="Each channel against its own revenue in the previous period.">
        <Chart
          kind="bar"
          title="Revenue by channel, against the previous period"
          categoryLabel="Channel"
          {...channels}
          formatValue={money}
          formatCsv={(value) => value.toFixed(2)}
          csv={{ fileName: file('revenue-by-channel'), label: 'revenue by channel' }}
          emptyText="No channel sold in this range."
          data-testid="revenue-by-channel-chart"
        />
      </Card>
    </div>
  );
}
